"""Fast paths of the stream engine against the slow paths they stand for.

- A Gemini chunk that ends the stream is mapped by the typed view (its parts, then its end);
  the port (lm15's dict code) maps the same chunk to the same sink calls, and fails alike.
- ``usage_of`` (a Usage built without the class call when the counts are plain ints) equals
  ``Usage(...)``, or raises what it raises.
- The Assembler's Response (built without the class call where the values are checked)
  equals ``Response(...)``, or fails as it fails.
- The Assembler's part of a stream with one text slot and nothing else equals the slot-by-slot
  build's; its single end, taken as it is, assembles as the end EndMerge merges (several ends too).
- Gemini's usage and finish reason equal lm15's ``_gemini_usage`` and ``_finish_reason``.
- A continuation state built from a template (``continuation_state``) equals the checked
  ``ContinuationState(...)``, or raises what it raises.
- A whole body held in memory (one chunk or a list of them) that starts with an SSE field is framed
  without a framer (``_whole.whole_body``) into the frames every framer of the registry cuts from it.
"""

from __future__ import annotations

import json
import math
from functools import partial
from typing import Any

import msgspec
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.errors import StreamDecodeError, ValidationError
from lmcodec.providers import FRAMERS
from lmcodec.providers._mapper import usage_of, wire_model
from lmcodec.providers.gemini.stream import StreamMapper as GeminiMapper
from lmcodec.stream import _whole as _whole_module
from lmcodec.stream._other_parts import checked, continuation_state
from lmcodec.stream._response import response_of
from lmcodec.stream._whole import whole_body, whole_limit
from lmcodec.stream.events import EventSink

from ..budget import examples
from ..corpus import CORPUS, needs_corpus

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))


