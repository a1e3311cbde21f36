"""Lessons exported as pages that say only what is true (issue 20, item 5;
docs/export.md, section 4): ``--no-input``, ``notebook-only`` cells left out,
the page's ``lang`` from the notebook, a folder of lessons with the links
between them rewritten to the pages.

The tracked lessons are exported as saved (``--no-execute``: their outputs
carry each board's snapshot), into a scratch folder, once for the module.
Expected languages, links and positions come from the notebooks' own text
and RULES.md, never from the exporter.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
from test_export_notebook import Page, export

from mc_widget.export.lessons import export_folder
from mc_widget.export.notebook import NotebookExportError, export_notebook

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(NOTEBOOKS.glob("*/*.ipynb"))
# The translated lessons and their languages (the folder names, docs/i18n.md).
TRANSLATED = {
    "de/01-die-regeln-lernen.html": "de",
    "fr/01-apprendre-les-regles.html": "fr",
    "it/01-impara-le-regole.html": "it",
    "nl/01-de-regels-leren.html": "nl",
    "sv/01-lar-dig-reglerna.html": "sv",
}


class Links(HTMLParser):
    """Every ``href`` and every ``id`` of a page."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "a" and attributes.get("href"):
            self.hrefs.append(attributes["href"])
        if attributes.get("id"):
            self.ids.add(attributes["id"])


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "site"
    done = export(*LESSONS, "-o", out, "--no-execute", cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return out


def test_a_folder_export_writes_one_page_per_lesson(site):
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    expected = sorted(p.relative_to(NOTEBOOKS).with_suffix(".html").as_posix() for p in LESSONS)
    assert pages == expected
    assert set(TRANSLATED) <= set(pages)


def test_links_between_exported_lessons_resolve(site):
    checked = 0
    for page in site.rglob("*.html"):
        for href in Links(page.read_text(encoding="utf-8")).hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or not parts.path:
                continue
            assert not parts.path.endswith(".ipynb"), f"{page.name}: {href} still names a notebook"
            if not parts.path.endswith(".html"):
                continue  # another file (lesson 5's README.md): stays as written
            target = (page.parent / unquote(parts.path)).resolve()
            assert target.is_file(), f"{page.name}: {href} names no page"
            if parts.fragment:
                ids = Links(target.read_text(encoding="utf-8")).ids
                assert unquote(parts.fragment) in ids, f"{page.name}: {href} names no heading"
            checked += 1
    # Lesson 1 alone links to lessons 2 and 3; each translation to both too.
    assert checked >= 2 + 2 * len(TRANSLATED)


def test_a_translated_lesson_links_up_to_the_english_pages(site):
    text = (site / "de" / "01-die-regeln-lernen.html").read_text(encoding="utf-8")
    assert 'href="../02-neighbours-and-common-mistakes.html"' in text


@pytest.mark.parametrize(("page", "lang"), [*TRANSLATED.items(), ("01-learn-the-rules.html", "en")])
def test_each_page_says_its_lessons_language(site, page, lang):
    text = (site / page).read_text(encoding="utf-8")
    assert re.search(r"<html lang=\"([^\"]+)\"", text).group(1) == lang


def test_notebook_only_cells_are_left_out(site):
    # Lesson 1's "Run the cells … (Shift+Enter …)" is for a live notebook.
    english = (site / "01-learn-the-rules.html").read_text(encoding="utf-8")
    assert "Shift+Enter, or" not in english
    german = (site / "de" / "01-die-regeln-lernen.html").read_text(encoding="utf-8")
    assert "Führ die Zellen von oben nach unten aus" not in german
    # ... and is still in the notebook.
    assert (
        "Run the cells from top to bottom" in (NOTEBOOKS / "01-learn-the-rules.ipynb").read_text()
    )
    lesson4 = (site / "04-how-often-can-you-win.html").read_text(encoding="utf-8")
    assert "Run it again" not in lesson4
    # The demo's advice on running it in JupyterLab, not its script.
    demo = (site / "classroom-demo.html").read_text(encoding="utf-8")
    assert "Simple Interface" not in demo and "Shift+Enter" not in demo
    assert "A teacher&#x27;s script for about fifteen minutes" in demo or (
        "A teacher's script for about fifteen minutes" in demo
    )


def test_lesson_4_hint_board_is_drawn_as_its_cell_showed_it(site):
    # Out[6]: deal 1 just dealt, with the fair hint for the first move (the
    # lesson's text beside it); Out[9]: 33 moves made, the solver's hint (move
    # 34 of the lesson's text). Neither is the won game the board ends as.
    boards = Page((site / "04-how-often-can-you-win.html").read_text(encoding="utf-8")).boards
    out6, out9 = boards[0], boards[1]
    assert out6["state"]["deal"] == 1 and out6["state"]["cursor"] == 0
    assert out6["feedback"]["key"].startswith("hint.")
    assert out9["state"]["cursor"] == 33 and out9["feedback"]["key"] == "hint.perfect"
    # Out[11]: greedy play blocked in round 9 with 48 of 52 removed (the lesson's text).
    out11 = boards[2]
    assert out11["state"]["cursor"] == 37 and out11["state"]["round"] == 9
    assert sum(card is None for card in out11["state"]["tableau"]) == 25 - 4


def test_the_page_tableau_is_the_notebooks_text_output_at_that_cell(site):
    # The notebook's own text form of Out[6] (MonteCarloWidget.__repr__) lists
    # the tableau row by row; the page's board of that output has the same cards.
    nb = nbformat.read(NOTEBOOKS / "04-how-often-can-you-win.ipynb", as_version=4)
    out6 = next(
        o
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.outputs
        if o.get("execution_count") == 6
    )
    rows = out6["data"]["text/plain"].splitlines()[1:6]
    board = Page((site / "04-how-often-can-you-win.html").read_text(encoding="utf-8")).boards[0]
    cards = [
        " ".join(card or ".." for card in board["state"]["tableau"][r * 5 : r * 5 + 5])
        for r in range(5)
    ]
    assert [row.strip() for row in rows] == cards


def small_notebook(path: Path, *cells, lang=None) -> Path:
    nb = new_notebook(cells=list(cells))
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    if lang is not None:
        nb.metadata["mc_widget"] = {"lang": lang}
    nbformat.write(nb, path)
    return path


def test_no_input_hides_code_but_keeps_outputs(tmp_path):
    src = small_notebook(
        tmp_path / "n.ipynb", new_code_cell("shown_xyz = 'output here'\nprint(shown_xyz)")
    )
    with_input = export_notebook(src, tmp_path / "with.html")
    without = export_notebook(src, tmp_path / "without.html", no_input=True)
    assert "shown_xyz" in with_input.read_text(encoding="utf-8")
    text = without.read_text(encoding="utf-8")
    assert "shown_xyz" not in text and "output here" in text


def test_no_input_on_the_command_line(tmp_path):
    src = small_notebook(
        tmp_path / "n.ipynb", new_code_cell("shown_xyz = 'output here'\nprint(shown_xyz)")
    )
    done = export(src, "-o", tmp_path / "n.html", "--no-input", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "n.html").read_text(encoding="utf-8")
    assert "shown_xyz" not in text and "output here" in text


def test_a_notebook_only_cell_is_left_out_and_others_stay(tmp_path):
    only = new_markdown_cell("Press Shift+Enter now.")
    only.metadata["tags"] = ["notebook-only"]
    src = small_notebook(tmp_path / "n.ipynb", new_markdown_cell("# T\n\nKept text."), only)
    text = export_notebook(src, tmp_path / "n.html", execute=False).read_text(encoding="utf-8")
    assert "Kept text." in text and "Shift+Enter" not in text


def test_the_language_of_the_boards_when_the_metadata_names_none(tmp_path):
    code = "from mc_widget import MonteCarloWidget\nMonteCarloWidget(1, lang={!r})"
    same = small_notebook(
        tmp_path / "sv.ipynb", new_code_cell(code.format("sv")), new_code_cell(code.format("sv"))
    )
    mixed = small_notebook(
        tmp_path / "mixed.ipynb", new_code_cell(code.format("sv")), new_code_cell(code.format("de"))
    )
    named = small_notebook(tmp_path / "named.ipynb", new_code_cell(code.format("sv")), lang="it")
    for src, lang in [(same, "sv"), (mixed, "en"), (named, "it")]:
        text = export_notebook(src, src.with_suffix(".html")).read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in text, src.name


@pytest.mark.parametrize("bad", ["xx", 7, "", ["de"]])
def test_a_bad_language_in_the_metadata_is_refused(tmp_path, bad):
    src = small_notebook(tmp_path / "n.ipynb", new_markdown_cell("# T"), lang=bad)
    with pytest.raises(
        NotebookExportError, match=r"metadata mc_widget\.lang must be one of en, sv"
    ):
        export_notebook(src, tmp_path / "n.html", execute=False)
    assert not (tmp_path / "n.html").exists()


def test_links_to_notebooks_not_exported_stay_and_anchors_are_kept(tmp_path):
    (tmp_path / "sub").mkdir()
    a = small_notebook(
        tmp_path / "a.ipynb",
        new_markdown_cell(
            "# A\n\n[to b](sub/b.ipynb#Part-two), [elsewhere](other.ipynb),"
            " [web](https://example.org/x.ipynb), [here](#A)"
        ),
    )
    b = small_notebook(
        tmp_path / "sub" / "b.ipynb", new_markdown_cell("# B\n\n## Part two\n\n[back](../a.ipynb)")
    )
    pages = export_folder([a, b], tmp_path / "site", execute=False)
    assert pages == [tmp_path / "site" / "a.html", tmp_path / "site" / "sub" / "b.html"]
    hrefs_a = Links(pages[0].read_text(encoding="utf-8")).hrefs
    # (nbconvert adds a "¶" link to each heading: "#A".)
    assert hrefs_a == [
        "#A",
        "sub/b.html#Part-two",
        "other.ipynb",
        "https://example.org/x.ipynb",
        "#A",
    ]
    assert Links(pages[1].read_text(encoding="utf-8")).hrefs[-1] == "../a.html"
    assert "Part-two" in Links(pages[1].read_text(encoding="utf-8")).ids


def test_a_folder_export_that_fails_writes_nothing(tmp_path):
    good = small_notebook(tmp_path / "good.ipynb", new_markdown_cell("# Good"))
    bad = small_notebook(tmp_path / "bad.ipynb", new_markdown_cell("# Bad"), lang="xx")
    done = export(good, bad, "-o", tmp_path / "site", "--no-execute", cwd=tmp_path)
    assert done.returncode == 1
    assert "bad.ipynb: the notebook's metadata mc_widget.lang" in done.stderr
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["a.ipynb", "a.ipynb", "-o", "site"], "a notebook is given twice"),
        (
            ["a.ipynb", "b.ipynb", "-o", "file.html"],
            "-o file.html is a file: with several notebooks",
        ),
    ],
)
def test_folder_usage_errors_exit_2(tmp_path, args, says):
    for name in ("a", "b"):
        small_notebook(tmp_path / f"{name}.ipynb", new_markdown_cell(f"# {name}"))
    (tmp_path / "file.html").write_text("keep")
    done = export(*args, cwd=tmp_path)
    assert done.returncode == 2 and says in done.stderr
    assert (tmp_path / "file.html").read_text() == "keep" and not (tmp_path / "site").exists()


