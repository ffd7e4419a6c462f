"""What the two OpenAI stream writers share: JSON pieces, usage and logprob shapes, ids, errors;
and the Responses writer's kinds of output item and final-response test.

The writers build their hot frames (a text, thinking or argument fragment) by
concatenating byte templates fixed once per stream or per output item around
one ``msgspec`` string encode, and the Responses writer the events that add and
complete an output item from templates too (:mod:`._output_item`); everything else
goes through dicts encoded by the one :data:`ENC` built at import.
"""

from __future__ import annotations

import itertools
import os
from typing import Any, Final

import msgspec

from lmcodec.errors import EncodeError
from lmcodec.providers._build_common import float_spelling_may_differ
from lmcodec.providers._crossing_errors import crossed_error
from lmcodec.providers._escapes import watch
from lmcodec.providers._json import raw_arguments, writer_encoder
from lmcodec.providers.openai._common import stdlib_spells_alike, stdlib_text
from lmcodec.providers.openai.views import stream_error_detail
from lmcodec.wire import ErrorDetail, TokenLogprob, Usage

__all__ = [
    "AUDIO",
    "CALL",
    "ENC",
    "ENDINGS",
    "FAILED_CODES",
    "IMAGE",
    "MESSAGE",
    "NOTHING_REQUESTED",
    "REASONING",
    "VERY_UNLIKELY",
    "annotation",
    "call_arguments",
    "chat_usage",
    "error_code",
    "failed_code",
    "is_this_response",
    "logprob_entries",
    "new_id",
    "responses_usage",
]

ENC: Final = writer_encoder()


def call_arguments(arguments: dict[str, Any], provider: str) -> str:
    """A call's ``arguments`` text in a body: the input as lm15's ``json.dumps`` writes it (ASCII
    escapes, its float spelling: red team 9 F04), or the text lm15's
    ``{"partial_json": raw}`` marker was read from, as the stream writers send it (a call cut by
    max_tokens reaches the client with the arguments the backend sent, not an invented object).
    ``{"value": v}`` stays an object: it is also a call whose one argument is named ``value``."""
    raw = raw_arguments(arguments)
    if raw is None:  # spelled as lm15's json.dumps spells it, as build_request writes it (README)
        data = ENC.encode(arguments)  # a lone surrogate: the writers' EncodeError, as before
        return data.decode("ascii") if stdlib_spells_alike(data) else stdlib_text(data, arguments)
    watch("", raw, provider)  # a lone surrogate spelled as an escape: refused, as the stream refuses it
    return raw


class BodyArguments:
    """The ``arguments`` of a body's calls, each :func:`call_arguments`' text of its input, with one
    float-spelling check over msgspec's bytes of them all (joined by newlines, which msgspec never
    writes inside a value and none of the spellings checked spans) instead of one per call; a
    call is checked alone only when that check finds something (red team 13 F03).

    Where msgspec's bytes are the text, ``arguments`` holds them already quoted as a JSON string
    (:func:`quoted`, a ``msgspec.Raw`` the body's encode copies): the text is not decoded into a
    str and encoded again (red team 39 F09: a call of 1 MB cost 5.9x the encode of its body)."""

    __slots__ = ("_datas", "_entries", "_inputs", "_provider")

    def __init__(self, provider: str) -> None:
        self._provider = provider
        self._entries: list[dict[str, Any]] = []
        self._datas: list[bytes] = []
        self._inputs: list[dict[str, Any]] = []

    def put(self, entry: dict[str, Any], arguments: dict[str, Any]) -> None:
        """Set ``entry["arguments"]`` to the text of ``arguments`` (now, or at :meth:`settle`)."""
        if len(arguments) == 1:  # (only a one-key input can be lm15's marker: no call for the others)
            raw = raw_arguments(arguments)
            if raw is not None:
                watch("", raw, self._provider)
                entry["arguments"] = raw
                return
        self._entries.append(entry)
        self._datas.append(ENC.encode(arguments))  # a lone surrogate: the writers' EncodeError
        self._inputs.append(arguments)

    def settle(self) -> None:
        """Write the pending calls' ``arguments``: msgspec's text where the stdlib spells alike."""
        datas = self._datas
        joined = b"\n".join(datas)
        walk = len(joined) >= _BYTES_A_NODE * len(datas)  # (many small calls: not walked, one call less)
        if not joined.partition(b"\x7f")[1] and (
            (walk and ascii_without_floats(self._inputs, len(joined)))
            or (joined.isascii() and not float_spelling_may_differ(joined))
        ):
            if walk:
                for entry, data in zip(self._entries, datas, strict=True):
                    entry["arguments"] = quoted(data)
                return
            texts = joined.decode("ascii").split("\n")  # one decode, not one a call
            for entry, text in zip(self._entries, texts, strict=True):
                entry["arguments"] = text
            return
        for entry, data, value in zip(self._entries, datas, self._inputs, strict=True):
            alike = stdlib_spells_alike(data)
            entry["arguments"] = quoted(data) if alike else stdlib_text(data, value)


