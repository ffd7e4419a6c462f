"""Access to ../shared/corpus (read in place, never copied) and strict JSON comparison."""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"

needs_corpus = pytest.mark.skipif(
    not CORPUS.is_dir(), reason=f"shared corpus not found at {CORPUS} (checkout without ../shared)"
)


@cache
def load_json(relative: str) -> Any:
    """A corpus JSON file, or an empty dict when the corpus is absent."""
    path = CORPUS / relative
    if not path.is_file():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


KIND_TYPES: dict[str, Any] = {
    "part": lc.Part,
    "message": lc.Message,
    "tool": lc.Tool,
    "config": lc.Config,
    "delta": lc.Delta,
    "stream_event": lc.StreamEvent,
    "usage": lc.Usage,
    "response": lc.Response,
    "request": lc.Request,
    "reasoning": lc.Reasoning,
    "tool_choice": lc.ToolChoice,
    "cache_config": lc.CacheConfig,
    "continuation_state": lc.ContinuationState,
    "token_logprob": lc.TokenLogprob,
    "error_detail": lc.ErrorDetail,
    "batch_entry": lc.BatchEntry,
    "batch_job": lc.BatchJobInfo,
    "batch_request": lc.BatchRequest,
    "cache_info": lc.CacheInfo,
    "cache_page": lc.CachePage,
    "cached_prefix": lc.CachedPrefix,
    "file_info": lc.FileInfo,
    "file_page": lc.FilePage,
    "file_upload_request": lc.FileUploadRequest,
    "image_generation_request": lc.ImageGenerationRequest,
    "image_generation_response": lc.ImageGenerationResponse,
    "speech_generation_request": lc.SpeechGenerationRequest,
    "speech_generation_response": lc.SpeechGenerationResponse,
    "video_generation_request": lc.VideoGenerationRequest,
    "video_job": lc.VideoJobInfo,
    "audio_format": lc.AudioFormat,
    "live_config": lc.LiveConfig,
    "live_client_event": lc.LiveClientEvent,
    "live_server_event": lc.LiveServerEvent,
    "model_info": lc.ModelInfo,
    "credential": lc.Credential,
}


def strict_equal(a: Any, b: Any, path: str = "$", *, nan_equal: bool = False) -> None:
    """Assert typed deep equality with key order: 1 != 1.0 != True, absent != null
    (and, with ``nan_equal``, NaN == NaN)."""
    assert type(a) is type(b), f"{path}: {type(a).__name__} {a!r} != {type(b).__name__} {b!r}"
    if isinstance(a, dict):
        assert list(a) == list(b), f"{path}: keys {list(a)} != {list(b)}"
        for key in a:
            strict_equal(a[key], b[key], f"{path}.{key}", nan_equal=nan_equal)
    elif isinstance(a, list):
        assert len(a) == len(b), f"{path}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            strict_equal(x, y, f"{path}[{i}]", nan_equal=nan_equal)
    elif nan_equal and isinstance(a, float) and math.isnan(a):
        assert math.isnan(b), f"{path}: {a!r} != {b!r}"
    else:
        assert a == b, f"{path}: {a!r} != {b!r}"


def has_fraction(value: Any) -> bool:
    """True when a non-integral float occurs anywhere in ``value``."""
    if isinstance(value, float):
        return not value.is_integer()
    if isinstance(value, dict):
        return any(has_fraction(v) for v in value.values())
    if isinstance(value, list):
        return any(has_fraction(v) for v in value)
    return False


OPAQUE_KEYS = frozenset(
    {"parameters", "schema", "input", "extensions", "data", "value", "provider_data", "response_format"}
)


def contract_equal(a: Any, b: Any, path: str = "$", *, opaque: bool = False) -> None:
    """The contract harness's comparison: typed equality; key order only inside opaque payloads."""
    assert type(a) is type(b), f"{path}: {type(a).__name__} {a!r} != {type(b).__name__} {b!r}"
    if isinstance(a, dict):
        if opaque:
            assert list(a) == list(b), f"{path}: opaque key order {list(a)} != {list(b)}"
        else:
            assert sorted(a) == sorted(b), f"{path}: keys {sorted(a)} != {sorted(b)}"
        for key in a:
            inner = opaque or key in OPAQUE_KEYS or (key == "config" and "name" in a)
            contract_equal(a[key], b[key], f"{path}.{key}", opaque=inner)
    elif isinstance(a, list):
        assert len(a) == len(b), f"{path}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            contract_equal(x, y, f"{path}[{i}]", opaque=opaque)
    else:
        assert a == b, f"{path}: {a!r} != {b!r}"
