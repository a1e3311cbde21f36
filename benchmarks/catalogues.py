"""Catalogues: the bytes a board's language adds to its synced state (issue 8).

Every board, English too (issue 19: the bundle keeps only the JS engine's own
texts), gets its catalogue in the ``_messages`` trait (docs/i18n.md, section
2): once when the board is shown or its language changes, and once per board
in an exported page. This prints each language's ``_messages`` as compact
JSON (UTF-8), and gzipped.

Run:  .venv/bin/python benchmarks/catalogues.py
Prints figures; it asserts nothing.
"""

from __future__ import annotations

import gzip
import json

from mc_widget.board_values import messages_for
from mc_widget.engine.messages import LANGUAGES, catalogue, front_end_catalogue


def compact(value: object) -> bytes:
    """``value`` as compact JSON in UTF-8, as ipywidgets sends it (less its framing)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def main() -> None:
    print("lang  keys  whole catalogue  _messages (front end)  gzipped")
    for lang in LANGUAGES:
        whole = len(compact(catalogue(lang)))
        keys = len(front_end_catalogue(lang))
        # Every board sends its catalogue, English too (issue 19).
        sent = compact(messages_for(lang))
        note = ""
        zipped = len(gzip.compress(sent))
        print(f"{lang:<4} {keys:>5} {whole:>16,} {len(sent):>22,} {zipped:>8,}{note}")


if __name__ == "__main__":
    main()