_BYTES_A_NODE: Final = 512
""":func:`ascii_without_floats` looks at one node of the values a this many bytes of their JSON: a
Python step of its walk costs ~1,000 instructions, what :func:`float_spelling_may_differ`'s
translation and ``bytes.isascii`` cost ~120 bytes, so a walk that gives up has cost at most about a
quarter of those checks; a walk that cannot reach each value once is not begun (many small calls)."""


def ascii_without_floats(values: list[Any], size: int) -> bool:
    """Whether ``values`` surely hold no float and no string or key past ASCII, so msgspec spells
    them as ``json.dumps`` does but for a DEL: a walk of the JSON values (a dict with str keys, a
    list, a str, an int, a bool, None; ``str.isascii`` reads a flag) over at most ``size`` /
    :data:`_BYTES_A_NODE` nodes. False at anything else or past the budget: the caller then looks
    at the JSON text. A big value of a few strings (a call's 1 MB of text) costs a few steps,
    where the text's checks go over it byte by byte (red team 39 F09)."""
    budget = size // _BYTES_A_NODE
    if budget < len(values):
        return False
    stack = list(values)
    while stack:
        budget -= 1
        if budget < 0:
            return False
        value = stack.pop()
        kind = type(value)
        if kind is str:
            if not value.isascii():
                return False
        elif kind is dict:
            for key in value:
                if type(key) is not str or not key.isascii():
                    return False
            stack.extend(value.values())
        elif kind is list:
            stack.extend(value)
        elif not (kind is int or kind is bool or value is None):
            return False
    return True


QUOTED_FROM: Final = 2048
"""The size from which :func:`quoted` escapes the bytes itself: below it, decoding them costs less
than its three C calls and the ``msgspec.Raw`` (and :meth:`BodyArguments.settle` decodes the calls
of a body whose calls average under :data:`_BYTES_A_NODE` bytes without calling it)."""


def quoted(data: bytes) -> msgspec.Raw | str:
    """``data`` (msgspec's JSON: ASCII without DEL, so without a control character either, which
    msgspec escapes in strings) as the JSON string msgspec writes for ``data.decode()``: only the
    quotes and backslashes are escaped. A short ``data`` is that str."""
    if len(data) < QUOTED_FROM:
        return data.decode("ascii")
    escaped = data.replace(b"\\", b"\\\\").replace(b'"', b'\\"')
    return msgspec.Raw(b"".join((b'"', escaped, b'"')))


ENDINGS: Final[dict[str, tuple[str, str | None]]] = {
    "length": ("incomplete", "max_output_tokens"),
    "content_filter": ("incomplete", "content_filter"),
    "error": ("failed", None),
}
"""Canonical finish reason -> the Responses ``status`` and ``incomplete_details.reason`` (else completed)."""


NOTHING_REQUESTED: Final[dict[str, Any]] = {"parallel_tool_calls": True, "tool_choice": "auto", "tools": []}
"""The request echo a Responses object must carry (the openai SDK's ``Response`` requires it), as the
API sends it for a request that set none of it; lm15 reads none of it."""


_PROCESS = os.urandom(6).hex()  # ids of different processes differ (a forked child draws its own)
_COUNTER: Final = itertools.count()


