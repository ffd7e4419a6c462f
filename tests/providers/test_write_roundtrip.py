"""Same-dialect round trips: a provider stream decoded, written back in its own dialect and
decoded again gives the same events and the same Response, provider_data included."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

from ..stream.write_support import skip_unless_writer
from .provider_support import strict_equal
from .sdk_readers import REQUEST, SOURCE_BODIES, corpus_id, corpus_streams


def _outcome(events: list[Any]) -> tuple[str, Any]:
    try:
        response = lc.assemble(events, request=REQUEST)
    except lc.LmcodecError as exc:
        return "raised", (type(exc).__name__, str(exc))
    return "response", (lc.to_builtins(response), response.provider_data)


def _up_to_error(events: list[Any]) -> list[Any]:
    """A written stream ends at its first error event, as the providers' streams do."""
    for i, event in enumerate(events):
        if isinstance(event, lc.StreamErrorEvent):
            return events[: i + 1]
    return events


def _check_round_trip(dialect: str, body: bytes) -> list[Any]:
    skip_unless_writer(dialect)
    events = _up_to_error(list(lc.stream.decode(dialect, [body], request=REQUEST)))
    written = b"".join(lc.stream.encode(dialect, events))
    again = list(lc.stream.decode(dialect, [written], request=REQUEST))
    strict_equal([lc.to_builtins(e) for e in again], [lc.to_builtins(e) for e in events], dialect)
    for original, back in zip(events, again, strict=True):
        if isinstance(original, lc.StreamEndEvent):
            strict_equal(back.provider_data, original.provider_data, f"{dialect} end provider_data")
    assert _outcome(again) == _outcome(events)
    return events


@pytest.mark.parametrize("case", corpus_streams(), ids=corpus_id)
def test_corpus_stream_round_trips_in_its_own_dialect(case: tuple[str, Path]) -> None:
    dialect, path = case
    events = _check_round_trip(dialect, path.read_bytes())
    assert any(isinstance(e, lc.StreamEndEvent) and e.provider_data for e in events), "nothing to keep"


# What the openai writers (not this file's subject) do not carry yet; strict, so a fix shows.
_OPENAI_WRITER_LIMITS = {
    "seed_openai_0": "the Responses writer drops audio and image deltas and renames a reasoning item",
    "seed_openai_chat_0": "the Chat writer rebuilds the usage chunk instead of keeping its provider_data",
}


def _synthesized_cases() -> list[Any]:
    return [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=_OPENAI_WRITER_LIMITS[name]))
        if name in _OPENAI_WRITER_LIMITS
        else name
        for name in sorted(SOURCE_BODIES)
    ]


@pytest.mark.parametrize("name", _synthesized_cases())
def test_synthesized_stream_round_trips_in_its_own_dialect(name: str) -> None:
    dialect, body = SOURCE_BODIES[name]
    _check_round_trip(dialect, body)


@pytest.mark.parametrize("dialect", ["anthropic", "gemini"])
def test_round_trip_is_not_the_identity_on_bytes_but_on_events(dialect: str) -> None:
    """The writer builds its own frames (compact JSON, its own framing), so equality of events is a
    real check: the bytes differ from the capture."""
    dialect_bodies = [p for d, p in corpus_streams() if d == dialect]
    if not dialect_bodies:
        pytest.skip("no corpus stream bodies")
    body = dialect_bodies[0].read_bytes()
    events = list(lc.stream.decode(dialect, [body], request=REQUEST))
    written = b"".join(lc.stream.encode(dialect, events))
    assert written != body
