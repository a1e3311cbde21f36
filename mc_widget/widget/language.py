"""The board's language: Python's own texts made in it, and made again when it changes.

Why apart: ``lang`` (or, when ``None``, the notebook's, which a view asks
for) decides ``_messages`` (the catalogue the front end lacks), the finished
``feedback.text`` and a mistake's or scenario's title, caption and panels;
the game never changes with it. docs/i18n.md, section 2.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import traitlets

from ..board_values import language_problem, messages_for
from ..engine import format_message
from ..engine.errors import show_repr
from ..engine.messages import LANGUAGES
from ..engine.params import params_from_json
from .feedback import bad_message
from .picker import preset_options

__all__ = ["Speaking", "Speech", "board_text", "mistake_texts", "scenario_texts", "start_language"]

#: A builder of Python-made texts: ``lang`` → ``{trait name: value}``.
Texts = Callable[[str], dict[str, Any]]


@dataclass
class Speech:
    """What the board's language stands on (one per board)."""

    said: str  # the language Python's texts are in now
    asked: str | None = None  # the language a view asked for (``lang`` None)
    # What Python made of the teaching texts: (builder, the values shown), to say again.
    teaching: tuple[Texts, dict[str, Any]] | None = None


def start_language(kwargs: dict[str, Any]) -> str:
    """The language a board made with ``kwargs`` starts in (``lang``, else English).

    Raises ``TraitError`` naming the six codes, as the trait would, before
    any text is made.
    """
    lang = kwargs.get("lang")
    problem = language_problem(lang)
    if problem is not None:
        raise traitlets.TraitError(problem)
    return lang or "en"


def said_again(feedback: dict[str, Any], lang: str) -> dict[str, Any]:
    """``feedback`` with its finished ``text`` (if any) made again in ``lang`` from its data.

    A feedback without ``text`` is the front end's to say; one whose key or
    parameters Python cannot read (a view's) is left as it is.
    """
    if not isinstance(feedback.get("text"), str):
        return feedback
    try:
        text = format_message(feedback["key"], params_from_json(feedback.get("params")), lang)
    except (KeyError, ValueError, TypeError):
        return feedback
    return {**feedback, "text": text}


def board_text(game: Any, lang: str) -> str:
    """A board as text in ``lang`` (``MonteCarloWidget.__repr__``): a line saying the
    live board needs a kernel, then ``game.text(lang)``."""
    deal = game.deal
    said = (
        format_message("ui.deal-none", lang=lang)
        if deal is None
        else format_message("text.deal", {"deal": deal}, lang)
    )
    board = format_message("text.board", {"game": said}, lang)
    return "\n".join([board, game.text(lang)])


def mistake_texts(code_or_slug: str) -> Texts:
    """The title, caption and panels of a mistake's board in a language (docs/teaching.md, 4)."""
    from ..teaching import mistake as find_mistake

    def texts(lang: str) -> dict[str, Any]:
        m = find_mistake(code_or_slug, lang)
        title = format_message("teacher.mistake-title", {"code": m.code, "title": m.title}, lang)
        caption = {"summary": m.summary, "rule": m.rule}
        return {
            "title": title,
            "caption": format_message("teacher.mistake-caption", caption, lang),
            "panels": [dict(panel) for panel in m.panels],
        }

    return texts


def scenario_texts(name: str) -> Texts:
    """The title and caption of a teaching position's board in a language."""
    from ..teaching import scenario as find_scenario

    def texts(lang: str) -> dict[str, Any]:
        again = find_scenario(name, lang)
        return {"title": again.title, "caption": again.caption}

    return texts


class Speaking:
    """The widget's side of the language (mixed into ``MonteCarloWidget``)."""

    _speech: Speech

    @property
    def language(self) -> str:
        """The language the board speaks: ``lang``, or when it is ``None`` the one a
        view asked for (the notebook's), else ``"en"`` (docs/i18n.md, section 2)."""
        return self.lang or self._speech.asked or "en"

    def _teach(self, build: Texts, names: tuple[str, ...] = ("title", "caption", "panels")) -> Any:
        """Remember that Python made the traits ``names`` with ``build(lang)``, to say again."""
        self._speech.teaching = (build, {name: getattr(self, name) for name in names})
        return self

    def _language_changed(self, _change: Any = None) -> None:
        """Say everything Python made again in :attr:`language`, if it changed.

        ``_messages`` and the rules picker's ``_presets`` follow; the
        ``feedback``'s finished ``text`` is made again from its key and data;
        a mistake's or scenario's title, caption and panels are made again
        when they are still what Python made (a text the user wrote is
        theirs). The game never changes. One message to the views.
        """
        lang = self.language
        if lang == self._speech.said:
            return
        self._speech.said = lang
        with self._changing():
            self._messages = messages_for(lang)
            self._presets = preset_options(lang)
            self.feedback = said_again(self.feedback, lang)
            if self._speech.teaching is not None:
                build, shown = self._speech.teaching
                again = build(lang)
                for name, value in again.items():
                    if getattr(self, name) == shown[name]:
                        setattr(self, name, value)
                self._speech.teaching = (build, again)

    def _asked_for(self, code: Any) -> None:
        """A view's ``{"type": "lang", "lang": code}``: the notebook's language, asked
        for when ``lang`` is ``None``. A code not in ``LANGUAGES`` is refused
        (feedback naming ``lang``) and changes nothing."""
        if code is None or language_problem(code) is not None:
            codes = ", ".join(LANGUAGES)
            why = f"lang must be one of {codes}, not {show_repr(code)}."
            self.feedback = bad_message("lang", why)
            return
        self._speech.asked = code
        self._language_changed()

    def notify_change(self, change: Any) -> None:
        """ipywidgets sends a trait to the views before its observers run: a new
        ``lang`` goes in one message with what :meth:`_language_changed` makes
        again, so no view draws the new language without its catalogue."""
        if change["name"] != "lang":
            super().notify_change(change)
            return
        with self.hold_sync():
            super().notify_change(change)
