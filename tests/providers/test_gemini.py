"""Gemini generateContent wire: lmcodec.providers.gemini.stream against lm15 1.5.0's GeminiLM.

Covers ``streamGenerateContent?alt=sse`` bodies (LF and CRLF framing), the
JSON-array body of ``streamGenerateContent`` without ``alt=sse`` (lm15 has no
reader for it: it must decode to the events of the same chunks sent as SSE),
and complete ``generateContent`` bodies.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.providers import decode_response
from lmcodec.providers.gemini import stream as lcg
from lmcodec.providers.gemini.views import compact_json

from ..budget import examples
from ..corpus import strict_equal
from .provider_support import (
    SEEDS,
    Raised,
    check_body_value,
    check_frames,
    lc_feed_each,
    lm15_stream,
    requests_for,
    split_at,
    sse_body,
)

P = "gemini"


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
    "logprobs-one-text-part": [
        {
            "candidates": [
                {
                    "content": {"parts": [{"text": "a", "thoughtSignature": "s"}]},
                    "logprobsResult": {
                        "chosenCandidates": [{"token": "a", "logProbability": -0.5, "tokenId": 3}],
                        "topCandidates": [
                            {"candidates": [{"token": "a"}, {"token": "b", "logProbability": -2}]}
                        ],
                    },
                }
            ]
        },
        {"candidates": [{"content": {"parts": [{"text": "b"}]}, "logprobsResult": {"chosenCandidates": []}}]},
        {"candidates": [{"content": {"parts": [{"text": "c"}]}, "logprobsResult": {}}]},
        {
            "candidates": [
                {
                    "content": {"parts": [{"text": "t", "thought": True}]},
                    "logprobsResult": {"chosenCandidates": [{"token": "t"}]},
                }
            ]
        },
        STOP,
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
    "error-envelope-raises": {"error": {"code": 400, "message": "bad", "status": "INVALID_ARGUMENT"}},
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


@settings(max_examples=examples(500), deadline=None)
@given(_ARG_VALUES)
def test_compact_json_is_json_dumps(value: Any) -> None:
    """Function-call args, as msgspec decodes them, spelled as lm15's json.dumps(args, separators)."""
    args = msgspec.json.decode(json.dumps(value))
    assert compact_json(args) == json.dumps(args, separators=(",", ":"))


_ANY_TEXT = st.text(st.characters(), max_size=12) | st.sampled_from(
    ["\ud800", "\udfff\ud800", "\x00\x1f", "\x7f", "\u2028\u2029", '\\"', '"\\', "\\u00e9", "\xe9\U0001f680"]
)
_ANY_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | _ANY_TEXT,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(_ANY_TEXT, inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=examples(800), deadline=None)
@given(_ANY_VALUES)
def test_compact_json_is_json_dumps_over_any_unicode(value: Any) -> None:
    """Keys and strings of any code points (lone surrogates, controls, DEL, U+2028, Latin-1,
    astral, quotes and backslashes beside them) are spelled byte for byte as json.dumps does."""
    assert compact_json(value) == json.dumps(value, separators=(",", ":"))


def test_compact_json_calls_no_python_per_character() -> None:
    """Accented and astral text is escaped by C code: the Python calls made do not grow with the
    characters (red team 25 F03: one regex callback per character, 13-15x the floor)."""
    calls = []

    def count(frame: object, event: str, arg: object) -> None:
        if event == "call":
            calls.append(event)

    for size in (10, 1000):
        value = {
            "path": "/src/r\u00e9sum\u00e9.md",
            "content": "\u00e9t\u00e9 \u00e7a \u00f6 \u2705 \U0001f680\n" * size,
        }
        calls.clear()
        sys.setprofile(count)
        try:
            written = compact_json(value)
        finally:
            sys.setprofile(None)
        assert written == json.dumps(value, separators=(",", ":"))
        assert len(calls) <= 3


_ARRAY_BODY = json.dumps(
    [
        {"candidates": [{"content": {"role": "model", "parts": [{"text": "Hello"}]}}], "modelVersion": "g"},
        {
            "candidates": [
                {"content": {"role": "model", "parts": [{"text": " world"}]}, "finishReason": "STOP"}
            ],
            "usageMetadata": {"promptTokenCount": 3, "candidatesTokenCount": 2, "totalTokenCount": 5},
        },
    ]
).encode()
_BOM = b"\xef\xbb\xbf"


