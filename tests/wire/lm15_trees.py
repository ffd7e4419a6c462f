"""Argument trees built through lm15.types and lmcodec side by side, and the checks that compare them.

See test_differential_core.py for the properties these support.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Callable
from typing import Any

import lm15.serde as ls
import lm15.types as lt
from hypothesis import HealthCheck, settings
from lm15.adaptation import adaptation_to_dict

import lmcodec as lc

from ..budget import examples
from ..corpus import strict_equal

SETTINGS = settings(
    max_examples=examples(100),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# ─── Argument trees and the two builders ─────────────────────────────────────


@dataclasses.dataclass(frozen=True)
class Obj:
    """Constructor call ``name(**kwargs)``; the first ``npos`` arguments of lm15's order go positionally."""

    name: str
    kwargs: dict[str, Any]
    npos: int = 0

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.kwargs.items())
        return f"{self.name}({args})" + (f"[npos={self.npos}]" if self.npos else "")


MISSING: Any = object()
"""A 'bad value' that deletes the argument instead (a missing required argument)."""


class Patch(dict):  # type: ignore[type-arg]
    """A 'bad value' that updates several arguments at once (MISSING deletes one)."""


def _positional(name: str) -> tuple[str, ...]:
    cls = getattr(lt, name)
    return tuple(f.name for f in dataclasses.fields(cls) if f.init and not f.kw_only)


def build(value: Any, side: str) -> Any:
    """Build an argument tree through lm15 (``side='lm'``) or lmcodec (``side='lc'``).

    Containers are copied so the two sides never share a mutable payload.
    """
    if isinstance(value, Obj):
        cls = getattr(lt if side == "lm" else lc, value.name)
        kwargs = {k: build(v, side) for k, v in value.kwargs.items()}
        args = []
        for field_name in _positional(value.name)[: value.npos]:
            if field_name not in kwargs:
                break
            args.append(kwargs.pop(field_name))
        return cls(*args, **kwargs)
    if isinstance(value, list):
        return [build(v, side) for v in value]
    if isinstance(value, tuple):
        return tuple(build(v, side) for v in value)
    if isinstance(value, dict):
        return {k: build(v, side) for k, v in value.items()}
    return value


def _kind(exc: BaseException) -> str:
    if isinstance(exc, TypeError):
        return "TypeError"
    if isinstance(exc, ValueError):
        return "ValueError"
    return type(exc).__name__


def construct(node: Obj) -> tuple[Any, Any] | None:
    """Both objects, or None when both constructors raised the same exception class."""
    lm_exc: BaseException | None = None
    lc_exc: BaseException | None = None
    lm_obj = lc_obj = None
    try:
        lm_obj = build(node, "lm")
    except (TypeError, ValueError) as exc:
        lm_exc = exc
    try:
        lc_obj = build(node, "lc")
    except (TypeError, ValueError) as exc:
        lc_exc = exc
    if lm_exc is not None:
        assert lc_exc is not None, f"lm15 raised {_kind(lm_exc)} ({lm_exc}) but lmcodec accepted {node!r}"
        assert _kind(lc_exc) == _kind(lm_exc), (
            f"lm15 raised {_kind(lm_exc)} ({lm_exc}), lmcodec raised {_kind(lc_exc)} ({lc_exc}) for {node!r}"
        )
        return None
    assert lc_exc is None, f"lmcodec raised {_kind(lc_exc)} ({lc_exc}) but lm15 accepted {node!r}"
    return lm_obj, lc_obj


# ─── lm15 serializer and lmcodec target type per class ───────────────────────

_PARTS = (
    "TextPart ThinkingPart RefusalPart CitationPart ImagePart AudioPart VideoPart DocumentPart BinaryPart "
    "ToolCallPart ToolResultPart DataPart"
).split()
_DELTAS = (
    "TextDelta ThinkingDelta AudioDelta ImageDelta ToolCallDelta CitationDelta ContinuationDelta".split()
)
_EVENTS = "StreamStartEvent StreamDeltaEvent StreamEndEvent StreamErrorEvent".split()
_LIVE_CLIENT = (
    "LiveClientTurnEvent LiveClientAudioEvent LiveClientImageEvent LiveClientTextEvent "
    "LiveClientToolResultEvent LiveClientInterruptEvent LiveClientEndAudioEvent"
).split()
_LIVE_SERVER = (
    "LiveServerAudioEvent LiveServerTextEvent LiveServerToolCallEvent LiveServerToolCallDeltaEvent "
    "LiveServerInterruptedEvent LiveServerTurnEndEvent LiveServerUsageEvent LiveServerErrorEvent"
).split()

