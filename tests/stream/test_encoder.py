"""lc.stream.Encoder / encode / aencode: canonical events -> a provider's SSE, one event at a time."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .write_support import DIALECTS, REQUEST, skip_unless_writer, synthesized

SYNTH = synthesized()


@pytest.mark.parametrize("provider", DIALECTS)
def test_encode_is_the_encoder_fed_event_by_event(provider: str) -> None:
    skip_unless_writer(provider)
    events = SYNTH["parallel_tool_calls"]
    encoder = lc.stream.Encoder(provider)
    pieces = [encoder.feed(e) for e in events] + [encoder.close()]
    assert all(isinstance(p, bytes) for p in pieces)
    joined = b"".join(pieces)
    assert (
        lc.assemble(lc.stream.decode(provider, [joined], request=REQUEST), request=REQUEST).message.parts[-1]
        == lc.assemble(events).message.parts[-1]
    )


@pytest.mark.parametrize("provider", DIALECTS)
def test_a_delta_is_written_by_the_time_the_next_arrives(provider: str) -> None:
    """Written when it arrives (the OpenAI wires) or at most one event later (a writer may hold the
    last chunk back to put the finish and usage on it, as Gemini's last chunk carries them)."""
    skip_unless_writer(provider)
    encoder = lc.stream.Encoder(provider)
    encoder.feed(lc.StreamStartEvent(id="resp_x", model="m"))
    out = encoder.feed(lc.StreamDeltaEvent(delta=lc.TextDelta(text="zq\u00e9", part_index=0)))
    out += encoder.feed(lc.StreamDeltaEvent(delta=lc.TextDelta(text="next", part_index=0)))
    assert "zq\u00e9".encode() in out or b"zq\\u00e9" in out


@pytest.mark.parametrize("provider", ["openai", "openai_chat"])
def test_the_openai_wires_write_each_delta_when_it_arrives(provider: str) -> None:
    encoder = lc.stream.Encoder(provider)
    encoder.feed(lc.StreamStartEvent(id="resp_x", model="m"))
    out = encoder.feed(lc.StreamDeltaEvent(delta=lc.TextDelta(text="zq\u00e9", part_index=0)))
    assert "zq\u00e9".encode() in out


@pytest.mark.parametrize("provider", DIALECTS)
def test_aencode(provider: str) -> None:
    skip_unless_writer(provider)
    events = SYNTH["text"]

    async def run() -> list[bytes]:
        async def source() -> Any:
            for e in events:
                yield e

        return [c async for c in lc.stream.aencode(provider, source())]

    got = b"".join(asyncio.run(run()))
    assert (
        lc.assemble(lc.stream.decode(provider, [got], request=REQUEST)).message == lc.assemble(events).message
    )


def test_unknown_provider() -> None:
    with pytest.raises(lc.ValidationError, match="unknown provider"):
        lc.stream.Encoder("nope")


# ── generated streams ─────────────────────────────────────────────────────────


_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
_ARGS = st.dictionaries(_TEXT, st.one_of(st.integers(-5, 5), _TEXT, st.booleans(), st.none()), max_size=3)


@st.composite
def _streams(draw: st.DrawFn) -> list[Any]:
    """A start, thinking at slot 0, text at slot 1 and tool calls at slots 2.. with arguments cut
    anywhere (inside escapes too), every slot's first fragment in slot order, the rest interleaved."""
    import json

    firsts: list[Any] = []
    rests: list[list[Any]] = []
    if draw(st.booleans()):
        pieces = draw(st.lists(_TEXT, min_size=1, max_size=4))
        firsts.append(lc.ThinkingDelta(text=pieces[0], part_index=0))
        rests.append([lc.ThinkingDelta(text=p, part_index=0) for p in pieces[1:]])
    if draw(st.booleans()):
        pieces = draw(st.lists(_TEXT, min_size=1, max_size=4))
        firsts.append(lc.TextDelta(text=pieces[0], part_index=1))
        rests.append([lc.TextDelta(text=p, part_index=1) for p in pieces[1:]])
    for k in range(draw(st.integers(0, 3))):
        raw = json.dumps(draw(_ARGS), ensure_ascii=draw(st.booleans()))
        cuts = sorted(set(draw(st.lists(st.integers(0, len(raw)), max_size=5))))
        frags = [raw[a:b] for a, b in zip([0, *cuts], [*cuts, len(raw)], strict=True)]
        slot = 2 + k
        firsts.append(lc.ToolCallDelta(input=frags[0], part_index=slot, id=f"call_{k}x", name=f"tool_{k}"))
        rests.append([lc.ToolCallDelta(input=f, part_index=slot) for f in frags[1:]])
    order = draw(st.permutations([i for i, rest in enumerate(rests) for _ in rest]))
    cursors = [0] * len(rests)
    interleaved = []
    for i in order:
        interleaved.append(rests[i][cursors[i]])
        cursors[i] += 1
    finish = "tool_call" if any(isinstance(d, lc.ToolCallDelta) for d in firsts) else "stop"
    usage = draw(
        st.one_of(
            st.none(), st.builds(lc.Usage, input_tokens=st.integers(0, 9), output_tokens=st.integers(0, 9))
        )
    )
    return [
        lc.StreamStartEvent(id="resp_gen", model="m-gen"),
        *[lc.StreamDeltaEvent(delta=d) for d in [*firsts, *interleaved]],
        lc.StreamEndEvent(finish_reason=finish, usage=usage),
    ]


@pytest.mark.parametrize("provider", ["openai", "openai_chat"])
@settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(events=_streams())
def test_generated_streams_read_back_by_the_sdk_and_the_decoder(provider: str, events: list[Any]) -> None:
    from .write_support import expected_view, projection, sdk_view

    response = lc.assemble(events, request=REQUEST)
    body = b"".join(lc.stream.encode(provider, events))
    back = lc.assemble(lc.stream.decode(provider, [body], request=REQUEST), request=REQUEST)
    assert projection(back, provider) == projection(response, provider)
    assert sdk_view(provider, body) == expected_view(response, provider)


@pytest.mark.parametrize("provider", ["openai", "openai_chat", "anthropic", "gemini"])
def test_an_encoder_fed_after_close_refuses(provider: str) -> None:
    """An Encoder closed before any event wrote a whole stream when fed afterwards (one closed after
    its end already refused, as an event after the end): a feed after close() is a ValidationError."""
    start = lc.StreamStartEvent(id="x", model="m")
    for events in ([], [start, lc.StreamEndEvent(finish_reason="stop")]):
        encoder = lc.stream.Encoder(provider)
        encoder.feed_all(events)
        encoder.close()
        with pytest.raises(lc.ValidationError, match="after close"):
            encoder.feed(start)
        with pytest.raises(lc.ValidationError, match="after close"):
            encoder.feed_all([start])
