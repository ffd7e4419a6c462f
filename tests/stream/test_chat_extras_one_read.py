"""A Chat source read once by ``stream/_chat_extras.py`` (red team 39 F05): the mapper maps the
reading of ``_ExtrasChunk``, and the byte scans (another choice's index, the four fields' keys) run
only on a chunk whose reading names another choice or a field.

The slow path is kept in the tree: ``ChatExtras._chunk_apart`` reads a chunk as before (the scans,
the mapper's own view, the fields' view), and is what a chunk ``_ExtrasChunk`` refuses goes to. Each
stream below is translated both ways (``_frame`` replaced by ``_chunk_apart`` for the second) and
must be written to the same bytes, which the destination's SDK reads.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.openai import write as responses_write
from lmcodec.stream import _chat_extras
from lmcodec.stream._chat_extras import ChatExtras

from ..budget import examples
from ..providers.provider_support import stream_bodies
from ..providers.sdk_readers import sdk_anthropic, sdk_gemini
from .test_parts_in_order_chat import _SEGMENTS, Segment, chat_stream
from .write_support import REQUEST, sdk_read

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
_CREATED_AT = re.compile(rb'"created_at":\d+')  # the Responses writer's clock


def _translated(dst: str, chunks: list[bytes]) -> bytes:
    """What translate writes (an error raised mid-stream: its class and message after the bytes)."""
    out: list[bytes] = []
    try:
        for piece in lc.stream.translate("openai_chat", dst, chunks, request=REQUEST):
            out.append(piece)
    except lc.LmcodecError as exc:
        out.append(f"\n{type(exc).__name__}: {exc}".encode())
    return _CREATED_AT.sub(b'"created_at":0', b"".join(out))


def _both_ways(dst: str, chunks: list[bytes]) -> tuple[bytes, bytes]:
    """``chunks`` translated read once, then read apart (the path before red team 39 F05)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(responses_write, "new_id", lambda prefix: f"{prefix}fixed")
        once = _translated(dst, chunks)
        patch.setattr(ChatExtras, "_frame", ChatExtras._chunk_apart)
        apart = _translated(dst, chunks)
    return once, apart


def _read_by_sdk(dst: str, body: bytes) -> dict[str, Any]:
    if dst == "anthropic":
        return sdk_anthropic(body)
    if dst == "gemini":
        return sdk_gemini(body)
    return sdk_read(dst, body)


def _same_and_read(dst: str, chunks: list[bytes]) -> dict[str, Any]:
    once, apart = _both_ways(dst, chunks)
    assert once == apart
    return _read_by_sdk(dst, once)


