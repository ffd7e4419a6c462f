"""translate from a Chat Completions source writes its text, reasoning and calls in stream order
(red team 32 F01).

lm15's Chat adapter hands every ``content`` and ``reasoning_content`` fragment to slot 0. Written
there, text after a tool call (or reasoning after text) went to the block or item of the first text
(reasoning): an Anthropic ``content_block_delta`` to a block already stopped, Responses text into
item 0 after the call's item was added; both SDKs joined it into the first block, so the client
read the text before the call. The oracle for the order is the openai SDK's reading of the Chat
chunks, one after another; each client SDK's accumulator (the anthropic ``MessageStream``, the
openai Responses stream's ``get_final_response``) must read the same runs in the same order, and the
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

import lmcodec as lc
from lmcodec.stream._writer_sink import WriterSink

from ..budget import examples
from ..providers.sdk_readers import _transport
from .test_parts_in_order import PROTOCOL_BREAKS, _normalized
from .write_support import chat_chunks

anthropic = pytest.importorskip("anthropic", reason="the anthropic SDK reads the written streams")
openai = pytest.importorskip("openai", reason="the openai SDK reads the source and the written streams")
httpx = pytest.importorskip("httpx", reason="the SDKs' transport")

translate_module = importlib.import_module("lmcodec.stream.translate")  # (the package names the function)

REQUEST = lc.Request(model="gpt-4o", messages=(lc.Message.user("hi"),))

# A segment of the source: ("text" | "thinking", fragments) or ("call", name, arguments fragments).
Segment = tuple[Any, ...]


def _chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    choice = {"index": 0, "delta": delta, "finish_reason": finish}
    chunk = {
        "id": "c1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "gpt-4o",
        "choices": [choice],
    }
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


def chat_stream(segments: list[Segment]) -> list[bytes]:
    """The SSE chunks of ``segments``, one field a chunk, calls at indexes 0, 1, ... in order."""
    events = [_chunk({"role": "assistant", "content": ""})]
    calls = 0
    for segment in segments:
        if segment[0] == "call":
            _, name, fragments = segment
            head = {"index": calls, "id": f"call_{calls}", "type": "function"}
            events.append(
                _chunk({"tool_calls": [{**head, "function": {"name": name, "arguments": fragments[0]}}]})
            )
            events += [
                _chunk({"tool_calls": [{"index": calls, "function": {"arguments": f}}]})
                for f in fragments[1:]
            ]
            calls += 1
        else:
            field = "content" if segment[0] == "text" else "reasoning_content"
            events += [_chunk({field: fragment}) for fragment in segment[1]]
    events.append(_chunk({}, "tool_calls" if calls else "stop"))
    return [*events, b"data: [DONE]\n\n"]


def _joined(runs: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """``runs`` with neighbouring texts (thoughts) joined: the order a reader sees, not the blocks."""
    out: list[tuple[Any, ...]] = []
    for run in runs:
        if run[0] != "call" and out and out[-1][0] == run[0]:
            out[-1] = (run[0], out[-1][1] + run[1])
        elif run[0] == "call" or run[1]:
            out.append(run)
    return out


def source_order(events: list[bytes]) -> list[tuple[Any, ...]]:
    """The openai SDK's Chat chunks read in order: texts, reasonings and calls (name, arguments), a
    call where its index first came."""
    runs: list[tuple[Any, ...]] = []
    calls: dict[int, list[Any]] = {}
    for chunk in chat_chunks(b"".join(events)):
        for choice in chunk.choices:
            delta = choice.delta
            reasoning = (delta.model_extra or {}).get("reasoning_content")
            if reasoning:
                runs.append(("thinking", reasoning))
            if delta.content:
                runs.append(("text", delta.content))
            for call in delta.tool_calls or []:
                if call.index not in calls:
                    calls[call.index] = [call.function.name, ""]
                    runs.append(("call", call.index))
                calls[call.index][1] += call.function.arguments or ""
    placed = [("call", calls[r[1]][0], json.loads(calls[r[1]][1])) if r[0] == "call" else r for r in runs]
    return _joined(placed)


def _http(body: bytes) -> Any:
    def handler(request: Any) -> Any:
        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=body)

    return httpx.Client(transport=httpx.MockTransport(handler))


def anthropic_order(body: bytes) -> list[tuple[Any, ...]]:
    """The anthropic SDK's MessageStream's final message: its blocks in order."""
    client = anthropic.Anthropic(
        api_key="sk-test", http_client=_transport(body, "text/event-stream"), max_retries=0
    )
    messages = [{"role": "user", "content": "hi"}]
    with client.messages.stream(model="m-1", max_tokens=16, messages=messages) as stream:
        message = stream.get_final_message()
    runs: list[tuple[Any, ...]] = []
    for block in message.content:
        if block.type == "text":
            runs.append(("text", block.text))
        elif block.type == "thinking":
            runs.append(("thinking", block.thinking))
        elif block.type == "tool_use":
            runs.append(("call", block.name, block.input))
    return _joined(runs)


def responses_order(body: bytes) -> list[tuple[Any, ...]]:
    """The openai SDK's Responses stream's final response: its items in order."""
    client = openai.OpenAI(api_key="sk-test", base_url="http://sdk.test/v1", http_client=_http(body))
    with client.responses.stream(model="m-1", input="hi") as stream:
        final = stream.get_final_response()
    runs: list[tuple[Any, ...]] = []
    for item in final.output:
        if item.type == "message":
            runs += [("text", part.text) for part in item.content if part.type == "output_text"]
        elif item.type == "reasoning":
            runs += [("thinking", part.text) for part in item.summary]
        elif item.type == "function_call":
            runs.append(("call", item.name, json.loads(item.arguments or "{}")))
    return _joined(runs)


CLIENT_ORDER = {"anthropic": anthropic_order, "openai": responses_order}


def translated(dst: str, events: list[bytes]) -> bytes:
    return b"".join(lc.stream.translate("openai_chat", dst, events, request=REQUEST))


CASES: dict[str, list[Segment]] = {
    "text, a call, text (the reproducer)": [
        ("text", ["Let me check."]),
        ("call", "lookup", ["{}"]),
        ("text", [" Checking now."]),
    ],
    "reasoning, text, reasoning, text": [
        ("thinking", ["Paris ", "is in France."]),
        ("text", ["Paris"]),
        ("thinking", ["Say more."]),
        ("text", [" is the capital."]),
    ],
    "text between two calls, then reasoning and text": [
        ("call", "a", ['{"n":', "1}"]),
        ("text", ["between"]),
        ("call", "b", ["{}"]),
        ("thinking", ["then"]),
        ("text", ["done"]),
    ],
}


@pytest.mark.parametrize("dst", ["anthropic", "openai"])
@pytest.mark.parametrize("case", list(CASES))
def test_each_client_reads_the_chat_stream_in_source_order(case: str, dst: str) -> None:
    events = chat_stream(CASES[case])
    body = translated(dst, events)
    assert CLIENT_ORDER[dst](body) == source_order(events)
    assert PROTOCOL_BREAKS[dst](body) == []


def test_the_text_after_the_call_is_a_block_after_the_call() -> None:
    """The reproducer's blocks: text 0, the call 1, the later text 2, each started and stopped once."""
    body = translated("anthropic", chat_stream(CASES["text, a call, text (the reproducer)"]))
    frames = [json.loads(line[6:]) for line in body.split(b"\n") if line.startswith(b"data: ")]
    starts = [(f["index"], f["content_block"]["type"]) for f in frames if f["type"] == "content_block_start"]
    stops = [f["index"] for f in frames if f["type"] == "content_block_stop"]
    assert starts == [(0, "text"), (1, "tool_use"), (2, "text")]
    assert stops == [0, 1, 2]