class RecordingSink:
    """Records every sink call, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def begin(self, model: str | None) -> None:
        self.calls.append(("begin", model))

    def start(self, id: str | None, model: str | None) -> None:
        self.calls.append(("start", id, model))

    def text(self, part_index: int, text: str) -> None:
        self.calls.append(("text", part_index, text))

    def text_with_logprobs(self, part_index: int, text: str, logprobs: tuple[lc.TokenLogprob, ...]) -> None:
        """Recorded as the event it stands for (the lm15 port hands that event over)."""
        self.event(lc.StreamDeltaEvent(delta=lc.TextDelta(text, part_index, logprobs)))

    def thinking(self, part_index: int, text: str) -> None:
        self.calls.append(("thinking", part_index, text))

    def tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> None:
        self.calls.append(("tool_input", part_index, fragment, id, name))

    def event(self, event: lc.StreamEvent) -> None:
        """A text, thinking or tool-input delta event is recorded as the call that stands for it."""
        delta = getattr(event, "delta", None)
        if type(delta) is lc.TextDelta and not delta.logprobs and delta.logprobs_complete:
            self.text(delta.part_index, delta.text)
        elif type(delta) is lc.ThinkingDelta:
            self.thinking(delta.part_index, delta.text)
        elif type(delta) is lc.ToolCallDelta:
            self.tool_input(delta.part_index, delta.input, delta.id, delta.name)
        else:
            self.calls.append(("event", lc.to_builtins(event)))

    def end(
        self,
        finish_reason: str | None,
        usage: lc.Usage | None,
        provider_data: Any,
        *,
        strict_json: bool = False,
    ) -> None:
        usage_value = None if usage is None else lc.to_builtins(usage)
        data = json.dumps(provider_data, sort_keys=True)
        self.calls.append(("end", finish_reason, usage_value, data, strict_json))

    def close(self) -> bool | None:
        return None


def _outcome(run: Any) -> tuple[Any, ...]:
    try:
        return ("ok", run())
    except StreamDecodeError as exc:
        return ("error", str(exc))


def typed_and_port(mapper: Any, data: bytes) -> tuple[Any, Any]:
    """What a frame gives through ``mapper``'s typed views and through its lm15 port: the outcome
    and the sink calls of each."""
    typed_sink, port_sink = RecordingSink(), RecordingSink()
    typed, port = mapper(None, typed_sink), mapper(None, port_sink)
    typed_result = _outcome(lambda: typed.frames([data]))
    port_result = _outcome(lambda: port.port(data))
    return (typed_result, typed_sink.calls), (port_result, port_sink.calls)


def _typed_and_port(data: bytes) -> tuple[Any, Any]:
    return typed_and_port(GeminiMapper, data)


def _chunk(parts: list[Any], finish: Any = "STOP", usage: Any = None, **candidate: Any) -> bytes:
    payload: dict[str, Any] = {
        "candidates": [{"content": {"parts": parts}, "finishReason": finish, **candidate}]
    }
    if usage is not None:
        payload["usageMetadata"] = usage
    return json.dumps(payload).encode()


_USAGE = {"promptTokenCount": 3, "candidatesTokenCount": 9, "totalTokenCount": 20, "thoughtsTokenCount": 8}
_LOGPROBS = {
    "chosenCandidates": [{"token": "a", "logProbability": -0.5}],
    "topCandidates": [{"candidates": [{"token": "a", "logProbability": -0.5}]}],
}
END_CHUNKS = {
    "text": _chunk([{"text": "hi"}], usage=_USAGE),
    "no usage": _chunk([{"text": "hi"}]),
    "thought and text": _chunk([{"text": "t", "thought": True}, {"text": "a"}], "MAX_TOKENS", _USAGE),
    "signature": _chunk([{"text": "a", "thoughtSignature": "c2ln"}], usage=_USAGE),
    "function call": _chunk([{"functionCall": {"name": "f", "args": {"x": 1.5}}}], usage=_USAGE),
    "call then text": _chunk([{"functionCall": {"name": "f", "id": "c1"}}, {"text": "a"}], usage=_USAGE),
    "logprobs": _chunk([{"text": "a"}], usage=_USAGE, logprobsResult=_LOGPROBS),
    "audio": _chunk([{"inlineData": {"mimeType": "audio/pcm", "data": "AAAA"}}], usage=_USAGE),
    "image": _chunk([{"inlineData": {"mimeType": "image/png", "data": "AAAA"}}], usage=_USAGE),
    "empty parts": _chunk([], usage=_USAGE),
    "no content": json.dumps({"candidates": [{"finishReason": "STOP"}], "usageMetadata": _USAGE}).encode(),
    "audio usage": _chunk(
        [{"text": "a"}],
        usage={**_USAGE, "promptTokensDetails": [{"modality": "AUDIO", "tokenCount": 2}]},
    ),
    "float usage": _chunk([{"text": "a"}], usage={**_USAGE, "promptTokenCount": 3.0}),
    "negative usage": _chunk([{"text": "a"}], usage={**_USAGE, "promptTokenCount": -1}),
    "string usage": _chunk([{"text": "a"}], usage={**_USAGE, "candidatesTokenCount": "9"}),
    "bool usage": _chunk([{"text": "a"}], usage={**_USAGE, "totalTokenCount": True}),
    "list usage": _chunk([{"text": "a"}], usage=[1]),
    "safety": _chunk([{"text": "a"}], "SAFETY", _USAGE),
    "recitation with message": _chunk([{"text": "a"}], "RECITATION", _USAGE, finishMessage="no"),
    "other reason": _chunk([{"text": "a"}], "OTHER", _USAGE),
    "prompt feedback": json.dumps(
        {
            "candidates": [{"content": {"parts": [{"text": "a"}]}, "finishReason": "STOP"}],
            "promptFeedback": {"blockReason": "BLOCK_REASON_UNSPECIFIED"},
        }
    ).encode(),
    "out of range elsewhere": _chunk([{"text": "a"}], usage=_USAGE, extra=1).replace(
        b'"extra": 1', b'"x": 1e400'
    ),
    "nan elsewhere": _chunk([{"text": "a"}], usage=_USAGE, extra=1).replace(b'"extra": 1', b'"x": NaN'),
}


def _corpus_frames() -> list[bytes]:
    bodies = CORPUS / "lm15-contract" / "bodies"
    frames: list[bytes] = []
    for path in sorted(bodies.glob("gemini.*stream*/*.txt")):
        for block in path.read_bytes().replace(b"\r\n", b"\n").split(b"\n\n"):
            if block.startswith(b"data:"):
                frames.append(block[5:].strip())
    return frames


@pytest.mark.parametrize("name", list(END_CHUNKS))
def test_gemini_end_chunk_maps_as_the_port_maps_it(name: str) -> None:
    typed, port = _typed_and_port(END_CHUNKS[name])
    assert typed == port


def test_gemini_corpus_chunks_map_as_the_port_maps_them() -> None:
    frames = _corpus_frames()
    if not frames:
        pytest.skip(f"no Gemini stream bodies under {CORPUS}")
    ends = 0
    for data in frames:
        typed, port = _typed_and_port(data)
        assert typed == port, data
        ends += any(call[0] == "end" for call in typed[1])
    assert ends >= 7  # every corpus stream ends with a finishReason chunk


_COUNT = st.one_of(
    st.none(),
    st.integers(min_value=-3, max_value=2**70),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=3),
)
_FIELDS = ("input_tokens", "output_tokens", "total_tokens", "cache_read_tokens", "reasoning_tokens")


def _built(make: Any, **fields: Any) -> Any:
    try:
        return ("ok", make(**fields))
    except (TypeError, ValueError) as exc:
        return (type(exc).__name__, str(exc))


@settings(max_examples=examples(300), deadline=None)
@given(st.fixed_dictionaries({name: _COUNT for name in _FIELDS}))
def test_usage_of_is_the_usage_constructor(counts: dict[str, Any]) -> None:
    fast, checked = _built(usage_of, **counts), _built(lc.Usage, **counts)
    assert fast == checked
    if fast[0] == "ok":
        assert [type(getattr(fast[1], n)) for n in _FIELDS] == [type(getattr(checked[1], n)) for n in _FIELDS]


_MESSAGE = lc.Message(role="assistant", parts=(lc.TextPart(text="a"),))
_GOOD: dict[str, Any] = {
    "id": "r1",
    "model": "m-1",
    "message": _MESSAGE,
    "finish_reason": "stop",
    "usage": lc.Usage(input_tokens=1),
    "logprobs": None,
    "logprobs_complete": True,
    "provider_data": {"a": [1, 2.5, None, {"b": "c"}]},
    "adaptations": (),
}
RESPONSE_CASES: dict[str, dict[str, Any]] = {
    "good": {},
    "no id": {"id": None},
    "empty id": {"id": ""},
    "empty model": {"model": ""},
    "model not a string": {"model": 3},
    "no finish reason": {"finish_reason": None},
    "unknown finish reason": {"finish_reason": "done"},
    "empty usage": {"usage": lc.Usage()},
    "usage not a Usage": {"usage": {"input_tokens": 1}},
    "no provider_data": {"provider_data": None},
    "empty provider_data": {"provider_data": {}},
    "NaN in provider_data": {"provider_data": {"a": [math.nan]}},
    "infinity in provider_data": {"provider_data": {"a": {"b": math.inf}}},
    "provider_data not an object": {"provider_data": [1]},
    "non-string key": {"provider_data": {1: "a"}},
    "logprobs incomplete": {"logprobs_complete": False},
    "logprobs_complete not a bool": {"logprobs_complete": 1},
    "empty logprobs": {"logprobs": ()},
}


@pytest.mark.parametrize("name", list(RESPONSE_CASES))
def test_assembler_response_is_the_response_constructor(name: str) -> None:
    fields = {**_GOOD, **RESPONSE_CASES[name]}
    assert _built(partial(response_of, False), **fields) == _built(lc.Response, **fields)


def _is_strict_json(value: Any) -> bool:
    try:
        return bool(msgspec.json.decode(msgspec.json.encode(value)) == value)
    except (msgspec.EncodeError, msgspec.DecodeError, TypeError, ValueError):
        return False


@pytest.mark.parametrize(
    "name", [n for n, c in RESPONSE_CASES.items() if _is_strict_json(c.get("provider_data"))]
)
def test_assembler_response_of_strict_json_is_the_response_constructor(name: str) -> None:
    """provider_data read by msgspec is not walked again: the Response is the same."""
    fields = {**_GOOD, **RESPONSE_CASES[name]}
    assert _built(partial(response_of, True), **fields) == _built(lc.Response, **fields)


def test_assembler_checks_a_provider_data_that_is_not_an_object_even_when_strict() -> None:
    fields = {**_GOOD, "provider_data": [1]}
    assert _built(partial(response_of, True), **fields) == _built(lc.Response, **fields)
    assert _built(lc.Response, **fields)[0] == "TypeError"


@pytest.mark.parametrize("value", ["NaN", "Infinity", "1e400"])
def test_a_gemini_end_json_cannot_carry_fails_to_assemble(value: str) -> None:
    """An end chunk msgspec refuses is read by json.loads, and its provider_data walked again."""
    data = _chunk([{"text": "a"}], usage=_USAGE, extra=1).replace(b'"extra": 1', b'"x": ' + value.encode())
    with pytest.raises(lc.StreamAssemblyError) as caught:
        lc.assemble(lc.stream.decode("gemini", [b"data: " + data + b"\n\n"], request=REQUEST))
    assert caught.value.partial is not None and caught.value.partial.text == "a"


@pytest.mark.parametrize("name", ["NaN in provider_data", "provider_data not an object"])
def test_assembler_reports_a_provider_data_json_cannot_carry(name: str) -> None:
    """The fast Response keeps the check the Assembler's ValidationError handling relies on."""
    events = [
        lc.StreamStartEvent(model="m-1"),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="a")),
        lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(), provider_data={"ok": 1}),
    ]
    bad = RESPONSE_CASES[name]["provider_data"]
    assembler = lc.Assembler()
    assembler.extend(events[:2])
    assembler._provider_data = bad  # what an end read by lm15's json.loads may carry
    with pytest.raises(ValidationError):
        assembler._complete()


