"""A stream read as the wrong dialect, a request given: what the README says happens, pair by pair.

lmcodec reads such a stream as lm15 1.5.0's adapter reads it, so the outcome is lm15's: in most
of the 12 ordered pairs an lc error, in two an empty Response (red team 42 F01: the README had
said "an empty Response, not an error" for every pair). The streams are written here by
``lc.stream.encode`` (no corpus needed); the corpus captures, where present, give the same
outcome pair by pair, against lm15's own pipeline (``vet._parse_stream_body`` then
``materialize_response``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

from ..corpus import CORPUS

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
REQUEST = lc.Request("m", [lc.Message.user("hi")])
EVENTS = [
    lc.StreamStartEvent(id="r1", model="m"),
    lc.StreamDeltaEvent(lc.TextDelta("Hello")),
    lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1, output_tokens=1)),
]
PAIRS = [(src, asked) for src in DIALECTS for asked in DIALECTS if src != asked]

EMPTY = "empty Response"
# (stream's dialect, dialect it is read as) -> the outcome the README states.
OUTCOME: dict[tuple[str, str], str] = {
    **{pair: "StreamAssemblyError" for pair in PAIRS},
    ("openai_chat", "anthropic"): "StreamDecodeError",  # its `data: [DONE]` is not JSON
    ("openai_chat", "gemini"): "StreamDecodeError",
    ("openai_chat", "openai"): EMPTY,
    ("anthropic", "openai_chat"): EMPTY,
}
# The readers whose frames name their event type count a frame of another dialect as unknown.
COUNTS_UNKNOWN = {"openai", "anthropic"}


def _read(asked: str, body: bytes) -> tuple[str, lc.stream.Decoder]:
    decoder = lc.stream.Decoder(asked, request=REQUEST)
    try:
        events = decoder.feed(body) + decoder.close()
        response = lc.assemble(events, request=REQUEST)
    except (lc.StreamAssemblyError, lc.StreamDecodeError) as exc:
        return type(exc).__name__, decoder
    assert response.text == "" and response.model == "m" and response.usage == lc.Usage()
    return EMPTY, decoder


def _written(src: str) -> bytes:
    body = b"".join(lc.stream.encode(src, EVENTS))
    assert lc.assemble(lc.stream.decode(src, [body], request=REQUEST), request=REQUEST).text == "Hello"
    return body


def test_the_table_covers_every_pair() -> None:
    assert sorted(OUTCOME) == sorted(PAIRS) and len(PAIRS) == 12
    assert sum(outcome == EMPTY for outcome in OUTCOME.values()) == 2


@pytest.mark.parametrize(("src", "asked"), PAIRS)
def test_outcome_and_counters(src: str, asked: str) -> None:
    outcome, decoder = _read(asked, _written(src))
    assert outcome == OUTCOME[src, asked]
    stats = decoder.stats
    assert stats.frames > 0
    if asked in COUNTS_UNKNOWN:
        assert stats.unknown > 0
    else:
        assert stats.unknown == 0
    if outcome != "StreamDecodeError":  # every frame read, none placed but an end's
        assert stats.skipped + stats.events == stats.frames + (outcome == EMPTY)


# ─── against lm15's pipeline ───────────────────────────────────────────────────


def _lm15_outcome(asked: str, body: bytes) -> str:
    lm15 = pytest.importorskip("lm15", reason="lm15 1.5.0 is the reference implementation")
    from lm15 import errors, result, serde, vet

    request = serde.request_from_dict(lc.to_builtins(REQUEST))
    adapter: Any = vet.adapter_for_provider(asked, vet._PARSE_ONLY_KEY)
    try:
        events = vet._parse_stream_body(adapter, request, body)
        response = result.materialize_response(iter(events), request)
    except errors.StreamAssemblyError:
        return "StreamAssemblyError"
    except ValueError:  # json's JSONDecodeError on `[DONE]`, which lmcodec raises as StreamDecodeError
        return "StreamDecodeError"
    assert lm15.types.Response is type(response) and response.text == ""
    return EMPTY


@pytest.mark.parametrize(("src", "asked"), PAIRS)
def test_lm15_decides_the_same(src: str, asked: str) -> None:
    body = _written(src)
    assert _read(asked, body)[0] == _lm15_outcome(asked, body) == OUTCOME[src, asked]


BODIES = CORPUS / "lm15-contract" / "bodies"


def _captured_streams(src: str) -> list[Path]:
    paths = sorted(p for p in BODIES.glob(f"{src}.*/*") if p.is_file())
    return [p for p in paths if p.read_bytes()[:6].startswith((b"event:", b"data:"))]


@pytest.mark.skipif(not BODIES.is_dir(), reason=f"lm15-contract corpus not found at {BODIES}")
@pytest.mark.parametrize(("src", "asked"), PAIRS)
def test_captured_streams_as_lm15_reads_them(src: str, asked: str) -> None:
    streams = _captured_streams(src)
    assert streams, src
    for path in streams:
        body = path.read_bytes()
        assert _read(asked, body)[0] == _lm15_outcome(asked, body) == OUTCOME[src, asked], path.name
