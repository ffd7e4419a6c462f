"""llm's own reading rules, for payloads the typed fast decoder does not take.

``lmcodec.llm.decode`` first decodes straight into the Structs, whose field
types accept only the canonical form (what llm's ``to_dict`` writes). Anything
else is re-read here, value by value, with the rules of llm 0.36's
``Part.from_dict`` / ``Message.from_dict`` / ``_attachment_from_dict`` /
``_response_from_dict``; the Structs' constructors then apply ``to_dict``'s
emission rules, so the result encodes as llm's ``from_dict(d).to_dict()``:

- required keys (``type``, ``text``, ``name``, ``arguments``, ``output``,
  ``role``, ``model``) must be present; their values are kept verbatim whatever
  their JSON type, as llm keeps them;
- optional keys are read with ``.get``: ``null`` counts as absent; falsy values
  are dropped on writing; ``redacted`` / ``server_executed`` count by truthiness;
- ``parts`` / ``messages`` / ``attachments`` must be arrays (llm iterates them,
  so ``""`` and ``{}`` also read as empty), their items objects;
- ``attachment``, ``usage``, ``options`` must be objects when truthy;
  ``prompt`` must be an object when present;
- ``content`` is decoded with ``base64.b64decode`` (non-validating: characters
  outside the alphabet are discarded; bad padding is an error); non-string
  content is ignored;
- unknown keys are ignored.

Everything llm would reject raises :class:`lmcodec.errors.ValidationError`
with the JSON path of the offending value. What depends on the model named in
the payload (its ``Options``, aliases, ``supports_conversation``) is not a
format rule; see :func:`lmcodec.llm.apply_model`.
"""

import base64
import binascii
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec

from lmcodec.errors import ValidationError, quoted
from lmcodec.llm._struct import unchecked
from lmcodec.llm.types import (
    Attachment,
    AttachmentPart,
    Message,
    Part,
    Prompt,
    ReasoningPart,
    Response,
    TextPart,
    ToolCallPart,
    ToolResultPart,
    Usage,
)

__all__ = [
    "read_attachment",
    "read_message",
    "read_part",
    "read_prompt",
    "read_response",
    "read_usage",
    "reader_for",
    "reloaded",
]

_PART_TAGS: dict[type[Any], str] = {
    TextPart: "text",
    ReasoningPart: "reasoning",
    ToolCallPart: "tool_call",
    ToolResultPart: "tool_result",
    AttachmentPart: "attachment",
}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "str"
    if isinstance(value, Mapping):
        return "object"
    if isinstance(value, Sequence):
        return "array"
    return type(value).__name__


