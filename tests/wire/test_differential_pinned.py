"""Pinned differential cases vs lm15 1.5.0: what the properties might not reach every run, and the
cases they leave out (non-finite logprobs, single objects where lm15 needs a sequence)."""

from __future__ import annotations

import io
import json
from typing import Any

import lm15.types as lt
import msgspec
import pytest

import lmcodec as lc

from .lm15_trees import SERDE, Obj, check

# ─── Pinned cases the properties might not reach every run ───────────────────

_TEXT = Obj("TextPart", {"text": "hi"})
_ASSISTANT = Obj("Message", {"role": "assistant", "parts": [_TEXT]})

PINNED: list[tuple[str, Obj]] = [
    ("usage-none-vs-zero", Obj("Usage", {"input_tokens": 0, "output_tokens": None, "reasoning_tokens": 0})),
    ("usage-total-auto", Obj("Usage", {"input_tokens": 3, "output_tokens": 4.0})),
    ("usage-total-explicit", Obj("Usage", {"input_tokens": 3, "output_tokens": 4, "total_tokens": 0})),
    ("usage-empty", Obj("Usage", {})),
    ("reasoning-budget-only", Obj("Reasoning", {"thinking_budget": 2000})),
    ("reasoning-budget-only-float", Obj("Reasoning", {"thinking_budget": 8192.0})),
    ("reasoning-budget-huge", Obj("Reasoning", {"thinking_budget": 10**9, "summary": "auto"})),
    ("reasoning-off", Obj("Reasoning", {"effort": "off"})),
    ("reasoning-positional", Obj("Reasoning", {"effort": "high", "thinking_budget": 5}, npos=2)),
    (
        "config-coercions",
        Obj(
            "Config",
            {
                "max_tokens": 2.0,
                "temperature": 1,
                "top_p": 0,
                "top_k": 3.0,
                "seed": 0,
                "frequency_penalty": -2,
                "presence_penalty": 0.0,
                "store": False,
                "logprobs": 0.0,
            },
        ),
    ),
    ("config-stop-bare", Obj("Config", {"stop": "END"})),
    ("config-extensions-empty", Obj("Config", {"extensions": {}})),
    (
        "config-nested",
        Obj(
            "Config",
            {
                "tool_choice": Obj("ToolChoice", {"mode": "none"}),
                "reasoning": Obj("Reasoning", {"effort": "max"}),
                "cache": Obj("CacheConfig", {"mode": "off"}),
            },
        ),
    ),
    ("toolchoice-default", Obj("ToolChoice", {})),
    ("toolchoice-parallel-false", Obj("ToolChoice", {"parallel": False, "allowed": "f"})),
    ("cache-default", Obj("CacheConfig", {})),
    ("cache-index-float", Obj("CacheConfig", {"prefix_until_index": 0.0, "retention": "long"})),
    (
        "function-tool-empty-description",
        Obj("FunctionTool", {"name": "f", "description": "", "parameters": {}}),
    ),
    ("builtin-tool-empty-config", Obj("BuiltinTool", {"name": "web", "config": {}})),
    ("data-null", Obj("DataPart", {"value": None})),
    (
        "data-probabilities-int",
        Obj(
            "DataPart",
            {
                "value": {"a": 1},
                "probabilities": {"a": {"1": 1, "2": 0}},
                "method": "candidate_sequence_likelihood",
            },
        ),
    ),
    (
        "image-detail",
        Obj(
            "ImagePart",
            {
                "url": "http://x",
                "detail": "low",
                "continuation": Obj("ContinuationState", {"provider": "p", "kind": "k"}),
            },
        ),
    ),
    ("image-path", Obj("DocumentPart", {"path": "dir//a/./b.pdf"})),
    ("citation-order", Obj("CitationPart", {"url": "u", "title": "t", "text": "x"}, npos=3)),
    (
        "tool-call-big-ints",
        Obj(
            "ToolCallPart",
            {"id": "c", "name": "n", "input": {"z": 2**64, "a": -(2**70), "m": [1.5, 1e-05, 1e16]}},
        ),
    ),
    (
        "tool-result-error",
        Obj("ToolResultPart", {"id": "r", "content": [_TEXT], "name": "f", "is_error": True}),
    ),
    ("text-delta-empty", Obj("TextDelta", {"text": "", "logprobs_complete": False})),
    (
        "text-delta-logprobs-single",
        Obj(
            "TextDelta",
            {
                "text": "a",
                "logprobs": Obj(
                    "TokenLogprob",
                    {
                        "token": "a",
                        "logprob": -1,
                        "bytes": [],
                        "top": Obj("TopLogprob", {"token": "b", "logprob": 0}),
                    },
                ),
            },
        ),
    ),
    ("audio-delta-empty-data", Obj("AudioDelta", {"data": "", "part_index": 3.0})),
    ("continuation-delta-index", Obj("ContinuationDelta", {"provider": "p", "kind": "k", "part_index": 2})),
    ("continuation-delta-message", Obj("ContinuationDelta", {"provider": "p", "kind": "k"})),
    ("end-event-empty-usage", Obj("StreamEndEvent", {"usage": Obj("Usage", {}), "finish_reason": "stop"})),
    ("end-event-zero-usage", Obj("StreamEndEvent", {"usage": Obj("Usage", {"output_tokens": 0})})),
    (
        "start-event-adaptations",
        Obj(
            "StreamStartEvent",
            {
                "adaptations": [
                    Obj(
                        "Adaptation", {"field": "config.seed", "action": "dropped", "reason": "r", "asked": 0}
                    )
                ]
            },
        ),
    ),
    (
        "error-event-http",
        Obj(
            "StreamErrorEvent",
            {
                "error": Obj(
                    "ErrorDetail",
                    {
                        "code": "rate_limit",
                        "message": "",
                        "http_response": {
                            "rate_limit_headers": {"Retry-After": ["1", "2"], "authorization": ["x"]},
                            "retry_after": 3,
                            "request_id": "req",
                        },
                    },
                )
            },
        ),
    ),
    (
        "system-parts",
        Obj(
            "Request",
            {
                "model": "m",
                "messages": Obj("Message", {"role": "developer", "parts": _TEXT}),
                "system": [_TEXT, Obj("ImagePart", {"file_id": "f"})],
            },
        ),
    ),
    ("system-single-part", Obj("Request", {"model": "m", "messages": [_ASSISTANT], "system": _TEXT})),
    (
        "request-tools",
        Obj(
            "Request",
            {
                "model": "m",
                "messages": [_ASSISTANT],
                "tools": Obj("FunctionTool", {"name": "f"}),
                "config": Obj("Config", {"tool_choice": Obj("ToolChoice", {"allowed": "f"})}),
            },
        ),
    ),
    (
        "response-empty-logprobs",
        Obj(
            "Response",
            {
                "id": None,
                "model": "m",
                "message": _ASSISTANT,
                "finish_reason": "stop",
                "usage": Obj("Usage", {}),
                "logprobs": (),
            },
        ),
    ),
    (
        "response-positional",
        Obj(
            "Response",
            {
                "id": "r",
                "model": "m",
                "message": _ASSISTANT,
                "finish_reason": "length",
                "usage": Obj("Usage", {"input_tokens": 1}),
                "logprobs": None,
                "provider_data": {"k": 1},
                "adaptations": (
                    Obj("Adaptation", {"field": "f", "action": "clamped", "reason": "r", "applied": 1.0}),
                ),
                "logprobs_complete": False,
            },
            npos=8,
        ),
    ),
]


