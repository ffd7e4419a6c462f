"""The field sweep's machinery (issue 14): field paths of the corpus bodies, hostile JSON
text substituted at one of them, and every lmcodec entry point run against lm15 1.5.0.

A path is normalised (``choices[].delta.content``); a stream path is keyed by its frame's
``type`` when the frame has one (``response.completed:response.usage``), since the same
path means different things in different frames. For each path the smallest body holding
it is taken and the path's first occurrence there replaced. The hostile values are JSON
*text* (Python's ``json`` cannot write ``1e400``, ``10**5000`` or a lone surrogate
faithfully): the body is written with a placeholder string at the target, and the
placeholder's token replaced by the raw text.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import lm15.errors as le
import lm15.result as lr
import lm15.serde as ls

import lmcodec as lc
from lmcodec import providers as lcp
from lmcodec import stream as lcs

from ..corpus import strict_equal
from .provider_support import (
    CHAT_BODIES,
    ErrorEnvelope,
    Raised,
    adapter,
    complete_bodies,
    frames_of,
    lm15_events,
    lm15_response,
    requests_for,
    stream_bodies,
)

LM_REQUEST, REQUEST = requests_for("m-1")
Key = str | int

# -- the hostile table ------------------------------------------------------------------------

BIG_STRING = b'"' + b"x" * 5_000_000 + b'"'
DEEP_ARRAY = b"[" * 100_000 + b"]" * 100_000

# name -> raw JSON text; "1.5" goes only where the corpus holds an integer.
CHEAP: dict[str, bytes] = {
    "1e400": b"1e400",
    "-1e400": b"-1e400",
    "Infinity": b"Infinity",
    "NaN": b"NaN",
    "10**5000": b"1" + b"0" * 5000,
    "-0.0": b"-0.0",
    "1.5": b"1.5",
    "true": b"true",
    "empty string": b'""',
    "[]": b"[]",
    "{}": b"{}",
    "lone surrogate": b'"\\ud800"',
}
EXPENSIVE: dict[str, bytes] = {"5 MB string": BIG_STRING, "100,000-deep array": DEEP_ARRAY}
PLACEHOLDER = "\x00lmcodec-sweep\x00"
PLACEHOLDER_TOKEN = json.dumps(PLACEHOLDER).encode()


# -- paths --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """One field path and where it first occurs in the smallest body holding it."""

    path: str
    body: Path | None  # None: a synthetic body (Chat whole bodies: the corpus has none)
    frame: int  # index of the frame in the SSE body; 0 for a whole body
    keys: tuple[Key, ...]
    is_int: bool


def _walk(value: Any, path: str, keys: tuple[Key, ...], out: dict[str, tuple[tuple[Key, ...], bool]]) -> None:
    if path not in out:
        out[path] = (keys, isinstance(value, int) and not isinstance(value, bool))
    if isinstance(value, dict):
        for k, v in value.items():
            _walk(v, f"{path}.{k}" if path else k, (*keys, k), out)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _walk(v, f"{path}[]", (*keys, i), out)


def _frame_key(frame: Any) -> str:
    kind = frame.get("type") if isinstance(frame, dict) else None
    return f"{kind}:" if isinstance(kind, str) else ""


def stream_targets(provider: str) -> list[Target]:
    """Every (frame type, path) of the provider's SSE bodies, at its first occurrence in the smallest."""
    found: dict[str, Target] = {}
    for body in sorted(stream_bodies(provider), key=lambda p: (p.stat().st_size, p)):
        for n, (_, frame) in enumerate(frames_of(body.read_bytes())):
            if isinstance(frame, str):
                continue
            paths: dict[str, tuple[tuple[Key, ...], bool]] = {}
            _walk(frame, "", (), paths)
            prefix = _frame_key(frame)
            for path, (keys, is_int) in paths.items():
                found.setdefault(prefix + path, Target(prefix + path, body, n, keys, is_int))
    return sorted(found.values(), key=lambda t: t.path)