# -- the Assembler's one-text-slot parts and its single end -------------------------------------

_FRAGMENTS = st.lists(st.text(max_size=4), min_size=1, max_size=5)


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(min_value=0, max_value=3), _FRAGMENTS)
def test_one_text_slot_is_built_as_every_slot_is(part_index: int, fragments: list[str]) -> None:
    """A stream holding one text slot and nothing else: its part as the slot-by-slot build makes it."""
    assembler = lc.Assembler(request=REQUEST)
    assembler.begin("m-1")
    for fragment in fragments:
        assembler.text(part_index, fragment)
    assembler.end("stop", None, None)
    assert assembler.close()
    parts, has_tool_calls = assembler._slot_parts(frozenset())
    assert assembler.result().message.parts == tuple(parts) and not has_tool_calls


_FINISH = st.sampled_from([None, "stop", "length", "tool_call", "content_filter"])
_USAGES = st.one_of(st.none(), st.builds(lc.Usage, input_tokens=st.integers(0, 9)))
_DATA = st.one_of(
    st.none(),
    st.just({}),
    st.dictionaries(st.text(max_size=2), st.integers() | st.floats(allow_nan=True), max_size=2),
)
_ENDS = st.lists(st.tuples(_FINISH, _USAGES, _DATA, st.booleans()), min_size=1, max_size=3)