def _pieces(body: bytes, cuts: list[int]) -> list[bytes]:
    at = sorted({min(c, len(body)) for c in cuts})
    return [body[a:b] for a, b in zip([0, *at], [*at, len(body)], strict=True)]


@given(st.lists(st.integers(0, len(_ARRAY_BODY) + 3), max_size=6), st.sampled_from([b"", b"\r\n ", b"\n"]))
def test_a_byte_order_mark_before_an_array_body_is_not_a_byte_of_it(cuts: list[int], blank: bytes) -> None:
    """An array body after a UTF-8 BOM (json.loads reads it) decodes as the body without it, at any
    chunking, the mark itself cut too (red-team 4: it decoded to nothing, no error)."""
    from lmcodec import stream

    expected = [msgspec.to_builtins(e) for e in stream.decode(P, [_ARRAY_BODY])]
    assert expected
    body = _BOM + blank + _ARRAY_BODY
    assert [msgspec.to_builtins(e) for e in stream.decode(P, _pieces(body, cuts))] == expected


@given(st.lists(st.integers(0, 80), max_size=6))
def test_a_byte_order_mark_before_sse_goes_to_the_sse_framer(cuts: list[int]) -> None:
    """Before SSE the mark is the SSE framer's (lm15's reading: it spoils the first line only)."""
    from lmcodec.providers.gemini.framing import Framer
    from lmcodec.stream.sse import SSEDecoder

    body = _BOM + b'data: {"a": 1}\n\ndata: {"b": 2}\n\n'
    reference = SSEDecoder()
    expected = reference.feed_data(body) + reference.close_data()
    framer = Framer()
    got = [frame for piece in _pieces(body, cuts) for frame in framer.feed_data(piece)] + framer.close_data()
    assert got == expected


_ESCAPE_HEAVY = st.text(
    alphabet=st.sampled_from(['"', "\\", "\n", "\t", "/", "é", "\u2028", "😀", "x", "]", "}", ","])
)
_ARRAY_ELEMENTS = st.lists(
    st.recursive(
        _ESCAPE_HEAVY | st.integers() | st.booleans() | st.none(),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_ESCAPE_HEAVY, inner, max_size=4),
        max_leaves=12,
    ).map(lambda value: {"value": value}),
    min_size=1,
    max_size=6,
)


@settings(max_examples=examples(150), deadline=None)
@given(
    elements=_ARRAY_ELEMENTS,
    ensure_ascii=st.booleans(),
    cuts=st.lists(st.integers(min_value=0, max_value=600), max_size=12),
)
def test_array_framer_cuts_escape_heavy_elements_at_any_chunking(
    elements: list[Any], ensure_ascii: bool, cuts: list[int]
) -> None:
    """Strings full of quotes, backslashes, brackets and multi-byte characters, cut anywhere
    (between a backslash and the byte it escapes, inside a character): the framer gives back
    each element's text."""
    from lmcodec.providers.gemini.framing import ArrayFramer

    indent = random.Random(len(cuts)).choice([None, 1])
    body = json.dumps(elements, ensure_ascii=ensure_ascii, indent=indent).encode()
    framer = ArrayFramer()
    out: list[bytes] = []
    for piece in split_at(body, cuts):
        out += framer.feed_data(piece)
    out += framer.close_data()
    assert [json.loads(element) for element in out] == elements


def test_array_framer_resumes_after_a_backslash_fed_last() -> None:
    from lmcodec.providers.gemini.framing import ArrayFramer

    body = json.dumps([{"t": 'a\\"],{b'}, {"t": "\\\\"}]).encode()
    for cut in range(1, len(body)):
        framer = ArrayFramer()
        out = framer.feed_data(body[:cut]) + framer.feed_data(body[cut:]) + framer.close_data()
        assert [json.loads(element) for element in out] == [{"t": 'a\\"],{b'}, {"t": "\\\\"}], cut


def _framed(framer: Any, pieces: list[bytes]) -> tuple[list[bytes], str | None]:
    out: list[bytes] = []
    try:
        for piece in pieces:
            out += framer.feed_data(piece)
        out += framer.close_data()
    except Exception as exc:  # the outcome compared: the class and message
        return out, f"{type(exc).__name__}: {exc}"
    return out, None


