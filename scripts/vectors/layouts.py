"""layouts.json: card text and layout notation, canonical forms and errors."""

from __future__ import annotations

from typing import Any

from mc_widget.engine import (
    PRESETS,
    LayoutError,
    canonical_layout,
    parse_card,
)

from .common import (
    EMPTY_ROW,
    GERMAN_CASE,
    error_json,
    lay,
)


def make_layouts() -> dict[str, Any]:
    vectors: list[dict[str, Any]] = []
    for text in [
        "7H",
        "TD",
        "AS",
        "KC",
        "10D",
        "10♦",
        "7h",
        "td",
        "as",
        "Q♠",
        "j♣",
        "A♥",
        "2c",
        "9♦",
    ]:
        card = parse_card(text)
        vectors.append(
            {
                "id": f"card-{text}",
                "kind": "card",
                "text": text,
                "canonical": str(card),
                "symbol": card.symbol,
                "name": card.name,
                "red": card.is_red,
            }
        )
    for text in ["XQ", "1H", "11H", "7X", "", "7", "H7", " 7H", "7H ", "10", "0H", "7♡", "77H"]:
        vectors.append(
            {
                "id": f"bad-card-{text!r}",
                "kind": "bad-card",
                "text": text,
                "error": {"type": "CardError"},
            }
        )
    rows = "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH"
    good = [
        ("german", "standard", GERMAN_CASE["layout"]),
        ("loose-spacing", "standard", " 9h  KH 4♣ 5D 2H /" + rows.split("/", 1)[1] + "|10♠ 5c"),
        ("no-bar", "standard", rows),
        ("bar-at-end", "standard", rows + " |"),
        ("bar-then-spaces", "standard", rows + "|   "),
        ("gaps", "standard", lay("7H .. .. .. ..", EMPTY_ROW, ".. .. 7S .. ..") + "KD"),
        ("all-gaps", "standard", "/".join([EMPTY_ROW] * 5)),
        ("only-stock", "standard", "/".join([EMPTY_ROW] * 5) + " | 9C 9D"),
        ("tabs-and-newlines", "standard", rows.replace(" ", "\t").replace("/", "/\n") + "\n| TS"),
        ("small", "small", "AS 2S 3S 4S 5S/6S 7S 8S 9S TS/JS QS KS AH 2H/3H 4H 5H 6H 7H | 8H"),
        (
            "double-two-copies",
            "double",
            "/".join(["7H 7H .. .. .. .. .."] + [".. .. .. .. .. .. .."] * 6) + " | 8C 8C",
        ),
        ("lower-and-symbols", "standard", lay("10♥ t♣ td qs ..")),
    ]
    for name, rules, text in good:
        vectors.append(
            {
                "id": f"layout-{name}",
                "kind": "layout",
                "rules": rules,
                "text": text,
                "canonical": canonical_layout(text, PRESETS[rules]),
            }
        )
    bad = [
        ("empty", "standard", ""),
        ("spaces", "standard", "   "),
        ("two-bars", "standard", rows + " | TS | 5C"),
        (
            "four-rows",
            "standard",
            "9H KH 4C 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H KD/KS 3S 7D JS 7C | TS",
        ),
        ("six-rows", "standard", rows + "/" + EMPTY_ROW),
        ("commas-and-spaces", "standard", rows.replace("8D 2D 8C", "8D, 2D, 8C")),
        ("commas-no-spaces", "standard", rows.replace("9H KH 4C 5D 2H", "9H,KH,4C,5D,2H")),
        ("commas-before-row-count", "standard", "9H, KH, 4C, 5D, 2H | TS"),
        ("commas-in-stock", "standard", rows + " | TS 5C,2S"),
        ("one-row", "standard", "9H KH 4C 5D 2H | TS"),
        ("one-cell-row", "standard", "9H/" + rows.split("/", 1)[1]),
        ("trailing-slash", "standard", rows + "/"),
        (
            "short-row",
            "standard",
            "9H KH 4C 5D 2H/8D 2D 8C 4H/QD 2C QH 5H KD/KS 3S 7D JS 7C/AS 9S JD QC AH",
        ),
        ("long-row", "standard", rows.replace("AH", "AH TS")),
        ("bad-card", "standard", rows.replace("8C", "XQ")),
        ("bad-card-ten-one", "standard", rows.replace("9H", "1H")),
        ("bad-stock-card", "standard", rows + " | TS 5C 2S 1H"),
        # A long bad token is quoted as its first 40 characters and "…" (code
        # points: 45 card emoji are 90 UTF-16 units in JS), the same in both engines.
        ("long-bad-card", "standard", rows.replace("8C", "XQ" * 30)),
        ("long-bad-stock-card", "standard", rows + " | TS " + "🂡" * 45),
        ("long-token-with-comma", "standard", rows.replace("QC", "QC," + "7H" * 30)),
        ("gap-in-stock", "standard", rows + " | TS .."),
        ("duplicate-stock", "standard", rows + " | TS 5C 2S AD 7S 3H QS JC KH"),
        ("duplicate-tableau", "standard", rows.replace("QC", "9H")),
        ("duplicate-spelled-differently", "standard", rows + " | 9h"),
        (
            "row-length-before-card",
            "standard",
            "9H KH XX 5D 2H/8D 2D 8C 4H 6S/QD 2C QH 5H/KS 3S 7D JS 7C/AS 9S JD QC AH",
        ),
        ("small-five-rows", "small", rows),
        (
            "double-three-copies",
            "double",
            "/".join(["7H 7H .. .. .. .. .."] + [".. .. .. .. .. .. .."] * 6) + " | 7H",
        ),
    ]
    for name, rules, text in bad:
        try:
            canonical_layout(text, PRESETS[rules])
        except LayoutError as error:
            vectors.append(
                {
                    "id": f"bad-layout-{name}",
                    "kind": "bad-layout",
                    "rules": rules,
                    "text": text,
                    "error": error_json(error),
                }
            )
        else:
            raise AssertionError(name)
    return {
        "description": "Card text and layout notation: parse, write canonically, errors.",
        "vectors": vectors,
    }