@pytest.mark.parametrize("dst", DIALECTS)
def test_the_varied_chat_stream_is_written_as_read_apart(dst: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    varied = importlib.import_module("streams_varied").varied("openai_chat")
    monkeypatch.delitem(sys.modules, "streams_varied")
    read = _same_and_read(dst, list(varied.events))
    assert read["text"] == varied.text
    assert [json.loads(json.dumps(call[2])) for call in read["tool_calls"]] == [
        call.arguments for call in varied.tool_calls
    ]


def _corpus_chat() -> list[Path]:
    return stream_bodies("openai_chat")


@pytest.mark.parametrize("dst", DIALECTS)
def test_the_corpus_chat_streams_are_written_as_read_apart(dst: str) -> None:
    bodies = _corpus_chat()
    if not bodies:
        pytest.skip("shared corpus not found (checkout without ../shared)")
    for path in bodies:
        body = path.read_bytes()
        for chunks in ([body], re.split(rb"(?<=\n\n)", body)):
            once, apart = _both_ways(dst, [c for c in chunks if c])
            assert once == apart, path.name


@settings(max_examples=examples(40))
@given(_SEGMENTS, st.sampled_from(DIALECTS), st.booleans())
def test_a_chat_stream_is_written_as_read_apart(segments: list[Segment], dst: str, whole: bool) -> None:
    events = chat_stream(segments)
    _same_and_read(dst, [b"".join(events)] if whole else events)


def _sse(chunk: Any) -> bytes:
    return b"data: " + (chunk if isinstance(chunk, bytes) else json.dumps(chunk).encode()) + b"\n\n"


def _chunk(choices: list[Any]) -> dict[str, Any]:
    return {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m-1", "choices": choices}


_TEXT = _chunk([{"index": 0, "delta": {"role": "assistant", "content": "hi"}, "finish_reason": None}])
_END = _chunk([{"index": 0, "delta": {}, "finish_reason": "stop"}])
_ODD_CHUNKS: dict[str, bytes | dict[str, Any]] = {
    # two choices, no index spelled: the scan finds none, so lm15's reading of the first stands
    "two choices without an index": _chunk([{"delta": {"content": "a"}}, {"delta": {"content": "b"}}]),
    "a second choice spelled with a space": b'{"choices":[{"index" : 0,"delta":{"content":"a"}},'
    b'{"index" : 1,"delta":{"content":"b"}}]}',
    "a second choice": _chunk(
        [{"index": 0, "delta": {"content": "a"}}, {"index": 1, "delta": {"content": "b"}}]
    ),
    "the first choice at index 1": _chunk([{"index": 1, "delta": {"content": "a"}}]),
    'index "0"': _chunk([{"index": "0", "delta": {"content": "a"}}]),
    "a finish spelling index 1": _chunk([{"index": 1, "delta": {}, "finish_reason": "stop"}]),
    "a refusal": _chunk([{"index": 0, "delta": {"refusal": "no"}}]),
    "a refusal key escaped": b'{"choices":[{"index":0,"delta":{"refus\\u0061l":"no"}}]}',
    "a refusal not a string": _chunk([{"index": 0, "delta": {"content": "a", "refusal": 1}}]),
    "a null refusal": _chunk([{"index": 0, "delta": {"content": "a", "refusal": None}}]),
    "audio not an object": _chunk([{"index": 0, "delta": {"content": "a", "audio": "x"}}]),
    "annotations": _chunk(
        [{"index": 0, "delta": {"content": "a", "annotations": [{"type": "url_citation"}]}}]
    ),
    "a signed thinking block": _chunk(
        [
            {
                "index": 0,
                "delta": {
                    "reasoning_content": "t",
                    "thinking_blocks": [{"type": "thinking", "thinking": "t", "signature": "s"}],
                },
            }
        ]
    ),
    "content not a string": _chunk([{"index": 0, "delta": {"content": 5}}]),
    "the word refusal in the text": _chunk([{"index": 0, "delta": {"content": '"refusal": "x"'}}]),
    "calls at indexes 1 and 2": _chunk(
        [
            {
                "index": 0,
                "delta": {
                    "tool_calls": [
                        {"index": 1, "id": "c_1", "function": {"name": "f", "arguments": "{}"}},
                        {"index": 2, "id": "c_2", "function": {"name": "g", "arguments": "{}"}},
                    ]
                },
            }
        ]
    ),
}


@pytest.mark.parametrize("dst", DIALECTS)
@pytest.mark.parametrize("case", list(_ODD_CHUNKS))
def test_an_odd_chunk_is_written_as_read_apart(case: str, dst: str) -> None:
    chunks = [_sse(_TEXT), _sse(_ODD_CHUNKS[case]), _sse(_END), b"data: [DONE]\n\n"]
    once, apart = _both_ways(dst, chunks)
    assert once == apart


def test_a_one_choice_stream_of_parallel_calls_is_not_scanned(monkeypatch: pytest.MonkeyPatch) -> None:
    """Calls at indexes 1, 2, ... spell an ``"index":`` other than 0 in every chunk: the scan for
    another choice decoded each of them again (red team 39 F05, 2.7x the floor)."""
    scanned: list[bytes] = []
    spelled: list[bytes] = []
    other_choice, spells_a_refusal = ChatExtras._other_choice, _chat_extras._spells_a_refusal

    def scan(self: ChatExtras, data: bytes) -> Any:
        scanned.append(data)
        return other_choice(self, data)

    def spells(data: bytes) -> bool:
        spelled.append(data)
        return spells_a_refusal(data)

    monkeypatch.setattr(ChatExtras, "_other_choice", scan)
    monkeypatch.setattr(_chat_extras, "_spells_a_refusal", spells)
    segments: list[Segment] = [("call", f"tool_{i}", ['{"n": ', f"{i}}}"]) for i in range(4)]
    written = lc.stream.translate("openai_chat", "openai", chat_stream(segments), request=REQUEST)
    read = sdk_read("openai", b"".join(written))
    assert [call[1:] for call in read["tool_calls"]] == [(f"tool_{i}", {"n": i}) for i in range(4)]
    assert scanned == []
    assert spelled == []