def _draw_process_part() -> None:
    """A forked child's own random part of the ids: fork copies the parent's, and workers forked
    after import (gunicorn ``--preload``, a Celery prefork pool, ``multiprocessing``'s "fork")
    minted the same ids in the same order, which mixes their clients' conversations wherever
    something keys on them (red team 48 F02). Run at the fork, not per id."""
    global _PROCESS
    _PROCESS = os.urandom(6).hex()


if hasattr(os, "register_at_fork"):  # (a platform without fork has no hook, and no forked child)
    os.register_at_fork(after_in_child=_draw_process_part)


def new_id(prefix: str) -> str:
    """A fresh id for a stream whose source named none: ``prefix`` + 24 hex digits (a random
    per-process part and a counter: unique without a system call per id, unlike uuid4)."""
    return f"{prefix}{_PROCESS}{next(_COUNTER):012x}"


VERY_UNLIKELY: Final = -9999.0
"""The logprob OpenAI's API sends for a token too unlikely to have one (its API reference: "the
value -9999.0 is used to signify that the token is very unlikely"): how both OpenAI writers write
an infinite negative logprob (JSON has no infinities)."""


def logprob_entries(logprobs: tuple[TokenLogprob, ...], *, bytes_required: bool) -> list[dict[str, Any]]:
    """Token logprobs as OpenAI writes them (Chat ``logprobs.content`` and Responses ``logprobs``).
    A ``-inf`` logprob is written as OpenAI writes it, :data:`VERY_UNLIKELY`; a NaN or ``+inf``
    has no OpenAI spelling: :class:`~lmcodec.EncodeError` naming it. Bytes the source did not give
    (Gemini's wire has none; Chat allows null) are null where the schema allows it (Chat) and the
    token's UTF-8 bytes where it requires a list (Responses, ``Logprob.bytes: List[int]``), which
    is what OpenAI sends there; they read back as those bytes."""
    out: list[dict[str, Any]] = []
    for i, entry in enumerate(logprobs):
        top = [
            {
                "token": alt.token,
                "logprob": _logprob(alt.logprob, i, j),
                "bytes": _bytes(alt.token, alt.bytes, bytes_required),
            }
            for j, alt in enumerate(entry.top)
        ]
        out.append(
            {
                "token": entry.token,
                "logprob": _logprob(entry.logprob, i, None),
                "bytes": _bytes(entry.token, entry.bytes, bytes_required),
                "top_logprobs": top,
            }
        )
    return out


def _bytes(token: str, given: tuple[int, ...] | None, required: bool) -> list[int] | None:
    if given is not None:
        return list(given)
    # surrogatepass: a lone surrogate in the token is the JSON writer's EncodeError, not ours
    return list(token.encode("utf-8", "surrogatepass")) if required else None


def _logprob(value: float, index: int, top: int | None) -> float:
    if value - value == 0.0:  # finite (inf - inf and NaN - NaN are NaN)
        return value
    if value < 0:
        return VERY_UNLIKELY
    where = f"logprobs[{index}]" + (f".top_logprobs[{top}]" if top is not None else "") + ".logprob"
    raise EncodeError(
        f"cannot write the OpenAI stream or body: {where} is {value!r}, which JSON cannot carry "
        "and OpenAI has no value for (its -9999.0 stands for -inf only)"
    )


def _put(out: dict[str, Any], key: str, value: int | None) -> None:
    if value is not None:
        out[key] = value


def _counts(usage: Usage) -> tuple[int, int, int]:
    """Input, output and total as the openai SDK's models require them once a usage is written
    (red team 9 F03): an unreported input count is its reported cached parts (cache reads and
    writes, 0 without them), an unreported output count its reported reasoning (else 0), as the
    Anthropic writer writes its required counts; an unreported total the sum of the two written."""
    tokens_in = usage.input_tokens
    if tokens_in is None:
        tokens_in = (usage.cache_read_tokens or 0) + (usage.cache_write_tokens or 0)
    tokens_out = usage.output_tokens
    if tokens_out is None:
        tokens_out = usage.reasoning_tokens or 0
    total = usage.total_tokens if usage.total_tokens is not None else tokens_in + tokens_out
    return tokens_in, tokens_out, total


