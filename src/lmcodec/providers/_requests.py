"""The request side of the package face: ``build_request`` and ``decode_request``, with the
provider lookup, body checks and encoder error forms the response side and the gateway's
``translate_request`` (``providers/_translate_request.py``) share."""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from lmcodec.codecs import json as canonical_json
from lmcodec.codecs._hooks import text_error, unreadable_buffer
from lmcodec.codecs._odd_values import checked_model, refuse_odd
from lmcodec.errors import EncodeError, ValidationError
from lmcodec.providers._errors import unknown_provider
from lmcodec.providers._gateway_read import (
    with_last_values,
)
from lmcodec.providers._json import utf8_body
from lmcodec.providers._request import ProviderRequest
from lmcodec.providers.anthropic import build as anthropic_build
from lmcodec.providers.anthropic import read as anthropic_read
from lmcodec.providers.gemini import build as gemini_build
from lmcodec.providers.gemini import read as gemini_read
from lmcodec.providers.openai import build as openai_build
from lmcodec.providers.openai import read as openai_read
from lmcodec.providers.openai_chat import build as openai_chat_build
from lmcodec.providers.openai_chat import read as openai_chat_read
from lmcodec.wire import Request, Response
from lmcodec.wire._checks import require_instance
from lmcodec.wire.dialects import Provider

Body: TypeAlias = bytes | bytearray | memoryview | str
"""A complete JSON body as the body and request functions take it (str: its UTF-8 text)."""

BUILDERS: Final[dict[str, Any]] = {
    "openai": openai_build.build_request,
    "openai_chat": openai_chat_build.build_request,
    "anthropic": anthropic_build.build_request,
    "gemini": gemini_build.build_request,
}

_READERS: Final[dict[str, Any]] = {
    "openai": openai_read.decode_request,
    "openai_chat": openai_chat_read.decode_request,
    "anthropic": anthropic_read.decode_request,
    "gemini": gemini_read.decode_request,
}


def lookup(table: dict[str, Any], provider: str) -> Any:
    found = table.get(provider) if isinstance(provider, str) else None
    if found is None:
        raise unknown_provider(provider, table)
    return found


def check_model(model: Any) -> None:
    """A ``model=`` argument: None, or a model's name, which ``lc.Request`` requires non-empty (a
    ``""`` built the Gemini path ``models/:generateContent``; an int was a bare TypeError deep in a
    reader, or a Request holding it: red team 30 F05)."""
    if model is not None and (not isinstance(model, str) or not model):
        raise ValidationError(f"model must be a model's name (a non-empty str) or None, not {model!r}")


def check_stream(stream: Any, *, optional: bool = False) -> None:
    """A ``stream=`` argument: a bool (or None where ``optional``). Every API types the body's
    ``stream`` a boolean (``"stream": 1`` is refused), and the Gemini path was picked by its truth."""
    if stream is not True and stream is not False and (stream is not None or not optional):
        expected = "True, False or None (as the body asks)" if optional else "True or False"
        raise ValidationError(f"stream must be {expected}, not {stream!r}")


def build_request(provider: Provider, request: Request, *, stream: bool = False) -> ProviderRequest:
    """The HTTP request lm15 1.5.0's adapter for ``provider`` builds for ``request`` (no credentials).
    ``stream`` is a bool (a ValidationError else: lm15 writes any value into the body)."""
    build = BUILDERS.get(provider) if type(provider) is str else None
    if build is None:
        build = lookup(BUILDERS, provider)
    if type(request) is not Request:
        require_instance(request, Request, "request")
    model = request.model
    if model.__class__ is not str or not model:  # (written as it is, or a bare error in a builder)
        checked_model(request, "request")
    if stream is not False and stream is not True:
        check_stream(stream)
    try:
        result: ProviderRequest = build(request, stream)  # positional: a keyword call is not inlined on 3.11
    except RecursionError:
        raise too_deep("request") from None
    except (TypeError, AttributeError, KeyError):  # a value no JSON holds, or one of another type
        refuse_unencodable(request)
        refuse_odd(request, "request")
        raise
    return result


def refuse_unencodable(value: Request | Response) -> None:
    """Raise ``lc.encode``'s EncodeError if ``value`` holds what no JSON can carry (a
    MessagePack extension that ``lc.msgpack.decode`` kept in a payload: the builder's or
    writer's encoder refused it with a bare TypeError); return if it holds none (the TypeError
    is then the caller's to see). Run only on that error's path."""
    try:
        canonical_json.encode(value)
    except RecursionError:
        return


def too_deep(what: str) -> EncodeError:
    """A value of the request/response (a tool input, a schema) nests deeper than the JSON
    encoder can follow from here: the EncodeError ``lc.encode`` gives for the same value."""
    return EncodeError(
        f"the {what} holds a value nested too deeply to be encoded as JSON "
        "(maximum recursion depth exceeded while serializing an object)"
    )


def decode_request(provider: Provider, body: Body, *, model: str | None = None) -> Request:
    """A client's request body in ``provider``'s dialect, as the canonical Request.

    ``model`` names the model where the dialect puts it outside the body (Gemini: in the URL,
    ``models/{model}:generateContent``); for the other dialects it replaces the body's model
    (a gateway routing an alias to a backend model).
    """
    read = _READERS.get(provider) if type(provider) is str else None
    if read is None:
        read = lookup(_READERS, provider)
    if model is not None:
        check_model(model)
    raw = json_bytes(body)
    try:
        result: Request = read(raw, model=model)
    except ValidationError as refused:
        result = with_last_values(read, raw, model, refused)
    return result


def json_bytes(body: Any) -> bytes | bytearray | memoryview:
    """A client's body as every reader takes it: its JSON bytes in UTF-8 (a ``str`` encoded as UTF-8,
    a lone surrogate in it a DecodeError; bytes in another encoding ``json.loads`` reads made UTF-8,
    as response bodies are read); anything else is a TypeError naming what was given."""
    if type(body) is bytes or isinstance(body, (bytes, bytearray)):
        return utf8_body(body, "request")
    if isinstance(body, memoryview):
        wrong = unreadable_buffer(body)
        if wrong is not None:
            raise wrong
        return utf8_body(body, "request")
    if isinstance(body, str):
        try:
            return body.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise text_error(exc, body) from None
    raise not_json(body, "request")


def not_json(body: Any, what: str) -> TypeError:
    """The error for a body given as something other than its JSON text."""
    hint = "; encode a parsed body first, e.g. msgspec.json.encode(body)" if isinstance(body, dict) else ""
    return TypeError(f"body must be the {what}'s JSON as bytes or str, not {type(body).__name__}{hint}")