def _assembled(run: Any) -> tuple[Any, ...]:
    try:
        return ("ok", lc.to_builtins(run()))
    except lc.StreamAssemblyError as exc:
        return ("assembly", str(exc), lc.to_builtins(exc.partial))
    except (TypeError, ValueError) as exc:
        return (type(exc).__name__, str(exc))


@settings(max_examples=examples(300), deadline=None)
@given(_ENDS)
def test_the_ends_are_merged_as_lm15_merges_them(ends: list[tuple[Any, Any, Any, bool]]) -> None:
    """The Assembler takes a single end as it is and merges several with EndMerge: the Response is
    the one of the EventSink's merged end event pushed into an Assembler."""

    def as_sink() -> lc.Response:
        assembler = lc.Assembler(request=REQUEST)
        assembler.begin("m-1")
        assembler.text(0, "a")
        for finish, usage, data, _strict in ends:
            assembler.end(finish, usage, data, strict_json=False)
        assembler.close()
        return assembler.result()

    def from_events() -> lc.Response:
        sink = EventSink()
        sink.begin("m-1")
        sink.text(0, "a")
        for finish, usage, data, _strict in ends:
            sink.end(finish, usage, data)
        sink.close()
        assembler = lc.Assembler(request=REQUEST)
        assembler.extend(sink.out)
        return assembler.result()

    assert _assembled(as_sink) == _assembled(from_events)


# -- Gemini's usage and finish reason against lm15's own functions ------------------------------

