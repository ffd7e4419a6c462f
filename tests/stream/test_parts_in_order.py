"""translate from Gemini writes each chunk's texts and thoughts in stream order (red team 30 F01).

A Gemini chunk numbers its parts from 0: a chunk of two text parts, then a chunk of text, reaches
the sink as slots 0, 1, 0. Written at slot 0, the third text went into the first block or item,
after the second was opened: the anthropic and openai SDKs read "The capital is Paris. of France",
and the written streams broke their protocols (an Anthropic delta to a stopped block, Responses
text into an item after the next one opened). The oracle is google-genai's reading of the source
(every chunk's parts appended in order) and each client SDK's accumulator; the protocol checks
below are the wires' event order rules. Chat clients, which read one content, are written as before.
"""

from __future__ import annotations

import importlib
import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.stream._writer_sink import WriterSink

from ..budget import examples
from ..providers.sdk_readers import sdk_anthropic
from .write_support import opened_carriage, sdk_chat, sdk_responses

translate_module = importlib.import_module("lmcodec.stream.translate")  # (the package names the function)
genai_types = pytest.importorskip("google.genai.types", reason="google-genai's reading is the oracle")

REQUEST = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))
SIGNATURE = "c2ln"
SDK_VIEWS = {"openai": sdk_responses, "anthropic": sdk_anthropic, "openai_chat": sdk_chat}


def gemini_stream(chunks: list[list[dict[str, Any]]]) -> list[bytes]:
    """The SSE events of ``chunks`` (each a list of parts), the last with the finish and usage."""
    events = []
    for k, parts in enumerate(chunks):
        candidate: dict[str, Any] = {"content": {"role": "model", "parts": parts}}
        payload: dict[str, Any] = {"candidates": [candidate], "modelVersion": "gemini-2.5-flash"}
        payload["responseId"] = "resp-gemini-1"
        if k == len(chunks) - 1:
            candidate["finishReason"] = "STOP"
            usage = {"promptTokenCount": 5, "candidatesTokenCount": 6, "totalTokenCount": 9}
            payload["usageMetadata"] = usage
        events.append(b"data: " + json.dumps(payload).encode() + b"\r\n\r\n")
    return events


def genai_reading(events: list[bytes]) -> dict[str, Any]:
    """google-genai's reading: each chunk a GenerateContentResponse, its parts appended in order."""
    text: list[str] = []
    thinking: list[str] = []
    calls: list[tuple[Any, Any]] = []
    for event in events:
        chunk = genai_types.GenerateContentResponse.model_validate_json(event[len(b"data: ") :])
        for part in chunk.candidates[0].content.parts or []:
            if part.function_call is not None:
                calls.append((part.function_call.name, part.function_call.args or {}))
            elif part.text is not None:
                (thinking if part.thought else text).append(part.text)
    return {"text": "".join(text), "thinking": "".join(thinking), "tool_calls": calls}


def client_reading(dst: str, body: bytes) -> dict[str, Any]:
    """What the client SDK of ``dst`` accumulates: its text, thinking and calls (name, arguments)."""
    view = SDK_VIEWS[dst](body)
    return {
        "text": view["text"],
        "thinking": view["thinking"],
        "tool_calls": [(name, args) for _, name, args in view["tool_calls"]],
    }


def sse_events(body: bytes) -> list[tuple[str, dict[str, Any]]]:
    """``body``'s events as (event name, data object)."""
    out = []
    for block in body.split(b"\n\n"):
        name, data = "", None
        for line in block.split(b"\n"):
            if line.startswith(b"event: "):
                name = line[7:].decode()
            elif line.startswith(b"data: "):
                data = json.loads(line[6:])
        if data is not None:
            out.append((name or data.get("type", ""), data))
    return out


