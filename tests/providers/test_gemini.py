"""Gemini generateContent wire: lmcodec.providers.gemini.stream against lm15 1.5.0's GeminiLM.

Covers ``streamGenerateContent?alt=sse`` bodies (LF and CRLF framing), the
JSON-array body of ``streamGenerateContent`` without ``alt=sse`` (lm15 has no
reader for it: it must decode to the events of the same chunks sent as SSE),
and complete ``generateContent`` bodies.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import decode_response
from lmcodec.providers.gemini import stream as lcg
from lmcodec.providers.gemini.stream import ArrayFramer
from lmcodec.providers.gemini.views import compact_json

from ..corpus import strict_equal
from .provider_support import (
    SEEDS,
    Raised,
    body_id,
    check_body_value,
    check_complete_body,
    check_complete_mutations,
    check_frames,
    check_mutations,
    check_stream_body,
    complete_bodies,
    frames_of,
    lc_feed_each,
    lc_stream,
    lm15_stream,
    needs_bodies,
    requests_for,
    split_at,
    sse_body,
    stream_bodies,
    stream_seeds,
)

P = "gemini"
STREAMS = stream_bodies(P)
COMPLETE = complete_bodies(P)


@needs_bodies
def test_corpus_has_the_bodies() -> None:
    assert len(STREAMS) == 7  # 6 streaming, 1 streaming_tool_call (CRLF framing)
    assert len(COMPLETE) == 114
    assert any(b"\r\n\r\n" in p.read_bytes() for p in STREAMS)


@pytest.mark.parametrize("path", STREAMS, ids=body_id)
def test_stream_body(path: Path) -> None:
    check_stream_body(P, path)


@pytest.mark.parametrize("path", COMPLETE, ids=body_id)
def test_complete_body(path: Path) -> None:
    check_complete_body(P, path)


@pytest.mark.parametrize("frames", SEEDS[P], ids=["every-part-kind", "errors"])
def test_synthetic_streams(frames: list[Any]) -> None:
    check_frames(P, frames)


def test_mutated_streams() -> None:
    assert check_mutations(P, stream_seeds(P), rounds=300, seed=41) > 0


def test_mutated_complete_bodies() -> None:
    bodies = [json.loads(p.read_bytes()) for p in COMPLETE[::4]]
    if not bodies:
        pytest.skip("corpus absent")
    check_complete_mutations(P, bodies, rounds=200, seed=42)


# -- the JSON-array body (streamGenerateContent without alt=sse) ---------------------------


def as_json_array(sse: bytes, *, indent: int | None = 2, sep: str = "\r\n,\r\n") -> bytes:
    """The chunks of an SSE body as the JSON array Gemini sends without alt=sse."""
    chunks = [json.dumps(value, indent=indent, ensure_ascii=False) for _, value in frames_of(sse)]
    return ("[" + sep.join(chunks) + "]").encode("utf-8")


def array_bodies() -> list[tuple[str, bytes]]:
    out = [(body_id(p), p.read_bytes()) for p in STREAMS]
    out += [(f"seed{i}", sse_body(frames)) for i, frames in enumerate(SEEDS[P])]
    return out


@pytest.mark.parametrize(("name", "sse"), array_bodies(), ids=[n for n, _ in array_bodies()])
def test_json_array_body_decodes_like_sse(name: str, sse: bytes) -> None:
    req15, reqlc = requests_for()
    expected = lm15_stream(P, sse, req15)
    assert not isinstance(expected, Raised)
    for body in (
        as_json_array(sse),
        as_json_array(sse, indent=None, sep=","),
        b"\n " + as_json_array(sse) + b"\n",
    ):
        got = lc_stream(P, [body], reqlc)
        assert not isinstance(got, Raised), got
        strict_equal(got, expected, name)
        strict_equal(
            lc_feed_each(P, [body[i : i + 7] for i in range(0, len(body), 7)], reqlc), expected, name
        )


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_json_array_random_splits(data: st.DataObject) -> None:
    name, sse = data.draw(st.sampled_from(array_bodies()))
    body = as_json_array(sse)
    cuts = data.draw(st.lists(st.integers(0, len(body)), max_size=12))
    req15, reqlc = requests_for()
    strict_equal(lc_feed_each(P, split_at(body, cuts), reqlc), lm15_stream(P, sse, req15), name)


def test_array_framer() -> None:
    framer = ArrayFramer()
    assert framer.feed_data(b'  [{"a": "]},\\"["}, {"b') == [b'{"a": "]},\\"["}']
    assert framer.feed_data(b'": [1, {"c": 2}]}\r\n]  ') == [b'{"b": [1, {"c": 2}]}']
    assert framer.close_data() == []
    framer = ArrayFramer()
    assert framer.feed_data(b'[{"a": 1}, {"b": "x') == [b'{"a": 1}']
    assert framer.close_data() == [b'{"b": "x']  # unfinished: the stream decoder drops it as truncated
    for bad in (b'{"a": 1}', b"[1,,2]", b"[1]x", b"[}"):
        with pytest.raises(lc.DecodeError):
            f = ArrayFramer()
            f.feed_data(bad)
            f.close_data()


def test_json_array_truncated() -> None:
    sse = sse_body(SEEDS[P][0])
    body = as_json_array(sse)
    decoder = lc.stream.Decoder(P, request=requests_for()[1])
    events = decoder.feed(body[: len(body) // 2]) + decoder.close()
    assert decoder.stats.truncated == 1
    assert events and all(e.type != "end" for e in events)


# -- the edge cases of notes/providers.md §4, each against lm15 --------------------------


def chunk(*parts: Any, finish: Any = None, usage: Any = "absent", **extra: Any) -> dict[str, Any]:
    cand: dict[str, Any] = {"content": {"parts": list(parts), "role": "model"}, "index": 0}
    if finish is not None:
        cand["finishReason"] = finish
    out: dict[str, Any] = {"candidates": [cand], **extra}
    if usage != "absent":
        out["usageMetadata"] = usage
    return out


TEXT = chunk({"text": "Hi"}, usage={"promptTokenCount": 3, "candidatesTokenCount": 1, "totalTokenCount": 4})
STOP = chunk(
    {"text": "!"},
    finish="STOP",
    usage={"promptTokenCount": 3, "candidatesTokenCount": 2, "totalTokenCount": 5},
)

EDGE_STREAMS: dict[str, list[Any]] = {
    "usage-only-after-finish-overwrites-length": [
        TEXT,
        chunk({"text": "x"}, finish="MAX_TOKENS"),
        {"usageMetadata": {"promptTokenCount": 3}},
    ],
    "usage-only-null": [TEXT, {"usageMetadata": None}],
    "usage-empty": [TEXT, chunk(finish="STOP", usage={})],
    "usage-proto3-defaults": [
        chunk(
            {"text": "a"},
            finish="STOP",
            usage={"promptTokenCount": 3, "totalTokenCount": 9, "thoughtsTokenCount": 6},
        )
    ],
    "usage-audio-modality": [
        chunk(
            {"text": "a"},
            finish="STOP",
            usage={
                "promptTokensDetails": [{"modality": "AUDIO", "tokenCount": 2}, {"modality": "AUDIO"}],
                "responseTokensDetails": [{"modality": "AUDIO", "tokenCount": 4}],
                "responseTokenCount": 4,
            },
        )
    ],
    "no-usage-finish": [chunk({"text": "a"}, finish="STOP")],
    "chunk-with-usage-no-finish": [TEXT, TEXT],
    "args-null": [chunk({"functionCall": {"name": "f", "args": None}}), STOP],
    "args-missing": [chunk({"functionCall": {"name": "f"}}), STOP],
    "args-floats-and-unicode": [
        chunk({"functionCall": {"name": "f", "args": {"x": 1e-05, "y": 1e5, "z": "é", "w": [True, None]}}})
    ],
    "call-signature-inside": [chunk({"functionCall": {"name": "f", "args": {}, "thoughtSignature": "s"}})],
    "call-signature-empty-on-part": [
        chunk({"functionCall": {"name": "f", "thoughtSignature": "s"}, "thoughtSignature": ""})
    ],
    "call-not-object": [chunk({"functionCall": None, "inlineData": {"mimeType": "image/png", "data": "x"}})],
    "call-id-and-tool-finish": [chunk({"functionCall": {"id": "c1", "name": "f"}}, finish="STOP")],
    "thought-signature-text-less-dropped": [chunk({"thought": True, "thoughtSignature": "sig"}), TEXT],
    "thought-then-text-share-slot": [
        chunk({"text": "think", "thought": True}),
        chunk({"text": "answer", "thoughtSignature": "s"}),
        STOP,
    ],
    "text-null-and-empty": [chunk({"text": None}, {"text": ""}), STOP],
    "thought-falsy": [chunk({"text": "a", "thought": False}, {"text": "b", "thought": 0})],
    "inline-other-mime": [
        chunk({"inlineData": {"mimeType": "application/pdf", "data": "x"}}, {"inlineData": {"data": "y"}}),
        {"usageMetadata": {}},
    ],
    "inline-audio-empty": [chunk({"inlineData": {"mimeType": "audio/L16", "data": ""}})],
    "file-data-and-code-ignored": [
        chunk({"fileData": {"fileUri": "u"}}, {"executableCode": {"code": "1"}}, {"text": "a"})
    ],
    "parts-not-objects": [chunk("x", 5, {"text": "third"})],
    "candidate-not-object": [{"candidates": ["x"], "usageMetadata": {"promptTokenCount": 1}}],
    "no-candidates": [{"candidates": [], "usageMetadata": {"promptTokenCount": 1}}],
    "logprobs-first-text-only": [
        chunk({"text": "a"}, {"text": "b"}, logprobsResult=None),
        {
            "candidates": [
                {
                    "content": {"parts": [{"text": "a"}, {"text": "b"}]},
                    "logprobsResult": {
                        "chosenCandidates": [{"token": "a", "logProbability": -1, "tokenId": 3}, "x"],
                        "topCandidates": [{"candidates": [{"token": "a"}]}],
                    },
                }
            ]
        },
    ],
    "finish-other": [
        chunk({"text": "a"}, finish="OTHER"),
        chunk({"text": "b"}, finish="FINISH_REASON_UNSPECIFIED"),
    ],
    "finish-not-string": [chunk({"text": "a"}, finish=1)],
    "inband-safety": [TEXT, chunk({"text": "drop me"}, finish="SAFETY")],
    "inband-finish-message": [TEXT, chunk(finish="MALFORMED_FUNCTION_CALL", finishMessage="bad call")],
    "prompt-blocked": [{"promptFeedback": {"blockReason": "SAFETY"}}],
    "prompt-block-unspecified": [{"promptFeedback": {"blockReason": "BLOCK_REASON_UNSPECIFIED"}}, TEXT],
    "error-key-null": [TEXT, {"error": None}],
    "error-status": [{"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "message": "Quota exceeded"}}],
    "error-code-only": [{"error": {"code": 400, "message": "Request payload too long"}}],
    "error-not-found-model": [{"error": {"status": "NOT_FOUND", "message": "models/x is not found"}}],
    "payload-not-object": [[1], TEXT],
    "empty-data": ["", TEXT],
    # lm15 raises on these: lmcodec raises StreamDecodeError
    "done-is-not-json": [TEXT, STOP, "[DONE]"],
    "candidates-object": [{"candidates": {"a": 1}}],
    "usage-string": [chunk({"text": "a"}, finish="STOP", usage={"promptTokenCount": "3"})],
    "modality-count-string": [
        chunk(
            {"text": "a"},
            finish="STOP",
            usage={"promptTokensDetails": [{"modality": "AUDIO", "tokenCount": "2"}]},
        )
    ],
}


@pytest.mark.parametrize("name", list(EDGE_STREAMS))
def test_edge_streams(name: str) -> None:
    check_frames(P, EDGE_STREAMS[name])


def test_edge_expectations() -> None:
    got = check_frames(P, EDGE_STREAMS["usage-only-after-finish-overwrites-length"])
    assert not isinstance(got, Raised) and got[-1]["finish_reason"] == "stop"
    got = check_frames(P, EDGE_STREAMS["args-null"])
    assert not isinstance(got, Raised) and got[1]["delta"]["input"] == "null"
    got = check_frames(P, EDGE_STREAMS["inband-safety"])
    assert not isinstance(got, Raised)
    assert got[-1] == {
        "type": "error",
        "error": {
            "code": "invalid_request",
            "message": "Candidate blocked: SAFETY (gemini)",
            "provider_code": "inband_finish_reason",
        },
    }
    assert isinstance(check_frames(P, EDGE_STREAMS["candidates-object"]), Raised)


def test_model_is_the_request_model() -> None:
    got = check_frames(P, [TEXT], request_model="gemini:gemini-2.5-flash")
    assert not isinstance(got, Raised) and got[0] == {"type": "start", "model": "gemini:gemini-2.5-flash"}
    response = decode_response(P, json.dumps(STOP).encode(), request=requests_for("gemini:gemini-x")[1])
    assert response.model == "gemini-x"
    response = decode_response(P, json.dumps({**STOP, "modelVersion": "v"}).encode())
    assert response.model == "v"  # without a request: modelVersion (lm15 always has a request)


EDGE_BODIES: dict[str, Any] = {
    "prompt-blocked": {"promptFeedback": {"blockReason": "OTHER"}},
    "inband-finish": {"candidates": [{"finishReason": "RECITATION", "finishMessage": "m"}]},
    "error-envelope-parses": {"error": {"code": 400, "message": "bad", "status": "INVALID_ARGUMENT"}},
    "candidates-object": {"candidates": {"a": 1}},
    "parts": {
        "responseId": "r",
        "candidates": [
            {
                "content": {
                    "parts": [
                        {"text": "t", "thought": True, "thoughtSignature": "s"},
                        {"text": "Hello world"},
                        {"functionCall": {"name": "f", "args": {"a": 1}}, "thoughtSignature": "s2"},
                        {"functionCall": {"name": "g", "args": None, "id": "c"}},
                        {"inlineData": {"mimeType": "image/png", "data": "iVBO"}},
                        {"inlineData": {"mimeType": "audio/wav", "data": "UklG"}},
                        {"inlineData": {"mimeType": "text/plain", "data": "aGk="}},
                        {"inlineData": {"mimeType": "image/png", "data": ""}},
                        {"fileData": {"fileUri": "gs://x", "mimeType": "application/pdf"}},
                        {"fileData": {"mimeType": "image/png"}},
                        {"executableCode": {"code": "1"}},
                        {"thought": True, "thoughtSignature": "only"},
                        {},
                        "junk",
                    ]
                },
                "finishReason": "STOP",
                "groundingMetadata": {
                    "groundingChunks": [
                        {"web": {"uri": "https://a", "title": "A"}},
                        {"retrievedContext": {"url": "u"}},
                        "x",
                    ],
                    "groundingSupports": [
                        {
                            "segment": {"startIndex": 0, "endIndex": 5},
                            "groundingChunkIndices": [0, 1, 0, 9, "1"],
                        },
                        {"segment": {"text": "world"}, "groundingChunkIndices": [0]},
                        {"groundingChunkIndices": None},
                        "y",
                    ],
                },
                "logprobsResult": {"chosenCandidates": [{"token": "a", "logProbability": -0.5}]},
            }
        ],
        "usageMetadata": {"promptTokenCount": 2, "candidatesTokenCount": 3},
    },
    "unnamed-call": {"candidates": [{"content": {"parts": [{"functionCall": {"args": {}}}]}}]},
    "empty": {},
    "not-object": b"[1]",
}


@pytest.mark.parametrize("name", list(EDGE_BODIES))
def test_edge_bodies(name: str) -> None:
    check_body_value(P, EDGE_BODIES[name])


def test_error_table_matches_lm15() -> None:
    from lm15.errors import canonical_error_code
    from lm15.providers.gemini import GeminiLM

    assert {k: canonical_error_code(v) for k, v in GeminiLM._error_status_map.items()} == lcg.ERROR_STATUSES
    for reason in lcg.CANDIDATE_FINISH_ERRORS:
        assert GeminiLM._is_candidate_finish_error(reason)
    assert not GeminiLM._is_candidate_finish_error("STOP")


def test_crlf_framing_random_splits() -> None:
    """CRLF bodies leave the bulk SSE path; every split still frames them like lm15."""
    req15, reqlc = requests_for()
    sse = sse_body(SEEDS[P][0]).replace(b"\n", b"\r\n")
    expected = lm15_stream(P, sse, req15)
    rng = random.Random(5)
    for _ in range(20):
        strict_equal(
            lc_feed_each(P, split_at(sse, [rng.randrange(len(sse)) for _ in range(6)]), reqlc), expected
        )


# -- a function call's args, spelled as lm15 spells them ------------------------------------------

_ARG_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12) | st.sampled_from(
    ["\\x41", "\\\\", "\x7f", "\U0001f600", "\u00e9", "\u2028", "1e5", ":1e5,", "0.00001", "\\U0001f600"]
)
_ARG_FLOATS = st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from(
    [1e16, 1e-5, 1e-7, 0.0001, -0.0, 1e22, 5e-324, 123456789012345678.0]
)
_ARG_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | _ARG_FLOATS | _ARG_TEXT,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(_ARG_TEXT, inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=500, deadline=None)
@given(_ARG_VALUES)
def test_compact_json_is_json_dumps(value: Any) -> None:
    """Function-call args, as msgspec decodes them, spelled as lm15's json.dumps(args, separators)."""
    args = msgspec.json.decode(json.dumps(value))
    assert compact_json(args) == json.dumps(args, separators=(",", ":"))