_ARRAY_NOISE = st.sampled_from(
    [
        b"",
        b" ",
        b"\r\n",
        b",",
        b"]",
        b"[",
        b"}",
        b"{",
        b'"',
        b"\\",
        b"NaN",
        b"x",
        b"1",
        b"]  x",
        b",,",
        b"\xff",
    ]
)


@settings(max_examples=examples(300), deadline=None)
@given(
    elements=_ARRAY_ELEMENTS,
    separators=st.lists(st.sampled_from([b",", b", ", b",\r\n", b"\n,\n"]), min_size=6, max_size=6),
    noise=st.lists(st.tuples(st.integers(0, 2000), _ARRAY_NOISE), max_size=3),
    cuts=st.lists(st.integers(min_value=0, max_value=2000), max_size=10),
    max_bytes=st.sampled_from([None, 40, 10_000]),
)
def test_array_framer_fast_path_equals_the_scanner(
    elements: list[Any],
    separators: list[bytes],
    noise: list[tuple[int, bytes]],
    cuts: list[int],
    max_bytes: Any,
) -> None:
    """msgspec delimiting whole elements (ArrayFramer) against the byte scanner it skips
    (ScanningArrayFramer): the same elements and the same error, on well-formed bodies, bodies
    with bytes inserted anywhere (unbalanced, not JSON, data after the end), at any chunking."""
    from lmcodec.providers.gemini.framing import ArrayFramer, ScanningArrayFramer

    texts = [json.dumps(element).encode() for element in elements]
    body = b"[" + b"".join(t + separators[k] for k, t in enumerate(texts[:-1])) + texts[-1] + b"]"
    for at, inserted in noise:
        at = min(at, len(body))
        body = body[:at] + inserted + body[at:]
    pieces = split_at(body, cuts)
    assert _framed(ArrayFramer(max_bytes), pieces) == _framed(ScanningArrayFramer(max_bytes), pieces)


_BLANK_SEPARATED = b'[{"a": "' + b"x" * 20 + b'"},\r\n   {"b": "' + b"y" * 30 + b'"} ,\n {"c": 1}]'


@pytest.mark.parametrize("max_bytes", [29, 30, 40, 41, 44])
def test_the_blanks_between_elements_do_not_count_toward_the_limit_however_cut(max_bytes: int) -> None:
    """An element's limit and the count in its error are its own bytes: the two framers held the
    blanks before it or not depending on the cuts (the scanner counted one more in a hypothesis
    case), so one body gave different errors, or an error and none."""
    from lmcodec.providers.gemini.framing import ArrayFramer, ScanningArrayFramer

    body = _BLANK_SEPARATED
    cuts = [(i, j) for i in range(1, len(body)) for j in range(i, len(body))]
    chunkings = [[body]] + [[body[:i], body[i:j], body[j:]] for i, j in cuts]
    longest = max(len(e) for e in (json.dumps(x).encode() for x in ({"a": "x" * 20}, {"b": "y" * 30})))
    for pieces in chunkings:
        fast = _framed(ArrayFramer(max_bytes), pieces)
        scanned = _framed(ScanningArrayFramer(max_bytes), pieces)
        assert fast == scanned, pieces
        if max_bytes >= longest + 2:  # room for any element and the delimiter after it
            assert scanned[1] is None, pieces


def test_a_flood_of_blanks_between_elements_is_not_held() -> None:
    """Blanks after an element, fed a chunk at a time, are dropped: the buffer stays small."""
    from lmcodec.providers.gemini.framing import ScanningArrayFramer

    framer = ScanningArrayFramer(100)
    assert framer.feed_data(b'[{"a": 1},') == [b'{"a": 1}']
    for _ in range(1_000):
        assert framer.feed_data(b" " * 64) == []
    assert len(framer._buf) <= 164
    assert framer.feed_data(b'{"b": 2}]') == [b'{"b": 2}']