def anthropic_protocol_breaks(body: bytes) -> list[str]:
    """The Messages stream rules ``body`` breaks: blocks start at 0, 1, 2, ..., one open at a time,
    every delta and stop to the open block, every block stopped before the message ends."""
    breaks: list[str] = []
    open_index: Any = None
    next_index = 0
    for name, data in sse_events(body):
        if name == "content_block_start":
            if open_index is not None:
                breaks.append(f"block {data['index']} started while {open_index} is open")
            if data["index"] != next_index:
                breaks.append(f"block {data['index']} started, {next_index} expected")
            open_index, next_index = data["index"], data["index"] + 1
        elif name in ("content_block_delta", "content_block_stop"):
            if data["index"] != open_index:
                breaks.append(f"{name} to block {data['index']}, the open block is {open_index}")
            if name == "content_block_stop":
                open_index = None
        elif name in ("message_delta", "message_stop") and open_index is not None:
            breaks.append(f"{name} while block {open_index} is open")
    return breaks


_ADDS_TO_AN_ITEM = re.compile(r"response\.(.+\.delta|content_part\.added|reasoning_summary_part\.added)$")


def responses_protocol_breaks(body: bytes) -> list[str]:
    """The Responses stream rules ``body`` breaks: items added at 0, 1, 2, ..., each item's content
    (its parts added, its deltas) written while it is the item added last, nothing written to an
    item after its ``output_item.done``."""
    breaks: list[str] = []
    last: Any = -1
    done: set[Any] = set()
    for name, data in sse_events(body):
        index = data.get("output_index")
        if name == "response.output_item.added":
            if index != last + 1:
                breaks.append(f"item {index} added after item {last}")
            last = index
        elif index is not None and index in done:
            breaks.append(f"{name} to item {index} after its output_item.done")
        elif _ADDS_TO_AN_ITEM.match(name) and index != last:
            breaks.append(f"{name} to item {index} after item {last} was added")
        if name == "response.output_item.done":
            done.add(index)
    return breaks


PROTOCOL_BREAKS = {"anthropic": anthropic_protocol_breaks, "openai": responses_protocol_breaks}


def translated(dst: str, events: list[bytes]) -> bytes:
    return b"".join(lc.stream.translate("gemini", dst, events, request=REQUEST))


# red team 30 F01's reproducer, and the same with thoughts and with a call between the texts
CASES: dict[str, list[list[dict[str, Any]]]] = {
    "two texts, then text": [
        [{"text": "The capital", "thoughtSignature": SIGNATURE}, {"text": " of France"}],
        [{"text": " is Paris."}],
    ],
    "two thoughts, then a thought and a text": [
        [{"text": "Paris ", "thought": True}, {"text": "is in France; ", "thought": True}],
        [{"text": "say so.", "thought": True}, {"text": "Paris."}],
    ],
    "text and a call, then text": [
        [{"text": "Looking "}, {"functionCall": {"name": "lookup", "args": {"q": "Paris"}}}],
        [{"text": "it up."}],
    ],
    "a thought and a text, twice": [
        [{"text": "a", "thought": True}, {"text": "b"}],
        [{"text": "c", "thought": True}, {"text": "d"}],
        [{"text": "e"}],
    ],
}


@pytest.mark.parametrize("dst", ["openai", "anthropic", "openai_chat"])
@pytest.mark.parametrize("case", list(CASES))
def test_each_client_reads_the_gemini_parts_in_stream_order(case: str, dst: str) -> None:
    events = gemini_stream(CASES[case])
    body = translated(dst, events)
    assert client_reading(dst, body) == genai_reading(events)
    if dst in PROTOCOL_BREAKS:
        assert PROTOCOL_BREAKS[dst](body) == []


def test_the_reproducers_third_text_is_appended_to_the_open_text_block() -> None:
    """The third text's slot (0) was moved past while the second's text block is open: it is
    appended there, so the client reads the answer in arrival order in two blocks, not three."""
    body = translated("anthropic", gemini_stream(CASES["two texts, then text"]))
    starts = [data["index"] for name, data in sse_events(body) if name == "content_block_start"]
    deltas = [
        (data["index"], data["delta"]["text"])
        for name, data in sse_events(body)
        if name == "content_block_delta"
    ]
    assert starts == [0, 1]
    assert deltas == [(0, "The capital"), (1, " of France"), (1, " is Paris.")]