def test_the_message_and_reasoning_items_ids_are_unique() -> None:
    """The later text and reasoning are items of their own: new ids, not the first item's."""
    body = translated("openai", chat_stream(CASES["text between two calls, then reasoning and text"]))
    frames = [json.loads(line[6:]) for line in body.split(b"\n") if line.startswith(b"data: ")]
    added = [f["item"] for f in frames if f["type"] == "response.output_item.added"]
    assert [item["type"] for item in added] == [
        "function_call",
        "message",
        "function_call",
        "reasoning",
        "message",
    ]
    ids = [item["id"] for item in added if item["type"] != "function_call"]
    assert len(set(ids)) == 3


# ── every Chat stream of a few segments, at random chunkings ──────────────────

_WORDS = st.text(alphabet="abcxyz ", min_size=1, max_size=6)
_FRAGMENTS = st.lists(_WORDS, min_size=1, max_size=3)


@st.composite
def _call(draw: st.DrawFn) -> Segment:
    arguments = json.dumps({"n": draw(st.integers(0, 999)), "q": draw(_WORDS)})
    cuts = sorted(draw(st.lists(st.integers(1, len(arguments) - 1), max_size=3, unique=True)))
    bounds = [0, *cuts, len(arguments)]
    return (
        "call",
        f"tool_{draw(st.integers(0, 2))}",
        [arguments[a:b] for a, b in itertools.pairwise(bounds)],
    )