_USAGE_KEYS = (
    "promptTokenCount",
    "candidatesTokenCount",
    "responseTokenCount",
    "totalTokenCount",
    "cachedContentTokenCount",
    "thoughtsTokenCount",
)
_MODALITY = st.fixed_dictionaries(
    {},
    optional={
        "modality": st.sampled_from(["AUDIO", "TEXT", None]),
        "tokenCount": st.one_of(st.integers(-1, 9), st.none(), st.floats(0, 9)),
    },
)
_DETAILS = st.one_of(st.none(), st.just([]), st.lists(_MODALITY | st.integers(), max_size=3), st.just({}))
_USAGE_PAYLOAD = st.one_of(
    st.none(),
    st.just({}),
    st.lists(st.integers(), max_size=1),
    st.fixed_dictionaries(
        {},
        optional={
            **{
                key: st.one_of(st.integers(-2, 2**40), st.none(), st.booleans(), st.floats(0, 9))
                for key in _USAGE_KEYS
            },
            "promptTokensDetails": _DETAILS,
            "candidatesTokensDetails": _DETAILS,
            "responseTokensDetails": _DETAILS,
            "other": st.integers(),
        },
    ),
)


def _usage_outcome(run: Any) -> tuple[Any, ...]:
    try:
        usage = run()
    except (TypeError, ValueError) as exc:
        return (type(exc).__name__,)
    names = ("input_tokens", "output_tokens", "total_tokens", "cache_read_tokens", "reasoning_tokens")
    names += ("input_audio_tokens", "output_audio_tokens", "cache_write_tokens")
    return ("ok", [(getattr(usage, n), type(getattr(usage, n))) for n in names])


@settings(max_examples=examples(400), deadline=None)
@given(_USAGE_PAYLOAD)
@example({"totalTokenCount": -1, "cachedContentTokenCount": False})  # lm15 checks total_tokens last
def test_gemini_usage_is_lm15s(payload: Any) -> None:
    from lm15.providers.gemini import _gemini_usage

    from lmcodec.providers.gemini.views import gemini_usage

    keys = ("candidatesTokenCount", "responseTokenCount")
    ours = _usage_outcome(lambda: gemini_usage(payload))
    assert ours == _usage_outcome(lambda: _gemini_usage(payload, output_keys=keys))


@settings(max_examples=examples(400), deadline=None)
@given(_USAGE_PAYLOAD.filter(lambda p: isinstance(p, dict) and bool(p)))
@example({"promptTokenCount": 2**70, "candidatesTokenCount": 1})
@example({"promptTokensDetails": [{"modality": "AUDIO", "tokenCount": 2}, {"modality": "TEXT"}]})
@example({"candidatesTokenCount": 1, "responseTokenCount": -1, "responseTokensDetails": [1]})
def test_gemini_usage_read_by_msgspec_is_the_walk(payload: Any) -> None:
    """The common usage (non-negative int counts, no audio detail), read by one msgspec.convert,
    gives what lm15's key-by-key walk (walked_usage) gives, for every payload."""
    from lmcodec.providers.gemini.views import gemini_usage, walked_usage

    assert _usage_outcome(lambda: gemini_usage(payload)) == _usage_outcome(lambda: walked_usage(payload))


