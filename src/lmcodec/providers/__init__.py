"""Provider wire decoders: OpenAI Responses, OpenAI Chat Completions, Anthropic Messages, Gemini.

Each module maps its wire to the canonical types exactly as lm15 1.5.0's
adapter does (``notes/providers.md``), quirks included: ``StreamMapper`` for
SSE frames (used by :mod:`lmcodec.stream.decoder`, which adds lm15's coalescing) and
``parse_response`` for a complete, non-streamed JSON body.

Where lmcodec deliberately differs from lm15 1.5.0:

- **Failures are LmcodecErrors.** Where lm15 lets a plain Python exception
  escape (``json.JSONDecodeError`` for non-JSON data or ``[DONE]`` on the
  Anthropic/Gemini wires, ``AttributeError`` for a JSON non-object,
  ``TypeError``/``ValueError`` from a canonical constructor, ``KeyError``...),
  the stream decoder raises :class:`StreamDecodeError` (an
  :class:`lmcodec.DecodeError`) after the events decoded before it, and
  ``parse_response`` raises :class:`lmcodec.DecodeError`. Where lm15 raises a
  typed ``ProviderError`` (error envelope, unnamed tool call, Gemini in-band
  refusal, several Chat choices) :class:`ProviderError` carries the same
  canonical ``code``, ``provider`` and ``provider_code``; the "To fix"
  paragraph lm15 appends to some messages is not reproduced. A complete body
  that is not JSON raises :class:`lmcodec.DecodeError` (lm15: a
  ``ProviderError`` with code ``provider``).
- **A stream cut inside its last frame** (the unterminated data flushed at
  end of input is a truncated JSON text, or a strict prefix of ``[DONE]``)
  drops that frame and counts it in ``Decoder.stats.truncated``; lm15 raises
  ``JSONDecodeError``. No end and no error event is fabricated, so assembling
  the events raises ``StreamAssemblyError`` with the partial response, as lm15
  does for a stream cut between frames.
- **Gemini JSON-array bodies** (``streamGenerateContent`` without
  ``alt=sse``), which lm15 cannot read, decode as if each element were one
  SSE event.
- **Without a request** (lm15 always has one) the synthesized start has no
  model, the adapters' model fallbacks give none, a complete body without a
  model raises :class:`lmcodec.DecodeError`, and Gemini's ``parse_response``
  takes ``modelVersion``.
- The SSE framer caps a line at 64 MiB and an event at 128 MiB by default
  (lm15: no cap); ``Decoder(max_line_bytes=None, max_event_bytes=None)``
  lifts them.

Not deviations, but worth knowing: JSON is decoded by msgspec, with stdlib
``json`` over the UTF-8-with-replacement text as a fallback for what msgspec
refuses (NaN/Infinity, ``1e400``, lone surrogates, invalid UTF-8), so such
frames map as in lm15. The synthesized start carries ``request.model`` as
given (the contract harness path, ``vet._parse_stream_body``; lm15's live
``stream()`` strips a ``"<provider>:"`` prefix there too). ``lmcodec.Response``
stores an empty ``provider_data`` as ``None`` and ``StreamEndEvent`` an empty
``Usage()`` as ``None`` (the serialized forms are lm15's).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import msgspec

from lmcodec.codecs._odd_values import checked_model, refuse_odd
from lmcodec.errors import DecodeError, ProviderError, StreamDecodeError, ValidationError
from lmcodec.framing.sse import SSEDecoder
from lmcodec.providers import anthropic, gemini, openai, openai_chat
from lmcodec.providers._client_run_items import refuse_client_run_items
from lmcodec.providers._errors import a_or_an, unknown_provider
from lmcodec.providers._gemini_call_ids import anthropic_call_ids
from lmcodec.providers._json import unwritable
from lmcodec.providers._media_forms import MEDIA_PARTS, refuse_unwritable_media
from lmcodec.providers._request import ProviderRequest
from lmcodec.providers._requests import (
    Body,
    build_request,
    decode_request,
    lookup,
    not_json,
    refuse_unencodable,
    too_deep,
)
from lmcodec.providers._tool_names import calls_named_back, calls_renamed
from lmcodec.providers._translate_request import translate_request
from lmcodec.providers._unnamed_answer import unnamed_answer, unnamed_body
from lmcodec.providers._usage_meaning import usage_restatement
from lmcodec.providers.anthropic import write as anthropic_write
from lmcodec.providers.gemini import framing as gemini_framing
from lmcodec.providers.gemini import write as gemini_write
from lmcodec.providers.gemini._filtered import filtered_response, inband_body
from lmcodec.providers.openai import write as openai_write
from lmcodec.providers.openai_chat import write as openai_chat_write
from lmcodec.providers.openai_chat._legacy_call import with_legacy_call
from lmcodec.providers.openai_chat._thinking_blocks import answer_thinking
from lmcodec.wire import (
    Adaptation,
    CitationPart,
    DataPart,
    RefusalPart,
    Request,
    Response,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
)
from lmcodec.wire._checks import require_instance
from lmcodec.wire.dialects import Provider
from lmcodec.wire.unknown import Unknown

__all__ = [
    "FRAMERS",
    "MAPPERS",
    "PROVIDERS",
    "WRITERS",
    "ProviderError",
    "ProviderRequest",
    "StreamDecodeError",
    "build_request",
    "decode_request",
    "decode_response",
    "encode_response",
    "translate_request",
    "translate_response",
]

MAPPERS: Final[dict[str, Any]] = {  # the stream mapper of each wire (a providers._mapper.MapperBase)
    "openai": openai.StreamMapper,
    "openai_chat": openai_chat.StreamMapper,
    "anthropic": anthropic.StreamMapper,
    "gemini": gemini.StreamMapper,
}

PROVIDERS: Final = tuple(MAPPERS)

FRAMERS: Final[dict[str, Any]] = {  # what cuts each wire's stream body into frames
    "openai": SSEDecoder,
    "openai_chat": SSEDecoder,
    "anthropic": SSEDecoder,
    "gemini": gemini_framing.Framer,  # SSE, or a JSON array of chunks (without alt=sse)
}

_PARSERS: Final[dict[str, Any]] = {
    "openai": openai.parse_response,
    "openai_chat": openai_chat.parse_response,
    "anthropic": anthropic.parse_response,
    "gemini": gemini.parse_response,
}


def decode_response(provider: Provider, body: Body, *, request: Request | None = None) -> Response:
    """A complete (non-streamed) provider JSON body -> Response, as lm15's ``parse_response``.

    Raises :class:`lmcodec.DecodeError` for a body that is not JSON or that
    lm15 cannot read (lm15 raises a plain Python exception or its non-JSON
    ``ProviderError``), and :class:`ProviderError` (an
    :class:`lmcodec.LmcodecError`) where lm15 raises its typed provider error
    (error envelope, unnamed tool call, Gemini in-band refusal, several
    Chat choices).
    """
    parse = _PARSERS.get(provider) if isinstance(provider, str) else None
    if parse is None:
        raise unknown_provider(provider, _PARSERS)
    require_instance(request, Request, "request", optional=True)
    result: Response = parse(body if type(body) is bytes else _body_bytes(body), request)
    return result


def _body_bytes(body: Body) -> bytes:
    """A response body given as bytes, a bytearray, a memoryview or a str, as bytes."""
    if isinstance(body, (bytearray, memoryview)):
        try:
            body = bytes(body)
        except ValueError:  # a released memoryview
            raise TypeError(
                "a released memoryview cannot be read: pass the body while its view is alive"
            ) from None
    elif isinstance(body, str):
        try:
            body = body.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise DecodeError(
                f"the body is not valid Unicode: {exc.reason} at character {exc.start}"
            ) from exc
    elif not isinstance(body, bytes):
        raise not_json(body, "response")
    return body


def translate_response(
    src: Provider,
    dst: Provider,
    body: Body,
    *,
    request: Request | None = None,
    adaptations: Iterable[Adaptation] = (),
) -> bytes:
    """A backend's non-streamed ``src`` body as the ``dst`` client's body: what a gateway writes
    for a body, as :func:`lmcodec.stream.translate` writes a stream. It is
    ``encode_response(dst, decode_response(src, body, request=request), usage_from=src,
    adaptations=adaptations)``, but for one answer lm15 reads as an error: a Gemini body Google
    filtered (``promptFeedback.blockReason``; ``finishReason`` SAFETY, RECITATION,
    PROHIBITED_CONTENT, ...), which ``decode_response`` refuses with lm15's ``ProviderError``
    (code ``invalid_request``), is read as the content-filter end it is, as ``translate`` reads the
    same chunk streamed: the parts before the filter, the usage, finish ``content_filter``. Each
    client gets its own finish (Chat ``content_filter``, Anthropic ``refusal``, Responses
    ``incomplete``; docs/writers.md). A finish of a call Gemini could not
    produce (``MALFORMED_FUNCTION_CALL``, ...) still raises lm15's error, as every other refusal of
    ``decode_response`` does. A Gemini client gets either body as Google sent it, as it gets the
    chunk streamed. A Chat answer's call in the legacy ``message.function_call`` form, which lm15
    reads as no call, is written as the client's tool call, after any ``tool_calls`` (``tool_call_<n>``),
    as ``translate`` writes it streamed. To an Anthropic
    client, a Gemini call sent without an id gets the id ``translate`` gives it streamed, ``toolu_``
    + a digest of the message id and its slot, not lm15's ``tool_call_<n>`` (the same every turn:
    red team 46 F01).

    A client of the backend's own dialect (``src == dst``) gets the body as sent, bytes for bytes,
    once ``decode_response`` has read it, as ``translate`` passes its frames on, unless
    ``adaptations`` name back a call in it (a function renamed for the backend): a body without
    the optional model (``modelVersion``, ``model``) was rebuilt under the request's model, with
    ids and defaults the backend never sent (red team 36 F05).

    A Gemini answer names the model that served it (``modelVersion``, where a non-empty string),
    as ``translate`` names it streamed, where lm15's reading under ``request`` names the request's
    model: one answer reaches a client under one model, body or stream (red team 35 F05). A body
    that names no model, translated without a request, is written as ``translate`` writes it: its
    model ``""`` (Gemini: no ``modelVersion``), where ``decode_response`` refuses it."""
    lookup(_BODY_WRITERS, dst)
    unnamed = False
    try:
        response = decode_response(src, body, request=request)
    except DecodeError:  # a body naming no model, read without a request: written as translate writes it
        if request is not None:
            raise
        answer = unnamed_answer(lambda stand_in: decode_response(src, body, request=stand_in))
        if answer is None:
            raise
        response, unnamed = answer, True
    except ProviderError as refused:
        raw = _body_bytes(body)
        data = inband_body(raw, refused) if src == "gemini" else None
        if data is None:
            raise
        if dst == "gemini":  # Google's own answer, as the stream's translation writes its chunk
            return raw
        if request is None and not _names_model(data):  # (filtered_response would refuse it)
            filtered = unnamed_answer(lambda stand_in: filtered_response(data, stand_in))
            unnamed = filtered is not None
        else:
            filtered = filtered_response(data, request)
        if filtered is None:
            raise
        response = filtered
    if src == dst:
        adaptations = _checked(adaptations)
        if not calls_renamed(response, adaptations):  # nothing asks for a change: the body as sent
            raw = _body_bytes(body)
            return raw if type(raw) is bytes else bytes(raw)
    if src == "gemini":
        response = _served(response)
        if dst == "anthropic":  # calls without an id: the ids the stream gives (red team 46 F01)
            response = anthropic_call_ids(response)
    elif src == "openai_chat":  # a call in the legacy function_call form (red team 44 F02)
        response = with_legacy_call(response, _body_bytes(body))
    written = encode_response(dst, response, usage_from=src, adaptations=adaptations)
    return unnamed_body(dst, written) if unnamed else written


def _names_model(data: dict[str, Any]) -> bool:
    """Whether a Gemini body names the model that served it (``modelVersion``, a non-empty str)."""
    served = data.get("modelVersion")
    return type(served) is str and served != ""


def _checked(adaptations: Iterable[Adaptation]) -> tuple[Adaptation, ...]:
    """``adaptations`` as a tuple, each an Adaptation (else ValidationError)."""
    notes = tuple(adaptations)
    if not all(isinstance(note, Adaptation) for note in notes):
        raise ValidationError("adaptations must be Adaptations (a built request's .adaptations)")
    return notes


def _served(response: Response) -> Response:
    """A Gemini body's Response under the model its ``modelVersion`` names (a non-empty string),
    as ``translate``'s first frame names it (``StreamMapper.named_model``)."""
    data = response.provider_data
    served = data.get("modelVersion") if isinstance(data, dict) else None
    if type(served) is not str or not served or served == response.model:
        return response
    return msgspec.structs.replace(response, model=served)


