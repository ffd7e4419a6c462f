"""Vertex AI's streamed function-call arguments through ``stream.translate`` (red team 4 F06).

With ``streamFunctionCallArguments`` on, Vertex sends a call over several chunks: the first names
it (``willContinue: true``), the next carry nameless ``functionCall``s whose ``partialArgs`` (a
``jsonPath`` and a ``stringValue``/``numberValue``/``boolValue``/``nullValue``, google-genai
``types.PartialArg``) build its arguments, until one without ``willContinue``. lm15 1.5.0 reads
each chunk's call as a whole call with ``{}`` arguments, and ``decode``/``assemble`` keep that
reading (parity, tested against lm15 here). ``translate`` ended every such stream in an error
event (the continuation chunk's call has no name: MAP-9); it now writes one call, its arguments
merged by jsonPath, which every client's SDK reads whole.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

import lmcodec as lc

from ..providers.provider_support import assert_same_outcome, lc_stream, lm15_stream, requests_for
from ..providers.sdk_readers import gemini_chunks, sdk_anthropic, sdk_gemini
from .write_support import DIALECTS, REQUEST, sdk_chat, sdk_responses

SDK_READERS = {
    "openai": sdk_responses,
    "openai_chat": sdk_chat,
    "anthropic": sdk_anthropic,
    "gemini": sdk_gemini,
}
SIGNATURE = base64.b64encode(b"sig").decode()


def _chunk(parts: list[dict[str, Any]], finish: str | None = None) -> bytes:
    candidate: dict[str, Any] = {"content": {"parts": parts, "role": "model"}, "index": 0}
    body: dict[str, Any] = {
        "candidates": [candidate],
        "modelVersion": "gemini-3-pro-preview",
        "responseId": "r1",
    }
    if finish is not None:
        candidate["finishReason"] = finish
        body["usageMetadata"] = {"promptTokenCount": 5, "candidatesTokenCount": 7, "totalTokenCount": 12}
    return b"data: " + json.dumps(body).encode() + b"\n\n"


def _opening(name: str, **extra: Any) -> dict[str, Any]:
    return {"functionCall": {"name": name, "willContinue": True, **extra}}


def _more(*partial: dict[str, Any], will_continue: bool = True) -> dict[str, Any]:
    call: dict[str, Any] = {"partialArgs": list(partial)}
    if will_continue:
        call["willContinue"] = True
    return {"functionCall": call}


def _arg(path: str, **value: Any) -> dict[str, Any]:
    return {"jsonPath": path, **value}


# the red team's reproducer: a signed opening, a string streamed in two fragments, an empty last call
PARIS = [
    _chunk([{**_opening("get_weather"), "thoughtSignature": SIGNATURE}]),
    _chunk([_more(_arg("$.city", stringValue="Par", willContinue=True))]),
    _chunk([{"functionCall": {"partialArgs": [_arg("$.city", stringValue="is")]}}]),
    _chunk([{"functionCall": {}}]),
    _chunk([], "STOP"),
]

# every value kind, nested objects, arrays, a bracketed name, text before and after the call
NESTED = [
    _chunk([{"text": "Booking."}]),
    _chunk([_opening("book", args={"party": 2})]),
    _chunk(
        [
            _more(
                _arg("$.trip.from", stringValue="Zür", willContinue=True),
                _arg("$.trip.from", stringValue="ich"),
                _arg("$.trip.legs[0].day", numberValue=3),
                _arg("$.trip.legs[0].flexible", boolValue=True),
            )
        ]
    ),
    _chunk(
        [_more(_arg("$.trip.legs[1].day", numberValue=4.5), _arg("$['odd key']", nullValue="NULL_VALUE"))]
    ),
    _chunk(
        [
            _more(
                _arg("$.tags[0]", stringValue="a"), _arg('$["tags"][1]', stringValue="b"), will_continue=False
            )
        ]
    ),
    _chunk([{"text": "Done."}], "STOP"),
]
NESTED_ARGS = {
    "party": 2,
    "trip": {"from": "Zürich", "legs": [{"day": 3, "flexible": True}, {"day": 4.5}]},
    "odd key": None,
    "tags": ["a", "b"],
}

# two streamed calls, one after the other
TWO = [
    _chunk([_opening("f")]),
    _chunk([_more(_arg("$.x", numberValue=1), will_continue=False)]),
    _chunk([_opening("g")]),
    _chunk([_more(_arg("$.y", stringValue="z"), will_continue=False)]),
    _chunk([], "STOP"),
]

STREAMS = {
    "paris": (PARIS, [("get_weather", {"city": "Paris"})]),
    "nested": (NESTED, [("book", NESTED_ARGS)]),
    "two calls": (TWO, [("f", {"x": 1}), ("g", {"y": "z"})]),
}


def _translated(dst: str, chunks: list[bytes], size: int) -> bytes:
    body = b"".join(chunks)
    pieces = [body[i : i + size] for i in range(0, len(body), size)] if size else chunks
    return b"".join(lc.stream.translate("gemini", dst, pieces, request=REQUEST))


@pytest.mark.parametrize("size", [0, 7])
@pytest.mark.parametrize("dst", DIALECTS)
@pytest.mark.parametrize("name", list(STREAMS))
def test_every_client_reads_the_streamed_call_whole(name: str, dst: str, size: int) -> None:
    chunks, calls = STREAMS[name]
    written = _translated(dst, chunks, size)
    assert b"MAP-9" not in written and b"without a name" not in written
    view = SDK_READERS[dst](written)
    assert [(call_name, args) for _, call_name, args in view["tool_calls"]] == calls
    assert view["finish_reason"] == "tool_call"
    if name == "nested":
        assert view["text"] == "Booking.Done."


def test_the_gemini_client_gets_the_call_with_its_signature() -> None:
    """The opening chunk's thoughtSignature goes with the call (Gemini 3 needs it back)."""
    parts = [
        part
        for chunk in gemini_chunks(_translated("gemini", PARIS, 0))
        for candidate in chunk.candidates or []
        for part in (candidate.content.parts if candidate.content else None) or []
        if part.function_call is not None
    ]
    assert [(p.function_call.name, p.function_call.args, p.thought_signature) for p in parts] == [
        ("get_weather", {"city": "Paris"}, b"sig")
    ]