def test_a_thought_signature_moves_with_its_thought_to_the_new_reasoning_item() -> None:
    """A Responses client carries a Gemini thought's signature in its reasoning item's
    ``encrypted_content``: the thought at a slot the writer moved past, and its signature, go to
    a new item; the first item keeps none of it."""
    chunks: list[list[dict[str, Any]]] = [
        [{"text": "first", "thought": True}, {"text": "answer "}],
        [{"text": "second", "thought": True, "thoughtSignature": SIGNATURE}, {"text": "done"}],
    ]
    body = translated("openai", gemini_stream(chunks))
    final = next(data for name, data in sse_events(body) if name == "response.completed")["response"]
    reasoning = [item for item in final["output"] if item["type"] == "reasoning"]
    assert [[s["text"] for s in item["summary"]] for item in reasoning] == [["first"], ["second"]]
    carried = [opened_carriage(item["encrypted_content"]) for item in reasoning]
    assert [state["data"] for state in carried[0]["states"]] == []
    assert [state["data"] for state in carried[1]["states"]] == [{"value": SIGNATURE}]


# ── every Gemini stream of a few chunks ──────────────────────────────────────

_WORDS = st.text(alphabet="abcxyz ", min_size=1, max_size=6)
_PARTS = st.one_of(
    _WORDS.map(lambda text: {"text": text}),
    _WORDS.map(lambda text: {"text": text, "thought": True}),
    st.just({"text": "", "thoughtSignature": SIGNATURE}),
    st.integers(0, 9).map(lambda n: {"functionCall": {"name": f"tool_{n % 3}", "args": {"n": n}}}),
)
_STREAMS = st.lists(st.lists(_PARTS, min_size=1, max_size=3), min_size=2, max_size=6)


def returns_to_a_slot(chunks: list[list[dict[str, Any]]]) -> bool:
    """Whether a text or thought comes at a (kind, part index) written before, not last."""
    seen: set[tuple[str, int]] = set()
    last: tuple[str, int] | None = None
    for parts in chunks:
        for index, part in enumerate(parts):
            if "functionCall" in part:
                last = None
                continue
            key = ("thought" if part.get("thought") else "text", index)
            if key in seen and key != last:
                return True
            seen.add(key)
            last = key
    return False


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_STREAMS, st.sampled_from(["openai", "anthropic", "openai_chat"]))
def test_every_client_reads_a_gemini_stream_in_order_from_a_well_formed_stream(
    chunks: list[list[dict[str, Any]]], dst: str
) -> None:
    events = gemini_stream(chunks)
    body = translated(dst, events)
    assert client_reading(dst, body) == genai_reading(events)
    if dst in PROTOCOL_BREAKS:
        assert PROTOCOL_BREAKS[dst](body) == []


_TOKENS = re.compile(rb"_[0-9a-f]{24}")
_CREATED = re.compile(rb'"created(_at)?":\d+')


def _normalized(body: bytes) -> bytes:
    """``body`` without the ids and times a writer makes up per stream."""
    return _CREATED.sub(b'"created":0', _TOKENS.sub(b"_id", body))


@settings(max_examples=examples(120), deadline=None)
@given(_STREAMS, st.sampled_from(["openai", "anthropic"]))
def test_a_stream_that_never_returns_to_a_slot_is_written_as_before(
    chunks: list[list[dict[str, Any]]], dst: str
) -> None:
    """The sink before this rule (WriterSink, every part at its source index) writes the same bytes
    where no text or thought comes back to a slot the writer left."""
    events = gemini_stream(chunks)
    body = translated(dst, events)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(translate_module, "PartsInOrderSink", WriterSink)
        before = translated(dst, events)
    if not returns_to_a_slot(chunks):
        assert _normalized(body) == _normalized(before)