_SEGMENTS = st.lists(
    st.one_of(_FRAGMENTS.map(lambda f: ("text", f)), _FRAGMENTS.map(lambda f: ("thinking", f)), _call()),
    min_size=1,
    max_size=7,
)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_SEGMENTS, st.sampled_from(["anthropic", "openai"]))
def test_every_client_reads_a_chat_stream_in_source_order(segments: list[Segment], dst: str) -> None:
    events = chat_stream(segments)
    body = translated(dst, events)
    assert CLIENT_ORDER[dst](body) == source_order(events)
    assert PROTOCOL_BREAKS[dst](body) == []


def returns_to_a_slot(segments: list[Segment]) -> bool:
    """Whether a text (reasoning) comes after something else, with a text (reasoning) before it."""
    seen: set[str] = set()
    last = None
    for segment in segments:
        kind = segment[0]
        if kind != "call" and kind in seen and kind != last:
            return True
        seen.add(kind)
        last = kind
    return False


@settings(max_examples=examples(120), deadline=None)
@given(_SEGMENTS, st.sampled_from(["anthropic", "openai"]))
def test_a_chat_stream_that_never_returns_to_a_slot_is_written_as_before(
    segments: list[Segment], dst: str
) -> None:
    """The plain sink (every content at slot 0) writes the same bytes where no text or reasoning
    comes back after another kind."""
    events = chat_stream(segments)
    body = translated(dst, events)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(translate_module, "PartsInOrderSink", WriterSink)
        before = translated(dst, events)
    if not returns_to_a_slot(segments):
        assert _normalized(body) == _normalized(before)
    else:
        assert PROTOCOL_BREAKS[dst](before) != []  # (the break the sink mends)


@pytest.mark.parametrize("dst", ["anthropic", "openai"])
def test_a_refusal_after_a_call_is_written_after_the_call(dst: str) -> None:
    """A refusal fragment is text on an Anthropic client: after text and a call it opens a block of
    its own, not a delta to the stopped first one."""
    events = chat_stream([("text", ["Sure."]), ("call", "lookup", ["{}"])])
    events[-2:-2] = [_chunk({"refusal": "I can't."})]
    body = translated(dst, events)
    assert PROTOCOL_BREAKS[dst](body) == []
    if dst == "anthropic":
        assert anthropic_order(body) == [("text", "Sure."), ("call", "lookup", {}), ("text", "I can't.")]
