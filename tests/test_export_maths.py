"""Maths in an exported lesson, drawn as MathML with no script (issue 20,
item 5; docs/export.md, section 4; mc_widget/export/maths.py).

A small notebook with inline and display maths, dollars in code, formulas
latex2mathml cannot draw and TeX that tries to smuggle HTML, exported as
saved. The expected MathML is written by hand from the MathML spec (``x²``
is ``<msup><mi>x</mi><mn>2</mn></msup>``).
"""

from __future__ import annotations

import re

import nbformat
import pytest
from nbformat.v4 import new_markdown_cell, new_notebook

from mc_widget.export.maths import NOT_DRAWN, Maths, math_html
from mc_widget.export.notebook import export_notebook

MARKDOWN = r"""# Maths

Inline $x^2$ and `code $y$ stays` here.

$$\frac{a}{b}$$

```
price $5 and $6
```

Bad: $\frac{a$ and $\unknowncmd x$.

Smuggled: $\text{<img src=x onerror=alert(1)><script>alert(2)</script>}$.

## Area $r^2$
"""


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("maths")
    nb = new_notebook(cells=[new_markdown_cell(MARKDOWN)])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, folder / "maths.ipynb")
    out = export_notebook(folder / "maths.ipynb", folder / "maths.html", execute=False)
    text = out.read_text(encoding="utf-8")
    return text[text.index("<h1") : text.index("</main>")]


def test_inline_maths_is_mathml(page):
    assert '<math display="inline"><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow></math>' in page
    assert "$x^2$" not in page


def test_display_maths_is_a_block(page):
    assert (
        '<math display="block"><mrow><mfrac><mrow><mi>a</mi></mrow>'
        "<mrow><mi>b</mi></mrow></mfrac></mrow></math>" in page
    )


def test_dollars_in_code_are_untouched(page):
    assert "<code>code $y$ stays</code>" in page
    assert "price $5 and $6" in page


def test_a_formula_that_cannot_be_drawn_stays_tex_saying_so(page):
    title = f'title="{NOT_DRAWN}"'
    assert f"<code {title}>$\\frac{{a$</code>" in page
    assert f"<code {title}>$\\unknowncmd x$</code>" in page


def test_tex_cannot_smuggle_html(page):
    assert "<script" not in page and "<img" not in page
    # Shown as the notebook wrote it, escaped, not as a formula with the
    # markup silently removed.
    smuggled = r"$\text{&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(2)&lt;/script&gt;}$"
    assert f'<code title="{NOT_DRAWN}">{smuggled}</code>' in page


def test_a_heading_with_maths_keeps_a_plain_id(page):
    ids = re.findall(r'<h2 id="([^"]*)"', page)
    assert ids == ["Area-r^2"]


def test_markup_in_text_keeps_the_formula_tex():
    made = math_html(r"\text{<b onclick=x>bold</b>}", display=False)
    assert made == (
        f'<code title="{NOT_DRAWN}">$\\text{{&lt;b onclick=x&gt;bold&lt;/b&gt;}}$</code>'
    )


def test_a_less_than_sign_in_text_is_still_drawn():
    made = math_html(r"\text{a < b}", display=False)
    assert made == '<math display="inline"><mrow><mtext>a&nbsp;&lt;&nbsp;b</mtext></mrow></math>'


def test_twelve_formulas_are_each_drawn_in_their_place():
    # Found in review: slot 1's name was the start of slot 10's, so the 11th
    # formula was drawn as the 2nd with a stray "0" after it.
    maths = Maths("S")
    slots = [maths.slot(f"x_{{{k}}}", display=False) for k in range(12)]
    page = maths.put_in(" | ".join(slots))
    drawn = page.split(" | ")
    for k, formula in enumerate(drawn):
        assert formula == (
            f'<math display="inline"><mrow><msub><mi>x</mi><mrow><mn>{k}</mn></mrow></msub>'
            "</mrow></math>"
        ), (k, formula)