@needs_corpus
def test_gemini_usage_of_the_corpus_is_read_without_the_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every usageMetadata of the corpus's Gemini streams takes the msgspec read (the walk costs
    ~3k instructions more an end chunk)."""
    import lmcodec.providers.gemini.views as views

    def walk(payload: Any) -> Any:
        raise AssertionError(f"walked: {payload}")

    usages = [msgspec.json.decode(frame)["usageMetadata"] for frame in _corpus_frames()]
    assert len(usages) >= 8
    want = [views.gemini_usage(u) for u in usages]
    monkeypatch.setattr(views, "walked_usage", walk)
    assert [views.gemini_usage(u) for u in usages] == want


@given(
    st.one_of(
        st.sampled_from(["STOP", "MAX_TOKENS", "SAFETY", "SPII", "stop", "max_tokens", ""]),
        st.none(),
        st.text(max_size=3),
        st.integers(),
    ),
    st.booleans(),
)
def test_gemini_finish_reason_is_lm15s(reason: Any, has_tool_call: bool) -> None:
    from lm15.providers.gemini import _finish_reason

    from lmcodec.providers.gemini.views import finish_reason

    assert finish_reason(reason, has_tool_call=has_tool_call) == _finish_reason(
        reason, has_tool_call=has_tool_call
    )


# -- a one-event body framed without a framer ---------------------------------------------------

_HEADS = st.sampled_from(
    [
        b"data: {",
        b"data: {",
        b"data:{",
        b"data:  {",
        b"data: [",
        b" data: {",
        b"[",
        b"\ndata: {",
        b"event: x\ndata: {",
        b": c\n\nid: 1\ndata:{",
        b"retry: 5\r\nevent: x\r\ndata: {",
        b"id: 1\n",
        b":\r\n",
    ]
)
_MIDDLES = st.binary(max_size=30) | st.lists(
    st.sampled_from([b"a", b'"', b"}", b"{", b" ", b"\n", b"\r", b"\r\n", b"\n\n", b"data: {", b"\xff"]),
    max_size=12,
).map(b"".join)
_TAILS = st.sampled_from(
    [b"\n\n", b"\r\n\r\n", b"\n", b"", b"\r\r", b"\n\n\n", b"\n\r\n", b"\r\n\n", b"\r\n\r\n\r\n"]
)
_LIMIT = st.none() | st.integers(0, 60)


def _framed(provider: str, body: bytes, max_line: int | None, max_event: int | None) -> Any:
    framer = FRAMERS[provider](max_line_bytes=max_line, max_event_bytes=max_event)
    try:
        return framer.feed_data(body) + framer.close_data()
    except lc.DecodeError as exc:
        return ("DecodeError", str(exc))


@settings(max_examples=examples(1000), deadline=None)
@given(_HEADS, _MIDDLES, _TAILS, _LIMIT, _LIMIT)
@example(b"data: {", b'"a": 1}', b"\n\n", None, None)
@example(b"data: {", b'"a": 1}', b"\r\n\r\n", 7, 7)
@example(b"data: {", b'"a": 1}', b"\n\n", 14, None)
@example(b"data: {", b'"a": 1}', b"\n\n", None, 13)
@example(b"event: x\ndata: {", b'"a": 1}\n\n: c\n\ndata: [DONE]', b"\n\n", None, None)
@example(b": c\r\nid: 1\r\ndata:{", b'"a": 1}\r\n\r\ndata: {}', b"\r\n\r\n", None, None)
def test_a_whole_body_is_framed_as_every_framer_frames_it(
    head: bytes, middle: bytes, tail: bytes, max_line: int | None, max_event: int | None
) -> None:
    body = head + middle + tail
    frames = whole_body(body)
    if frames is None or len(body) > whole_limit(max_line, max_event):
        return  # (the decoder takes a body no longer than the smallest limit)
    for provider in FRAMERS:
        assert _framed(provider, body, max_line, max_event) == frames, provider


def test_whole_body_takes_bodies_of_complete_events_that_start_with_a_field() -> None:
    """What the fast path takes (the differential test above proves what it gives is right)."""
    assert whole_body(b'data: {"a": 1}\n\n') == [b'{"a": 1}']
    assert whole_body(b'data: {"a": 1}\r\n\r\n') == [b'{"a": 1}']
    assert whole_body(b'data: {"a": 1}\n\ndata: {}\n\n') == [b'{"a": 1}', b"{}"]
    assert whole_body(b'event: x\ndata: {"a": 1}\n\n') == [b'{"a": 1}']
    assert whole_body(b": ok\r\n\r\nretry: 1\r\ndata: 1\r\n\r\n") == [b"1"]
    assert whole_body(b'data: {"a": 1}\n') is None  # an unfinished event
    assert whole_body(b'data: {"a": 1}\r\n\rdata: 2\n\n') is None  # a lone "\r"
    assert whole_body(b'[{"a": 1}]\n\n') is None  # Gemini's JSON array
    assert whole_body(b'\ndata: {"a": 1}\n\n') is None  # (not a field first)


def test_assemble_frames_a_body_held_whole_without_a_framer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A body in memory, one chunk or several, that whole_body takes makes no framer (a short
    stream's set-up); a longer one, or one in a generator, is framed by the registry's framer."""
    made: list[str] = []

    def spy(provider: str, framer: Any) -> Any:
        def make(**limits: Any) -> Any:
            made.append(provider)
            return framer(**limits)

        return make

    for provider, framer in list(FRAMERS.items()):
        monkeypatch.setitem(FRAMERS, provider, spy(provider, framer))
    body = [
        b'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n',
        b'data: {"choices":[{"finish_reason":"stop"}]}\n\n',
    ]
    want = lc.assemble(list(lc.stream.decode("openai_chat", iter(body), request=REQUEST)), request=REQUEST)
    assert made == ["openai_chat"]  # the events of a generator of chunks
    for chunks in (body, [b"".join(body)], tuple(body)):
        assert lc.assemble(lc.stream.decode("openai_chat", chunks, request=REQUEST), request=REQUEST) == want
    assert made == ["openai_chat"]
    assert lc.assemble(lc.stream.decode("openai_chat", iter(body), request=REQUEST), request=REQUEST) == want
    assert made == ["openai_chat"] * 2


