"""The Responses writer's lean whole call (``providers/openai/_whole_call.py``, perf28a): a call that
came whole written as the OutputItem path writes it.

Differential: the oracle is the writer without ``write_tool_call`` and ``write_whole_call`` (every
whole call handed to ``write_tool_input`` as its JSON text: an OutputItem added, its one delta, its
completion from the item's parts), on hypothesis Gemini call turns at every chunking (whole, per
event, cut at drawn bytes), read back by the openai SDK; and the writer driven directly where a
whole call meets the other paths (a later fragment at its slot, a Gemini signature after it, a cut
end, a Responses source's item after it, numbers past the decimal table).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._decimals import DECIMAL_COUNT
from lmcodec.providers.openai._write_items import ItemWriting
from lmcodec.providers.openai.write import StreamWriter
from lmcodec.wire import (
    ContinuationDelta,
    StreamDeltaEvent,
    StreamEndEvent,
    StreamStartEvent,
    ThinkingDelta,
    ToolCallDelta,
    Usage,
)

from ..budget import examples
from ..stream.test_translate_gemini_call_writers import (
    _CREATED,
    _FRESH_ID,
    SIGNATURE,
    call_turns,
    gemini_body,
)
from ..stream.write_support import sdk_read

Turn = tuple[list[list[dict[str, Any]]], list[tuple[str, Any]]]


@contextmanager
def through_output_items() -> Iterator[None]:
    """The path a call written fragment by fragment takes: no whole-call method on the writer."""
    with pytest.MonkeyPatch.context() as patch:
        patch.delattr(ItemWriting, "write_tool_call")
        patch.delattr(ItemWriting, "write_whole_call")
        yield


def outcome(body: bytes, cut: Callable[[bytes], list[bytes]]) -> tuple[str, bytes]:
    try:
        out = b"".join(lc.stream.translate("gemini", "openai", cut(body)))
        return "ok", _FRESH_ID.sub(b"<id>", _CREATED.sub(b'"created":0', out))  # (the clock, made-up ids)
    except lc.EncodeError as exc:
        return "refused", str(exc).encode()


def whole(body: bytes) -> list[bytes]:
    return [body]


def per_event(body: bytes) -> list[bytes]:
    return [e + b"\n\n" for e in body.split(b"\n\n") if e]


def assert_same_bytes(body: bytes, cuts: list[Callable[[bytes], list[bytes]]]) -> bytes:
    new = [outcome(body, cut) for cut in cuts]
    with through_output_items():
        old = [outcome(body, cut) for cut in cuts]
    assert new == old
    return new[0][1]


def at_bytes(points: list[int]) -> Callable[[bytes], list[bytes]]:
    def cut(body: bytes) -> list[bytes]:
        bounds = sorted({0, len(body), *(p % (len(body) + 1) for p in points)})
        return [body[a:b] for a, b in pairwise(bounds)]

    return cut


@settings(max_examples=examples(150), deadline=None)
@given(turn=call_turns(), points=st.lists(st.integers(0, 10**6), max_size=6))
def test_call_turns_same_bytes_at_every_chunking(turn: Turn, points: list[int]) -> None:
    out = assert_same_bytes(gemini_body(turn[0]), [whole, per_event, at_bytes(points)])
    if out.startswith(b"event:"):
        assert [(name, args) for _, name, args in _sdk_calls(out)] == turn[1]


@pytest.mark.parametrize("count", [1, 2, 40])
def test_parallel_calls_same_bytes_and_read_by_the_sdk(count: int) -> None:
    calls = [("f" if k % 2 else "g", {"q": f'"{k}" é\n😀', "n": k}) for k in range(count)]
    parts = [{"functionCall": {"name": n, "args": a}} for n, a in calls]
    for chunks in ([parts], [[p] for p in parts]):
        out = assert_same_bytes(gemini_body(chunks), [whole, per_event])
        assert [(name, args) for _, name, args in _sdk_calls(out)] == calls


def drive(steps: list[tuple[str, Any]]) -> bytes:
    """One writer fed ``steps``: ("call", (slot, args text, id, name)) through ``write_whole_call``
    where the writer has it (else ``write_tool_input``), ("fragment", (slot, text)), ("event", e)."""
    writer = StreamWriter()
    writer.created = 0
    writer._token = "tok"
    out = [writer.feed(StreamStartEvent(id="resp_1", model="m"))]
    whole_call = getattr(writer, "write_whole_call", writer.write_tool_input)
    for kind, value in steps:
        if kind == "call":
            out.append(whole_call(*value))
        elif kind == "fragment":
            out.append(writer.write_tool_input(value[0], value[1], None, None))
        else:
            out.append(writer.feed(value))
    return b"".join(out)


def assert_driven_alike(steps: list[tuple[str, Any]]) -> bytes:
    new = drive(steps)
    with through_output_items():
        old = drive(steps)
    assert new == old
    return new


def _end(reason: str = "tool_call") -> StreamEndEvent:
    return StreamEndEvent(finish_reason=reason, usage=Usage(input_tokens=1, output_tokens=2))


def test_a_fragment_after_a_whole_call_continues_it() -> None:
    """A later fragment at a whole call's slot (not from a Gemini source): the call's item goes on,
    its arguments joined, as an item the fragment path opened."""
    out = assert_driven_alike(
        [
            ("call", (0, '{"a":', "c1", "f")),
            ("call", (1, '{"b":2}', None, "g")),
            ("fragment", (0, "1}")),
            ("event", _end()),
        ]
    )
    assert [args for _, _, args in _sdk_calls(out)] == [{"a": 1}, {"b": 2}]


def test_a_delta_event_after_a_whole_call_continues_it() -> None:
    delta = ToolCallDelta(part_index=0, input="1}", name="f")
    assert_driven_alike(
        [("call", (0, '{"a":', "c1", "f")), ("event", StreamDeltaEvent(delta=delta)), ("event", _end())]
    )


def test_a_signature_after_a_whole_call_is_the_calls() -> None:
    """A Gemini signature right after a whole call signs the call (not carried to a reasoning item)."""
    signed = ContinuationDelta(
        part_index=0, provider="gemini", kind="thought_signature", data={"value": SIGNATURE}
    )
    thought = StreamDeltaEvent(delta=ThinkingDelta(part_index=0, text="hm"))  # (would carry it)
    steps = [
        ("call", (0, '{"a":1}', None, "f")),
        ("event", StreamDeltaEvent(delta=signed)),
        ("event", thought),
    ]
    assert_driven_alike([*steps, ("event", _end())])


@pytest.mark.parametrize("reason", ["stop", "length", "content_filter", "error"])
def test_a_whole_call_last_at_each_end(reason: str) -> None:
    steps: list[tuple[str, Any]] = [("call", (k, json.dumps({"k": k}), None, "f")) for k in range(3)]
    assert_driven_alike([*steps, ("event", _end(reason))])


def test_calls_numbered_past_the_decimal_table() -> None:
    """Output indexes and sequence numbers past the table (``_decimals``): as the item path's."""
    count = DECIMAL_COUNT // 2 + 3
    steps: list[tuple[str, Any]] = [("call", (k, f'{{"k":{k}}}', None, "f")) for k in range(count)]
    out = assert_driven_alike([*steps, ("event", _end())])
    assert len(_sdk_calls(out)) == count


