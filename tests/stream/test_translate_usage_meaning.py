"""Token usage keeps the source's meaning when a stream crosses dialects (red team 4 F03).

Anthropic's ``input_tokens`` counts only the uncached input; OpenAI's and Gemini's prompt counts
include the cached tokens; Gemini's candidates count excludes the thoughts, OpenAI's and
Anthropic's output counts include them. ``translate`` (and an Encoder told the source,
``usage_from``) restate the counts in the destination's meaning, so the client of every dialect
reads the source's input, cache, output and reasoning counts, checked through each destination's
own SDK (``usage_support``). Decoding is unchanged (lm15 parity)."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .usage_support import (
    PAIRS,
    Counts,
    check_client_counts,
    ids_aside,
    source_stream,
    stream_usage,
    wire_usage,
)

# the shapes a gateway meets: cache reads, cache writes, reasoning, all, none
CASES = {
    "cache_read": Counts(input=1525, cache_read=1000, cache_write=None, output=15, reasoning=None),
    "cache_write": Counts(input=525, cache_read=None, cache_write=500, output=15, reasoning=None),
    "cache_read_and_write": Counts(input=1525, cache_read=1000, cache_write=500, output=15, reasoning=None),
    "reasoning": Counts(input=25, cache_read=None, cache_write=None, output=240, reasoning=229),
    "everything": Counts(input=1525, cache_read=1000, cache_write=500, output=240, reasoning=229),
    "zeros": Counts(input=25, cache_read=0, cache_write=0, output=15, reasoning=0),
    "plain": Counts(input=25, cache_read=None, cache_write=None, output=15, reasoning=None),
}


def _translated(src: str, dst: str, body: bytes) -> bytes:
    return b"".join(lc.stream.translate(src, dst, [body]))


def _encoded(src: str, dst: str, body: bytes) -> bytes:
    encoder = lc.stream.Encoder(dst, usage_from=src)
    return encoder.feed_all(lc.stream.decode(src, [body])) + encoder.close()


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize(("src", "dst"), PAIRS)
def test_translate_gives_each_client_the_source_counts(src: str, dst: str, case: str) -> None:
    sent = CASES[case]
    written = _translated(src, dst, source_stream(src, sent))
    check_client_counts(src, dst, sent, stream_usage(dst, written))


@pytest.mark.parametrize("case", ["everything", "plain"])
@pytest.mark.parametrize(("src", "dst"), PAIRS)
def test_an_encoder_told_the_source_writes_what_translate_writes(src: str, dst: str, case: str) -> None:
    body = source_stream(src, CASES[case])
    written = _encoded(src, dst, body)
    check_client_counts(src, dst, CASES[case], stream_usage(dst, written))
    assert (
        lc.assemble(lc.stream.decode(dst, [written])).usage
        == lc.assemble(lc.stream.decode(dst, [_translated(src, dst, body)])).usage
    )


def test_the_red_team_figures() -> None:
    """F03's reproducer: a 1,525-token Anthropic input (25 uncached, 1,000 read, 500 written) is
    1,525 prompt tokens of which 1,000 cached for a Chat client, total 1,540; Chat's 1,000-token
    prompt with 800 cached is 200 uncached + 800 read for an Anthropic client."""
    body = source_stream("anthropic", CASES["cache_read_and_write"])
    usage = stream_usage("openai_chat", _translated("anthropic", "openai_chat", body))
    assert (usage.prompt_tokens, usage.prompt_tokens_details.cached_tokens, usage.total_tokens) == (
        1525,
        1000,
        1540,
    )
    chat = source_stream(
        "openai_chat", Counts(input=1000, cache_read=800, cache_write=None, output=5, reasoning=None)
    )
    usage = stream_usage("anthropic", _translated("openai_chat", "anthropic", chat))
    assert (usage.input_tokens, usage.cache_read_input_tokens) == (200, 800)


@pytest.mark.parametrize(("src", "dst"), PAIRS)
def test_decoding_keeps_the_source_counts(src: str, dst: str) -> None:
    """The canonical Usage stays lm15's reading of the source (only the writers restate it)."""
    body = source_stream(src, CASES["everything"])
    usage = lc.assemble(lc.stream.decode(src, [body])).usage
    raw = wire_usage(src, CASES["everything"])
    own = {"anthropic": "input_tokens", "gemini": "promptTokenCount", "openai": "input_tokens"}
    assert usage.input_tokens == raw[own.get(src, "prompt_tokens")]


def test_atranslate_restates_as_translate() -> None:
    body = source_stream("gemini", CASES["everything"])

    async def chunks():  # type: ignore[no-untyped-def]
        yield body

    async def run() -> bytes:
        return b"".join([c async for c in lc.stream.atranslate("gemini", "anthropic", chunks())])

    assert asyncio.run(run()) == _translated("gemini", "anthropic", body)