def chat_usage(usage: Usage) -> dict[str, Any]:
    """A Usage as Chat Completions' ``usage``: none when it reports nothing; else the three counts
    the SDK's ``CompletionUsage`` requires (:func:`_counts`) and the details reported."""
    prompt, completion = _details(usage)
    if not prompt and not completion and _nothing_counted(usage):
        return {}
    tokens_in, tokens_out, total = _counts(usage)
    out: dict[str, Any] = {"prompt_tokens": tokens_in, "completion_tokens": tokens_out, "total_tokens": total}
    if prompt:
        out["prompt_tokens_details"] = prompt
    if completion:
        out["completion_tokens_details"] = completion
    return out


def responses_usage(usage: Usage) -> dict[str, Any]:
    """A Usage as the Responses API's ``usage``: none when it reports nothing; else the three counts
    the SDK's ``ResponseUsage`` requires (:func:`_counts`) and both details objects, which it
    requires too, with the cached, cache-write and reasoning counts every OpenAI response carries:
    an unreported one as 0, what OpenAI sends for none (docs/writers.md, "Usage")."""
    details_in, details_out = _details(usage)
    if not details_in and not details_out and _nothing_counted(usage):
        return {}
    tokens_in, tokens_out, total = _counts(usage)
    return {
        "input_tokens": tokens_in,
        "input_tokens_details": {**_NONE_IN, **details_in},
        "output_tokens": tokens_out,
        "output_tokens_details": {**_NONE_OUT, **details_out},
        "total_tokens": total,
    }


# The counts the openai SDK requires in InputTokensDetails / OutputTokensDetails, as OpenAI writes
# them when nothing was cached, written to the cache or reasoned (red team 21 F03: openai 1.66
# refused a usage without the objects; later releases hand None for a field typed never-None).
# cache_write_tokens too, in OpenAI's order: the installed SDK (3.63) requires it and OpenAI sends it in
# every usage (the corpus's 2026-09 capture, {"cache_write_tokens": 0, "cached_tokens": 0}); April's
# captures had cached_tokens alone (red team 20 F06 kept it out then; bigrows24 found the SDK's
# Response.model_validate_json refusing the body without it).
_NONE_IN: Final = {"cache_write_tokens": 0, "cached_tokens": 0}
_NONE_OUT: Final = {"reasoning_tokens": 0}


def _details(usage: Usage) -> tuple[dict[str, Any], dict[str, Any]]:
    """The input and output token details both OpenAI dialects write under the same keys (those
    reported only)."""
    details_in: dict[str, Any] = {}
    _put(details_in, "cached_tokens", usage.cache_read_tokens)
    _put(details_in, "cache_write_tokens", usage.cache_write_tokens)
    _put(details_in, "audio_tokens", usage.input_audio_tokens)
    details_out: dict[str, Any] = {}
    _put(details_out, "reasoning_tokens", usage.reasoning_tokens)
    _put(details_out, "audio_tokens", usage.output_audio_tokens)
    return details_in, details_out


def _nothing_counted(usage: Usage) -> bool:
    return usage.input_tokens is None and usage.output_tokens is None and usage.total_tokens is None


_OPENAI_CODES: Final[dict[str, str]] = {
    "rate_limit": "rate_limit_exceeded",
    "server": "server_error",
    "invalid_request": "invalid_prompt",
    "timeout": "vector_store_timeout",
    "unsupported_model": "model_not_found",
    "context_length": "context_length_exceeded",
    "auth": "invalid_api_key",
    "billing": "insufficient_quota",
}
"""Canonical code -> the OpenAI error code lm15's OpenAI readers read as it (``_stream_error_code_map``;
a timeout's only one is ``vector_store_timeout``). The other canonical codes have none."""

_OPENAI_NAMES: Final = frozenset(_OPENAI_CODES.values())

