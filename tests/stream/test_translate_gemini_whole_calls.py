"""translate from a Gemini source: a call that came whole is written from its decoded arguments
(the sink's ``tool_call_value``, the Anthropic writer's ``write_tool_call``: red team 39 F04).

Differential: the bytes written equal those of the path through the arguments' JSON text
(``tool_input(compact_json(args))``, the route with ``write_tool_call`` taken off the writer) on
Gemini tool turns drawn by hypothesis, a varied Gemini stream and the corpus Gemini bodies, to
every destination; and the destination SDK reads the calls' arguments back.
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
from lmcodec.providers.anthropic.write import StreamWriter as AnthropicWriter
from lmcodec.providers.openai._sse_write import new_id
from lmcodec.providers.openai._write_items import ItemWriting

from ..budget import examples
from ..providers.provider_support import stream_bodies
from ..providers.sdk_readers import sdk_anthropic
from .write_support import sdk_read

DESTINATIONS = ("anthropic", "openai", "openai_chat", "gemini")
_CREATED = re.compile(rb'"created(?:_at)?":\d+')
# the OpenAI writers' fresh ids: this process's part, then a counter (providers/openai/_sse_write.py)
_FRESH_ID = re.compile(re.escape(new_id("")[:12].encode()) + rb"[0-9a-f]{12}")
SIGNATURE = "CiQBEU0yD78p51q1FQC7X11lrVcwgxtsF9CJhoR2"


@contextmanager
def through_json_text() -> Iterator[None]:
    """The path before write_tool_call: every whole call handed on as its JSON text (the sinks
    take no decoded arguments where the writer has no use for them)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.delattr(AnthropicWriter, "write_tool_call")
        patch.delattr(ItemWriting, "write_tool_call")  # (the Responses writer's, perf25a)
        yield


def written(dst: str, body: bytes, *, per_event: bool = False) -> bytes:
    chunks = [e + b"\n\n" for e in body.split(b"\n\n") if e] if per_event else [body]
    out = b"".join(lc.stream.translate("gemini", dst, chunks))
    return _FRESH_ID.sub(b"<id>", _CREATED.sub(b'"created":0', out))  # (the OpenAI writers' clock, ids)


def assert_same_bytes(dst: str, body: bytes) -> bytes:
    new = written(dst, body)
    with through_json_text():
        old = written(dst, body)
    assert new == old
    new_per_event = written(dst, body, per_event=True)
    with through_json_text():
        assert new_per_event == written(dst, body, per_event=True)
    return new


def _data(chunk: dict[str, Any]) -> bytes:
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


def gemini_body(chunks: list[list[dict[str, Any]]]) -> bytes:
    """One candidate's parts per chunk; the last chunk ends the stream."""
    out = []
    for i, parts in enumerate(chunks):
        candidate: dict[str, Any] = {"content": {"parts": parts, "role": "model"}, "index": 0}
        chunk: dict[str, Any] = {"candidates": [candidate], "modelVersion": "m-1", "responseId": "r1"}
        if i == len(chunks) - 1:
            candidate["finishReason"] = "STOP"
            chunk["usageMetadata"] = {"promptTokenCount": 3, "candidatesTokenCount": 5, "totalTokenCount": 8}
        out.append(_data(chunk))
    return b"".join(out)


_TEXT = st.lists(
    st.characters(codec="utf-8") | st.sampled_from(['"', "\\", "\n", "\\ud800", "é", "😀", "1e5"]), max_size=8
).map("".join)
_NUMBER = st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False)
_SCALAR = st.none() | st.booleans() | _NUMBER
_JSON = st.recursive(
    _SCALAR | _TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=12,
)
_ARGS = st.dictionaries(_TEXT, _JSON, max_size=4)


@st.composite
def tool_turns(draw: st.DrawFn) -> list[list[dict[str, Any]]]:
    """Texts, thoughts and whole calls (some with ids and signatures), in one to three chunks."""
    parts: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(("call", "call", "call", "text", "thought")))
        if kind == "call":
            name = draw(st.sampled_from(("f", "search", "g_2")))
            call: dict[str, Any] = {"name": name, "args": draw(_ARGS)}
            if draw(st.booleans()):
                call["id"] = draw(st.sampled_from(("c1", "c2")))
            part: dict[str, Any] = {"functionCall": call}
        else:
            part = {"text": draw(_TEXT)}
            if kind == "thought":
                part["thought"] = True
        if draw(st.integers(0, 3)) == 0:
            part["thoughtSignature"] = SIGNATURE
        parts.append(part)
    cuts = sorted(draw(st.sets(st.integers(1, len(parts)), max_size=2)) - {len(parts)})
    bounds = [0, *cuts, len(parts)]
    return [parts[a:b] for a, b in pairwise(bounds)]


