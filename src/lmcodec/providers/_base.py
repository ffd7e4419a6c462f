"""Shared machinery of the provider wire decoders (lm15 1.5.0 ``providers/common.py`` and friends).

Two paths decode a frame:

- the **typed path**: the SSE ``data`` bytes are decoded once, by a
  ``msgspec.json.Decoder`` built at import, straight into small "view"
  Structs that declare only the fields lm15 reads, with types strict enough
  that every frame they accept maps exactly as lm15's dict code maps it;
- the **generic path**: a frame the views reject (an unknown ``type``, a
  field of an unexpected JSON type, a value lm15 coerces with ``str()`` or
  ``int()``, malformed JSON) is decoded into plain Python values and mapped
  by a line-by-line port of lm15's adapter code, with the checked
  constructors (the lm15-style class call), so lm15's coercions, quirks and
  failures are reproduced. Real provider streams almost never take it.

Where lm15 crashes with a plain Python exception (``AttributeError``,
``TypeError``, ``ValueError``, ``KeyError``, ``json.JSONDecodeError``),
lmcodec raises :class:`StreamDecodeError` (a :class:`lmcodec.DecodeError`)
from the stream decoder, or :class:`lmcodec.DecodeError` /
:class:`ProviderError` from ``parse_response``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Final

import msgspec

from lmcodec.errors import DecodeError, LmcodecError, ProviderError, StreamDecodeError
from lmcodec.wire import (
    ContinuationDelta,
    ErrorDetail,
    Request,
    StreamDeltaEvent,
    TextDelta,
    ThinkingDelta,
    TokenLogprob,
    ToolCallDelta,
    TopLogprob,
    Usage,
)
from lmcodec.wire.judgments import replace_text_with_data, schema_has_judgments

__all__ = [
    "EVENT",
    "TEXT",
    "THINKING",
    "TOOL_CALL",
    "EndFrame",
    "MapperBase",
    "ProviderError",
    "StreamDecodeError",
    "attach_unmapped",
    "continuation_event",
    "error_detail",
    "error_frame_fields",
    "gemini_str_exception",
    "guarded",
    "int_or_none",
    "is_model_error",
    "is_pinned_model_not_found",
    "judgment_parts",
    "load_body",
    "load_frame",
    "new",
    "openai_token_logprobs",
    "parse_body",
    "parse_json_object",
    "pyint",
    "record_unmapped",
    "replace",
    "schema_has_judgments",
    "tool_call_event",
    "unnamed_tool_call_error",
    "wire_model",
]

new: Final[Callable[..., Any]] = msgspec.StructMeta.__call__
"""Build a wire Struct without the lm15-style checks of its class call.