@pytest.mark.parametrize(("label", "node"), PINNED, ids=[label for label, _ in PINNED])
@pytest.mark.parametrize("include_provider_data", [False, True])
def test_pinned_cases(label: str, node: Obj, include_provider_data: bool) -> None:
    """Hand-picked corner cases from the brief and the lm15 serde rules, all valid in lm15."""
    assert check(node, include_provider_data=include_provider_data), f"{label}: expected a valid object"


# ─── Known disagreements (pinned; kept out of the property strategies) ───────

_FILE = Obj("FileInfo", {"id": "file-1"})
_REQUEST = Obj("Request", {"model": "m", "messages": [Obj("Message", {"role": "user", "parts": [_TEXT]})]})
_ADAPTATION = Obj("Adaptation", {"field": "config.seed", "action": "dropped", "reason": "r"})
_IMAGE = Obj("ImagePart", {"url": "http://x/i.png"})

SINGLE_WHERE_LM15_NEEDS_A_SEQUENCE = [
    Obj("ToolResultPart", {"id": "call-1", "content": _TEXT}),
    Obj("LiveClientToolResultEvent", {"id": "call-1", "content": _TEXT}),
    Obj("StreamStartEvent", {"adaptations": _ADAPTATION}),
    Obj(
        "Response",
        {
            "id": None,
            "model": "m",
            "message": _ASSISTANT,
            "finish_reason": "stop",
            "usage": Obj("Usage", {}),
            "adaptations": _ADAPTATION,
        },
    ),
    Obj("FilePage", {"items": _FILE}),
    Obj("CachePage", {"items": Obj("CacheInfo", {"id": "c", "model": "m"})}),
    Obj("BatchRequest", {"requests": _REQUEST}),
    Obj("ImageGenerationRequest", {"model": "m", "prompt": "p", "images": _IMAGE}),
    Obj("VideoGenerationRequest", {"model": "m", "prompt": "p", "images": _IMAGE}),
    Obj("ImageGenerationResponse", {"images": _IMAGE}),
]