WRITERS: Final[dict[str, Any]] = {
    "openai": openai_write.StreamWriter,
    "openai_chat": openai_chat_write.StreamWriter,
    "anthropic": anthropic_write.StreamWriter,
    "gemini": gemini_write.StreamWriter,
}

_BODY_WRITERS: Final[dict[str, Any]] = {
    "openai": openai_write.encode_response,
    "openai_chat": openai_chat_write.encode_response,
    "anthropic": anthropic_write.encode_response,
    "gemini": gemini_write.encode_response,
}


def encode_response(
    provider: Provider,
    response: Response,
    *,
    usage_from: Provider | None = None,
    adaptations: Iterable[Adaptation] = (),
) -> bytes:
    """``response`` as ``provider``'s non-streamed JSON body. A part of an unknown type (kept by
    ``lc.decode(..., unknown="keep")``) is refused with :class:`~lmcodec.ValidationError`: no
    wire has a form for it, and leaving it out would lose it silently; so is a media part the
    dialect has no form for that lm15 reads back (docs/writers.md),
    and, to another dialect than Responses, a Response whose Responses body (``provider_data``)
    holds an output item the client runs itself (a ``custom_tool_call``, a ``shell_call``, ...):
    written without it, the answer would be taken for a
    whole one.

    ``usage_from``: the dialect ``response`` was decoded from (a gateway's
    ``encode_response(client, decode_response(backend, body), usage_from=backend)``). Its usage
    keeps that dialect's meaning of each count (Anthropic's input count leaves out the cache reads
    and writes the others count in it; Gemini's output count leaves out the thoughts the others
    count in it), and is written in ``provider``'s meaning (docs/writers.md, "Usage"). ``None``
    writes the counts as the Usage holds them. From ``openai_chat`` to another dialect, the Chat
    body ``decode_response`` kept as ``provider_data`` is read for what lm15's reading leaves out:
    its ``message.thinking_blocks`` (Anthropic's signed thinking from a backend fronting Claude)
    are written as that thinking.

    ``adaptations``: those of the request the answer came back to (``ProviderRequest.adaptations``
    of ``lc.translate_request``), as ``lc.stream.translate`` takes them: a call of a function
    renamed for the backend (a name it refuses) is written under the
    client's name, a function the client declared."""
    write = lookup(_BODY_WRITERS, provider)
    require_instance(response, Response, "response")
    model = response.model
    if model.__class__ is not str or not model:  # every body names it: a Response changed past its checks
        checked_model(response, "response")
    given = response
    try:
        if adaptations:
            adaptations = _checked(adaptations)
            response = calls_named_back(response, adaptations)
        if usage_from is not None:
            if not isinstance(usage_from, str) or usage_from not in _BODY_WRITERS:
                raise ValidationError(
                    f"unknown usage_from {usage_from!r}; expected None or one of {sorted(_BODY_WRITERS)}"
                )
            restate = usage_restatement(usage_from, provider)
            if restate is not None:
                response = msgspec.structs.replace(response, usage=restate(response.usage))
            if usage_from == "openai_chat" and provider != "openai_chat":  # Chat's own body goes verbatim
                response = answer_thinking(response)
        parts = response.message.parts
        if not _WRITABLE_KINDS.issuperset(map(type, parts)):  # one C pass over the part types
            _refuse_unwritable_parts(provider, parts)
        if provider != "openai" and response.provider_data is not None:
            refuse_client_run_items(provider, response.provider_data)
        result: bytes = write(response)
    except UnicodeEncodeError as exc:
        raise unwritable(exc, provider) from None
    except RecursionError:
        raise too_deep("response") from None
    except (TypeError, AttributeError, KeyError):  # a value no JSON holds, or one of another type
        refuse_unencodable(response)
        refuse_odd(given, "response")  # (a field changed past its checks: msgspec.structs.replace)
        raise
    return result


_WRITABLE_KINDS: Final = frozenset(
    {TextPart, ThinkingPart, ToolCallPart, ToolResultPart, RefusalPart, CitationPart, DataPart}
)
"""The part classes every body writer writes or leaves out without a refusal: an answer of these
only (exactly these classes, no subclass) skips :func:`_refuse_unwritable_parts`' Python walk."""


def _refuse_unwritable_parts(provider: str, parts: Any) -> None:
    """Refuse the first part no ``provider`` body has a form for: an unknown part, or a media part
    the dialect cannot write (``providers/_media_forms.py``)."""
    for i, part in enumerate(parts):
        if isinstance(part, Unknown):
            raise ValidationError(
                f"a part of unknown type {part.type!r} (kept by decode(..., unknown='keep')) has no "
                f"form in {a_or_an(provider)} response; remove it or convert it to a known type first",
                f"$.message.parts[{i}]",
            )
        if isinstance(part, MEDIA_PARTS):
            refuse_unwritable_media(provider, i, part)
