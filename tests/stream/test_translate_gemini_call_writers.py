"""translate from a Gemini source: the writers' whole-call paths (perf25a) write what the paths
through the arguments' JSON text wrote.

- Responses: ``ItemWriting.write_tool_call`` (the call's item from its decoded arguments, no look
  for a lone surrogate's escape in a text msgspec wrote, its arguments encoded once for the delta
  and the completion, its completion from the parts its ``output_item.added`` encoded).
- Anthropic: ``write_tool_call``'s block stop from a template, ``whole_call_start`` counting the
  brackets only of a start longer than its bound, a made-up id spelled from the message's prefix
  (``made_id``) and a name its last call had encoded once (perf28a).

Differential: the oracle is the writers without ``write_tool_call`` (every whole call handed on as
``tool_input(compact_json(args))``, through ``write_whole_call`` / ``write_tool_input``), on
hypothesis Gemini call turns (ids absent, empty, odd or repeated; arguments empty, nested,
non-ASCII, bracket-heavy near the Anthropic bound; texts and thoughts, signed or not, between the
calls; one chunk or several), to every destination, whole and per event; the destination SDK
(openai Responses and Chat accumulators, the anthropic MessageStream, google-genai) reads the calls
back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.anthropic import _frames as f
from lmcodec.providers.anthropic._block_frames import sse
from lmcodec.providers.anthropic._whole_call import SHALLOW, block_stop, made_id, whole_call_start
from lmcodec.providers.anthropic.write import StreamWriter as AnthropicWriter
from lmcodec.providers.openai import _write_items
from lmcodec.providers.openai._sse_write import new_id
from lmcodec.providers.openai._write_items import ItemWriting

from ..budget import examples
from ..providers.sdk_readers import sdk_anthropic, sdk_gemini
from .write_support import sdk_read

DESTINATIONS = ("anthropic", "openai", "openai_chat", "gemini")
_CREATED = re.compile(rb'"created(?:_at)?":\d+')
_FRESH_ID = re.compile(re.escape(new_id("")[:12].encode()) + rb"[0-9a-f]{12}")
SIGNATURE = "CiQBEU0yD78p51q1FQC7X11lrVcwgxtsF9CJhoR2"


@contextmanager
def through_json_text() -> Iterator[None]:
    """The paths before: no writer takes a whole call's decoded arguments."""
    with pytest.MonkeyPatch.context() as patch:
        patch.delattr(ItemWriting, "write_tool_call")
        patch.delattr(AnthropicWriter, "write_tool_call")
        yield


def written(dst: str, body: bytes, *, per_event: bool = False) -> bytes:
    chunks = [e + b"\n\n" for e in body.split(b"\n\n") if e] if per_event else [body]
    out = b"".join(lc.stream.translate("gemini", dst, chunks))
    return _FRESH_ID.sub(b"<id>", _CREATED.sub(b'"created":0', out))  # (the OpenAI writers' clock, ids)


def outcome(dst: str, body: bytes, per_event: bool) -> tuple[str, bytes]:
    try:
        return "ok", written(dst, body, per_event=per_event)
    except lc.EncodeError as exc:
        return "refused", str(exc).encode()


def assert_same_bytes(dst: str, body: bytes) -> bytes:
    """The bytes (or the refusal) of both paths, whole and per event, equal; the bytes."""
    new = [outcome(dst, body, per_event) for per_event in (False, True)]
    with through_json_text():
        old = [outcome(dst, body, per_event) for per_event in (False, True)]
    assert new == old
    return new[0][1]


def read_calls(dst: str, out: bytes) -> list[tuple[str, Any]]:
    """The calls' names and arguments as the destination's SDK reads them."""
    if dst == "anthropic":
        calls = sdk_anthropic(out)["tool_calls"]
    elif dst == "gemini":
        calls = sdk_gemini(out)["tool_calls"]
    else:
        calls = sdk_read(dst, out)["tool_calls"]
    return [(name, value) for _, name, value in calls]


def gemini_body(chunks: list[list[dict[str, Any]]]) -> bytes:
    """One candidate's parts per chunk; the last chunk ends the stream."""
    out = []
    for i, parts in enumerate(chunks):
        candidate: dict[str, Any] = {"content": {"parts": parts, "role": "model"}, "index": 0}
        chunk: dict[str, Any] = {"candidates": [candidate], "modelVersion": "m-1", "responseId": "r1"}
        if i == len(chunks) - 1:
            candidate["finishReason"] = "STOP"
            chunk["usageMetadata"] = {"promptTokenCount": 3, "candidatesTokenCount": 5, "totalTokenCount": 8}
        out.append(b"data: " + json.dumps(chunk).encode() + b"\n\n")
    return b"".join(out)