@pytest.mark.parametrize("node", SINGLE_WHERE_LM15_NEEDS_A_SEQUENCE, ids=lambda n: n.name)
def test_single_object_where_lm15_requires_a_sequence(node: Obj) -> None:
    """lm15 raises TypeError for one object where a sequence is required; so does lmcodec."""
    check(node)


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")], ids=["nan", "inf", "-inf"])
@pytest.mark.parametrize("name", ["TokenLogprob", "TopLogprob"])
def test_non_finite_logprob(name: str, value: float) -> None:
    """Both libraries accept a NaN/inf logprob; lmcodec writes lm15's bytes (json.dumps: NaN,
    Infinity), reads them back with lenient=True and rejects them, with a hint, by default."""
    lm_obj = getattr(lt, name)(token="a", logprob=value)
    lc_obj = getattr(lc, name)(token="a", logprob=value)
    to_dict, target = SERDE[name]
    lm_text = json.dumps(to_dict(lm_obj), separators=(",", ":"), ensure_ascii=False).encode()
    assert lc.encode(lc_obj) == lm_text
    got = lc.to_builtins(lc_obj)["logprob"]
    assert type(got) is float and repr(got) == repr(value)
    with pytest.raises(lc.DecodeError, match="lenient=True"):
        lc.decode(lm_text, target)
    back = lc.decode(lm_text, target, lenient=True)
    assert lc.encode(back) == lm_text and repr(back.logprob) == repr(value)
    nested = (
        lc.Response(
            None,
            "m",
            lc.Message.assistant("x"),
            "stop",
            lc.Usage(),
            logprobs=[lc.TokenLogprob("t", 0.0, top=[lc_obj])],
        )
        if name == "TopLogprob"
        else lc.Response(None, "m", lc.Message.assistant("x"), "stop", lc.Usage(), [lc_obj])
    )
    assert lc.encode(lc.decode(lc.encode(nested), lc.Response, lenient=True)) == lc.encode(nested)
    assert lc.encode(lc.msgpack.decode(lc.msgpack.encode(nested), lc.Response)) == lc.encode(nested)
    stream = io.BytesIO()
    lc.msgpack.write_stream(stream, [nested])
    records = lc.msgpack.read_stream(stream.getvalue(), lc.Response)
    assert [lc.encode(r) for r in records] == [lc.encode(nested)]
    assert lc.encode(lc.from_builtins(lc.to_builtins(nested), lc.Response)) == lc.encode(nested)
    from_lm15_dict = lc.from_builtins(to_dict(lm_obj), target)  # lm15's own dict, float('nan') and all
    assert lc.encode(from_lm15_dict) == lm_text


