"""translate's per-call fast paths (red team 39 F04 / F08, perf24b) write what the paths they skip wrote.

- A Gemini source's whole call to a Responses client: the writer's ``write_whole_call`` (its item
  added and its one delta framed in one pass) against ``write_tool_input``, the path before.
- A Chat source's later fragment of the open call, nothing waiting: ``PartsInOrderSink.tool_input``
  straight to the writer against its body before (kept here: ``WriterSink.tool_input`` and
  ``_placed_call`` for every fragment).
- ``tool_id``'s message prefix kept between calls against the rule it is defined by (docs/writers.md).

Differential: the bytes equal the slow path's (the fast one taken off) on hypothesis tool turns
(ids absent, odd or repeated; empty, nested and non-ASCII arguments; text between the calls), to
every destination, whole and per event; the destination SDK reads the calls back.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.anthropic._frames import tool_id
from lmcodec.providers.openai._sse_write import new_id
from lmcodec.providers.openai._write_items import ItemWriting
from lmcodec.stream._parts_in_order import PartsInOrderSink
from lmcodec.stream._writer_sink import WriterSink

from ..budget import examples
from ..providers.sdk_readers import sdk_anthropic, sdk_gemini
from .write_support import sdk_read

DESTINATIONS = ("anthropic", "openai", "openai_chat", "gemini")
_CREATED = re.compile(rb'"created(?:_at)?":\d+')
_FRESH_ID = re.compile(re.escape(new_id("")[:12].encode()) + rb"[0-9a-f]{12}")


@contextmanager
def slow_paths() -> Iterator[None]:
    """The paths before perf24b: a whole call through ``write_tool_input``, every fragment of a
    Chat source's call through ``WriterSink.tool_input``."""
    with pytest.MonkeyPatch.context() as patch:
        patch.delattr(ItemWriting, "write_whole_call")
        patch.delattr(ItemWriting, "write_tool_call")  # (perf25a's: a whole call from its decoded value)
        patch.setattr(PartsInOrderSink, "tool_input", _through_the_slots)
        yield


def _through_the_slots(sink: Any, part_index: int, fragment: str, id: str | None, name: str | None) -> None:
    """``PartsInOrderSink.tool_input`` before perf24b (kept as the oracle): every fragment through
    ``WriterSink.tool_input`` (and ``_placed_call``), the writer moved past the texts when it wrote."""
    written = len(sink.out)
    WriterSink.tool_input(sink, part_index, fragment, id, name)
    if len(sink.out) != written:
        sink._last_text = sink._last_thought = -1


def written(src: str, dst: str, body: bytes, *, per_event: bool = False) -> bytes:
    chunks = [e + b"\n\n" for e in body.split(b"\n\n") if e] if per_event else [body]
    out = b"".join(lc.stream.translate(src, dst, chunks))
    return _FRESH_ID.sub(b"<id>", _CREATED.sub(b'"created":0', out))


def assert_same_bytes(src: str, dst: str, body: bytes) -> bytes:
    new = written(src, dst, body)
    new_per_event = written(src, dst, body, per_event=True)
    with slow_paths():
        assert new == written(src, dst, body)
        assert new_per_event == written(src, dst, body, per_event=True)
    return new


def read_calls(dst: str, out: bytes) -> list[tuple[str, Any]]:
    """The calls' names and arguments as the destination's SDK reads them."""
    if dst == "anthropic":
        calls = sdk_anthropic(out)["tool_calls"]
    elif dst == "gemini":
        calls = sdk_gemini(out)["tool_calls"]
    else:
        calls = sdk_read(dst, out)["tool_calls"]
    return [(name, value) for _, name, value in calls]


def _data(obj: dict[str, Any]) -> bytes:
    return b"data: " + json.dumps(obj).encode() + b"\n\n"


_TEXT = st.lists(
    st.characters(codec="utf-8") | st.sampled_from(['"', "\\", "\n", "é", "😀", "\u2028"]), max_size=6
).map("".join)
_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**60), 2**60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=10,
)
_ARGS = st.dictionaries(_TEXT, _JSON, max_size=4)
_IDS = st.none() | st.sampled_from(("c1", "c1", "", "call é 1", "tool_call_0", "toolu_x"))


# ── a Gemini source's whole calls ──────────────────────────────────────────────