def test_msgspec_names_the_first_byte_after_a_whole_value() -> None:
    """The fast path reads the element's end from this message (counted from 1); another
    wording would send every element to the scanner (correct, 6-8x slower)."""
    from lmcodec.providers.gemini.framing import _TRAILING

    with pytest.raises(msgspec.DecodeError) as info:
        msgspec.json.decode(b'{"a": [1, "},"]}  ,{"b": 2}', type=msgspec.Raw)
    match = _TRAILING.fullmatch(str(info.value))
    assert match is not None and b'{"a": [1, "},"]}  ,'[int(match[1]) - 1 :][:1] == b","


@pytest.mark.parametrize(
    "body",
    [
        b'[{"a":1},]',
        b'[{"a":1}, ,{"b":2}]',
        b"[]",
        b"[ ]  ",
        b'[{"a":1}]x',
        b'[{"a":1}] ]',
        b'[{"a":1} {"b":2}]',
        b'[{"a":1}}, {"b":2}]',
        b'[{"a":NaN},{"b":"\\u00e9\\"],"}]',
        b'[{"a":"\xff"},{"b":[[[[]]]]}]',
        b'[{"a":1},\r\n{"b":"x\\\\"}\r\n,\r\n{"c":2}\r\n]',
        b'[1, "two", null, {"x": [1, 2]}]',
        b'[{"a":1},{"b":2}',
        b'[  {"a":1}' + b" " * 40 + b"," + b"\r\n" * 20 + b'{"b":2}' + b" " * 30 + b"]" + b" " * 10,
    ],
)
def test_array_framer_fast_path_equals_the_scanner_at_every_cut(body: bytes) -> None:
    from lmcodec.providers.gemini.framing import ArrayFramer, ScanningArrayFramer

    chunkings = [[body], [body[i : i + 1] for i in range(len(body))]]
    chunkings += [[body[:cut], body[cut:]] for cut in range(1, len(body))]
    for pieces in chunkings:
        assert _framed(ArrayFramer(), pieces) == _framed(ScanningArrayFramer(), pieces), pieces


def _element(text_bytes: int) -> bytes:
    return (
        b'{"candidates":[{"content":{"parts":[{"text":"'
        + b"x" * text_bytes
        + b'"}],"role":"model"},"index":0}]}'
    )


def _decoded(pieces: list[bytes], max_bytes: int) -> str:
    """What a Gemini Decoder under ``max_bytes`` makes of ``pieces``: the events' types, or the
    error's class (a refusal's message counts the bytes held so far, which the cuts move)."""
    import lmcodec as lc

    decoder = lc.stream.Decoder("gemini", max_event_bytes=max_bytes)
    try:
        events = [e for piece in pieces for e in decoder.feed(piece)] + decoder.close()
    except lc.DecodeError as exc:
        assert "max_event_bytes" in str(exc), exc
        return type(exc).__name__
    return " ".join(e.type for e in events)


@pytest.mark.parametrize("over", [1, 2, 500])
def test_an_array_element_over_max_event_bytes_is_refused_however_cut(over: int) -> None:
    """A JSON-array element over max_event_bytes was decoded when it arrived whole (only the part
    held across a chunk boundary was checked) and refused when a cut fell after the cap; the SSE
    framer refuses the same event at every chunking. Every element is checked now: the same
    outcome at every cut (and every element within the cap decodes at every cut)."""
    from lmcodec.stream._whole import whole_frames

    cap = 300
    fits = _element(cap - len(_element(0)))
    big = _element(cap + over - len(_element(0)))
    assert len(fits) == cap and len(big) == cap + over
    for elements, expected in (
        ([fits, fits], "start delta delta"),
        ([fits, big], "StreamDecodeError"),  # (the stream's error at the refused frame: a DecodeError)
        ([big], "StreamDecodeError"),
    ):
        body = b"[" + b",".join(elements) + b"]"
        assert whole_frames([body], None, cap) is None  # an array body is always framed by the framer
        cuts = [[body]] + [[body[:i], body[i:]] for i in range(1, len(body))]
        cuts += [[body[i : i + 7] for i in range(0, len(body), 7)]]
        assert {_decoded(pieces, cap) for pieces in cuts} == {expected}, elements
    sse = b"data: " + big + b"\n\n"  # the SSE framer: refused at every cut
    assert {_decoded([sse[:i], sse[i:]], cap) for i in range(1, len(sse))} == {"StreamDecodeError"}
