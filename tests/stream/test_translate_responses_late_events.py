"""Translate of Responses streams whose events come where the openai SDK does not expect them, each
decided against lm15's reading and the openai SDK's (round 27's left items; docs/writers.md,
"Output items lm15 does not read"):

- a message's or call's delta after its own ``output_item.done`` (the item added before): lm15
  reads it (its adapter maps every delta, a done of a message or call to nothing), and so does
  the openai SDK's accumulator (the snapshot each delta event carries: the item stays open to
  it); only the SDK's final response, taken from ``response.completed``, leaves it out. Written,
  as ``decode`` + ``assemble`` read it;
- a text delta naming no ``output_index`` (red team 53's case 54:1635, reduced): the openai SDK
  refuses the stream, lm15 reads the text at slot 0 (``int(... or 0)``), before the text of the
  item it belongs to. A Gemini client gets lm15's order, a Chat client the stream's (one
  content); an Anthropic or Responses writer has written the later slot's text already, and
  writes the late slot's text after it;
- a reasoning summary delta of an item never added, then its done: the summary and the
  ``encrypted_content`` reach a Responses client under the source's item id, which the delta's
  ``item_id`` names (it was the writer's own: the thinking opens the item before its done names
  it, and the SDK refuses an id changed between an item's added and done).
"""

from __future__ import annotations

import json
from typing import Any

import openai
import pytest
from openai.lib.streaming.responses._responses import ResponseStreamState

import lmcodec as lc

from ..providers.sweep_support import lm15_stream_outcomes
from .test_translate_responses_item_events import (
    _CREATED,
    _DONE_RS,
    _REASONING,
    _SUMMARY_DELTA,
    DIALECTS,
    READERS,
    _assembled,
    _completed,
    _frame,
    _item,
)
from .write_support import REQUEST, _client, sdk_responses


def _chunkings(data: bytes, frames: list[bytes]) -> dict[str, list[bytes]]:
    return {"whole": [data], "per event": frames, "1 byte": [data[i : i + 1] for i in range(len(data))]}


def _decoded(data: bytes) -> list[tuple[str, Any]]:
    response = lc.assemble(lc.stream.decode("openai", [data], request=REQUEST), request=REQUEST)
    return [
        (type(p).__name__, p.input if isinstance(p, lc.ToolCallPart) else getattr(p, "text", None))
        for p in response.message.parts
    ]


def _sdk_snapshots(data: bytes) -> dict[str, str]:
    """The openai SDK's accumulated text and arguments: the snapshot the last delta event of each
    kind carries (what a client rendering the stream shows)."""
    state: Any = ResponseStreamState(input_tools=openai.omit, text_format=openai.omit)
    snapshots: dict[str, str] = {}
    with _client(data).responses.create(model="m-1", input="hi", stream=True) as stream:
        for raw in stream:
            for event in state.handle_event(raw):
                if event.type in ("response.output_text.delta", "response.function_call_arguments.delta"):
                    snapshots[event.type] = event.snapshot
    return snapshots


@pytest.mark.parametrize("kind", ["message", "call"])
def test_a_delta_after_its_items_done_is_read_as_lm15_and_the_sdks_accumulator_read_it(kind: str) -> None:
    final, opening, rest = _item(kind, 0)
    deltas, done = rest[:-1], rest[-1]
    frames = [_frame(e) for e in [_CREATED, *opening, *deltas, done, *deltas, _completed([final])]]
    data = b"".join(frames)
    late = "abab" if kind == "message" else '{"a":1}{"a":1}'
    expected = [("TextPart", late)] if kind == "message" else [("ToolCallPart", {"partial_json": late})]
    assert _decoded(data) == expected  # lm15's reading (decode follows it)
    assert list(_sdk_snapshots(data).values()) == [late]  # the SDK's accumulator
    assert (sdk_responses(data)["text"], len(sdk_responses(data)["tool_calls"])) == (
        ("ab", 0) if kind == "message" else ("", 1)
    )  # (its final response: response.completed's items)
    for dst in DIALECTS:
        outs = {
            cut: b"".join(lc.stream.translate("openai", dst, chunks, request=REQUEST))
            for cut, chunks in _chunkings(data, frames).items()
        }
        assert len({repr(_assembled(dst, out)) for out in outs.values()}) == 1, dst
        if dst == "openai":
            assert list(_sdk_snapshots(outs["whole"]).values()) == [late]
            assert _decoded(outs["whole"]) == expected