def whole_values(provider: str) -> list[tuple[Path | None, Any]]:
    """The provider's non-streamed bodies (Chat: the synthetic bodies, the corpus holding none)."""
    if provider == "openai_chat":
        return [(None, value) for value in CHAT_BODIES]
    paths = sorted(complete_bodies(provider), key=lambda p: (p.stat().st_size, p))
    return [(p, json.loads(p.read_bytes())) for p in paths]


def whole_targets(provider: str) -> list[Target]:
    found: dict[str, Target] = {}
    values = sorted(enumerate(whole_values(provider)), key=lambda item: len(json.dumps(item[1][1])))
    for n, (body, value) in values:
        paths: dict[str, tuple[tuple[Key, ...], bool]] = {}
        _walk(value, "", (), paths)
        for path, (keys, is_int) in paths.items():
            found.setdefault(path, Target(path, body, n if body is None else 0, keys, is_int))
    return sorted(found.values(), key=lambda t: t.path)


def sample(targets: list[Target], count: int, first: str = "") -> list[Target]:
    """A deterministic subset: the path ``first`` (when given), then the paths first in the
    order of their SHA-1, ``count`` in all."""
    ordered = sorted(targets, key=lambda t: (t.path != first, hashlib.sha1(t.path.encode()).hexdigest()))
    return ordered[:count]


# -- substitution --------------------------------------------------------------------------------


def _with_placeholder(value: Any, keys: tuple[Key, ...]) -> Any:
    if not keys:
        return PLACEHOLDER
    head, rest = keys[0], keys[1:]
    if isinstance(value, dict):
        return {k: (_with_placeholder(v, rest) if k == head else v) for k, v in value.items()}
    return [(_with_placeholder(v, rest) if i == head else v) for i, v in enumerate(value)]


def _render(value: Any, keys: tuple[Key, ...], raw: bytes) -> bytes:
    text = json.dumps(_with_placeholder(value, keys), separators=(",", ":")).encode()
    assert text.count(PLACEHOLDER_TOKEN) == 1
    return text.replace(PLACEHOLDER_TOKEN, raw)


@cache
def _frames(path: Path) -> list[tuple[str | None, Any]]:
    return frames_of(path.read_bytes())


def substituted_stream(target: Target, raw: bytes) -> bytes:
    """The target's SSE body with ``raw`` at the target (the other frames re-written as they were)."""
    assert target.body is not None
    out: list[bytes] = []
    for n, (event, frame) in enumerate(_frames(target.body)):
        if n == target.frame:
            data = _render(frame, target.keys, raw)
        elif isinstance(frame, str):
            data = frame.encode()
        else:
            data = json.dumps(frame, separators=(",", ":")).encode()
        out.append((f"event: {event}\n".encode() if event else b"") + b"data: " + data + b"\n\n")
    return b"".join(out)


def substituted_whole(provider: str, target: Target, raw: bytes) -> bytes:
    value = CHAT_BODIES[target.frame] if target.body is None else json.loads(target.body.read_bytes())
    return _render(value, target.keys, raw)


# -- outcomes ----------------------------------------------------------------------------------


class Escaped:
    """A non-lc exception that escaped lmcodec: always a finding."""

    def __init__(self, exc: BaseException) -> None:
        self.exc = exc

    def __repr__(self) -> str:
        return f"Escaped({type(self.exc).__name__}: {str(self.exc)[:200]})"


def _lc(run: Callable[[], Any]) -> Any:
    try:
        return run()
    except lc.LmcodecError as exc:
        return Raised(exc)
    except Exception as exc:  # the sweep's subject: anything else escaping
        return Escaped(exc)


def _events(events: Any) -> list[Any]:
    return [lc.to_builtins(e) for e in events]


def _chunks(body: bytes, small: int) -> list[bytes]:
    size = small if len(body) < 100_000 else 65_536
    return [body[i : i + size] for i in range(0, len(body), size)] or [b""]


def _feed(provider: str, body: bytes) -> list[Any]:
    decoder = lcs.Decoder(provider, request=REQUEST)
    out: list[Any] = []
    for chunk in _chunks(body, 127):
        out.extend(decoder.feed(chunk))
    out.extend(decoder.close())
    return _events(out)


async def _achunks(body: bytes) -> AsyncIterator[bytes]:
    for chunk in _chunks(body, 1021):
        yield chunk


