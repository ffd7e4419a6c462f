"""A reply replayed into the history as the anthropic SDK returns it (``response.content``).

The anthropic SDK's content-block objects (``Message.content[i]``, dumped by the SDK when the
next ``messages.create`` is sent, or by ``model_dump()``/``to_dict()``) carry keys a request
block does not: ``caller`` and ``toolset_name`` on ``tool_use``, ``citations`` on ``text``.
Their null, empty or default form (``caller: {"type": "direct"}``: the model called the tool
itself, which every canonical tool call means) carries nothing and reads as absent; any other
value has no canonical field (lm15's builder writes none of them back) and is refused with its
JSON path. The strict typed decode runs first; only a body it refuses pays for this walk.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.codecs._hooks import with_path
from lmcodec.errors import ValidationError
from lmcodec.providers.anthropic._read_views import MessageView
from lmcodec.wire._float_literals import float_literal

__all__ = ["citations_absent", "messages"]

_MESSAGES: Final = msgspec.json.Decoder(list[MessageView], float_hook=float_literal)
_ANY: Final = msgspec.json.Decoder(float_hook=float_literal)
_DIRECT: Final = {"type": "direct"}


def citations_absent(value: Any) -> bool:
    """A text block's ``citations`` that carries nothing: unset, ``null`` or ``[]``."""
    return value is msgspec.UNSET or value is None or value == []


def messages(raw: msgspec.Raw) -> list[MessageView]:
    """``messages`` as typed views; SDK-object keys read as absent where they carry nothing."""
    try:
        return _MESSAGES.decode(raw)
    except msgspec.ValidationError as exc:
        error = exc
    value = _ANY.decode(raw)
    if not _strip(value):
        raise with_path(error, "$.messages") from None
    try:
        return msgspec.convert(value, list[MessageView])
    except msgspec.ValidationError as exc:
        raise with_path(exc, "$.messages") from None


def _strip(value: Any) -> bool:
    """Remove the SDK-object keys of the tool_use blocks in place; whether any was removed."""
    removed = False
    if not isinstance(value, list):
        return False
    for i, message in enumerate(value):
        content = message.get("content") if isinstance(message, dict) else None
        if not isinstance(content, list):
            continue
        for j, block in enumerate(content):
            if isinstance(block, dict) and block.get("type") == "tool_use":
                removed |= _tool_use(block, f"$.messages[{i}].content[{j}]")
    return removed


def _tool_use(block: dict[str, Any], path: str) -> bool:
    removed = False
    if "caller" in block:
        caller = block["caller"]
        if caller is not None and caller != _DIRECT:
            raise ValidationError(
                "a tool_use called by a server tool (caller other than direct) cannot be carried: "
                "a canonical tool call is the model's own",
                f"{path}.caller",
            )
        del block["caller"]
        removed = True
    if "toolset_name" in block:
        if block["toolset_name"] is not None:
            raise ValidationError(
                "a toolset member's tool_use cannot be carried: a canonical tool call names no toolset",
                f"{path}.toolset_name",
            )
        del block["toolset_name"]
        removed = True
    return removed