def _text_delta(delta: str, output_index: int | str | None) -> dict[str, Any]:
    event: dict[str, Any] = {
        "type": "response.output_text.delta",
        "item_id": "msg_1",
        "output_index": output_index,
        "content_index": 0,
        "delta": delta,
    }
    if output_index == "absent":
        del event["output_index"], event["item_id"]
    return event


@pytest.mark.parametrize("late", [None, "absent"], ids=["output_index null", "no output_index nor item_id"])
def test_a_text_delta_naming_no_output_index(late: str | None) -> None:
    reasoning, reasoning_opening, reasoning_rest = _item("reasoning", 0)
    message, opening, _ = _item("message", 1)
    message = dict(message, content=[dict(message["content"][0], text="xyz")])
    events = [
        _CREATED,
        *reasoning_opening,
        *reasoning_rest,
        *opening,
        _text_delta("x", 1),
        _text_delta("y", late),
        _text_delta("z", 1),
        {"type": "response.output_item.done", "output_index": 1, "item": message},
        _completed([reasoning, message]),
    ]
    frames = [_frame(e) for e in events]
    data = b"".join(frames)
    with pytest.raises(RuntimeError, match="before receiving its output item"):
        sdk_responses(data)
    lm15_read = [
        (p["type"], p.get("text")) for p in lm15_stream_outcomes("openai", data)[1]["message"]["parts"]
    ]
    assert lm15_read == [("thinking", "th"), ("text", "y"), ("text", "xz")]
    assert _decoded(data) == [("ThinkingPart", "th"), ("TextPart", "y"), ("TextPart", "xz")]
    # what lmcodec reads back of each client's stream, and the client's SDK (google-genai appends
    # every chunk's parts in stream order)
    texts = {"gemini": ["y", "xz"], "openai_chat": ["xyz"], "anthropic": ["xz", "y"], "openai": ["xz", "y"]}
    sdk_texts = {"gemini": "xyz", "openai_chat": "xyz", "anthropic": "xzy", "openai": "xzy"}
    for dst in DIALECTS:
        reads = set()
        for chunks in _chunkings(data, frames).values():
            out = b"".join(lc.stream.translate("openai", dst, chunks, request=REQUEST))
            assembled = _assembled(dst, out)
            reads.add(assembled)
            assert [p[1] for p in assembled[:-1] if p[0] == "TextPart"] == texts[dst], dst
            assert READERS[dst](out)["text"] == sdk_texts[dst], dst
        assert len(reads) == 1, dst


@pytest.mark.parametrize("deltas", [1, 2])
def test_a_summary_delta_of_a_reasoning_item_never_added_is_written_under_the_sources_id(deltas: int) -> None:
    frames = [_frame(e) for e in [_CREATED, *[_SUMMARY_DELTA] * deltas, _DONE_RS, _completed([_REASONING])]]
    data = b"".join(frames)
    source = sdk_responses(data)
    assert (source["thinking"], source["reasoning_state"]) == (
        "th",
        [{"id": "rs_1", "encrypted_content": "ENC"}],
    )
    for chunks in _chunkings(data, frames).values():
        out = b"".join(lc.stream.translate("openai", "openai", chunks, request=REQUEST))
        read = sdk_responses(out)
        assert (read["thinking"], read["reasoning_state"]) == (
            "th" * deltas,  # (lm15 reads the deltas; the SDK's final response the done item's summary)
            [{"id": "rs_1", "encrypted_content": "ENC"}],
        )
        added = [
            json.loads(line[6:])
            for line in out.decode().splitlines()
            if line.startswith("data: {") and "output_item.added" in line
        ]
        assert [a["item"]["id"] for a in added] == ["rs_1"]
    anthropic = b"".join(lc.stream.translate("openai", "anthropic", [data], request=REQUEST))
    assert READERS["anthropic"](anthropic)["thinking"] == "th" * deltas  # (another client: its own ids)