def test_repeated_ids_and_names_each_their_own() -> None:
    steps: list[tuple[str, Any]] = [("call", (k, "{}", "same", "f" if k % 2 else 'é"n')) for k in range(4)]
    out = assert_driven_alike([*steps, ("event", _end())])
    assert len({call_id for call_id, _, _ in _sdk_calls(out)}) == 4


def test_a_responses_item_after_whole_calls_completes_them() -> None:
    """A Responses source's item (``write_foreign``) after whole calls: their done events first."""
    added = {
        "type": "response.output_item.added",
        "output_index": 0,
        "item": {"type": "web_search_call", "id": "ws_1"},
    }
    done = {
        "type": "response.output_item.done",
        "output_index": 0,
        "item": {"type": "web_search_call", "id": "ws_1"},
    }

    def run() -> bytes:
        writer = StreamWriter()
        writer.created = 0
        writer._token = "tok"
        whole_call = getattr(writer, "write_whole_call", writer.write_tool_input)
        out = [writer.feed(StreamStartEvent(id="resp_1", model="m"))]
        out += [whole_call(k, f'{{"k":{k}}}', None, "f") for k in range(2)]
        out += [writer.write_foreign(json.dumps(e).encode()) for e in (added, done)]
        out.append(writer.feed(_end()))
        return b"".join(out)

    new = run()
    with through_output_items():
        old = run()
    assert new == old


def _sdk_calls(out: bytes) -> list[tuple[str, str, Any]]:
    """The calls (id, name, arguments) the openai SDK's Responses stream reader gets."""
    calls: list[tuple[str, str, Any]] = sdk_read("openai", out)["tool_calls"]
    return calls


def test_a_backends_final_response_after_whole_calls() -> None:
    """An end carrying the backend's final response that says what the events said: written as
    the backend's, its items where the events put them (the whole calls' items read back as dicts
    to be compared), as the item path writes it."""
    steps: list[tuple[str, Any]] = [("call", (k, f'{{"k":{k}}}', None, "f")) for k in range(3)]
    with through_output_items():
        plain = drive([*steps, ("event", _end())])
    final = json.loads(plain.rsplit(b"data: ", 1)[1])["response"]
    final["metadata"] = {"from": "the backend"}
    end = StreamEndEvent(
        finish_reason="tool_call", usage=Usage(input_tokens=1, output_tokens=2), provider_data=final
    )
    out = assert_driven_alike([*steps, ("event", end)])
    assert b'"metadata":{"from":"the backend"}' in out