# ── a text or thought at a moved-past slot joins the open block of its kind ──


def opened_blocks(dst: str, body: bytes) -> list[str]:
    """The kinds of the text and thinking blocks (Anthropic) or message and reasoning items
    (Responses) ``body`` opens, in order."""
    if dst == "anthropic":
        kinds = [
            data["content_block"]["type"] for name, data in sse_events(body) if name == "content_block_start"
        ]
        return [kind for kind in kinds if kind in ("text", "thinking")]
    kinds = [data["item"]["type"] for name, data in sse_events(body) if name == "response.output_item.added"]
    return [kind for kind in kinds if kind in ("message", "reasoning")]


def _part(kind: str, text: str) -> dict[str, Any]:
    return {"text": text, "thought": True} if kind == "thought" else {"text": text}


@pytest.mark.parametrize("dst", ["openai", "anthropic"])
@pytest.mark.parametrize("kinds", [("text", "text"), ("thought", "thought"), ("text", "text", "text")])
def test_a_stream_of_several_parts_in_every_chunk_keeps_one_block_a_part_index(
    dst: str, kinds: tuple[str, ...]
) -> None:
    """Every chunk's first part comes back to a slot the writer moved past: each is appended to the
    open block of its kind, so 300 chunks are as many blocks as one chunk has parts (they were one
    new block a part), and the client reads the text in arrival order."""
    chunks = [[_part(kind, f"w{k}.{i} ") for i, kind in enumerate(kinds)] for k in range(300)]
    events = gemini_stream(chunks)
    body = translated(dst, events)
    expected = {
        "anthropic": {"text": "text", "thought": "thinking"},
        "openai": {"text": "message", "thought": "reasoning"},
    }
    assert opened_blocks(dst, body) == [expected[dst][kind] for kind in kinds]
    assert client_reading(dst, body) == genai_reading(events)
    assert PROTOCOL_BREAKS[dst](body) == []


def reasoning_items(body: bytes) -> list[tuple[str, list[Any]]]:
    """The Responses final output's reasoning items: each one's summary text and carried states."""
    final = next(data for name, data in sse_events(body) if name == "response.completed")["response"]
    out = []
    for item in final["output"]:
        if item["type"] == "reasoning":
            states = (
                opened_carriage(item["encrypted_content"])["states"] if item.get("encrypted_content") else []
            )
            out.append(("".join(s["text"] for s in item["summary"]), [state["data"] for state in states]))
    return out


def anthropic_blocks(body: bytes) -> list[tuple[str, str]]:
    """The Messages stream's blocks: each one's type and text (or thinking), as the deltas build it."""
    blocks: dict[int, list[str]] = {}
    kinds: dict[int, str] = {}
    for name, data in sse_events(body):
        if name == "content_block_start":
            kinds[data["index"]] = data["content_block"]["type"]
            blocks[data["index"]] = []
        elif name == "content_block_delta":
            delta = data["delta"]
            blocks[data["index"]].append(delta.get("text", delta.get("thinking", "")))
    return [(kinds[index], "".join(blocks[index])) for index in sorted(blocks)]


def test_a_moved_thought_and_its_signature_join_the_open_unsigned_thinking_block() -> None:
    chunks: list[list[dict[str, Any]]] = [
        [{"text": "A", "thought": True}, {"text": "B", "thought": True}],
        [{"text": "C", "thought": True, "thoughtSignature": SIGNATURE}],
    ]
    events = gemini_stream(chunks)
    assert reasoning_items(translated("openai", events)) == [("A", []), ("BC", [{"value": SIGNATURE}])]
    assert anthropic_blocks(translated("anthropic", events)) == [("thinking", "A"), ("thinking", "BC")]