async def _acollect(provider: str, body: bytes) -> list[Any]:
    return _events([e async for e in lcs.adecode(provider, _achunks(body), request=REQUEST)])


def _run_async(provider: str, body: bytes) -> list[Any]:
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(_acollect(provider, body))
    finally:
        loop.close()


def _assemble(provider: str, body: bytes) -> Any:
    response = lc.assemble(lcs.decode(provider, [body], request=REQUEST), request=REQUEST)
    return lc.to_builtins(response, include_provider_data=True)


def lc_stream_outcomes(provider: str, body: bytes) -> dict[str, Any]:
    """lmcodec's outcome of an SSE body through each stream entry point."""
    return {
        "decode": _lc(lambda: _events(lcs.decode(provider, [body], request=REQUEST))),
        "Decoder": _lc(lambda: _feed(provider, body)),
        "adecode": _lc(lambda: _run_async(provider, body)),
        "assemble": _lc(lambda: _assemble(provider, body)),
    }


def lm15_stream_outcomes(provider: str, body: bytes, request: Any = None) -> tuple[Any, Any]:
    """lm15's post-coalesce trace (dicts) and materialized Response (a dict), or what each raised;
    ``request``: lm15's Request the stream answers (default: the sweep's)."""
    request = LM_REQUEST if request is None else request
    try:
        events = lm15_events(provider, body, request)
    except Exception as exc:
        return Raised(exc), Raised(exc)
    trace = [ls.stream_event_to_dict(e) for e in events]
    try:
        response = lr.materialize_response(iter(events), request)
    except Exception as exc:
        return trace, Raised(exc)
    return trace, ls.response_to_dict(response, include_provider_data=True)


def _lm15_matching_class(exc: BaseException) -> tuple[type[BaseException], ...]:
    """The lmcodec error classes that answer an lm15 failure of materialization."""
    if isinstance(exc, le.StreamAssemblyError):
        return (lc.StreamAssemblyError, lc.StreamDecodeError)
    if isinstance(exc, le.LM15Error):
        return (lc.StreamError,)
    return (lc.LmcodecError,)


def stream_findings(provider: str, body: bytes) -> list[str]:
    """Every escape and every divergence from lm15 of one SSE body (empty when none)."""
    got = lc_stream_outcomes(provider, body)
    findings = [f"{name}: {outcome!r}" for name, outcome in got.items() if isinstance(outcome, Escaped)]
    trace, response = lm15_stream_outcomes(provider, body)
    if isinstance(trace, Raised) and _NOT_JSON_15 in str(trace.exc):
        return findings + _not_json_end(provider, got)
    for name in ("decode", "Decoder", "adecode"):
        findings += _compare(name, got[name], trace, (lc.DecodeError,))
    allowed = (lc.DecodeError,) if isinstance(trace, Raised) else None
    if allowed is None and isinstance(response, Raised):
        allowed = _lm15_matching_class(response.exc)
    findings += _compare("assemble", got["assemble"], response, allowed or (lc.LmcodecError,))
    return findings


_NOT_JSON_15 = "provider_data must contain only JSON-compatible values"


def _not_json_end(provider: str, got: dict[str, Any]) -> list[str]:
    """lm15's StreamEndEvent refuses a provider_data holding NaN/Infinity (TypeError, the whole
    trace lost); lmcodec yields the events as read and ``assemble`` raises StreamAssemblyError
    with the Response without that provider_data as ``.partial`` (docs/hostile-input.md, the field sweep)."""
    out = [
        f"{name}: lm15 refused the end's provider_data, lmcodec {got[name]!r}"
        for name in ("decode", "Decoder", "adecode")
        if not isinstance(got[name], list)
    ]
    assembled = got["assemble"]
    if isinstance(assembled, Raised) and isinstance(assembled.exc, lc.StreamAssemblyError):
        return out if assembled.exc.partial is not None else [*out, f"assemble: no partial: {assembled!r}"]
    return [*out, f"assemble: lm15 refused the end's provider_data, lmcodec {assembled!r}"]


