"""A catalogue template filled by hand, for tests that compare a message with
its language's own text.

``format_message`` falls back to English when a translation misses a
parameter, so filling a template with the code under test would hide a
missing one; plain replacement, and no placeholder left, does not."""

from __future__ import annotations


def fill(template: str, **params: str) -> str:
    """``template`` with each ``{name}`` replaced by ``params[name]``; all must be given."""
    for name, value in params.items():
        template = template.replace("{" + name + "}", value)
    assert "{" not in template, template
    return template