_TEXT = st.lists(
    st.characters(codec="utf-8")
    | st.sampled_from(['"', "\\", "\n", "é", "😀", "\u2028", "{", "[", "\\u00e9"]),
    max_size=8,
).map("".join)
# strings of brackets around the Anthropic writer's bound (its start's count of `{` and `[`)
_BRACKETS = st.builds(lambda n, c: c * n, st.integers(SHALLOW - 130, SHALLOW + 10), st.sampled_from("{["))
_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**60), 2**60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=10,
)
_ARGS = st.dictionaries(_TEXT, _JSON | _BRACKETS, max_size=4)
_IDS = st.none() | st.sampled_from(("c1", "c1", "", "call é 1", "tool_call_0", "toolu_x", "fc_1"))


@st.composite
def call_turns(draw: st.DrawFn) -> tuple[list[list[dict[str, Any]]], list[tuple[str, Any]]]:
    """Calls, texts and thoughts (some signed) in one to four chunks; and the calls' (name, args)."""
    parts: list[dict[str, Any]] = []
    calls: list[tuple[str, Any]] = []
    for _ in range(draw(st.integers(1, 7))):
        kind = draw(st.sampled_from(("call", "call", "call", "text", "thought")))
        if kind == "call":
            name = draw(st.sampled_from(("f", "search", "g_2")))
            args = draw(_ARGS)
            call: dict[str, Any] = {"name": name, "args": args}
            call_id = draw(_IDS)
            if call_id is not None:
                call["id"] = call_id
            part: dict[str, Any] = {"functionCall": call}
            calls.append((name, args))
        else:
            part = {"text": draw(st.just("") | _TEXT)}
            if kind == "thought":
                part["thought"] = True
        if draw(st.integers(0, 3)) == 0:
            part["thoughtSignature"] = SIGNATURE
        parts.append(part)
    cuts = sorted(draw(st.sets(st.integers(1, len(parts)), max_size=3)) - {len(parts)})
    bounds = [0, *cuts, len(parts)]
    return [parts[a:b] for a, b in pairwise(bounds)], calls


@settings(max_examples=examples(200), deadline=None)
@given(turn=call_turns(), dst=st.sampled_from(DESTINATIONS))
def test_call_turns_same_bytes_as_through_json_text(
    turn: tuple[list[list[dict[str, Any]]], list[tuple[str, Any]]], dst: str
) -> None:
    assert_same_bytes(dst, gemini_body(turn[0]))


@settings(max_examples=examples(60), deadline=None)
@given(turn=call_turns(), dst=st.sampled_from(DESTINATIONS))
def test_call_turns_read_by_the_sdk(
    turn: tuple[list[list[dict[str, Any]]], list[tuple[str, Any]]], dst: str
) -> None:
    out = assert_same_bytes(dst, gemini_body(turn[0]))
    assert read_calls(dst, out) == turn[1]


_READ_ARGS = [
    {},
    {"q": 'say "hi" é\n😀'},
    {"deep": {"a": [{"b": None}, 1.5, True]}},
    {"s": "{" * (SHALLOW - 100)},
]


@pytest.mark.parametrize("dst", DESTINATIONS)
@pytest.mark.parametrize("chunked", [False, True])
def test_parallel_calls_read_by_the_sdk(dst: str, chunked: bool) -> None:
    """20 calls in one chunk or one a chunk, text and a signed thought between some: every call
    read back with its arguments; the Responses client's call ids the calls', else made up, distinct."""
    args = [_READ_ARGS[k % 4] for k in range(20)]
    ids: list[str | None] = [None if k % 3 else f"id_{k}" for k in range(20)]
    parts: list[dict[str, Any]] = []
    for k, (a, i) in enumerate(zip(args, ids, strict=True)):
        if k % 7 == 3:
            parts.append({"text": f"then {k}", "thought": True, "thoughtSignature": SIGNATURE})
        if k % 5 == 4:
            parts.append({"text": f"and {k} "})
        parts.append(
            {"functionCall": {"name": f"tool_{k}", "args": a, **({"id": i} if i is not None else {})}}
        )
    out = assert_same_bytes(dst, gemini_body([[p] for p in parts] if chunked else [parts]))
    assert read_calls(dst, out) == [(f"tool_{k}", a) for k, a in enumerate(args)]
    if dst == "openai":
        call_ids = [call_id for call_id, _, _ in sdk_read("openai", out)["tool_calls"]]
        assert [c for c, i in zip(call_ids, ids, strict=True) if i is not None] == [i for i in ids if i]
        assert len(set(call_ids)) == len(ids)  # (made up where a call has none: tool_call_<slot>)


_BEFORE_A_CALL = [
    {"text": "", "thought": True},  # (a Responses reasoning item pending: no summary text yet)
    {"text": "", "thought": True, "thoughtSignature": SIGNATURE},
    {"text": "hm", "thought": True},
    {"text": ""},
    {"text": "so", "thoughtSignature": SIGNATURE},
]


