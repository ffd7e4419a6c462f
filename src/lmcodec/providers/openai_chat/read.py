"""A client's Chat Completions request body -> canonical Request (inverse of ``build.py``).

Read as the openai SDK sends ``client.chat.completions.create(...)``. Every key has one
verdict: it maps to a canonical field, it rides verbatim in ``Config.extensions`` (the
builder writes extensions back at the top level, so they round-trip), or it is refused
with :class:`lmcodec.ValidationError` naming its JSON path. Nothing is dropped.

Mapped: ``model``; ``max_tokens`` (legacy) or ``max_completion_tokens``; ``messages`` (a
leading ``system`` or ``developer`` row of text -> ``Request.system``, as lm15's
``request_from_openai_chat`` reads it: a string, one block's text, or several blocks as text
parts; later ``system``/``developer`` rows -> developer messages; ``user`` rows with text,
``image_url`` (a URL's media type guessed from its path as lm15 does), ``input_audio`` (an
audio part) and ``file`` blocks (a document part, by ``file_id`` or a base64 data URI);
``assistant`` rows with text/refusal content, ``reasoning_content`` (a thinking part, first;
beside ``thinking_blocks``, the signed blocks it copies: ``_thinking_blocks``), a
``refusal`` key (a refusal part after the content), function ``tool_calls`` and ``annotations``
(url_citation entries as citation parts), an empty one an empty text part (lm15's never-empty
rule), the keys of the openai SDK's own message object (``audio``, ``function_call``, ``name``,
``provider_specific_fields``, ``images``) read as absent when null or empty (LiteLLM's copy of
``thinking_blocks`` in ``provider_specific_fields`` too), and those of its
``ParsedChatCompletionMessage`` (``chat.completions.parse()`` / ``.stream()``: ``parsed`` and a
tool call's ``function.parsed_arguments``) when null, so a reply appended to the history as the
SDK returns it reads back; ``tool`` rows of text and ``image_url`` blocks by
``tool_call_id`` and ``name`` (ToolResultPart.name), consecutive ones one tool message);
``tools`` (function tools; the deprecated ``functions`` too); ``tool_choice`` (the deprecated
``function_call`` too, with ``parallel_tool_calls`` beside it); ``max_completion_tokens``,
``temperature``, ``top_p``, ``stop``, ``seed``, ``frequency_penalty``, ``presence_penalty``,
``logprobs``/``top_logprobs``, ``response_format`` (json_object, json_schema),
``reasoning_effort``, ``service_tier``, ``store``, ``user``, and the cache fields
(``prompt_cache_key``, ``prompt_cache_retention: "24h"``, a ``prompt_cache_breakpoint``
on the last text block of a message or of the leading system row,
``prompt_cache_options`` where lm15 would write it).

In ``Config.extensions``, verbatim: every other top-level key (``metadata``,
``logit_bias``, ``n: 1``, ``prediction``, ``verbosity``, ``safety_identifier``,
``modalities``, ``audio``, ``web_search_options``, ...), ``parallel_tool_calls`` without
``tool_choice``, ``stream_options`` other than ``{"include_usage": true}`` with
``stream: true``, ``response_format: {"type": "text"}``, and cache fields lm15 would not
write from the canonical form.

Call mode: ``stream`` is not part of a Request; pass ``stream=body.get("stream",
False)`` to ``build_request``.

Read, but not written back by this dialect's builder (lm15's has no slot for them; it refuses
with a ProviderError, so nothing is dropped; the other dialects carry them): audio and file
blocks, images in tool rows. Citation parts from ``annotations`` are read as lm15 reads them;
lm15's Chat builder writes no citations into the history (nor does this one).

Cannot survive, refused: ``n`` other than 1 (a Response holds one choice); the extension
names lm15 reserves for its own policy (``compat``, ``cache``, ``prompt_caching``,
``openai_compat``, ``openai_chat_compat``); ``functions`` beside ``tools`` and
``function_call`` beside ``tool_choice``; ``name`` on a non-tool message; a ``file`` block's
``filename``; ``image_url`` on an assistant row; ``reasoning_content`` beside ``thinking_blocks``
that is not their thinking joined; a non-empty assistant ``audio``, ``function_call``, ``name``
or client-library field; a non-null ``parsed`` or ``parsed_arguments`` (``lc.translate_request``
leaves them out, ``dropped``: ``_read_lenient``); a tool call
``index`` that is not a non-negative integer; an annotation other than url_citation; the
``function`` role; non-function tools and tool calls; ``strict: true`` on a tool;
``json_schema`` without ``schema`` or with ``description``; an unknown role or
``reasoning_effort`` word; ``top_logprobs`` without ``logprobs: true`` (OpenAI answers 400, lm15's
reader refuses it); ``parallel_tool_calls`` beside ``tool_choice: "none"`` (lm15's reader raises
too; ``lc.translate_request`` sends ``none`` and the flag as sent to Chat, elsewhere ``dropped``:
``providers/_gateway_read.py``).

Spelling normalizations (same meaning, different JSON): a legacy ``max_tokens`` comes
back as ``max_completion_tokens``; ``developer`` rows come back as ``system`` rows
(lm15's chat instruction role); a content array holding one text block comes back as a
string, an assistant or tool row's text blocks joined by newlines; lm15's builder
replays ``reasoning_content`` (``thinking_blocks``' thinking too, their state left out: it has no
Chat slot) and a ``refusal`` key as content text and writes no tool row
``name``; a string ``stop`` comes back as a one-item list; ``functions`` come back as
``tools`` and ``function_call`` as ``tool_choice``; an assistant row with null content and
no tool calls comes back with ``content: ""``; a leading system row's text
blocks come back as one string joined by newlines; tool-call ``arguments`` are re-serialized compactly with
ASCII escapes (the same JSON object inside); a tool without ``parameters`` gets the
empty object schema, ``strict: false`` is left out; ``allowed_tools`` naming one tool
with ``mode: "required"`` comes back as the function form; with ``stream: true`` and no
``stream_options`` the builder adds ``{"include_usage": true}``; a known key set to
``null`` reads as absent; a tool call's ``index`` (the openai SDK's stream accumulator leaves
it on each call it merged) is not written back; for a gpt-5.6-or-later model with a breakpoint the builder
adds ``prompt_cache_options``; an empty ``tools`` list is left out (no tools).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec
from msgspec import UNSET

from lmcodec.errors import LmcodecError, ValidationError
from lmcodec.providers._crossing_survey import ContentSurvey, Seen, read_survey
from lmcodec.providers._pairing import named_by_their_calls
from lmcodec.providers._unsigned_thinking import Unsigned
from lmcodec.providers.openai._read_common import (
    MAX_BODY_BYTES,
    usual_config,
)
from lmcodec.providers.openai_chat._read_config import DEPRECATED_KEYS, REFUSED_KEYS, Reader, config_fields
from lmcodec.providers.openai_chat._read_lenient import sdk_keys_out
from lmcodec.providers.openai_chat._read_typed import (
    ROWS,
    TOOLS,
    Refused,
    read_messages,
    read_tools,
)
from lmcodec.providers.openai_chat._read_views import ChatBody, Row, ToolView
from lmcodec.providers.openai_chat._read_walked import decode_walked
from lmcodec.wire import Adaptation, Config, Message, Request, TextPart
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire.config import EMPTY_CONFIG

__all__ = [
    "decode_request",
    "decode_request_without_unsigned_thinking",
    "typed_or_none",
    "typed_surveyed_or_none",
    "typed_with_stream_flag_or_none",
]


def decode_request(body: bytes, *, model: str | None = None) -> Request:
    """The canonical Request a client's body asks for (unmapped fields go to Config.extensions).

    ``model``, when given, replaces the body's model (a gateway routing an alias to a backend model).
    """
    request = typed_or_none(body, model)  # (a str body goes the general way: encoded, then typed)
    return request if request is not None else _decode_request(body, None, model)


def typed_surveyed_or_none(
    body: Any, model: str | None
) -> tuple[Request, ContentSurvey | None, tuple[Adaptation, ...], bool] | None:
    """The typed fast path's Request, its survey (``crossing.survey``'s answer, from what the
    reading met: no walk of its own; None where a call id names two functions, whose results the
    reading then names), its notes (none: a body the gateway's reading notes anything of is one
    the typed path refuses) and whether the body's ``stream`` is ``true`` (as the views read it:
    the gateway's hand-over, no search of the body for the key); None where the typed path
    refuses, as :func:`typed_or_none`."""
    if isinstance(body, (bytes, bytearray, memoryview)) and len(body) <= MAX_BODY_BYTES:
        try:
            request, seen, streams = _decode_typed(body, model)
        except (Refused, LmcodecError, msgspec.DecodeError, RecursionError):
            return None
        return request, None if seen is None else read_survey(seen), (), streams
    return None


def typed_with_stream_flag_or_none(body: Any, model: str | None) -> tuple[Request, bool] | None:
    """:func:`typed_or_none`'s Request and whether the body's ``stream`` is ``true`` (the gateway's
    hand-over toward its own dialect)."""
    if isinstance(body, (bytes, bytearray, memoryview)) and len(body) <= MAX_BODY_BYTES:
        try:
            request, _, streams = _decode_typed(body, model)
        except (Refused, LmcodecError, msgspec.DecodeError, RecursionError):
            return None
        return request, streams
    return None


_TOP: Final = msgspec.json.Decoder(dict[str, msgspec.Raw], float_hook=float_literal)
_ANY: Final = msgspec.json.Decoder(float_hook=float_literal)
_BODY: Final = msgspec.json.Decoder(ChatBody, float_hook=float_literal)
_SETTINGS: Final = tuple(name for name in ChatBody.__struct_fields__ if name not in ("messages", "tools"))
_RARE_AT: Final = ChatBody.__struct_fields__.index("max_tokens")
_NO_RARE: Final = (UNSET,) * (len(ChatBody.__struct_fields__) - _RARE_AT)
"""Where :class:`ChatBody`'s rarer settings start, and their fields when none is set."""
_REQUEST: Final = Request(model="-", messages=(Message(role="user", parts=(TextPart(text="-"),)),))
"""The prototype the fast path's Request is made from (``msgspec.structs.replace`` runs ``__post_init__``)."""