Only for values whose types the typed views already guarantee; the generic
path constructs through the class call, which checks like lm15 does."""

replace: Final[Callable[..., Any]] = msgspec.structs.replace
"""Copy a template Struct with some fields changed: the fastest way to build
the hot-path events (about 3x faster than a keyword construction)."""

# Templates of the hot-path events, copied with ``replace``.
TEXT: Final[TextDelta] = new(TextDelta, part_index=0, text="")
THINKING: Final[ThinkingDelta] = new(ThinkingDelta, part_index=0, text="")
TOOL_CALL: Final[ToolCallDelta] = new(ToolCallDelta, part_index=0, input="")
EVENT: Final[StreamDeltaEvent] = new(StreamDeltaEvent, delta=TEXT)


def tool_call_event(part_index: int, fragment: str, call_id: str | None, name: str | None) -> Any:
    """A ToolCallDelta event from typed values (an empty id or name is None)."""
    delta = replace(TOOL_CALL, part_index=part_index, input=fragment, id=call_id or None, name=name or None)
    return replace(EVENT, delta=delta)


def continuation_event(part_index: int, provider: str, kind: str, data: dict[str, Any]) -> Any:
    """A ContinuationDelta event from typed values."""
    delta = new(ContinuationDelta, part_index=part_index, provider=provider, kind=kind, data=data)
    return replace(EVENT, delta=delta)


class EndFrame:
    """An adapter's end event before coalescing (lm15 ``StreamEndEvent`` as an adapter yields it).

    Kept apart from :class:`lmcodec.StreamEndEvent` because the coalescer
    needs what that type normalizes away: an empty ``Usage()`` is a value
    (it replaces an earlier usage and ranks as "supplied usage") while
    ``None`` is not. ``provider_data`` is a dict, ``None``, or the frame's
    raw ``bytes``, decoded into a dict only if this frame's data ends up on
    the merged end (D9 rank rule), so most terminal frames are decoded once.
    """

    __slots__ = ("finish_reason", "provider_data", "usage")

    def __init__(self, finish_reason: str | None, usage: Usage | None, provider_data: Any) -> None:
        self.finish_reason = finish_reason
        self.usage = usage
        self.provider_data = provider_data


class MapperBase:
    """A provider's stream frame mapper: ``map(data, out)`` appends the lm15
    adapter events of one SSE ``data`` payload to ``out`` (start, delta and
    error events as canonical Structs, ends as :class:`EndFrame`) and returns
    1 when the frame mapped to nothing, else 0.

    ``special`` is set whenever a start or an :class:`EndFrame` is appended,
    so the coalescer only walks a batch of events when it must; ``generic``
    counts the frames mapped by the generic path (``generic_frame``, lm15's
    dict code line for line). With ``bare`` set (events bound for lmcodec's own assembler only),
    a hot loop may append a TextDelta at part 0 with no logprobs as its bare ``str``: no objects.
    """

    provider: ClassVar[str] = ""
    done_ends: ClassVar[bool] = False  # the OpenAI wires end a stream with a "[DONE]" frame
    __slots__ = ("bare", "failed", "generic", "model", "skipped", "special")

    def __init__(self, model: str | None) -> None:
        self.model = model  # the request model without this adapter's "<provider>:" prefix
        self.generic = 0
        self.special = False
        self.bare = False
        self.failed = b""  # the frame whose mapping raised
        self.skipped = 0  # frames skipped before it

    def map(self, data: bytes, out: list[Any]) -> int:
        """Map one SSE ``data`` payload, appending its events to ``out``; 1 if it mapped to nothing."""
        raise NotImplementedError

    def generic_frame(self, data: bytes, out: list[Any]) -> None:
        """lm15's ``parse_stream_events`` over plain values, for a frame the typed views reject."""
        raise NotImplementedError

    def frame(self, data: bytes, out: list[Any]) -> None:
        """Map one SSE ``data`` payload, appending its events to ``out``."""
        self.frames((data,), out)

    def frames(self, datas: Iterable[bytes], out: list[Any]) -> int:
        """Map SSE ``data`` payloads in order, appending their events to ``out``;
        return how many mapped to nothing. A frame that fails is left in ``self.failed``."""
        skipped = 0
        data = b""
        map_frame = self.map
        try:
            for data in datas:
                skipped += map_frame(data, out)
        except BaseException:
            self.failed = data
            self.skipped = skipped
            raise
        return skipped

    def _rejected(self, data: bytes, out: list[Any]) -> int:
        """A frame the typed views reject: ``[DONE]`` (a bare end where ``done_ends``), nothing
        for empty data, else the generic path; 1 when it mapped to nothing."""
        if data == b"[DONE]" and self.done_ends:
            self.special = True
            out.append(EndFrame(None, None, None))
            return 0
        return self._generic(data, out) if data else 1

    def _generic(self, data: bytes, out: list[Any]) -> int:
        """The generic path for one frame; 1 when it mapped to nothing."""
        n = len(out)
        self.generic_frame(data, out)
        return len(out) == n


# --------------------------------------------------------------------------
# JSON


def load_frame(data: bytes) -> Any:
    """A frame's JSON value as lm15 reads it: ``json.loads`` of the data decoded
    as UTF-8 with replacement. msgspec first; stdlib ``json`` only for what
    msgspec refuses (NaN/Infinity, ``1e400``, lone surrogates, invalid
    UTF-8), so those frames map as they do in lm15. Raises ``ValueError``."""
    try:
        return msgspec.json.decode(data)
    except msgspec.DecodeError:
        pass
    except RecursionError:
        raise ValueError(_TOO_DEEP) from None
    try:
        return json.loads(data.decode("utf-8", "replace"))
    except RecursionError:
        raise ValueError(_TOO_DEEP) from None


_TOO_DEEP: Final = "JSON nested too deeply (nesting is bounded by the interpreter's recursion limit)"


def load_body(body: bytes) -> Any:
    """A complete body's JSON value as lm15's ``HttpResponse.json()`` reads it
    (``json.loads(bytes)``: UTF-8/16/32 detected, invalid UTF-8 refused).
    Raises :class:`DecodeError` where lm15 raises its non-JSON ``ProviderError``."""
    try:
        return msgspec.json.decode(body)
    except (msgspec.DecodeError, RecursionError):
        try:
            return json.loads(body)
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            excerpt = body[:200].decode("utf-8", "replace")
            raise DecodeError(
                f"the body ({len(body)} bytes) is not JSON: {exc}. Body starts: {excerpt!r}"
            ) from exc


def pyint(value: Any) -> int:
    """lm15's index idiom ``int(value or 0)`` (``"3"`` -> 3, ``2.7`` -> 2, ``true`` -> 1)."""
    return int(value or 0)


def int_or_none(value: Any) -> int | None:
    """lm15's ``_int_or_none`` (citation offsets): ``int(value)``, or None for None, a bool or a failure."""
    if isinstance(value, bool) or value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def parse_json_object(value: Any) -> dict[str, Any]:
    """lm15 ``common.parse_json_object``: the complete path's tool-arguments parser."""
    if isinstance(value, dict):
        return value
    if isinstance(value, str) and value:
        try:
            parsed = json.loads(value)
        except Exception:
            return {"partial_json": value}
        if isinstance(parsed, dict):
            return parsed
        return {"value": parsed}
    return {}


def _logprob_bytes(value: Any) -> tuple[int, ...] | None:
    """``tuple(value) if isinstance(value, list) else None``, checked as lm15's
    ``_validate_logprob_bytes`` checks it (ints only: no bool, no float)."""
    if not isinstance(value, list):
        return None
    for b in value:
        if isinstance(b, bool) or not isinstance(b, int) or b < 0:
            raise TypeError("bytes must contain non-negative ints")
    return tuple(value)


def openai_token_logprobs(entries: Any) -> tuple[TokenLogprob, ...]:
    """lm15 ``common.openai_token_logprobs`` over plain values (checked constructors)."""
    if not isinstance(entries, list):
        return ()
    out: list[TokenLogprob] = []
    for entry in entries:
        if not isinstance(entry, dict) or "token" not in entry or "logprob" not in entry:
            continue
        top: list[TopLogprob] = []
        for alt in entry.get("top_logprobs") or []:
            if not isinstance(alt, dict) or "token" not in alt or "logprob" not in alt:
                continue
            token, logprob = str(alt["token"]), float(alt["logprob"])
            top.append(TopLogprob(token=token, logprob=logprob, bytes=_logprob_bytes(alt.get("bytes"))))
        token, logprob = str(entry["token"]), float(entry["logprob"])
        entry_bytes = _logprob_bytes(entry.get("bytes"))
        out.append(TokenLogprob(token=token, logprob=logprob, bytes=entry_bytes, top=tuple(top)))
    return tuple(out)


# --------------------------------------------------------------------------
# requests and responses


def wire_model(request: Request | None, provider: str) -> str | None:
    """lm15 ``BaseProviderLM._wire_request(request).model``: the request model
    without a ``"<provider>:"`` prefix naming this adapter (``_`` read as ``-``)."""
    if request is None:
        return None
    model = request.model
    head, sep, rest = model.partition(":")
    if sep and rest and head.replace("_", "-") == provider.replace("_", "-"):
        return rest
    return model


def record_unmapped(unmapped: list[dict[str, str]], path: str, typ: Any) -> None:
    """lm15 ``_record_unmapped``."""
    unmapped.append({"path": path, "type": str(typ or "<missing>")})


def attach_unmapped(data: dict[str, Any], unmapped: list[dict[str, str]]) -> dict[str, Any]:
    """lm15 ``_attach_unmapped``: ``data`` itself, or a shallow copy recording what was not mapped."""
    if not unmapped:
        return data
    out = dict(data)
    out["_lm15_unmapped"] = unmapped
    return out


def unnamed_tool_call_error(provider: str, path: str) -> ProviderError:
    """lm15 ``common.unnamed_tool_call_error`` (MAP-9 on the complete path)."""
    return ProviderError(
        f"{provider}: {path} is a tool call with no name; "
        "lm15 does not guess which tool the model meant (MAP-9)",
        code="provider",
        provider=provider,
    )


def judgment_parts(parts: Sequence[Any], request: Request | None) -> tuple[Any, ...]:
    """lm15 ``replace_text_with_data(parts, request_judgments(request))``: the
    single TextPart of a judgment answer becomes a DataPart (``json.loads``: its
    RecursionError on a too deeply nested text escapes, as in lm15)."""
    if request is None or not schema_has_judgments(request.config.response_format):
        return tuple(parts)
    out = list(parts)
    replace_text_with_data(out, json.loads, (ValueError, TypeError))
    return tuple(out)


# --------------------------------------------------------------------------
# errors as ErrorDetail (the stream's error events)

_MODEL_NOT_FOUND_FORMS: Final[tuple[dict[str, str], ...]] = (
    {"code": "not_found_error", "prefix": "model: "},
    {"code": "invalid_request_error", "contains": "The supported API model names are "},
    {"code": "1211"},
    {"code": "1214", "prefix": "modelCode: "},
    {"code": "400", "suffix": " is not a valid model ID"},
    {"code": "invalid-argument", "prefix": "Model not found: "},
    {"code": "validation_error", "contains": "The provided model identifier is invalid"},
    {
        "code": "invalid_request_error",
        "prefix": "Deployment ",
        "suffix": " doesn't exist or isn't accessible.",
    },
)


def is_pinned_model_not_found(provider_code: str | None, message: str | None) -> bool:
    """lm15 ``errors.is_pinned_model_not_found`` (the MAP-15 table)."""
    if not provider_code:
        return False
    text = message or ""
    for form in _MODEL_NOT_FOUND_FORMS:
        if form["code"] != provider_code:
            continue
        if "prefix" in form and not text.startswith(form["prefix"]):
            continue
        if "contains" in form and form["contains"] not in text:
            continue
        if "suffix" in form and not text.endswith(form["suffix"]):
            continue
        return True
    return False


def error_detail(code: str, provider_code: str, message: str) -> ErrorDetail:
    """lm15's ``ErrorDetail(code, message or provider_code or "provider error",
    provider_code or "provider")``."""
    detail: ErrorDetail = new(
        ErrorDetail,
        code=code,
        message=message or provider_code or "provider error",
        provider_code=provider_code or "provider",
    )
    return detail


_MODEL_MARKERS: Final = (
    "not found",
    "does not exist",
    "not exist",
    "not supported",
    "unsupported",
    "not available",
    "unknown",
)


def is_model_error(message: str) -> bool:
    """lm15 ``_is_model_error`` (Anthropic, Gemini)."""
    lowered = message.lower()
    return "model" in lowered and any(marker in lowered for marker in _MODEL_MARKERS)


def gemini_str_exception(message: str, provider: str) -> str:
    """``str(ProviderError(message, provider=provider))`` as lm15 1.5.0 renders it
    (no status, request id or rate-limit diagnostics)."""
    head, sep, tail = message.partition("\n\n")
    return f"{head} ({provider})" + (f"\n\n{tail}" if sep else "")


def guarded(provider: str, parse: Callable[..., Any], *args: Any) -> Any:
    """Run a complete-body parser; a plain Python exception (lm15 would let its
    ``AttributeError``/``TypeError``/... escape) becomes a :class:`DecodeError`."""
    try:
        return parse(*args)
    except LmcodecError:
        raise
    except (AttributeError, TypeError, ValueError, KeyError, IndexError, RecursionError) as exc:
        raise DecodeError(
            f"{provider}: the body cannot be read as lm15 reads it: {type(exc).__name__}: {exc}"
        ) from exc


def parse_body(provider: str, parse: Callable[..., Any], body: bytes, request: Request | None) -> Any:
    """A provider's ``parse_response``: ``parse(data, model, request)`` over the body's JSON value,
    ``model`` the request's without the ``"<provider>:"`` prefix, guarded as :func:`guarded` says."""
    return guarded(provider, parse, load_body(body), wire_model(request, provider), request)


def error_frame_fields(payload: Any, first: str, second: str) -> tuple[str, str]:
    """An ``error`` stream frame's provider code and message, as lm15's OpenAI and Anthropic
    adapters read them (``first``/``second``: the keys of ``error`` tried for the code)."""
    err = payload.get("error")
    if isinstance(err, dict):
        provider_code = str(err.get(first) or err.get(second) or payload.get("code") or "provider")
        return provider_code, str(err.get("message") or payload.get("message") or "")
    provider_code = str(payload.get("code") or payload.get("error_type") or "provider")
    return provider_code, str(payload.get("message") or "")
