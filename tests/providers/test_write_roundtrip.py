"""Same-dialect round trips: a provider stream decoded, written back in its own dialect and
decoded again gives the same events and the same Response, provider_data included."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

import lmcodec as lc

from ..stream.write_support import named_as_served, served_request, skip_unless_writer, unnamed_call
from .provider_support import strict_equal
from .sdk_readers import REQUEST, SOURCE_BODIES, corpus_id, corpus_streams


def _outcome(events: list[Any], request: lc.Request) -> tuple[str, Any]:
    try:
        response = lc.assemble(events, request=request)
    except lc.LmcodecError as exc:
        return "raised", (type(exc).__name__, str(exc))
    return "response", (lc.to_builtins(response), response.provider_data)


def _up_to_error(events: list[Any]) -> list[Any]:
    """A written stream ends at its first error event, as the providers' streams do."""
    for i, event in enumerate(events):
        if isinstance(event, lc.StreamErrorEvent):
            return events[: i + 1]
    return events


def _documented_limits(dialect: str, events: list[Any], again: list[Any]) -> list[Any]:
    """``again`` with what the writer's module documents it cannot keep put back, after checking it
    is what the module says: on Responses, a reasoning item whose summary streamed before its state
    reads back with the writer's ``rs_`` id (openai/write.py, "a limit of the event order"); a
    logprob without bytes reads back with the token's UTF-8 bytes (the schema requires a list:
    openai/_sse_write.py, ``logprob_entries``)."""
    if dialect != "openai" or len(again) != len(events):
        return again
    summarized: set[int] = set()
    out = []
    for original, back in zip(events, again, strict=True):
        delta = getattr(original, "delta", None)
        if isinstance(delta, lc.TextDelta) and delta.logprobs and isinstance(back.delta, lc.TextDelta):
            back = lc.StreamDeltaEvent(
                delta=msgspec.structs.replace(
                    back.delta, logprobs=_bytes_put_back(delta.logprobs, back.delta.logprobs)
                )
            )
        if isinstance(delta, lc.ThinkingDelta) and delta.text:
            summarized.add(delta.part_index)
        if (
            isinstance(delta, lc.ContinuationDelta)
            and delta.kind == "reasoning_item"
            and delta.part_index in summarized
            and isinstance(back.delta, lc.ContinuationDelta)
            and "id" in delta.data
        ):
            got = back.delta.data.get("id")
            assert isinstance(got, str) and got.startswith("rs_"), got
            back = lc.StreamDeltaEvent(
                delta=msgspec.structs.replace(back.delta, data={**back.delta.data, "id": delta.data["id"]})
            )
        out.append(back)
    return out


def _bytes_put_back(given: tuple[Any, ...], back: tuple[Any, ...] | None) -> tuple[Any, ...] | None:
    """``back`` with the bytes the writer filled in (the token's UTF-8 bytes) put back to None
    where ``given`` had none, after checking they are the token's."""

    def put_back(original: Any, read: Any) -> Any:
        if original.bytes is None and read.token == original.token:
            assert read.bytes == tuple(original.token.encode("utf-8", "surrogatepass")), read
            return msgspec.structs.replace(read, bytes=None)
        return read

    if back is None or len(back) != len(given):
        return back
    out = []
    for original, read in zip(given, back, strict=True):
        read = put_back(original, read)
        if len(read.top) == len(original.top):
            top = tuple(put_back(o, r) for o, r in zip(original.top, read.top, strict=True))
            read = msgspec.structs.replace(read, top=top)
        out.append(read)
    return tuple(out)


def _said(response: lc.Response) -> tuple[Any, ...]:
    """What a Responses final object and its stream both say: text, tool calls, usage (an
    unreported cache-write count as the 0 the writer writes for it: docs/writers.md, "Usage")."""
    parts = response.message.parts
    text = "".join(p.text for p in parts if isinstance(p, lc.TextPart))
    calls = [(p.id, p.name, p.input) for p in parts if isinstance(p, lc.ToolCallPart)]
    usage = response.usage
    if usage is not None and usage.cache_write_tokens is None:
        usage = lc.replace(usage, cache_write_tokens=0)
    return text, calls, usage


def _final_contradicts_its_stream(
    data: dict[str, Any] | None, events: list[Any], request: lc.Request
) -> bool:
    """Whether a Responses end's provider_data (the backend's final response) says something else
    than the stream it ends: the writer rebuilds such a final response from the events
    (openai/write.py), so it does not round-trip."""
    if data is None:
        return False
    try:
        final = lc.decode_response("openai", json.dumps(data).encode(), request=request)
    except lc.LmcodecError:
        return True
    return _said(final) != _said(lc.assemble(events, request=request))


def _check_round_trip(dialect: str, body: bytes) -> list[Any]:
    """Decoded under a request naming the served model, written from a start naming the backend's
    id: the start a backend's own stream has (a Chat or Gemini stream has no start frame, and under
    another model lm15's start names that one, and no id, which every written chunk names: the
    backend's last chunk, naming another, is rebuilt)."""
    skip_unless_writer(dialect)
    request = served_request(dialect, body)
    events = _up_to_error(list(lc.stream.decode(dialect, [body], request=request)))
    named = named_as_served(dialect, body, events)
    if unnamed_call(events):  # MAP-9: the writer refuses it, as assembly does
        with pytest.raises(lc.ValidationError, match="without a name"):
            b"".join(lc.stream.encode(dialect, events))
        return events
    written = b"".join(lc.stream.encode(dialect, named))
    again = _documented_limits(dialect, events, list(lc.stream.decode(dialect, [written], request=request)))
    end = events[-1]
    if (
        dialect == "openai"
        and isinstance(end, lc.StreamEndEvent)
        and _final_contradicts_its_stream(end.provider_data, events, request)
    ):
        rebuilt = lc.decode_response("openai", json.dumps(again[-1].provider_data).encode(), request=request)
        assert _said(rebuilt) == _said(lc.assemble(again, request=request)) == _said(lc.assemble(events))
        events, again = events[:-1], again[:-1]  # the rest round-trips
    strict_equal([lc.to_builtins(e) for e in again], [lc.to_builtins(e) for e in events], dialect)
    for original, back in zip(events, again, strict=True):
        if isinstance(original, lc.StreamEndEvent):
            strict_equal(back.provider_data, original.provider_data, f"{dialect} end provider_data")
    if isinstance(end, lc.StreamEndEvent) and events[-1] is not end:
        return [*events, end]
    assert _outcome(again, request) == _outcome(events, request)
    return events


@pytest.mark.parametrize("case", corpus_streams(), ids=corpus_id)
def test_corpus_stream_round_trips_in_its_own_dialect(case: tuple[str, Path]) -> None:
    dialect, path = case
    events = _check_round_trip(dialect, path.read_bytes())
    assert any(isinstance(e, lc.StreamEndEvent) and e.provider_data for e in events), "nothing to keep"


@pytest.mark.parametrize("name", sorted(SOURCE_BODIES))
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