def _compare(name: str, got: Any, expected: Any, allowed: tuple[type[BaseException], ...]) -> list[str]:
    if isinstance(got, Escaped):
        return []  # reported once above
    if isinstance(expected, Raised):
        if not isinstance(got, Raised):
            return [f"{name}: lm15 raised {expected!r}, lmcodec gave a result"]
        if not isinstance(got.exc, allowed):
            return [f"{name}: lm15 raised {expected!r}, lmcodec raised {got!r}"]
        return []
    if isinstance(got, Raised):
        return [f"{name}: lmcodec raised {got!r}, lm15 gave a result"]
    try:
        strict_equal(got, expected, "$", nan_equal=True)
    except AssertionError as exc:
        return [f"{name}: differs from lm15: {str(exc)[:300]}"]
    return []


def whole_findings(provider: str, body: bytes, path: str) -> list[str]:
    """Every escape and divergence from lm15 of one complete body through decode_response."""
    got = _lc(lambda: lcp.decode_response(provider, body, request=REQUEST))
    if isinstance(got, Escaped):
        return [f"decode_response: {got!r}"]
    if len(body) > 1_000_000 and _recorded_as_one_unmapped_value(got, path):
        return []  # issue 14 S5: lm15 records one entry per character (5 million, 11 s); lmcodec one
    try:
        expected = lm15_response(provider, body, LM_REQUEST)
    except RecursionError as exc:  # in the helper's own envelope check: lm15 raises it too
        expected = Raised(exc)
    if isinstance(expected, ErrorEnvelope):
        ok = isinstance(got, Raised) and isinstance(got.exc, lcp.ProviderError)
        return [] if ok else [f"decode_response: error body {expected!r}, lmcodec gave {got!r}"]
    if isinstance(expected, Raised):
        if not isinstance(got, Raised):
            return [f"decode_response: lm15 raised {expected!r}, lmcodec gave a result"]
        return []
    if isinstance(got, Raised):
        return [f"decode_response: lmcodec raised {got!r}, lm15 gave a result"]
    expected_data = expected.provider_data if expected.provider_data != {} else None
    try:
        strict_equal(lc.to_builtins(got), ls.response_to_dict(expected), "$", nan_equal=True)
        strict_equal(got.provider_data, expected_data, "$.provider_data", nan_equal=True)
    except AssertionError as exc:
        return [f"decode_response: differs from lm15: {str(exc)[:300]}"]
    return []


def _recorded_as_one_unmapped_value(got: Any, path: str) -> bool:
    """True when lmcodec recorded the value at ``path`` as one unmapped string (hostile-input S5)."""
    data = getattr(got, "provider_data", None) or {}
    return any(
        entry.get("type") == "str" and re.sub(r"\[\d+\]", "[]", entry.get("path", "")) == path
        for entry in data.get("_lm15_unmapped", ())
    )


# -- the sweep -------------------------------------------------------------------------------------


def values_for(target: Target, table: dict[str, bytes]) -> Iterator[tuple[str, bytes]]:
    for name, raw in table.items():
        if name != "1.5" or target.is_int:
            yield name, raw


def sweep_stream(provider: str, targets: list[Target], table: dict[str, bytes]) -> tuple[int, list[str]]:
    """(runs, findings) of ``table`` over ``targets`` of the provider's SSE bodies."""
    runs, findings = 0, []
    for target in targets:
        for name, raw in values_for(target, table):
            runs += 1
            for finding in stream_findings(provider, substituted_stream(target, raw)):
                findings.append(f"{provider} stream {target.path} = {name}: {finding}")
    return runs, findings


def sweep_whole(provider: str, targets: list[Target], table: dict[str, bytes]) -> tuple[int, list[str]]:
    runs, findings = 0, []
    for target in targets:
        for name, raw in values_for(target, table):
            runs += 1
            for finding in whole_findings(provider, substituted_whole(provider, target, raw), target.path):
                findings.append(f"{provider} whole {target.path} = {name}: {finding}")
    return runs, findings


__all__ = [
    "CHEAP",
    "EXPENSIVE",
    "adapter",
    "sample",
    "stream_targets",
    "sweep_stream",
    "sweep_whole",
    "whole_targets",
]