def test_decode_of_a_body_held_whole_makes_no_framer(monkeypatch: pytest.MonkeyPatch) -> None:
    """lc.stream.decode of a body held whole (one chunk, or a list or tuple of chunks) frames it
    without a framer, all at the first pull: the same events as a generator of those chunks gives,
    chunk by chunk."""
    made: list[str] = []
    for provider, framer in list(FRAMERS.items()):

        def make(framer: Any = framer, provider: str = provider, **limits: Any) -> Any:
            made.append(provider)
            return framer(**limits)

        monkeypatch.setitem(FRAMERS, provider, make)
    body = [
        b'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n',
        b'data: {"choices":[{"finish_reason":"stop"}]}\n\n',
    ]
    for chunks in ([b"".join(body)], body, tuple(body)):
        events = list(lc.stream.decode("openai_chat", chunks, request=REQUEST))
        assert made == []
        assert events == list(lc.stream.decode("openai_chat", iter(chunks), request=REQUEST))
        assert made == ["openai_chat"]
        made.clear()


def test_decode_of_a_body_held_whole_fails_where_it_fails_chunk_by_chunk() -> None:
    """The events before a frame lm15 crashes on come first, then the failure at that frame."""
    chunks = [b'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n', b"data: not json\n\n"]
    for source in (chunks, iter(chunks)):
        got: list[Any] = []
        with pytest.raises(lc.StreamDecodeError, match="SSE event #1") as caught:
            got.extend(lc.stream.decode("openai_chat", source, request=REQUEST))
        assert [type(e).__name__ for e in got] == ["StreamStartEvent", "StreamDeltaEvent"]
        assert caught.value.frame == 1


_LONG_BODIES: dict[str, tuple[bytes, bytes, bytes]] = {  # (a start, a delta repeated, the end)
    "openai_chat": (
        b"",
        b'data: {"id":"c","model":"gpt-x","choices":[{"index":0,"delta":{"content":"word "}}]}\n\n',
        b'data: {"id":"c","model":"gpt-x","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n',
    ),
    "anthropic": (
        b'event: message_start\ndata: {"type":"message_start","message":{"id":"m","model":"claude-x"}}\n\n',
        b'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,'
        b'"delta":{"type":"text_delta","text":"word "}}\n\n',
        b'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"}}\n\n',
    ),
    "gemini": (
        b"",
        b'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"word "}]}}]}\r\n\r\n',
        b'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"."}]},"finishReason":"STOP"}]}'
        b"\r\n\r\n",
    ),
}