def _decode_request(body: bytes, unsigned: Unsigned = None, model: str | None = None) -> Request:
    """The typed fast path; where it refuses, the dict walker (which names the fault, or agrees;
    ``unsigned``: see ``thinking_parts``). Either way each tool result is named after its call
    where a call id is reused (``_pairing``), and ``model`` (when given) is the Request's."""
    if isinstance(body, str):
        body = body.encode("utf-8", "surrogatepass")
    request = typed_or_none(body, model)
    return request if request is not None else _walked(body, unsigned, model)


def typed_or_none(body: Any, model: str | None) -> Request | None:
    """The typed fast path's Request; None where it refuses or the body is not bytes within the limit."""
    if isinstance(body, (bytes, bytearray, memoryview)) and len(body) <= MAX_BODY_BYTES:
        try:
            return _decode_typed(body, model)[0]
        except (Refused, LmcodecError, msgspec.DecodeError, RecursionError):
            pass
    return None


def _walked(body: Any, unsigned: Unsigned, model: str | None) -> Request:
    request = decode_walked(body, unsigned)
    return request if model is None else msgspec.structs.replace(request, model=model)


def _decode_typed(
    body: bytes | bytearray | memoryview, model: str | None = None
) -> tuple[Request, Seen | None, bool]:
    """The body through the typed views into canonical Structs, the settings as the walker reads
    them; a canonical invariant the Structs refuse is :class:`Refused` too. ``model``, when given,
    is the Request's (the body's own still decides the model-dependent rules). With the Request,
    what the reading met among its parts (:class:`Seen`; None where results were named after
    their calls) and whether the body's ``stream`` is ``true``."""
    try:
        whole = _BODY.decode(body)
    except msgspec.ValidationError:  # a key with no canonical home (or a refused view): two steps
        return _decode_in_two_steps(body, model)
    tools = None if whole.tools is UNSET else whole.tools
    if msgspec.structs.astuple(whole)[_RARE_AT:] == _NO_RARE:  # the usual settings, read off the view
        return _typed(whole.messages, tools, {}, model, whole)
    return _typed(whole.messages, tools, _settings(whole), model)