@settings(max_examples=examples(200), deadline=None)
@given(turn=tool_turns(), dst=st.sampled_from(DESTINATIONS))
def test_whole_calls_written_as_through_their_json_text(turn: list[list[dict[str, Any]]], dst: str) -> None:
    assert_same_bytes(dst, gemini_body(turn))


def _varied_args(k: int) -> dict[str, Any]:
    return {"q": f'say "hi" {k} é\\n😀', "n": [k, 1.5, None, True], "deep": {"a": {"b": [{"c": k}]}}}


def varied_tool_turn() -> bytes:
    """Text chunks, then parallel calls together in the last chunk, the first signed (the varied
    benchmark's Gemini shape), with arguments of every JSON kind and escapes."""
    texts = [[{"text": f"word {i} "}] for i in range(20)]
    calls: list[dict[str, Any]] = [
        {"functionCall": {"name": f"tool_{k}", "args": _varied_args(k)}} for k in range(6)
    ]
    calls[0]["thoughtSignature"] = SIGNATURE
    return gemini_body([*texts, calls])


@pytest.mark.parametrize("dst", DESTINATIONS)
def test_varied_tool_turn_same_bytes_and_read_by_the_sdk(dst: str) -> None:
    body = varied_tool_turn()
    out = assert_same_bytes(dst, body)
    if dst == "anthropic":
        calls = sdk_anthropic(out)["tool_calls"]
    elif dst == "gemini":
        return
    else:
        calls = sdk_read(dst, out)["tool_calls"]
    assert [(name, value) for _, name, value in calls] == [(f"tool_{k}", _varied_args(k)) for k in range(6)]


@pytest.mark.parametrize("calls", [1, 20, 200])
def test_parallel_calls_read_by_the_anthropic_sdk(calls: int) -> None:
    args = [{"text": "lorem ipsum " * (k % 7), "n": k} for k in range(calls)]
    body = gemini_body([[{"functionCall": {"name": "f", "args": a}} for a in args]])
    read = sdk_anthropic(assert_same_bytes("anthropic", body))
    assert [(name, value) for _, name, value in read["tool_calls"]] == [("f", a) for a in args]
    assert len({call_id for call_id, _, _ in read["tool_calls"]}) == calls


def test_deep_or_wide_arguments_take_the_text_path_alike() -> None:
    """Past the writer's bound of objects and arrays (a JSON round trip's recursion limit nearby),
    the call is written through its text: the same bytes."""
    wide = {"rows": [{"k": i} for i in range(500)]}
    deep: Any = 1
    for _ in range(300):
        deep = {"a": [deep]}
    for args in (wide, deep):
        body = gemini_body([[{"functionCall": {"name": "f", "args": args}}]])
        read = sdk_anthropic(assert_same_bytes("anthropic", body))
        assert read["tool_calls"][0][2] == args


def test_lone_surrogate_refused_alike() -> None:
    """A lone surrogate in the arguments (msgspec cannot encode it): the writer's refusal, as before."""
    body = gemini_body([[{"functionCall": {"name": "f", "args": {"q": "\ud800"}}}]])
    for dst in DESTINATIONS:
        outcomes = []
        for path in (None, through_json_text):
            try:
                if path is None:
                    outcomes.append(("ok", written(dst, body)))
                else:
                    with path():
                        outcomes.append(("ok", written(dst, body)))
            except lc.EncodeError as exc:
                outcomes.append(("refused", str(exc).encode()))
        assert outcomes[0] == outcomes[1], dst


def _gemini_corpus() -> list[Any]:
    return list(stream_bodies("gemini"))


@pytest.mark.parametrize("dst", DESTINATIONS)
def test_corpus_gemini_bodies_same_bytes(dst: str) -> None:
    bodies = _gemini_corpus()
    if not bodies:
        pytest.skip("the corpus (../shared/corpus) is absent")
    calls = 0
    for path in bodies:
        body = path.read_bytes()
        calls += body.count(b'"functionCall"')
        try:
            assert_same_bytes(dst, body)
        except lc.EncodeError:
            with pytest.raises(lc.EncodeError), through_json_text():
                written(dst, body)
    assert calls > 0  # (the corpus holds Gemini tool turns)


@pytest.mark.parametrize("dst", DESTINATIONS)
def test_calls_beside_code_parts_same_bytes(dst: str) -> None:
    """A chunk whose calls sit between code-execution parts (replayed by stream/_foreign_parts.py)."""
    code = {"executableCode": {"language": "PYTHON", "code": "print(1)"}}
    result = {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1"}}
    call = {"functionCall": {"name": "f", "args": {"a": [1, "x"]}}}
    body = gemini_body([[{"text": "t"}], [code, call, result, call], [{"text": "end"}]])
    assert_same_bytes(dst, body)