@pytest.mark.parametrize("provider", sorted(_LONG_BODIES))
@pytest.mark.parametrize("size", [70_000, 300_000, 1_500_000])
def test_a_body_held_whole_is_framed_64_kib_at_a_time(
    monkeypatch: pytest.MonkeyPatch, provider: str, size: int
) -> None:
    """A body held whole and longer than 64 KiB is framed a block of at most 64 KiB at a time (a
    larger block runs out of the CPU cache: framing a varied 2.8 MB stream a MiB at a time took
    1.25x as long), whatever path frames it; it decodes and assembles as one event a chunk does."""
    start, delta, end = _LONG_BODIES[provider]
    body = start + delta * (size // len(delta)) + end
    blocks: list[int] = []

    class Recording:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

        def feed_data(self, data: bytes) -> list[bytes]:
            blocks.append(len(data))
            frames: list[bytes] = self.inner.feed_data(data)
            return frames

    for name, framer in list(FRAMERS.items()):
        monkeypatch.setitem(FRAMERS, name, lambda framer=framer, **limits: Recording(framer(**limits)))
    real = _whole_module.whole_body_events

    def whole(block: bytes) -> list[bytes] | None:
        blocks.append(len(block))
        return real(block)

    monkeypatch.setattr(_whole_module, "whole_body_events", whole)
    sep = b"\r\n\r\n" if provider == "gemini" else b"\n\n"
    events = [piece + sep for piece in body.split(sep)[:-1]]
    want = lc.assemble(lc.stream.decode(provider, iter(events), request=REQUEST), request=REQUEST)
    assert want.text == "word " * (size // len(delta)) + ("." if provider == "gemini" else "")
    want_events = list(lc.stream.decode(provider, iter(events), request=REQUEST))
    blocks.clear()
    for chunks in ([body], (body,)):
        assert lc.assemble(lc.stream.decode(provider, chunks, request=REQUEST), request=REQUEST) == want
        assert list(lc.stream.decode(provider, chunks, request=REQUEST)) == want_events
    assert blocks and max(blocks) <= 1 << 16


# -- a continuation state from a template -------------------------------------------------------


class _Str(str):
    """A str subclass (the class call's isinstance check takes it; the template path must not)."""


_STATE_STR = st.sampled_from(["gemini", "", "thought_signature", _Str("x")]) | st.none() | st.integers()
_STATE_VALUE = st.one_of(
    st.text(max_size=3),
    st.integers(),
    st.floats(allow_nan=True),
    st.none(),
    st.builds(_Str, st.text(max_size=2)),
    st.lists(st.text(max_size=2), max_size=2),
    st.dictionaries(st.text(max_size=2), st.text(max_size=2), max_size=2),
)
_STATE_DATA = st.one_of(
    st.dictionaries(st.text(max_size=3), st.text(max_size=4), max_size=3),
    st.dictionaries(st.text(max_size=3) | st.integers(), _STATE_VALUE, max_size=3),
    st.none(),
    st.lists(st.text(max_size=2), max_size=2),
)


def _state_outcome(run: Any) -> tuple[Any, ...]:
    try:
        state = run()
    except ValidationError as exc:
        return ("ValidationError", str(exc))
    return ("ok", type(state), state.provider, state.kind, state.data, type(state.provider))


@settings(max_examples=examples(400), deadline=None)
@given(_STATE_STR, _STATE_STR, _STATE_DATA)
@example("gemini", "thought_signature", {"value": "abc"})
@example("gemini", "thought_signature", {})
@example("gemini", "", {"value": "abc"})
@example("gemini", "k", {"value": 1.5})
def test_a_continuation_state_from_a_template_is_the_checked_one(provider: Any, kind: Any, data: Any) -> None:
    fast = _state_outcome(lambda: continuation_state(provider, kind, data))
    slow = _state_outcome(lambda: checked(lc.ContinuationState, provider=provider, kind=kind, data=data))
    assert fast == slow


_LOGPROB_ENTRY = st.fixed_dictionaries(
    {
        "token": st.text(max_size=4),
        "logprob": st.floats(allow_nan=False, allow_infinity=False, width=32),
        "bytes": st.none() | st.lists(st.integers(0, 255), max_size=4),
    }
)


@settings(max_examples=examples(100), deadline=None)
@given(
    entries=st.lists(st.tuples(_LOGPROB_ENTRY, st.none() | st.lists(_LOGPROB_ENTRY, max_size=3)), max_size=4)
)
def test_typed_token_logprobs_are_the_checked_constructors(entries: list[tuple[dict[str, Any], Any]]) -> None:
    """The logprobs built from templates (``replace``) are the ones the checked class calls build."""
    from lmcodec.providers.openai.views import Logprob, typed_token_logprobs

    wire = [{**e, "top_logprobs": tops} for e, tops in entries]
    typed = msgspec.json.decode(msgspec.json.encode(wire), type=list[Logprob])
    want = tuple(
        lc.TokenLogprob(
            token=e["token"],
            logprob=e["logprob"],
            bytes=e["bytes"],
            top=tuple(
                lc.TopLogprob(token=t["token"], logprob=t["logprob"], bytes=t["bytes"]) for t in tops or ()
            ),
        )
        for e, tops in entries
    )
    got = typed_token_logprobs(typed)
    assert got == want
    assert [type(x) for x in got] == [type(x) for x in want]


def _wire_model_by_partition(model: str, provider: str) -> str:
    """wire_model's rule without its no-colon shortcut."""
    head, sep, rest = model.partition(":")
    return rest if sep and rest and head.replace("_", "-") == provider.replace("_", "-") else model


@settings(max_examples=examples(60), deadline=None)
@given(st.text(alphabet="gemini_-:ab", min_size=1, max_size=12), st.sampled_from(sorted(FRAMERS)))
def test_wire_model_shortcut_is_the_partition_rule(model: str, provider: str) -> None:
    request = lc.Request(model=model, messages=(lc.Message.user("hi"),))
    assert wire_model(request, provider) == _wire_model_by_partition(model, provider)
