"""translate from a Chat Completions source whose call fragments resume after another slot was
written (red team 33 F01).

A Chat chunk names its call by ``index``: a text or reasoning delta between two fragments of one
call, or two parallel calls whose fragments alternate, were deltas to an Anthropic block already
stopped and Responses deltas to an item after a later one was added. While the call written last
may still grow, the sink holds what else comes (a waiting call gathers its fragments) and writes it
once the call is whole or the stream ends. The oracle: the openai SDK's reading of the Chat chunks
(each call's name and arguments, the texts and reasonings joined in order); each client's SDK
(anthropic ``MessageStream``, openai Responses ``get_final_response``) reads the same, and the
protocol checks of ``test_parts_in_order`` hold.
"""

from __future__ import annotations

import importlib
import itertools
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..budget import examples
from .test_parts_in_order import PROTOCOL_BREAKS, _normalized, sse_events
from .test_parts_in_order_chat import CLIENT_ORDER, _chunk, source_order, translated

pytest.importorskip("anthropic", reason="the anthropic SDK reads the written streams")
pytest.importorskip("openai", reason="the openai SDK reads the source and the written streams")

parts_in_order = importlib.import_module("lmcodec.stream._parts_in_order")


def _call(index: int, arguments: str, name: str | None = None) -> dict[str, Any]:
    call: dict[str, Any] = {"index": index, "function": {"arguments": arguments}}
    if name is not None:
        call.update(id=f"call_{index}", type="function")
        call["function"]["name"] = name
    return {"tool_calls": [call]}


def stream(deltas: list[dict[str, Any]], finish: str = "tool_calls") -> list[bytes]:
    return [
        _chunk({"role": "assistant", "content": ""}),
        *[_chunk(delta) for delta in deltas],
        _chunk({}, finish),
        b"data: [DONE]\n\n",
    ]


def reading(runs: list[tuple[Any, ...]]) -> tuple[list[tuple[Any, ...]], str, str]:
    """The calls in order, the text joined, the reasoning joined (what a client keeps of an answer
    whose text came between a call's fragments: the call may be read before or after it)."""
    calls = [run for run in runs if run[0] == "call"]
    text = "".join(run[1] for run in runs if run[0] == "text")
    thinking = "".join(run[1] for run in runs if run[0] == "thinking")
    return calls, text, thinking


# red team 33 F01's reproducer, and a few more shapes
CASES: dict[str, list[dict[str, Any]]] = {
    "text between two fragments of one call": [
        _call(0, '{"a":', "f"),
        {"content": "meanwhile"},
        _call(0, "1}"),
    ],
    "reasoning between two fragments of one call": [
        _call(0, '{"a":', "f"),
        {"reasoning_content": "hmm"},
        _call(0, "1}"),
    ],
    "two calls' fragments alternating": [
        _call(0, '{"a":', "f"),
        _call(1, '{"b":', "g"),
        _call(0, "1}"),
        _call(1, "2}"),
    ],
    "three calls round robin, text among them": [
        _call(0, '{"a"', "f"),
        _call(1, '{"b"', "g"),
        {"content": "one "},
        _call(2, '{"c"', "h"),
        _call(0, ":1}"),
        {"content": "two"},
        _call(1, ':"}{"'),
        _call(2, ":[3]}"),
        _call(1, "}"),
    ],
}


@pytest.mark.parametrize("dst", ["anthropic", "openai"])
@pytest.mark.parametrize("case", list(CASES))
def test_each_client_reads_the_calls_whole_and_the_protocol_holds(case: str, dst: str) -> None:
    events = stream(CASES[case])
    body = translated(dst, events)
    assert PROTOCOL_BREAKS[dst](body) == []
    assert reading(CLIENT_ORDER[dst](body)) == reading(source_order(events))


def test_text_between_a_calls_fragments_follows_the_call() -> None:
    """The text waits while the call's arguments are not whole, then opens a block after it."""
    body = translated("anthropic", stream(CASES["text between two fragments of one call"]))
    assert CLIENT_ORDER["anthropic"](body) == [("call", "f", {"a": 1}), ("text", "meanwhile")]


def test_a_call_that_never_becomes_whole_is_written_at_the_end() -> None:
    """A call cut short (its arguments never close) keeps the others waiting to the stream's end,
    where each is written whole after it: every call, the protocol kept (read from the frames: the
    cut call's arguments are not JSON)."""
    deltas = [_call(0, '{"a":', "f"), _call(1, '{"b":', "g"), {"content": "x"}, _call(1, "2}")]
    events = stream(deltas, finish="length")
    anthropic_body = translated("anthropic", events)
    assert PROTOCOL_BREAKS["anthropic"](anthropic_body) == []
    blocks = [
        data["content_block"].get("name", data["content_block"]["type"])
        for name, data in sse_events(anthropic_body)
        if name == "content_block_start"
    ]
    assert blocks == ["f", "g", "text"]
    second = [(name, data) for name, data in sse_events(anthropic_body) if data.get("index") == 1]
    assert [name for name, _ in second] == ["content_block_start", "content_block_stop"]
    assert second[0][1]["content_block"]["input"] == {"b": 2}  # written whole: the input in its start
    responses_body = translated("openai", events)
    assert PROTOCOL_BREAKS["openai"](responses_body) == []
    items = [
        data["item"].get("name", data["item"]["type"])
        for name, data in sse_events(responses_body)
        if name == "response.output_item.added"
    ]
    assert items == ["f", "g", "message"]