def test_two_notebooks_with_one_page_name_are_refused(tmp_path):
    # a.ipynb and a.json would both be written as site/a.html: the second
    # page would silently replace the first.
    small_notebook(tmp_path / "a.ipynb", new_markdown_cell("# First"))
    small_notebook(tmp_path / "a.json", new_markdown_cell("# Second"))
    done = export("a.ipynb", "a.json", "-o", "site", "--no-execute", cwd=tmp_path)
    assert done.returncode == 2
    assert "a.ipynb and " in done.stderr and "a.json would both be written as site/a.html" in (
        done.stderr
    )
    assert not (tmp_path / "site").exists()


def test_a_page_that_would_overwrite_a_notebook_is_refused(tmp_path):
    # Exported into its own folder, notes.html (a notebook, whatever its
    # suffix) would be its own page.
    small_notebook(tmp_path / "a.ipynb", new_markdown_cell("# A"))
    small_notebook(tmp_path / "notes.html", new_markdown_cell("# Notes"))
    before = (tmp_path / "notes.html").read_text()
    done = export("a.ipynb", "notes.html", "-o", ".", "--no-execute", cwd=tmp_path)
    assert done.returncode == 2 and "is a notebook being exported" in done.stderr
    assert (tmp_path / "notes.html").read_text() == before
    assert not (tmp_path / "a.html").exists()


def test_mc_widget_metadata_that_is_not_an_object_is_refused_as_such(tmp_path):
    src = small_notebook(tmp_path / "n.ipynb", new_markdown_cell("# T"))
    nb = nbformat.read(src, as_version=4)
    nb.metadata["mc_widget"] = "fr"
    nbformat.write(nb, src)
    with pytest.raises(
        NotebookExportError, match=r"metadata mc_widget must be an object, not 'fr'$"
    ):
        export_notebook(src, tmp_path / "n.html", execute=False)
    assert not (tmp_path / "n.html").exists()
