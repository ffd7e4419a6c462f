"""Where a Gemini client finds each citation of a cited answer (docs/writers.md: "the next chunk it
writes"), fed as translate is fed: one input chunk for the whole stream, one per SSE event, and
``lc.stream.encode`` (one event at a time, no flush). perf24a left the per-event feeding putting
every citation on a chunk of its own at the end (flush had written the text before each came, and
the held-text chunks that followed did not carry them): a user reading grounding as it streams saw
none until the answer was over. Read by google-genai."""

from __future__ import annotations

import json
from typing import Any

import lmcodec as lc

from ..providers.sdk_readers import gemini_chunks

_N = 5


def _sse(event: dict[str, Any]) -> bytes:
    return f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()


def _text(text: str) -> dict[str, Any]:
    return {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}}


def _cite(i: int) -> dict[str, Any]:
    citation = {
        "type": "web_search_result_location",
        "cited_text": f"c{i}",
        "url": f"https://e.x/{i}",
        "title": "t",
        "encrypted_index": "x",
    }
    return {
        "type": "content_block_delta",
        "index": 0,
        "delta": {"type": "citations_delta", "citation": citation},
    }


def _frames() -> list[bytes]:
    """An Anthropic answer whose every text delta but the last is followed by its citation."""
    start = {
        "type": "message_start",
        "message": {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-x",
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 3, "output_tokens": 1},
        },
    }
    events: list[dict[str, Any]] = [
        start,
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
    ]
    for i in range(_N):
        events += [_text(f"T{i}. "), _cite(i)]
    events += [
        _text("end."),
        {"type": "content_block_stop", "index": 0},
        {
            "type": "message_delta",
            "delta": {"stop_reason": "end_turn", "stop_sequence": None},
            "usage": {"output_tokens": 5},
        },
        {"type": "message_stop"},
    ]
    return [_sse(event) for event in events]


def _read(written: bytes) -> list[tuple[str, list[str]]]:
    """Each chunk as google-genai reads it: its text and the urls of its grounding chunks."""
    rows = []
    for chunk in gemini_chunks(written):
        candidate = (chunk.candidates or [])[0]
        parts = (candidate.content.parts if candidate.content else None) or []
        grounding = candidate.grounding_metadata
        found = (grounding.grounding_chunks if grounding is not None else None) or []
        rows.append(("".join(p.text or "" for p in parts), [g.web.uri for g in found if g.web is not None]))
    return rows


def _texts() -> list[str]:
    return [f"T{i}. " for i in range(_N)] + ["end."]


def _cited_texts(rows: list[tuple[str, list[str]]]) -> list[tuple[str, list[str]]]:
    return [row for row in rows if row[1]]


def test_whole_each_citation_is_on_the_chunk_of_the_text_it_came_after() -> None:
    rows = _read(b"".join(lc.stream.translate("anthropic", "gemini", [b"".join(_frames())])))
    assert "".join(text for text, _ in rows) == "".join(_texts())
    assert _cited_texts(rows) == [(f"T{i}. ", [f"https://e.x/{i}"]) for i in range(_N)]


def test_per_event_each_citation_is_on_the_next_chunk_written() -> None:
    """flush wrote each text before its citation came: the citation goes on the next text's
    chunk, not on one chunk of them all at the end."""
    rows = _read(b"".join(lc.stream.translate("anthropic", "gemini", _frames())))
    assert "".join(text for text, _ in rows) == "".join(_texts())
    assert _cited_texts(rows) == [(_texts()[i + 1], [f"https://e.x/{i}"]) for i in range(_N)]


def test_encode_event_by_event_holds_each_citation_with_its_text() -> None:
    events = list(lc.stream.decode("anthropic", _frames()))
    rows = _read(b"".join(lc.stream.encode("gemini", events)))
    assert _cited_texts(rows) == [(f"T{i}. ", [f"https://e.x/{i}"]) for i in range(_N)]