def test_non_finite_elsewhere_stays_rejected_in_msgpack_and_builtins() -> None:
    """Only a logprob may be non-finite: a NaN temperature is refused on every path."""
    value = {
        "model": "m",
        "messages": [{"role": "user", "parts": [{"type": "text", "text": "x"}]}],
        "config": {"temperature": float("nan")},
    }
    with pytest.raises(lc.ValidationError):
        lc.from_builtins(value, lc.Request)
    packed = msgspec.msgpack.encode(value)
    with pytest.raises(lc.ValidationError):
        lc.msgpack.decode(packed, lc.Request)
    both = {**value, "config": {"temperature": float("inf")}}  # with a NaN logprob beside it
    turn = {"request": both, "response": lc.to_builtins(_NAN_LOGPROB_RESPONSE)}
    with pytest.raises(lc.ValidationError):
        lc.from_builtins(turn, lc.Turn)
    with pytest.raises(lc.ValidationError):
        lc.msgpack.decode(msgspec.msgpack.encode(turn), lc.Turn)


_NAN_LOGPROB_RESPONSE = lc.Response(
    None, "m", lc.Message.assistant("x"), "stop", lc.Usage(), [lc.TokenLogprob("t", float("nan"))]
)


@pytest.mark.parametrize(
    "text",
    [
        b'{"type":"data","value":{"logprob":NaN}}',  # an opaque payload stays strict JSON
        b'{"type":"data","value":NaN}',
    ],
)
def test_non_finite_outside_a_logprob_is_rejected(text: bytes) -> None:
    with pytest.raises(lc.DecodeError):
        lc.decode(text, lc.Part, lenient=True)


def test_non_finite_config_is_rejected() -> None:
    text = (
        b'{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"x"}]}],'
        b'"config":{"temperature":NaN}}'
    )
    with pytest.raises(lc.DecodeError):
        lc.decode(text, lc.Request, lenient=True)


@pytest.mark.parametrize("field", ["asked", "applied"])
def test_adaptation_tuple_payload(field: str) -> None:
    """Adaptation(..., asked=(1, (2,))) is valid in lm15 and writes [1,[2]]."""
    check(Obj("Adaptation", {"field": "f", "action": "clamped", "reason": "r", field: (1, (2,))}))


@pytest.mark.parametrize(
    "kwargs",
    [{"mode": "off", "prefix_until_index": 2.5}, {"prefix": "stable", "prefix_until_index": True}],
    ids=["off", "prefix"],
)
def test_cache_config_check_order(kwargs: dict[str, Any]) -> None:
    """With two faults both report the combination rule (ValueError), not the mistyped index."""
    check(Obj("CacheConfig", kwargs))
    with pytest.raises(ValueError, match="cannot specify"):
        lc.CacheConfig(**kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"total_tokens": -1, "cache_read_tokens": False},
        {"total_tokens": "1", "output_audio_tokens": -2},
        {"input_tokens": -1, "total_tokens": 1.5},
    ],
)
def test_usage_faults_are_found_in_lm15s_order(kwargs: dict[str, Any]) -> None:
    """With several bad counts, the error is the one lm15 raises: it checks total_tokens last."""
    with pytest.raises(Exception) as theirs:
        lt.Usage(**kwargs)
    with pytest.raises(Exception) as ours:
        lc.Usage(**kwargs)
    assert (type(ours.value), str(ours.value)) == (type(theirs.value), str(theirs.value))