def _settings(whole: ChatBody) -> dict[str, Any]:
    return {name: item for name in _SETTINGS if (item := getattr(whole, name)) is not UNSET}


def _decode_in_two_steps(
    body: bytes | bytearray | memoryview, model: str | None = None
) -> tuple[Request, Seen | None, bool]:
    """``messages`` and ``tools`` through the typed views, every other key decoded as it stands."""
    top = _TOP.decode(body)
    raw_messages = top.pop("messages", None)
    raw_tools = top.pop("tools", None)
    if raw_messages is None:
        raise Refused
    value = {key: _ANY.decode(raw) for key, raw in top.items()}
    tools = None if raw_tools is None else TOOLS.decode(raw_tools)
    return _typed(ROWS.decode(raw_messages), tools, value, model)


def _typed(
    rows: list[Row],
    views: list[ToolView] | None,
    value: dict[str, Any],
    routed: str | None,
    usual: ChatBody | None = None,
) -> tuple[Request, Seen | None, bool]:
    """The Request of the views and the settings ``value`` (the keys set); or, given ``usual``
    (the one-pass view of a body setting only the usual keys), the settings read off it.
    ``routed``: the Request's model, where it is not the body's. With it, what the reading met
    among the parts (None where the results were named after their calls: ``_pairing``) and
    whether the body's ``stream`` is ``true`` (the gateway's hand-over)."""
    model = value.get("model") if usual is None else usual.model
    if not isinstance(model, str) or not model:
        raise Refused
    if value:  # (a body of the usual keys sets none of these)
        if not REFUSED_KEYS.keys().isdisjoint(value) or not DEPRECATED_KEYS.isdisjoint(value):
            raise Refused
        if "n" in value and value["n"] != 1:
            raise Refused
    try:
        system, messages, breakpoint, stable, reused, seen = read_messages(rows)
        tools = read_tools(views) if views is not None else ()
        config = _config(value, model, breakpoint, stable, usual)
        request: Request = msgspec.structs.replace(
            _REQUEST,
            model=model if routed is None else routed,
            messages=messages,
            system=system,
            tools=tools,
            config=config,
        )
    except (ValueError, TypeError):
        raise Refused from None
    streams = (value.get("stream") if usual is None else usual.stream) is True
    return (named_by_their_calls(request), None, streams) if reused else (request, seen, streams)