SERDE: dict[str, tuple[Callable[..., Any], Any]] = {
    **{n: (ls.part_to_dict, lc.Part) for n in _PARTS},
    **{n: (ls.delta_to_dict, lc.Delta) for n in _DELTAS},
    **{n: (ls.stream_event_to_dict, lc.StreamEvent) for n in _EVENTS},
    **{n: (ls.live_client_event_to_dict, lc.LiveClientEvent) for n in _LIVE_CLIENT},
    **{n: (ls.live_server_event_to_dict, lc.LiveServerEvent) for n in _LIVE_SERVER},
    "FunctionTool": (ls.tool_to_dict, lc.Tool),
    "BuiltinTool": (ls.tool_to_dict, lc.Tool),
    "ContinuationState": (ls.continuation_to_dict, lc.ContinuationState),
    "Message": (ls.message_to_dict, lc.Message),
    "Config": (ls.config_to_dict, lc.Config),
    "Reasoning": (ls.reasoning_to_dict, lc.Reasoning),
    "CacheConfig": (ls.cache_config_to_dict, lc.CacheConfig),
    "ToolChoice": (ls.tool_choice_to_dict, lc.ToolChoice),
    "Usage": (ls.usage_to_dict, lc.Usage),
    "TokenLogprob": (ls.token_logprob_to_dict, lc.TokenLogprob),
    "TopLogprob": (ls._top_logprob_to_dict, lc.TopLogprob),
    "ErrorDetail": (ls.error_detail_to_dict, lc.ErrorDetail),
    "Adaptation": (adaptation_to_dict, lc.Adaptation),
    "Request": (ls.request_to_dict, lc.Request),
    "Response": (ls.response_to_dict, lc.Response),
    "FileInfo": (ls.file_info_to_dict, lc.FileInfo),
    "FilePage": (ls.file_page_to_dict, lc.FilePage),
    "CacheInfo": (ls.cache_info_to_dict, lc.CacheInfo),
    "BatchJobInfo": (ls.batch_job_to_dict, lc.BatchJobInfo),
    "BatchEntry": (ls.batch_entry_to_dict, lc.BatchEntry),
    "VideoJobInfo": (ls.video_job_to_dict, lc.VideoJobInfo),
    "ImageGenerationRequest": (ls.image_generation_request_to_dict, lc.ImageGenerationRequest),
    "ImageGenerationResponse": (ls.image_generation_response_to_dict, lc.ImageGenerationResponse),
    "SpeechGenerationRequest": (ls.speech_generation_request_to_dict, lc.SpeechGenerationRequest),
    "VideoGenerationRequest": (ls.video_generation_request_to_dict, lc.VideoGenerationRequest),
    "FileUploadRequest": (ls.file_upload_request_to_dict, lc.FileUploadRequest),
    "BatchRequest": (ls.batch_request_to_dict, lc.BatchRequest),
    "CachePage": (ls.cache_page_to_dict, lc.CachePage),
    "CachedPrefix": (ls.cached_prefix_to_dict, lc.CachedPrefix),
    "SpeechGenerationResponse": (ls.speech_generation_response_to_dict, lc.SpeechGenerationResponse),
    "AudioFormat": (ls.audio_format_to_dict, lc.AudioFormat),
    "LiveConfig": (ls.live_config_to_dict, lc.LiveConfig),
}


# ─── Typed JSON comparison ───────────────────────────────────────────────────


def typed_equal(a: Any, b: Any, path: str = "$") -> None:
    """Assert typed deep equality with key order: 1 != 1.0 != True, absent != null, NaN == NaN."""
    strict_equal(a, b, path, nan_equal=True)


def _float_spelling_may_differ(value: Any) -> bool:
    """True when a float whose Python repr uses an exponent (or is non-finite) occurs in ``value``."""
    if isinstance(value, float):
        return not math.isfinite(value) or "e" in repr(value)
    if isinstance(value, dict):
        return any(_float_spelling_may_differ(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_float_spelling_may_differ(v) for v in value)
    return False


def check_wire(lm_obj: Any, lc_obj: Any, *, include_provider_data: bool = False) -> None:
    """Properties (1) and (2) for one valid pair of objects."""
    to_dict, target = SERDE[type(lm_obj).__name__]
    kw: dict[str, Any] = {}
    lm_kw: dict[str, Any] = {}
    if type(lm_obj).__name__ == "Response":
        kw = {"include_provider_data": include_provider_data}
        lm_kw = kw
    lm_value = to_dict(lm_obj, **lm_kw)
    lm_text = json.dumps(lm_value, separators=(",", ":"), ensure_ascii=False)
    expected = json.loads(lm_text)

    # (1) encode / to_builtins == lm15 to_dict
    out = lc.encode(lc_obj, **kw)
    typed_equal(json.loads(out), expected)
    if not _float_spelling_may_differ(expected):
        assert out == lm_text.encode(), f"bytes differ:\n lmcodec {out!r}\n lm15    {lm_text.encode()!r}"
    typed_equal(lc.to_builtins(lc_obj, **kw), expected)

    # (2) lm15's JSON decodes into an equal object that re-encodes identically
    decoded = lc.decode(lm_text.encode(), target)
    assert lc.decode(json.dumps(lm_value).encode(), target) == decoded  # json.dumps defaults: spaces, \uXXXX
    typed_equal(json.loads(lc.encode(decoded, **kw)), expected)
    typed_equal(json.loads(lc.encode(lc.from_builtins(expected, target), **kw)), expected)
    provider_data_dropped = (
        type(lc_obj).__name__ == "Response" and lc_obj.provider_data is not None and not include_provider_data
    )
    if not provider_data_dropped:
        assert decoded == lc_obj, f"decoded {decoded!r} != constructed {lc_obj!r}"

    # (3) lc.replace with no change copies the object as dataclasses.replace copies lm15's
    copied = lc.replace(lc_obj)
    assert copied == lc_obj and type(copied) is type(lc_obj)
    lm_copied = to_dict(dataclasses.replace(lm_obj), **lm_kw)
    typed_equal(json.loads(lc.encode(copied, **kw)), json.loads(json.dumps(lm_copied)))


def check(node: Obj, *, include_provider_data: bool = False) -> bool:
    """Build ``node`` on both sides and check all three properties; True when it was valid."""
    pair = construct(node)
    if pair is None:
        return False
    check_wire(*pair, include_provider_data=include_provider_data)
    return True