@pytest.mark.parametrize("dst", ["openai", "openai_chat", "anthropic", "gemini"])
def test_same_meaning_is_written_byte_for_byte_as_before(dst: str) -> None:
    """Between dialects of one meaning (the same dialect, or the two OpenAI ones) and with no
    ``usage_from``, the Encoder writes what it always wrote."""
    events = list(lc.stream.decode("openai_chat", [source_stream("openai_chat", CASES["everything"])]))
    events[0] = lc.StreamStartEvent(id="resp_1", model="gpt-x")  # (an id: none is made per stream)
    plain = lc.stream.Encoder(dst)
    before = plain.feed_all(events) + plain.close()
    same = "openai" if dst == "openai_chat" else dst if dst != "openai" else "openai_chat"
    told = lc.stream.Encoder(dst, usage_from=same)
    assert ids_aside(told.feed_all(events) + told.close()) == ids_aside(before)


def test_usage_from_must_name_a_dialect() -> None:
    with pytest.raises(lc.ValidationError, match="usage_from"):
        lc.stream.Encoder("openai", usage_from="bedrock")
    with pytest.raises(lc.ValidationError, match="usage_from"):
        lc.stream.Encoder("openai", usage_from=1)  # type: ignore[arg-type]


def _count(whole: bool = True) -> st.SearchStrategy[int | None]:
    return st.none() | st.just(0) | st.integers(1, 10**7)


@st.composite
def _counts(draw: st.DrawFn) -> Counts:
    """Counts a wire can say: a part (cache, reasoning) reported only where its whole is, and no
    larger than it."""
    whole_in, whole_out = draw(_count()), draw(_count())
    read = write = reasoning = None
    if whole_in is not None:
        read = draw(st.none() | st.integers(0, whole_in))
        write = draw(st.none() | st.integers(0, whole_in - (read or 0)))
    if whole_out is not None:
        reasoning = draw(st.none() | st.integers(0, whole_out))
    return Counts(input=whole_in, cache_read=read, cache_write=write, output=whole_out, reasoning=reasoning)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=st.sampled_from(PAIRS), sent=_counts())
@example(pair=("openai", "openai"), sent=Counts(None, None, None, 0, None))  # explore profile, round 16
@example(pair=("openai_chat", "openai_chat"), sent=Counts(None, None, None, 0, None))
def test_every_client_reads_the_source_counts(pair: tuple[str, str], sent: Counts) -> None:
    """The property: whatever the counts (unreported, 0, positive), the destination client's whole
    input, cache reads and writes, output and reasoning equal the source's, its total adds up."""
    src, dst = pair
    assume(src != "anthropic" or sent.output is not None)  # (Anthropic always says output_tokens)
    written = _translated(src, dst, source_stream(src, sent))
    check_client_counts(src, dst, sent, stream_usage(dst, written))


def test_a_cached_count_larger_than_the_prompt_gives_no_negative_input() -> None:
    """A source whose cached count exceeds its prompt (counts no wire should send): the Anthropic
    client's uncached input stops at 0, and lmcodec's own decoder reads the written stream."""
    usage = {"prompt_tokens": 100, "completion_tokens": 5, "total_tokens": 105}
    body = source_stream("openai_chat", CASES["plain"]).replace(
        b'"usage": {"prompt_tokens": 25, "completion_tokens": 15, "total_tokens": 40}',
        json.dumps({"usage": {**usage, "prompt_tokens_details": {"cached_tokens": 800}}})[1:-1].encode(),
    )
    assert b'"cached_tokens": 800' in body
    written = _translated("openai_chat", "anthropic", body)
    usage_read = stream_usage("anthropic", written)
    assert (usage_read.input_tokens, usage_read.cache_read_input_tokens, usage_read.output_tokens) == (
        0,
        800,
        5,
    )
    end = lc.assemble(lc.stream.decode("anthropic", [written])).usage
    assert (end.input_tokens, end.cache_read_tokens) == (0, 800)


def test_a_gemini_total_google_did_not_send_gets_the_thoughts() -> None:
    """Without ``totalTokenCount`` lm15's total is prompt + candidates; the client whose output
    includes the thoughts gets a total that includes them too."""
    sent = Counts(input=25, cache_read=None, cache_write=None, output=240, reasoning=229)
    body = source_stream("gemini", sent).replace(b', "totalTokenCount": 265', b"")
    assert b"totalTokenCount" not in body
    usage = stream_usage("openai_chat", _translated("gemini", "openai_chat", body))
    assert (usage.prompt_tokens, usage.completion_tokens, usage.total_tokens) == (25, 240, 265)
    assert usage.completion_tokens_details.reasoning_tokens == 229
