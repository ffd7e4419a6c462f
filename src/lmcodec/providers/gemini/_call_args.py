"""A Gemini ``functionCall``'s ``args`` from its joined argument fragments, and what a fragment that
comes after the call was written may add.

Gemini writes a call whole (``args`` is one object), when the next slot or the end shows it
complete; another wire's stream may still send a fragment of it after that. A Chat stream
lmcodec writes does for a call without arguments: it writes the call's ``"{}"`` at its end
(OpenAI sends ``"{}"``; interleaved calls may get fragments until then). Such a fragment is
nothing to write when the readers join it into the arguments written; the Gemini writer refused
every one as a nameless call (MAP-9), and a Chat stream with a call of no arguments and then
text ended in a 500 error event once translated on to Gemini.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers._escapes import watch
from lmcodec.providers._json import reads_as_json
from lmcodec.wire._float_literals import decode_any

__all__ = ["arguments", "later_fragment", "written_state"]

NONE: Final = 0
"""A written call's arguments were empty (written as ``{}``)."""
JSON: Final = 1
"""... were JSON (trailing white space changes nothing)."""
MARKED: Final = 2
"""... were text that is not JSON, written as lm15's ``{"partial_json": raw}`` marker."""
_JSON_SPACE: Final = " \t\n\r"


def arguments(raw: str) -> Any:
    """A call's ``args`` object from its joined fragments, as the assembler reads them
    (empty -> ``{}``, a non-object -> ``{"value": v}``, invalid JSON -> ``{"partial_json": raw}``).
    JSON that spells a lone surrogate as an escape, which msgspec refuses and lm15 reads as a
    string holding it, is refused as the character is (no UTF-8 JSON carries it); the marker was
    written instead, an object the backend never sent."""
    if not raw:
        return {}
    try:
        value = decode_any(raw)
    except (msgspec.DecodeError, RecursionError):  # not JSON, or nested too deep for lm15 too
        if "\\u" in raw and reads_as_json(raw):
            watch("", raw, "gemini")
        return {"partial_json": raw}
    return value if isinstance(value, dict) else {"value": value}


def written_state(raw: str, args: Any) -> int:
    """What a call written with ``args`` read from ``raw`` keeps for its later fragments: which of
    :data:`NONE`, :data:`JSON`, :data:`MARKED` its arguments were (no JSON reads as
    ``{"partial_json": raw}``: it would hold its own text)."""
    if not raw:
        return NONE
    marked = type(args) is dict and len(args) == 1 and args.get("partial_json") == raw
    return MARKED if marked else JSON


def later_fragment(state: int, fragment: str, part_index: int) -> int:
    """The state of a written call after ``fragment``, which changes nothing the call says (white
    space after JSON; ``"{}"`` where it had no arguments); a fragment that changes its arguments
    is refused (ValidationError): no later chunk can change a call's ``args``. Looks at the
    fragment alone, so a source repeating it costs no more than the fragments it sends."""
    if not fragment or (state == JSON and not fragment.strip(_JSON_SPACE)):
        return state
    if state == NONE and arguments(fragment) == {}:
        return JSON
    raise ValidationError(
        f"the Gemini stream writer cannot write a later fragment of the tool call at part {part_index}: "
        "the call was written whole (functionCall args are one object) when the next part began, and "
        "the fragment changes its arguments"
    )