@st.composite
def gemini_turns(draw: st.DrawFn) -> bytes:
    """Calls (ids absent, odd or repeated; args empty, nested, non-ASCII) and texts, in one to
    three chunks, the last ending the stream."""
    parts: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(1, 6))):
        if draw(st.integers(0, 3)) == 0:
            parts.append({"text": draw(_TEXT)})
            continue
        call: dict[str, Any] = {"name": draw(st.sampled_from(("f", "search", "g_2"))), "args": draw(_ARGS)}
        call_id = draw(_IDS)
        if call_id is not None:
            call["id"] = call_id
        parts.append({"functionCall": call})
    cut = draw(st.integers(0, len(parts)))
    chunks = [c for c in (parts[:cut], parts[cut:]) if c]
    out = []
    for i, chunk_parts in enumerate(chunks):
        candidate: dict[str, Any] = {"content": {"parts": chunk_parts, "role": "model"}, "index": 0}
        chunk: dict[str, Any] = {"candidates": [candidate], "modelVersion": "m-1", "responseId": "r1"}
        if i == len(chunks) - 1:
            candidate["finishReason"] = "STOP"
            chunk["usageMetadata"] = {"promptTokenCount": 3, "candidatesTokenCount": 5, "totalTokenCount": 8}
        out.append(_data(chunk))
    return b"".join(out)


@settings(max_examples=examples(150), deadline=None)
@given(body=gemini_turns(), dst=st.sampled_from(DESTINATIONS))
def test_gemini_whole_calls_same_bytes(body: bytes, dst: str) -> None:
    assert_same_bytes("gemini", dst, body)


def _gemini_calls(args: list[dict[str, Any]], ids: list[str | None]) -> bytes:
    parts = [
        {"functionCall": {"name": f"tool_{k}", "args": a, **({"id": i} if i is not None else {})}}
        for k, (a, i) in enumerate(zip(args, ids, strict=True))
    ]
    chunk = {
        "candidates": [{"content": {"parts": parts, "role": "model"}, "index": 0, "finishReason": "STOP"}],
        "modelVersion": "m-1",
        "responseId": "r1",
    }
    return _data(chunk)


_READ_ARGS = [{}, {"q": 'say "hi" é\n😀'}, {"deep": {"a": [{"b": None}, 1.5, True]}}, {"n": 2**40}]


@pytest.mark.parametrize("dst", DESTINATIONS)
def test_gemini_parallel_calls_read_by_the_sdk(dst: str) -> None:
    """Every call read back with its arguments, the Responses client's ids the calls' or made up."""
    args = [_READ_ARGS[k % 4] for k in range(20)]
    ids: list[str | None] = [None if k % 3 else f"id_{k}" for k in range(20)]
    out = assert_same_bytes("gemini", dst, _gemini_calls(args, ids))
    assert read_calls(dst, out) == [(f"tool_{k}", a) for k, a in enumerate(args)]
    if dst == "openai":
        call_ids = [call_id for call_id, _, _ in sdk_read("openai", out)["tool_calls"]]
        assert call_ids == [i if i is not None else f"tool_call_{k}" for k, i in enumerate(ids)]


def test_gemini_whole_call_lone_surrogate_refused_alike() -> None:
    """A lone surrogate spelled as an escape in a whole call's arguments: refused on both paths."""
    body = _gemini_calls([{"s": "x"}], [None]).replace(b'"x"', b'"\\\\ud800"')
    body = body.replace(b"\\\\ud800", b"\\ud800")
    with pytest.raises(lc.EncodeError) as fast:
        written("gemini", "openai", body)
    with slow_paths(), pytest.raises(lc.EncodeError) as slow:
        written("gemini", "openai", body)
    assert str(fast.value) == str(slow.value)


# ── a Chat source's call fragments ─────────────────────────────────────────────


def _chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    return _data(
        {
            "id": "c1",
            "object": "chat.completion.chunk",
            "created": 1,
            "model": "m-1",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }
    )


def _pieces(draw: st.DrawFn, text: str) -> list[str]:
    cuts = sorted(draw(st.sets(st.integers(1, max(1, len(text) - 1)), max_size=4)))
    bounds = [0, *[c for c in cuts if c < len(text)], len(text)]
    return [text[a:b] for a, b in itertools.pairwise(bounds)] or [""]


