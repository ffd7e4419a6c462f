"""What a call's first fragments put in its ``tool_use`` block, for the Anthropic stream writer.

A call's first fragment goes in the block start's ``input`` when it is a whole object as lm15 prints
one (lm15 reads that start back as the very fragment). The anthropic SDK's ``MessageStream`` parses a
block's joined ``partial_json`` (jiter, partial mode) after every ``input_json_delta`` and raises on
a buffer of nothing but whitespace (red team 35 F02), so the writer holds whitespace-only fragments
until one that is not (``providers._tool_arguments.is_blank``): JSON ignores whitespace before a
value, and after a value already whole.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["start_input"]


def start_input(fragment: str) -> dict[str, Any] | None:
    """The object a call's first fragment is, when lm15 reads a ``tool_use`` block start with that
    ``input`` back as this very fragment (a block start that came with its input); else None."""
    if not fragment.startswith("{") or fragment == "{}":
        return None
    try:
        value = json.loads(fragment)
    except (ValueError, RecursionError):  # not JSON, or nested too deep (lm15 marks it as text)
        return None
    if isinstance(value, dict) and json.dumps(value, separators=(",", ":")) == fragment:
        return value
    return None
