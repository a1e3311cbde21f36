"""Boards without a kernel: one-file HTML pages of live boards (docs/export.md).

A board needs no kernel to play: the rules are in the JavaScript engine and
everything it shows comes from its synced traits. So an exported board is the
widget bundle, its traits as JSON (:func:`board_model`) and a small in-page
model (``js/page.js``). This package writes that triple into pages;
``mc_widget.widget`` imports it only when a board is displayed (its snapshot,
``model.board_snapshot``) or a page is written, and then none of the
``export`` extra (nbconvert, nbclient, nh3): only ``notebook.py`` and
``lessons.py`` need those.
"""

from __future__ import annotations

from .model import BOARD_TRAITS, board_model
from .myst import myst_directive
from .page import board_html, document_html, group_html, runtime_html, save_page

__all__ = [
    "BOARD_TRAITS",
    "board_html",
    "board_model",
    "document_html",
    "group_html",
    "myst_directive",
    "runtime_html",
    "save_page",
]