@pytest.mark.parametrize("name", list(STREAMS))
def test_decode_keeps_lm15s_reading(name: str) -> None:
    """decode (and so assemble) read the chunks as lm15 1.5.0 does: a whole call per chunk."""
    body = b"".join(STREAMS[name][0])
    req15, reqlc = requests_for(REQUEST.model)
    assert_same_outcome(lc_stream("gemini", [body], reqlc), lm15_stream("gemini", body, req15), name)


def test_assemble_keeps_lm15s_lost_arguments() -> None:
    response = lc.assemble(lc.stream.decode("gemini", PARIS, request=REQUEST), request=REQUEST)
    calls = [p for p in response.message.parts if isinstance(p, lc.ToolCallPart)]
    assert [(c.name, c.input) for c in calls] == [("get_weather", {"partial_json": "{}{}{}{}"})]


UNPLACEABLE = {
    "a path that is no jsonPath": _arg("city", stringValue="x"),
    "a recursive descent": _arg("$..city", stringValue="x"),
    "an index past the end": _arg("$.a[2]", numberValue=1),
    "a member of a string": _arg("$.city.name", stringValue="x"),
    "no jsonPath": {"stringValue": "x"},
}


@pytest.mark.parametrize("dst", DIALECTS)
@pytest.mark.parametrize("what", list(UNPLACEABLE))
def test_an_argument_the_merge_cannot_place_is_an_error_naming_it(what: str, dst: str) -> None:
    chunks = [
        _chunk([_opening("get_weather")]),
        _chunk([_more(_arg("$.city", stringValue="Paris"))]),
        _chunk([_more(UNPLACEABLE[what], will_continue=False)]),
        _chunk([], "STOP"),
    ]
    events = list(lc.stream.decode(dst, [_translated(dst, chunks, 0)]))
    assert events[-1].type == "error"
    message = events[-1].error.message
    assert "partialArgs" in message and "cannot be placed" in message, message
    path = UNPLACEABLE[what].get("jsonPath")
    assert path is None or repr(path) in message, message


def test_a_continuation_without_an_open_call_is_still_refused() -> None:
    """A nameless call no streamed call opened is what it was: a call without a name (MAP-9)."""
    chunks = [_chunk([{"functionCall": {"args": {"a": 1}}}]), _chunk([], "STOP")]
    events = list(lc.stream.decode("openai_chat", [_translated("openai_chat", chunks, 0)]))
    assert events[-1].type == "error" and "MAP-9" in events[-1].error.message


UNPLACEABLE_MORE = {
    "a stringValue that is a number": _arg("$.n", stringValue=5),
    "a numberValue that is a bool": _arg("$.n", numberValue=True),
    "partialArgs entry that is no object": "x",
    # (a frame with a run of digits past json.loads's limit goes to lm15's port, which reads the
    # continuation as lm15 does: a call without a name, refused, MAP-9)
    "an index of 5,000 digits": _arg("$.a[" + "9" * 5000 + "]", numberValue=1),
    "a path of 10,000 steps": _arg("$" + ".a" * 10_000, numberValue=1),
    "a name of 100 KB into a string": _arg("$.city." + "n" * 100_000, numberValue=1),
}


@pytest.mark.parametrize("what", list(UNPLACEABLE_MORE))
def test_hostile_arguments_are_an_error_event_of_bounded_size(what: str) -> None:
    """Odd values, numbers Python cannot print, deep paths: an error event (no bare exception),
    whose message stays short (it names a long path by its start)."""
    chunks = [
        _chunk([_opening("get_weather")]),
        _chunk([_more(_arg("$.city", stringValue="Paris"))]),
        _chunk([_more(UNPLACEABLE_MORE[what], will_continue=False)]),
        _chunk([], "STOP"),
    ]
    events = list(lc.stream.decode("anthropic", [_translated("anthropic", chunks, 0)]))
    assert events[-1].type == "error"
    message = events[-1].error.message
    expected = "MAP-9" if "5,000 digits" in what else "cannot be placed"
    assert expected in message and len(message) < 1000, message


def test_a_string_streamed_in_many_fragments_is_joined_in_linear_time() -> None:
    """200,000 fragments at one path (1.6 MB): joined once when the call is whole (a string grown
    by one concatenation per fragment copies ~160 GB here)."""
    fragments = [_arg("$.text", stringValue=f"{i:07d} ", willContinue=True) for i in range(200_000)]
    chunks = [
        _chunk([_opening("write")]),
        _chunk([_more(*fragments)]),
        _chunk([_more(_arg("$.text", stringValue="end"), will_continue=False)]),
        _chunk([], "STOP"),
    ]
    view = sdk_chat(_translated("openai_chat", chunks, 0))
    [(_, name, args)] = view["tool_calls"]
    assert name == "write" and args == {"text": "".join(f"{i:07d} " for i in range(200_000)) + "end"}