@pytest.mark.parametrize("dst", DESTINATIONS)
@pytest.mark.parametrize("before", _BEFORE_A_CALL)
def test_a_call_after_an_empty_or_signed_part_same_bytes(dst: str, before: dict[str, Any]) -> None:
    """What leaves a writer's state other than plain (a reasoning item pending, a signature held)
    right before a whole call, in the call's chunk or the one before."""
    call = {"functionCall": {"name": "f", "args": {"a": [1, "é"]}}}
    for chunks in ([[before, call]], [[before], [call]]):
        out = assert_same_bytes(dst, gemini_body(chunks))
        assert read_calls(dst, out) == [("f", {"a": [1, "é"]})]


def test_lone_surrogate_escape_refused_alike() -> None:
    """A lone surrogate spelled as an escape in the arguments: refused on both paths, to each client."""
    body = gemini_body([[{"functionCall": {"name": "f", "args": {"s": "x"}}}]]).replace(b'"x"', b'"\\ud800"')
    for dst in DESTINATIONS:
        assert assert_same_bytes(dst, body) is not None


def test_responses_whole_call_escapes_not_looked_at(monkeypatch: pytest.MonkeyPatch) -> None:
    """A call msgspec wrote spells no surrogate: its escapes (emoji as surrogate pairs) are not
    scanned for a lone one (``_escapes.watch``, a Python step per pair)."""

    def watched(*_: Any) -> str:
        raise AssertionError("watch called for a whole call's text msgspec wrote")

    monkeypatch.setattr(_write_items, "watch", watched)
    args = {"q": "😀 é " * 20}
    out = written("openai", gemini_body([[{"functionCall": {"name": "f", "args": args}}]]))
    assert read_calls("openai", out) == [("f", args)]


@pytest.mark.parametrize("index", [0, 1, 9, 10, 4095, 4096, 12345])
def test_block_stop_is_the_encoded_frame(index: int) -> None:
    assert block_stop(index) == sse(b"content_block_stop", f.BlockStop(index=index))


@settings(max_examples=examples(100), deadline=None)
@given(args=_ARGS, name=st.sampled_from(("f", "{[", "名")), tool_id=st.sampled_from(("toolu_1", "[{", "")))
def test_whole_call_start_bound_counts_brackets(args: dict[str, Any], name: str, tool_id: str) -> None:
    """``whole_call_start`` leaves a call to the text path exactly where its start holds more than
    SHALLOW ``{`` and ``[`` (the bound's definition, whatever the start's length)."""
    block = f.ToolUseBlock(id=tool_id or f.tool_id("msg_1", 0), name=name, input=args)
    start = f.ENCODER.encode(f.BlockStart(index=3, content_block=block))
    over = start.count(b"{") + start.count(b"[") > SHALLOW
    got = whole_call_start(
        3, f.ENCODER.encode(tool_id or f.tool_id("msg_1", 0)), f.ENCODER.encode(name), args
    )
    assert (got is None) == over
    if got is not None:
        assert got == b"event: content_block_start\ndata: " + start + b"\n\n"


@pytest.mark.parametrize("index", [0, 7, 4095, 4096, 12345])
@pytest.mark.parametrize(
    ("tool_id", "name", "args"),
    [
        ("toolu_1", "f", {"q": "x", "n": 1.5e-7}),
        ("", "名", {"a": [{"b": None}], "é": "😀"}),
        ("[{", '"\\', {"k": True}),
    ],
)
def test_whole_call_start_is_the_structs_encode(
    index: int, tool_id: str, name: str, args: dict[str, Any]
) -> None:
    """The template's start is the bytes ``sse`` writes for the ``BlockStart`` of a ``ToolUseBlock``
    (its index spelled from the table and past it)."""
    block = f.ToolUseBlock(id=tool_id or f.tool_id("msg_1", index * 3), name=name, input=args)
    made = made_id(b'"' + f.tool_id_prefix("msg_1").encode(), index * 3)
    tool = f.ENCODER.encode(tool_id) if tool_id else made
    assert whole_call_start(index, tool, f.ENCODER.encode(name), args) == sse(
        b"content_block_start", f.BlockStart(index=index, content_block=block)
    )


def test_whole_call_start_of_a_lone_surrogate_is_none() -> None:
    assert whole_call_start(0, b'"t"', b'"f"', {"q": "\ud800"}) is None


@pytest.mark.parametrize(("tool_id", "name"), [("\ud800", "f"), ("t", "\udfff"), ("t", "f")])
def test_write_tool_call_of_a_lone_surrogate_in_the_id_or_name_declines(tool_id: str, name: str) -> None:
    """The writer declines (None: the fragment's path refuses it) a lone surrogate in the id or
    the name, after a call whose name it kept."""
    writer = AnthropicWriter()
    writer.feed(lc.StreamStartEvent(id="msg_1", model="m"))
    assert writer.write_tool_call(0, {"q": 1}, None, "f") is not None
    got = writer.write_tool_call(1, {"q": 1}, tool_id, name)
    assert (got is None) == (tool_id != "t" or name != "f")
