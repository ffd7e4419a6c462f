"""Replayed tool-call arguments that are not a JSON object, as a gateway reads them
(``lc.translate_request``).

A backend cut by ``max_tokens`` inside a call's arguments is written to a Chat or Responses client
with the raw unfinished ``arguments`` (docs/writers.md), and arguments that are JSON but not an
object (``[1]``, ``null``) as they came. The agent appends the assistant turn as its SDK returned
it and answers the call ("invalid arguments, retry"); OpenAI takes that history (``arguments`` is
a string it does not validate). ``decode_request`` refuses it (a canonical call input is an object,
and lm15's builders would not send the text back as it came), and so did the gateway, in every
pair: the conversation was stuck. The gateway's reading reads such arguments as lm15 reads them
from a response (``parse_json_object``): ``{"partial_json": raw}`` for text that is not JSON,
``{"value": v}`` for JSON that is not an object, the markers every builder writes; each one a
``substituted`` Adaptation naming its path in the client's body, the text as ``asked``.

The readers refuse first; only a refusal of a call's ``arguments`` has the body walked for every
such call and read again (a body without one costs nothing).
"""

from __future__ import annotations

import json
import math
from typing import Any, Final

from lmcodec.errors import ValidationError
from lmcodec.wire import Adaptation

__all__ = ["replayed_arguments"]

_REASON: Final = (
    "tool call arguments that are not a JSON object (an answer cut inside them, or non-object JSON "
    "as the backend sent it) are read as lm15 reads them: its partial_json / value marker"
)


def replayed_arguments(
    source: str, raw: bytes | bytearray | memoryview, refused: ValidationError
) -> tuple[bytes, tuple[Adaptation, ...]] | None:
    """The client's body with each call's non-object ``arguments`` replaced by lm15's marker, and
    the notes of it; ``None`` when ``refused`` is not a refusal of a call's arguments of an OpenAI
    dialect's body (or no call's arguments can be read so)."""
    if source not in ("openai", "openai_chat") or not str(refused.path or "").endswith(".arguments"):
        return None
    try:
        body = json.loads(bytes(raw))
    except (ValueError, RecursionError):
        return None
    notes: list[Adaptation] = []
    for path, holder in _calls(source, body):
        text = holder.get("arguments")
        marker = _marker(text) if isinstance(text, str) and text else None
        if marker is not None:
            holder["arguments"] = json.dumps(marker, separators=(",", ":"))
            notes.append(
                Adaptation(field=path, action="substituted", reason=_REASON, asked=text, applied=marker)
            )
    if not notes:
        return None
    return json.dumps(body, separators=(",", ":")).encode(), tuple(notes)


def _calls(source: str, body: Any) -> list[tuple[str, dict[str, Any]]]:
    """Each replayed call's object holding its ``arguments``, with that key's JSON path."""
    out: list[tuple[str, dict[str, Any]]] = []
    if not isinstance(body, dict):
        return out
    if source == "openai":
        items = body.get("input")
        for i, item in enumerate(items if isinstance(items, list) else ()):
            if isinstance(item, dict) and item.get("type") == "function_call":
                out.append((f"$.input[{i}].arguments", item))
        return out
    messages = body.get("messages")
    for i, message in enumerate(messages if isinstance(messages, list) else ()):
        calls = message.get("tool_calls") if isinstance(message, dict) else None
        for j, call in enumerate(calls if isinstance(calls, list) else ()):
            function = call.get("function") if isinstance(call, dict) else None
            if isinstance(function, dict):
                out.append((f"$.messages[{i}].tool_calls[{j}].function.arguments", function))
    return out


def _marker(text: str) -> dict[str, Any] | None:
    """lm15's reading of arguments that are not a JSON object (``None``: an object, read as it is,
    or nesting too deep to read: left to the reader's refusal)."""
    try:
        value = json.loads(text, parse_float=_finite, parse_constant=_not_json)
    except ValueError:
        return {"partial_json": text}
    except RecursionError:
        return None
    return None if isinstance(value, dict) else {"value": value}


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def _not_json(name: str) -> Any:
    raise ValueError(name)