@pytest.mark.parametrize("dst", ["anthropic", "openai"])
def test_a_fragment_to_a_whole_call_the_writer_moved_past_is_left_out(dst: str) -> None:
    """Whitespace after a call's whole arguments, once text was written after it: no delta to the
    stopped block; the call keeps its arguments."""
    events = stream([_call(0, "{}", "f"), {"content": "t"}, _call(0, " ")])
    body = translated(dst, events)
    assert PROTOCOL_BREAKS[dst](body) == []
    assert CLIENT_ORDER[dst](body) == [("call", "f", {}), ("text", "t")]


@pytest.mark.parametrize("dst", ["anthropic", "openai"])
def test_what_waits_is_written_before_an_error(dst: str) -> None:
    """A second choice ends the stream with an error: the text that waited is written before it."""
    events = stream([_call(0, '{"a":', "f"), {"content": "waited"}])
    second = {
        "id": "c1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "gpt-4o",
        "choices": [{"index": 1, "delta": {"content": "other"}, "finish_reason": None}],
    }
    events.insert(-2, b"data: " + json.dumps(second).encode() + b"\n\n")
    body = translated(dst, events)
    assert b"waited" in body
    assert body.index(b"waited") < body.index(b"more than one choice")


# ── every interleaving of a few calls, texts and reasonings ─────────────────

_WORDS = st.text(alphabet='abcxyz {}[]"\\:,', min_size=1, max_size=6)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-99, 99) | _WORDS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_WORDS, inner, max_size=3),
    max_leaves=6,
)


@st.composite
def _fragments(draw: st.DrawFn, whole: str) -> list[str]:
    cuts = sorted(draw(st.lists(st.integers(1, max(1, len(whole) - 1)), max_size=4, unique=True)))
    bounds = [0, *[c for c in cuts if c < len(whole)], len(whole)]
    return [whole[a:b] for a, b in itertools.pairwise(bounds)]


@st.composite
def _interleaved(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Calls (arguments a JSON object, cut anywhere), texts and reasonings, each one's fragments in
    order, all merged in a random order."""
    pieces: list[list[dict[str, Any]]] = []
    for index in range(draw(st.integers(1, 3))):
        arguments = json.dumps(draw(st.dictionaries(_WORDS, _JSON, max_size=3)))
        fragments = draw(_fragments(arguments))
        pieces.append(
            [_call(index, fragments[0], f"tool_{index}"), *[_call(index, f) for f in fragments[1:]]]
        )
    for field in draw(st.lists(st.sampled_from(["content", "reasoning_content"]), max_size=3)):
        pieces.append([{field: word} for word in draw(st.lists(_WORDS, min_size=1, max_size=3))])
    merged: list[dict[str, Any]] = []
    while pieces:
        piece = pieces[draw(st.integers(0, len(pieces) - 1))]
        merged.append(piece.pop(0))
        pieces = [p for p in pieces if p]
    return merged


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_interleaved(), st.sampled_from(["anthropic", "openai"]))
def test_every_interleaving_keeps_the_protocol_and_the_answer(deltas: list[dict[str, Any]], dst: str) -> None:
    events = stream(deltas)
    body = translated(dst, events)
    assert PROTOCOL_BREAKS[dst](body) == []
    assert reading(CLIENT_ORDER[dst](body)) == reading(source_order(events))


def _calls_whole_one_by_one(deltas: list[dict[str, Any]]) -> bool:
    """Whether every call's fragments come together, its arguments whole before anything else."""
    current, arguments, done = None, "", set()
    for delta in deltas:
        index = delta["tool_calls"][0]["index"] if "tool_calls" in delta else None
        if index != current:
            if current is not None:
                try:
                    json.loads(arguments)
                except json.JSONDecodeError:
                    return False
                done.add(current)
            if index in done:
                return False
            current, arguments = index, ""
        if index is not None:
            arguments += delta["tool_calls"][0]["function"]["arguments"]
    return True


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_interleaved(), st.sampled_from(["anthropic", "openai"]))
def test_a_stream_whose_calls_come_whole_one_by_one_is_written_as_before(
    deltas: list[dict[str, Any]], dst: str
) -> None:
    """The sink that never holds (every call moved past when another slot comes, as before red team
    33 F01) writes the same bytes where each call's fragments come together and end whole."""
    events = stream(deltas)
    body = translated(dst, events)

    def never_holds(self: Any) -> bool:
        self._open_call_slot = -1
        return False

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(parts_in_order.PartsInOrderSink, "_open_call_grows", never_holds)
        before = translated(dst, events)
    if _calls_whole_one_by_one(deltas):
        assert _normalized(body) == _normalized(before)
    else:
        assert body != before or PROTOCOL_BREAKS[dst](before) == []
