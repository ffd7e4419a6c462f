"""translate of a Responses stream whose ``output_item.added`` names no ``output_index`` (red team 53 F03).

A Responses-compatible server or proxy may leave ``output_index`` out of ``output_item.added``
(absent or ``null``). lm15 reads such an event as it reads any (a call's at index 0), and the
item's deltas and ``output_item.done`` at the index they name. translate's item bookkeeping
(stream/_foreign_items.py) skipped the added event, so the ``output_item.done`` looked like that of
an item never added, which comes only whole, and was handed on as well as its deltas: the text
twice (``Hello!Hello!``) for every client, and a call's arguments twice. The item is now known by
its identity (a message's ``id``, a call's ``call_id``), as the openai SDK knows it. The oracle is
``decode`` + ``assemble`` of the source against the same of the translated output (or the same
refusal: lm15 reads a call added without an index as a call at 0 and its arguments as a nameless
call).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.wire.dialects import Provider

from .write_support import corpus_id, corpus_streams

CLIENTS: tuple[Provider, ...] = ("openai_chat", "anthropic", "gemini", "openai")
_DELTA = lc.StreamDeltaEvent


def _generated() -> bytes:
    """lmcodec's own Responses stream of reasoning, a text and two calls."""
    events: list[Any] = [
        lc.StreamStartEvent(id="resp_1", model="gpt-x"),
        _DELTA(delta=lc.ThinkingDelta(text="hm", part_index=0)),
        _DELTA(delta=lc.TextDelta(text="Hello!", part_index=1)),
        _DELTA(delta=lc.ToolCallDelta(input='{"q": 1}', part_index=2, id="call_1", name="search")),
        _DELTA(delta=lc.ToolCallDelta(input='{"q": 2}', part_index=3, id="call_2", name="search")),
        lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=1, output_tokens=2)),
    ]
    return b"".join(lc.stream.encode("openai", events))


def without_index(body: bytes, kind: str, how: str) -> bytes:
    """``body`` with the ``output_index`` of each ``output_item.added`` of an item of type ``kind``
    removed (``how == "absent"``) or set to ``null``."""
    out = []
    for line in body.split(b"\n"):
        if line.startswith(b"data: ") and b'"response.output_item.added"' in line:
            frame = json.loads(line[6:])
            item = frame.get("item")
            if isinstance(item, dict) and item.get("type") == kind:
                if how == "absent":
                    frame.pop("output_index", None)
                else:
                    frame["output_index"] = None
                line = b"data: " + json.dumps(frame).encode()
        out.append(line)
    return b"\n".join(out)


def summary(dialect: Provider, body: bytes) -> Any:
    """``decode`` + ``assemble`` of ``body``: its text, thinking and calls; or the refusal's class."""
    try:
        response = lc.assemble(lc.stream.decode(dialect, [body]))
    except (lc.StreamAssemblyError, lc.StreamError) as exc:
        return "refused", "assembly" if isinstance(exc, lc.StreamAssemblyError) else "in-band"
    parts = response.message.parts
    return (
        "".join(p.text for p in parts if isinstance(p, lc.TextPart)),
        "".join(p.text for p in parts if isinstance(p, lc.ThinkingPart)),
        [(p.id, p.name, p.input) for p in response.tool_calls],
    )


def refused_alike(want: Any, got: Any) -> bool:
    """The source refused as a nameless call (lm15's reading) and the translation ended in an
    error event (the writers refuse a nameless call so): one refusal on both paths."""
    return bool(want[0] == "refused" and got[0] == "refused")


@pytest.mark.parametrize("how", ["absent", "null"])
@pytest.mark.parametrize("dst", CLIENTS)
def test_the_reproducers_text_is_written_once(dst: Provider, how: str) -> None:
    frames: list[dict[str, Any]] = [
        {"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "model": "gpt-x"}},
        {"type": "response.output_item.added", "item": {"id": "msg_1", "type": "message", "content": []}},
        {"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0, "content_index": 0},
        {"type": "response.output_item.done", "output_index": 0, "item": {"id": "msg_1", "type": "message"}},
        {"type": "response.completed", "response": {"id": "resp_1", "status": "completed", "model": "gpt-x"}},
    ]
    frames[2]["delta"] = "Hello!"
    frames[3]["item"]["content"] = [{"type": "output_text", "annotations": [], "text": "Hello!"}]
    frames[4]["response"]["output"] = [frames[3]["item"]]
    frames[4]["response"]["usage"] = {"input_tokens": 3, "output_tokens": 2, "total_tokens": 5}
    if how == "null":
        frames[1]["output_index"] = None
    source = b"".join(f"event: {f['type']}\ndata: {json.dumps(f)}\n\n".encode() for f in frames)
    assert summary("openai", source)[0] == "Hello!"
    out = b"".join(lc.stream.translate("openai", dst, [source]))
    assert summary(dst, out)[0] == "Hello!"


@pytest.mark.parametrize("dst", CLIENTS)
def test_an_item_added_without_its_index_and_never_done_is_not_taken_again_from_completed(
    dst: Provider,
) -> None:
    """No ``output_item.done``: the item in ``response.completed`` is the one the deltas streamed."""
    item = {
        "id": "msg_1",
        "type": "message",
        "content": [{"type": "output_text", "annotations": [], "text": "Hi"}],
    }
    frames: list[dict[str, Any]] = [
        {"type": "response.created", "response": {"id": "resp_1", "status": "in_progress", "model": "gpt-x"}},
        {"type": "response.output_item.added", "item": {"id": "msg_1", "type": "message", "content": []}},
        {
            "type": "response.output_text.delta",
            "item_id": "msg_1",
            "output_index": 0,
            "content_index": 0,
            "delta": "Hi",
        },
        {"type": "response.completed", "response": {"id": "resp_1", "status": "completed", "model": "gpt-x"}},
    ]
    frames[3]["response"]["output"] = [item]
    frames[3]["response"]["usage"] = {"input_tokens": 3, "output_tokens": 2, "total_tokens": 5}
    source = b"".join(f"event: {f['type']}\ndata: {json.dumps(f)}\n\n".encode() for f in frames)
    assert summary("openai", source)[0] == "Hi"
    assert summary(dst, b"".join(lc.stream.translate("openai", dst, [source])))[0] == "Hi"


@pytest.mark.parametrize("kind", ["message", "reasoning", "function_call"])
@pytest.mark.parametrize("how", ["absent", "null"])
@pytest.mark.parametrize("dst", CLIENTS)
def test_translate_reads_an_item_added_without_its_index_as_decode_does(
    dst: Provider, how: str, kind: str
) -> None:
    source = without_index(_generated(), kind, how)
    want = summary("openai", source)
    for chunks in ([source], [event + b"\n\n" for event in source.split(b"\n\n") if event]):
        got = summary(dst, b"".join(lc.stream.translate("openai", dst, chunks)))
        assert got == want or refused_alike(want, got)


def _corpus_responses() -> list[Any]:
    return [
        pytest.param(path, id=corpus_id((src, path))) for src, path in corpus_streams() if src == "openai"
    ]


@pytest.mark.parametrize("path", _corpus_responses())
def test_the_corpus_responses_streams_without_added_indexes_translate_as_they_decode(path: Any) -> None:
    body = path.read_bytes()
    for how in ("absent", "null"):
        source = body
        for kind in ("message", "reasoning", "function_call"):
            source = without_index(source, kind, how)
        want = summary("openai", source)
        for dst in CLIENTS:
            got = summary(dst, b"".join(lc.stream.translate("openai", dst, [source])))
            assert got == want or refused_alike(want, got), (how, dst)
