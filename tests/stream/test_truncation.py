"""Streams cut short, across the four providers: lc.assemble raises StreamAssemblyError with the partial.

Every captured SSE stream of the contract corpus is cut at every byte offset
(every third offset for the longer ones) and decoded with ``lc.stream.decode``
(``Decoder.close()`` drops a last frame cut inside its JSON and counts it in
``stats.truncated``; it never fabricates an end or an error event; when the end
had already come, it emits the end and raises StreamDecodeError, since what the
cut frame carried is lost). Assembling
the events then gives, as lm15 gives for the same stream cut at the frame
boundary before (or, when the cut leaves the last frame's JSON whole, after)
the cut: the complete Response once the terminal event has arrived, else
``StreamAssemblyError`` whose ``partial`` Response holds everything received.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import lm15.errors as le
import lm15.result as lr
import lm15.serde as ls
import pytest
from lm15 import vet

import lmcodec as lc
from lmcodec.providers import PROVIDERS

from ..providers.provider_support import BODIES, adapter, needs_bodies, requests_for

pytestmark = needs_bodies
LM_REQUEST, REQUEST = requests_for("m-1")


def _streams() -> list[Path]:
    if not BODIES.is_dir():
        return []
    out = []
    for folder in sorted(BODIES.glob("*stream*")):
        files = sorted(folder.iterdir())
        if files and folder.name.split(".")[0] in PROVIDERS:
            out.append(files[0])
    return out


def _lc_outcome(provider: str, body: bytes) -> tuple[Any, ...]:
    decoder = lc.stream.Decoder(provider, request=REQUEST)
    events = decoder.feed(body)
    try:
        events += decoder.close()
    except lc.StreamDecodeError as exc:  # cut inside a frame after the end: said, and the end given
        assert "cut inside its last frame" in str(exc) and decoder.stats.truncated == 1
        assert [type(e) for e in exc.events][-1] is lc.StreamEndEvent
        events += exc.events
    assert not any(type(e) is lc.StreamErrorEvent for e in events)  # no error event is fabricated
    try:
        response = lc.assemble(events, request=REQUEST)
    except lc.StreamAssemblyError as exc:
        assert exc.partial is not None
        return "partial", exc.message, lc.to_builtins(exc.partial, include_provider_data=True)
    return "complete", lc.to_builtins(response, include_provider_data=True)


@cache
def _lm15_outcome(provider: str, body: bytes) -> tuple[Any, ...]:
    events = vet._parse_stream_body(adapter(provider), LM_REQUEST, body)
    try:
        response = lr.materialize_response(iter(events), LM_REQUEST)
    except le.StreamAssemblyError as exc:
        return "partial", exc.message, ls.response_to_dict(exc.partial, include_provider_data=True)
    return "complete", ls.response_to_dict(response, include_provider_data=True)


@pytest.mark.parametrize("path", _streams(), ids=lambda p: p.parent.name)
def test_stream_cut_at_every_offset(path: Path) -> None:
    provider = path.parent.name.split(".")[0]
    body = path.read_bytes()
    boundaries = [0, *(m.end() for m in re.finditer(rb"\r?\n\r?\n", body)), len(body)]
    step = 1 if len(body) < 2000 else 3
    outcomes = set()
    for cut in range(0, len(body) + 1, step):
        got = _lc_outcome(provider, body[:cut])
        before = max(b for b in boundaries if b <= cut)
        after = min(b for b in boundaries if b >= cut)
        expected = {repr(_lm15_outcome(provider, body[:before])), repr(_lm15_outcome(provider, body[:after]))}
        assert repr(got) in expected, f"{path.parent.name} cut at {cut}: {got!r}"
        outcomes.add(got[0])
    assert outcomes == {"partial", "complete"}


@needs_bodies
@pytest.mark.parametrize("provider", PROVIDERS)
def test_close_drops_a_frame_cut_inside_its_json(provider: str) -> None:
    path = next(p for p in _streams() if p.parent.name.split(".")[0] == provider)
    body = path.read_bytes()
    starts = [m.start() for m in re.finditer(rb"^data: ", body, re.M)]
    cut = starts[min(2, len(starts) - 1)] + 20  # inside the JSON of the third (or last) frame
    decoder = lc.stream.Decoder(provider, request=REQUEST)
    events = decoder.feed(body[:cut])
    events += decoder.close()
    assert decoder.stats.truncated == 1
    assert not any(type(e) in (lc.StreamEndEvent, lc.StreamErrorEvent) for e in events)
    with pytest.raises(lc.StreamAssemblyError) as info:
        lc.assemble(events, request=REQUEST)
    assert info.value.partial is not None and "without an end event" in info.value.message