@st.composite
def chat_turns(draw: st.DrawFn) -> bytes:
    """Calls in fragments (ids absent, odd or repeated; arguments empty, nested, non-ASCII, cut
    anywhere, sometimes not JSON), texts between them, and sometimes two calls' fragments
    alternating (what waits)."""
    deltas: list[dict[str, Any]] = []
    calls = draw(st.integers(1, 4))
    for index in range(calls):
        if draw(st.booleans()):
            deltas.append({"content": draw(_TEXT)})
        arguments = json.dumps(draw(_ARGS), ensure_ascii=draw(st.booleans()))
        if draw(st.integers(0, 9)) == 0:
            arguments = draw(st.sampled_from(("", " ", '{"a": 1', "[1, 2]")))
        first: dict[str, Any] = {"index": index, "type": "function", "function": {"name": f"tool_{index}"}}
        call_id = draw(_IDS)
        if call_id is not None:
            first["id"] = call_id
        pieces = _pieces(draw, arguments)
        first["function"]["arguments"] = pieces[0]
        later = [{"tool_calls": [{"index": index, "function": {"arguments": p}}]} for p in pieces[1:]]
        deltas.append({"tool_calls": [first]})
        if deltas and later and draw(st.integers(0, 3)) == 0:  # a text between two fragments: it waits
            later.insert(draw(st.integers(0, len(later))), {"content": draw(_TEXT)})
        if len(deltas) > 2 and draw(st.integers(0, 4)) == 0:  # interleaved with what came before
            at = draw(st.integers(1, len(deltas) - 1))
            deltas[at:at] = later
        else:
            deltas.extend(later)
    out = [_chunk({"role": "assistant", "content": ""})]
    out += [_chunk(d) for d in deltas]
    out.append(_chunk({}, "tool_calls"))
    out.append(b"data: [DONE]\n\n")
    return b"".join(out)


@settings(max_examples=examples(150), deadline=None)
@given(body=chat_turns(), dst=st.sampled_from(DESTINATIONS))
def test_chat_call_fragments_same_bytes(body: bytes, dst: str) -> None:
    try:
        assert_same_bytes("openai_chat", dst, body)
    except lc.EncodeError as fast:  # (a call the destination cannot write: refused alike)
        with slow_paths(), pytest.raises(lc.EncodeError) as slow:
            written("openai_chat", dst, body)
        assert str(slow.value) == str(fast)


@pytest.mark.parametrize("dst", ["anthropic", "openai", "gemini"])
def test_chat_parallel_calls_read_by_the_sdk(dst: str) -> None:
    args = [_READ_ARGS[k % 4] for k in range(20)]
    deltas: list[dict[str, Any]] = []
    for k, a in enumerate(args):
        text = json.dumps(a)
        pieces = [text[i : i + 5] for i in range(0, len(text), 5)] or [""]
        first = {
            "index": k,
            "id": f"call_{k}",
            "type": "function",
            "function": {"name": f"tool_{k}", "arguments": pieces[0]},
        }
        deltas.append({"tool_calls": [first]})
        deltas += [{"tool_calls": [{"index": k, "function": {"arguments": p}}]} for p in pieces[1:]]
    body = b"".join([_chunk({"role": "assistant"}), *[_chunk(d) for d in deltas], _chunk({}, "tool_calls")])
    out = assert_same_bytes("openai_chat", dst, body + b"data: [DONE]\n\n")
    assert read_calls(dst, out) == [(f"tool_{k}", a) for k, a in enumerate(args)]


# ── tool_id ────────────────────────────────────────────────────────────────────


@settings(max_examples=examples(100), deadline=None)
@given(
    calls=st.lists(
        st.tuples(st.sampled_from(("msg_a", "msg_b", "", "msg_é😀")), st.integers(0, 10**6)), max_size=8
    )
)
def test_tool_id_is_the_blake2b_of_message_and_index(calls: list[tuple[str, int]]) -> None:
    """Messages interleaved: each id is its own message's, whatever was hashed before, and one per
    (message, index)."""
    named: dict[str, tuple[str, int]] = {}
    for message, index in calls:
        want = hashlib.blake2b(message.encode(), digest_size=12).hexdigest()
        got = tool_id(message, index)
        assert got == f"toolu_{want}_{index}"
        assert named.setdefault(got, (message, index)) == (message, index)
