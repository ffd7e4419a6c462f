"""A Chat body's call in the legacy ``function_call`` form, for ``translate_response``.

A Chat backend sent ``functions=`` (the deprecated form OpenAI still serves) answers with
``message.function_call`` (``{name, arguments}``, no id) and ``finish_reason: "function_call"``.
lm15 1.5.0 reads no call there (``decode_response`` keeps that: finish ``tool_call``, no
ToolCallPart); the openai SDK reads ``message.function_call``. Translated to another dialect, the
client got an empty answer (red team 44 F02). :func:`with_legacy_call` adds the call to the read
Response as a ToolCallPart after the message's ``tool_calls`` (the openai SDK reads both), named as
lmcodec names a call without an id (``tool_call_<n>``, ``n`` the calls before it: ``tool_call_0``
alone; lengthened by ``_`` while a call of the message has that id; beside a tool call it was
dropped: red team 45 F02), so every client gets it as its tool call. Arguments that are not a
JSON object are refused with a :class:`DecodeError`, as a Chat body's tool-call arguments are.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.errors import DecodeError
from lmcodec.wire import Response, ToolCallPart
from lmcodec.wire._float_literals import float_literal

__all__ = ["with_legacy_call"]

_KEY: Final = b'"function_call"'


class _Call(msgspec.Struct, frozen=True, gc=False):
    name: Any = None
    arguments: Any = None


class _Message(msgspec.Struct, frozen=True, gc=False):
    function_call: Any = None


class _Choice(msgspec.Struct, frozen=True, gc=False):
    message: Any = None


class _Body(msgspec.Struct, frozen=True, gc=False):
    choices: Any = None


_body: Final = msgspec.json.Decoder(_Body, float_hook=float_literal)
_any: Final = msgspec.json.Decoder(float_hook=float_literal)
_UNREADABLE: Final = (msgspec.ValidationError, msgspec.DecodeError, RecursionError)


def with_legacy_call(response: Response, raw: bytes) -> Response:
    """``response`` (lm15's reading of the Chat body ``raw``) with the first choice's
    ``message.function_call`` as a tool call after its own, where it has one."""
    if raw.find(_KEY) < 0:
        return response
    try:
        choices = _body.decode(raw).choices
        if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
            return response
        message = msgspec.convert(choices[0], _Choice).message
        call = msgspec.convert(message, _Message).function_call if isinstance(message, dict) else None
        if not isinstance(call, dict):
            return response
        legacy = msgspec.convert(call, _Call)
    except _UNREADABLE:
        return response
    name, arguments = legacy.name, legacy.arguments
    if not isinstance(name, str) or not name:
        return response
    if arguments is None or arguments == "":
        value: Any = {}
    else:
        if not isinstance(arguments, str):
            raise DecodeError("a Chat message.function_call's arguments must be a string")
        try:
            value = _any.decode(arguments)
        except _UNREADABLE:
            raise DecodeError("a Chat message.function_call's arguments are not JSON") from None
        if type(value) is not dict:
            raise DecodeError("a Chat message.function_call's arguments are not a JSON object")
    part = ToolCallPart(id=_unused_id(response), name=name, input=value)
    updated: Response = msgspec.structs.replace(
        response, message=msgspec.structs.replace(response.message, parts=(*response.message.parts, part))
    )
    return updated


def _unused_id(response: Response) -> str:
    """``tool_call_<n>`` (``n`` the message's calls), lengthened by ``_`` while one of them has it."""
    calls = [part.id for part in response.message.parts if isinstance(part, ToolCallPart)]
    ids = set(calls)
    taken = f"tool_call_{len(calls)}"
    while taken in ids:
        taken += "_"
    return taken