FAILED_CODES: Final = frozenset(
    {
        "server_error",
        "rate_limit_exceeded",
        "invalid_prompt",
        "data_residency_mismatch",
        "bio_policy",
        "misalignment_policy_violation",
        "vector_store_timeout",
        "invalid_image",
        "invalid_image_format",
        "invalid_base64_image",
        "invalid_image_url",
        "image_too_large",
        "image_too_small",
        "image_parse_error",
        "image_content_policy_violation",
        "invalid_image_mode",
        "image_file_too_large",
        "unsupported_image_media_type",
        "empty_image_file",
        "failed_to_download_image",
        "image_file_not_found",
    }
)
"""The codes a Responses object's ``error.code`` takes (the openai SDK's ``ResponseError.code``, a
closed Literal)."""

_REQUEST_SIDE: Final = frozenset(
    {
        "invalid_request",
        "context_length",
        "unsupported_model",
        "auth",
        "auth_operation",
        "billing",
        "unknown_model",
        "ambiguous_model",
        "unsupported_feature",
        "not_configured",
    }
)
"""Canonical codes of a request that cannot succeed as sent (a client does not retry it)."""


def error_code(error: ErrorDetail) -> str:
    """The code an OpenAI error object carries, in OpenAI's vocabulary, read back by lm15's OpenAI
    readers as ``error.code``: the name OpenAI gives the kind of failure the provider code names
    (an Anthropic ``overloaded_error`` is ``server_error``, a Gemini ``RESOURCE_EXHAUSTED``
    ``rate_limit_exceeded``: :func:`~lmcodec.providers._crossing_errors.crossed_error`), else the provider
    code itself (an OpenAI code, or one no OpenAI reader knows under a ``provider`` error), else
    OpenAI's code for the canonical one. A canonical code no OpenAI code reads as (``transport``,
    ``stream_assembly``, ...) is written as it is; it reads back as ``provider``, as any code lm15's
    OpenAI readers do not know."""
    given = error.provider_code
    crossed = crossed_error(error, "openai").provider_code
    for candidate in (crossed, given, _OPENAI_CODES.get(error.code)):
        if candidate and stream_error_detail(candidate, error.message).code == error.code:
            return candidate
    return error.code


def failed_code(code: str, error: ErrorDetail) -> str:
    """The ``error.code`` of a ``response.failed`` response (lm15 reads none of it): the error
    event's ``code`` when the openai SDK's Literal has it, or when it is the backend's own and
    OpenAI's name for a kind of failure (``error.provider_code``, one of :data:`_OPENAI_CODES`: a
    Responses backend's ``response.failed`` says ``context_length_exceeded`` or
    ``insufficient_quota``, which Codex acts on, though the Literal lacks them); else the nearest
    one the Literal has."""
    if code in FAILED_CODES or (code == error.provider_code and code in _OPENAI_NAMES):
        return code
    canonical = error.code
    if canonical == "rate_limit":
        return "rate_limit_exceeded"
    if canonical == "timeout":
        return "vector_store_timeout"
    return "invalid_prompt" if canonical in _REQUEST_SIDE else "server_error"


def annotation(url: str | None, title: str | None, text: str | None) -> dict[str, Any]:
    """A citation as a Responses annotation (``text`` kept: lm15 reads it back)."""
    out: dict[str, Any]
    if url is not None:
        out = {"type": "url_citation", "url": url, "title": title or "", "start_index": 0, "end_index": 0}
    else:
        out = {"type": "file_citation", "file_id": "", "filename": title or "", "index": 0}
    if text is not None:
        out["text"] = text
    return out


MESSAGE: Final = 0
REASONING: Final = 1
CALL: Final = 2
REFUSAL: Final = 3
IMAGE: Final = 4
AUDIO: Final = 5
"""The kinds of output item the Responses writer writes (a refusal: a message item whose one
content part is a ``refusal``, as the body writes a RefusalPart; an image or audio: a message item
whose one content part is the body's ``output_image`` / ``output_audio`` block)."""


def is_this_response(data: dict[str, Any], response_id: str) -> bool:
    """Whether an end's ``provider_data`` is the Responses object of the stream being written (its
    ``object`` says so, or it has none and a list of ``output``: a backend's minimal final response)."""
    kind = data.get("object")
    if kind != "response" and not (kind is None and isinstance(data.get("output"), list)):
        return False
    return data.get("id") == response_id