def _object(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ValidationError(f"Expected `object`, got `{_json_type(value)}`", path)
    return value


def _required(d: Mapping[str, Any], key: str, path: str) -> Any:
    try:
        return d[key]
    except KeyError:
        raise ValidationError(f"Object missing required field `{key}`", path) from None


def _items(value: Any, path: str) -> Sequence[Any]:
    """What llm's ``for x in value`` yields, restricted to what it can then read."""
    if isinstance(value, (list, tuple)):
        return value
    if isinstance(value, (str, bytes, Mapping)) and not value:
        return ()
    raise ValidationError(f"Expected `array`, got `{_json_type(value)}`", path)


def read_attachment(value: Any, path: str = "$") -> Attachment:
    """llm's ``_attachment_from_dict``."""
    d = _object(value, path)
    raw = d.get("content")
    content: bytes | None = None
    if isinstance(raw, str):
        try:
            content = base64.b64decode(raw)
        except (binascii.Error, ValueError) as exc:
            raise ValidationError(f"Invalid base64 content: {exc}", f"{path}.content") from None
    return unchecked(Attachment, type=d.get("type"), url=d.get("url"), path=d.get("path"), content=content)  # type: ignore[arg-type]


def read_part(value: Any, path: str = "$") -> Part:
    """llm's ``Part.from_dict``."""
    d = _object(value, path)
    kind = _required(d, "type", path)
    get = d.get
    if kind == "text":
        return unchecked(
            TextPart, text=_required(d, "text", path), provider_metadata=get("provider_metadata")
        )
    if kind == "reasoning":
        return unchecked(
            ReasoningPart,
            text=_required(d, "text", path),
            redacted=get("redacted", False),
            provider_metadata=get("provider_metadata"),
        )
    if kind == "tool_call":
        return unchecked(
            ToolCallPart,
            name=_required(d, "name", path),
            arguments=_required(d, "arguments", path),
            tool_call_id=get("tool_call_id"),
            server_executed=get("server_executed", False),
            provider_metadata=get("provider_metadata"),
        )
    if kind == "tool_result":
        name = _required(d, "name", path)
        output = _required(d, "output", path)
        apath = f"{path}.attachments"
        attachments = [
            read_attachment(a, f"{apath}[{i}]") for i, a in enumerate(_items(get("attachments", []), apath))
        ]
        return unchecked(
            ToolResultPart,
            name=name,
            output=output,
            tool_call_id=get("tool_call_id"),
            server_executed=get("server_executed", False),
            exception=get("exception"),
            attachments=attachments,
            provider_metadata=get("provider_metadata"),
        )
    if kind == "attachment":
        raw = get("attachment")
        attachment = read_attachment(raw, f"{path}.attachment") if raw else None
        return unchecked(AttachmentPart, attachment=attachment, provider_metadata=get("provider_metadata"))
    raise ValidationError(f"Unknown part type: {quoted(kind)}", f"{path}.type")


def _typed(value: Any, target: Any) -> Any:
    """``value`` converted to ``target`` by msgspec when it is in the canonical form (as the typed
    decoder reads it, and as ``from_builtins`` takes it), else None: one odd value in a record
    re-reads only its own message and part here, not every other one (red team 6 F15)."""
    try:
        return msgspec.convert(value, target)
    except (msgspec.ValidationError, TypeError, ValueError, RecursionError):
        return None


def _read_parts(value: Any, path: str) -> list[Part]:
    items = _items(value, path)
    return [_typed(p, Part) or read_part(p, f"{path}[{i}]") for i, p in enumerate(items)]


def read_message(value: Any, path: str = "$") -> Message:
    """llm's ``Message.from_dict``."""
    d = _object(value, path)
    role = _required(d, "role", path)
    parts = _read_parts(d.get("parts", []), f"{path}.parts")
    return unchecked(Message, role=role, parts=parts, provider_metadata=d.get("provider_metadata"))


def _read_messages(value: Any, path: str) -> list[Message]:
    items = _items(value, path)
    return [_typed(m, Message) or read_message(m, f"{path}[{i}]") for i, m in enumerate(items)]


def read_prompt(value: Any, path: str = "$") -> Prompt:
    """The ``prompt`` half of llm's ``_response_from_dict``."""
    d = _object(value, path)
    messages = _read_messages(d.get("messages", []), f"{path}.messages")
    options = d.get("options") or {}
    opath = f"{path}.options"
    _object(options, opath)  # llm calls model.Options(**options)
    for key in options:
        if not isinstance(key, str):
            raise ValidationError("Option names must be strings", opath)
    return unchecked(Prompt, messages=messages, options=dict(options), system=d.get("system"))


def read_usage(value: Any, path: str = "$") -> Usage:
    """A ``usage`` object, read with ``.get`` like ``_response_from_dict`` does."""
    d = _object(value, path)
    return unchecked(Usage, input=d.get("input"), output=d.get("output"), details=d.get("details"))


def read_response(value: Any, path: str = "$") -> Response:
    """``_response_from_dict`` minus what needs the model (see ``apply_model``).

    Unlike llm, ``datetime_utc`` is kept (it is part of what ``to_dict`` writes)
    and a missing ``id`` stays missing (llm would mint a new one); apply
    :func:`reloaded` for exactly what llm writes after reading.
    """
    d = _object(value, path)
    model = _required(d, "model", path)
    prompt = read_prompt(d.get("prompt", {}), f"{path}.prompt")
    messages = _read_messages(d.get("messages", []), f"{path}.messages")
    raw_usage = d.get("usage")
    usage = read_usage(raw_usage, f"{path}.usage") if raw_usage else None
    return unchecked(
        Response,
        model=model,
        prompt=prompt,
        messages=messages,
        id=d.get("id"),
        usage=usage,
        datetime_utc=d.get("datetime_utc"),
    )


def _read_part_of(cls: type[Any]) -> Callable[[Any, str], Any]:
    tag = _PART_TAGS[cls]

    def read(value: Any, path: str = "$") -> Any:
        part = read_part(value, path)
        if type(part) is not cls:
            raise ValidationError(f"Expected a `{tag}` part, got `{_PART_TAGS[type(part)]}`", f"{path}.type")
        return part

    return read


_READERS: dict[Any, Callable[[Any, str], Any]] = {
    Response: read_response,
    Prompt: read_prompt,
    Message: read_message,
    Part: read_part,
    Attachment: read_attachment,
    Usage: read_usage,
    **{cls: _read_part_of(cls) for cls in _PART_TAGS},
}


def reader_for(target: Any) -> Callable[[Any, str], Any]:
    """The llm-rules reader for a decode target (``Response``, ``Message``, ``Part``, ...)."""
    try:
        return _READERS[target]
    except (KeyError, TypeError):
        raise TypeError(f"lmcodec.llm cannot decode into {target!r}") from None


def reloaded(response: Response, *, new_id: Callable[[], str] | None = None) -> Response:
    """The record llm writes after reading this one: ``Response.from_dict(d).to_dict()``.

    llm never restores ``datetime_utc``, so it is dropped. A record without
    ``id`` gets a freshly minted ULID from llm; pass ``new_id`` to do the same
    (``None`` leaves it absent, keeping the result deterministic). The
    model-dependent part of llm's reading (option coercion, model aliases) is
    :func:`lmcodec.llm.apply_model`.
    """
    rid = response.id
    if rid is None and new_id is not None:
        rid = new_id()
    if rid == response.id and response.datetime_utc is None:
        return response
    return msgspec.structs.replace(response, id=rid, datetime_utc=None)