def test_a_thinking_block_already_signed_takes_no_moved_thought() -> None:
    """The open thinking block's slot was handed a signature: a thought at a moved-past slot opens a
    new block (the thought continuing its own part index stays where it is, as lm15 reads it)."""
    chunks: list[list[dict[str, Any]]] = [
        [{"text": "A", "thought": True}, {"text": "B", "thought": True}],
        [{"text": "C", "thought": True, "thoughtSignature": SIGNATURE}],
        [{"text": "D", "thought": True}, {"text": "E", "thought": True}],
    ]
    events = gemini_stream(chunks)
    body = translated("openai", events)
    assert reasoning_items(body) == [("A", []), ("BCD", [{"value": SIGNATURE}]), ("E", [])]
    assert responses_protocol_breaks(body) == []
    assert anthropic_blocks(translated("anthropic", events)) == [
        ("thinking", "A"),
        ("thinking", "BCD"),
        ("thinking", "E"),
    ]


def test_a_joined_texts_signature_signs_no_thought() -> None:
    """A text's signature has no place on a Responses client but a reasoning item: the text joined
    into the open text block at slot 1 keeps its signature off thought B's item (slot 1), and off
    thought A's (slot 0), as the text's own new item left it before."""
    chunks: list[list[dict[str, Any]]] = [
        [{"text": "A", "thought": True}, {"text": "B", "thought": True}],
        [{"text": "x"}, {"text": "y"}],
        [{"text": "z", "thoughtSignature": SIGNATURE}],
    ]
    events = gemini_stream(chunks)
    body = translated("openai", events)
    assert reasoning_items(body) == [("A", []), ("B", [])]
    final = next(data for name, data in sse_events(body) if name == "response.completed")["response"]
    texts = [[c["text"] for c in item["content"]] for item in final["output"] if item["type"] == "message"]
    assert texts == [["x"], ["yz"]]


_MOSTLY_WORDS = st.one_of(
    _WORDS.map(lambda text: {"text": text}),
    _WORDS.map(lambda text: {"text": text}),
    _WORDS.map(lambda text: {"text": text, "thought": True}),
    _WORDS.map(lambda text: {"text": text, "thoughtSignature": SIGNATURE}),
    _WORDS.map(lambda text: {"text": text, "thought": True, "thoughtSignature": SIGNATURE}),
    st.integers(0, 9).map(lambda n: {"functionCall": {"name": f"tool_{n % 3}", "args": {"n": n}}}),
)
_MANY_PARTS = st.lists(st.lists(_MOSTLY_WORDS, min_size=2, max_size=6), min_size=2, max_size=8)


def block_bound(chunks: list[list[dict[str, Any]]]) -> int:
    """The most text and thinking blocks the rule opens: one per (kind, part index) first seen, one
    per run of one kind in arrival order (a call ends a run), one per signature (a signed thinking
    block takes no moved thought)."""
    keys: set[tuple[str, int]] = set()
    runs = signatures = 0
    last: str | None = None
    for parts in chunks:
        for index, part in enumerate(parts):
            if "functionCall" in part:
                last = None
                continue
            kind = "thought" if part.get("thought") else "text"
            keys.add((kind, index))
            runs += kind != last
            signatures += "thoughtSignature" in part
            last = kind
    return len(keys) + runs + signatures


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_MANY_PARTS, st.sampled_from(["openai", "anthropic"]))
def test_many_parts_a_chunk_read_in_arrival_order_in_few_blocks(
    chunks: list[list[dict[str, Any]]], dst: str
) -> None:
    """Chunks of 2-6 parts: each client SDK reads google-genai's text and thinking, the stream keeps
    its protocol, and the blocks opened stay within :func:`block_bound` (one new block per moved
    part exceeded it)."""
    events = gemini_stream(chunks)
    body = translated(dst, events)
    assert client_reading(dst, body) == genai_reading(events)
    assert PROTOCOL_BREAKS[dst](body) == []
    assert len(opened_blocks(dst, body)) <= block_bound(chunks)