def _config(
    value: dict[str, Any], model: str, breakpoint: int | None, stable: bool, usual: ChatBody | None = None
) -> Config:
    """The Config; of a body setting only the usual keys (``usual``, its one-pass view) by
    :func:`usual_config` where it applies (no cache breakpoint, the plain JSON types).
    ``breakpoint`` and ``stable``: the cache breakpoint's message and the stable prefix found."""
    if usual is not None and breakpoint is None and not stable:
        config = usual_config(
            usual.max_completion_tokens,
            usual.temperature,
            usual.top_p,
            usual.tool_choice,
            usual.parallel_tool_calls,
            usual.stream,
        )
        if config is not None:
            return config
    reader = Reader()
    reader.breakpoint, reader.stable = breakpoint, stable
    fields = config_fields(value if usual is None else _settings(usual), model, reader)
    if not fields:
        return EMPTY_CONFIG
    converted: Config = msgspec.convert(fields, Config)  # no Path field: no dec_hook (it halves the speed)
    return converted


def decode_request_without_unsigned_thinking(
    body: bytes, *, model: str | None = None
) -> tuple[Request, tuple[Adaptation, ...]]:
    """The gateway's reading (``_unsigned_thinking``): the Request ``decode_request`` gives, except
    that each ``thinking_blocks`` entry of type thinking without a signature (absent or ``""``) is
    left out, and so are the SDK keys ``_read_lenient`` names in a body it refuses, with the notes
    of those. (The typed path reads no ``thinking_blocks``: a row holding
    them goes to the walker.)"""
    if isinstance(body, str):
        body = body.encode("utf-8", "surrogatepass")
    unsigned: list[Adaptation] = []
    if isinstance(body, (bytes, bytearray, memoryview)) and len(body) <= MAX_BODY_BYTES:
        # Where the typed path refuses, the SDK keys are taken out before the walker runs: the walker
        # refuses each of them, so it would only refuse the body to have it read again (red-team F10).
        request = typed_or_none(body, model)
        if request is not None:
            return request, ()
        lenient = sdk_keys_out(body)  # strict tools, message names, file names (_read_lenient)
        if lenient is None:
            return _walked(body, unsigned, model), tuple(unsigned)
        body, unsigned = lenient
        return _decode_request(body, unsigned, model), tuple(unsigned)
    try:
        request = _decode_request(body, unsigned, model)
    except ValidationError:
        lenient = sdk_keys_out(body)
        if lenient is None:
            raise
        body, unsigned = lenient
        request = _decode_request(body, unsigned, model)
    return request, tuple(unsigned)
