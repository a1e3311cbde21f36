"""The six catalogues are complete and consistent (issue 8; docs/i18n.md, section 1).

Each rule here is one of §1's: the same keys as English, the same
placeholders, nothing left in English where there is a word to translate,
and a template for every plural category the language uses (the categories
come from Babel, CLDR's data, not from this project).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel import Locale

FOLDER = Path(__file__).resolve().parents[1] / "mc_widget" / "messages"
LANGUAGES = ("en", "sv", "nl", "de", "it", "fr")
OTHERS = LANGUAGES[1:]
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def load(lang: str) -> dict[str, str]:
    return json.loads((FOLDER / f"{lang}.json").read_text(encoding="utf-8"))


EN = load("en")


def names(template: str) -> set[str]:
    return set(PLACEHOLDER.findall(template))


def has_words(template: str) -> bool:
    """Letters outside the placeholders: something a translator could translate."""
    return re.search(r"[^\W\d_]", PLACEHOLDER.sub("", template)) is not None


def test_there_is_a_catalogue_for_each_language_and_no_other():
    # Beside them, python-only.json (the keys the browser never shows) and
    # engine-keys.json (the keys the bundle carries, docs/i18n.md section 2).
    found = sorted(
        p.stem
        for p in FOLDER.glob("*.json")
        if p.name not in ("python-only.json", "engine-keys.json", "practice-keys.json")
    )
    assert found == sorted(LANGUAGES)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_same_keys_as_english(lang):
    theirs = load(lang)
    assert sorted(set(EN) - set(theirs)) == [], f"{lang} lacks these keys"
    assert sorted(set(theirs) - set(EN)) == [], f"{lang} has keys English lacks"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_template_has_the_english_placeholders(lang):
    theirs = load(lang)
    wrong = {
        key: (sorted(names(EN[key])), sorted(names(text)))
        for key, text in theirs.items()
        if key in EN and names(text) != names(EN[key])
    }
    assert wrong == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_braces_are_only_placeholders(lang):
    stray = {k: t for k, t in load(lang).items() if re.search(r"[{}]", PLACEHOLDER.sub("", t))}
    assert stray == {}


@pytest.mark.parametrize("lang", OTHERS)
def test_nothing_with_words_is_left_in_english(lang):
    # Exempt (docs/i18n.md, section 1): the rank letters, which coincide
    # where decks agree (A, K).
    same = {
        key: text
        for key, text in load(lang).items()
        if text == EN.get(key) and has_words(text) and not key.startswith("letter.")
    }
    assert same == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_template_for_every_plural_category_the_language_uses(lang):
    # CLDR's categories for whole numbers 0 … 10,000 (French: 0 and 1 are "one").
    rule = Locale.parse(lang).plural_form
    used = {rule(n) for n in range(10_001)}
    assert "other" in used
    catalogue = load(lang)
    families = {key.rsplit(".", 1)[0] for key in catalogue if key.endswith(".other")}
    assert families, "no counted families"
    missing = sorted(f"{f}.{c}" for f in families for c in used if f"{f}.{c}" not in catalogue)
    assert missing == []


def test_french_counts_zero_as_one_so_the_one_form_says_the_number():
    # The reason every ".one" template has {count}: French uses it for 0.
    assert Locale.parse("fr").plural_form(0) == "one"
    assert Locale.parse("en").plural_form(0) == "other"
    assert [k for k, t in EN.items() if k.endswith(".one") and "{count}" not in t] == []
