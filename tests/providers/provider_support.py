"""Shared helpers of the provider-decoder tests: corpus bodies, lm15 1.5.0 as the reference.

The reference paths are lm15's own contract harness (``lm15/vet.py``):
``_parse_stream_body`` (SSE body -> adapter ``parse_stream_events`` ->
``coalesce_stream``) and ``parse_response`` over an ``HttpResponse``.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc
from lmcodec import providers as lcp
from lmcodec import stream as lcs

from ..corpus import CORPUS, strict_equal
from ..mutation import ADD, DROP, ODD_VALUES, REPLACE, change_node, nodes

lm15 = pytest.importorskip("lm15", reason="lm15 1.5.0 is the reference implementation")
from lm15 import serde, vet  # noqa: E402

CONTRACT = CORPUS / "lm15-contract"
BODIES = CONTRACT / "bodies"

needs_bodies = pytest.mark.skipif(not BODIES.is_dir(), reason=f"lm15-contract corpus not found at {BODIES}")


def _is_sse(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(6).startswith((b"event:", b"data:"))


@cache
def _all_bodies() -> tuple[Path, ...]:
    if not BODIES.is_dir():
        return ()
    return tuple(sorted(p for p in BODIES.glob("*/*") if p.is_file()))


def stream_bodies(provider: str) -> list[Path]:
    """Every SSE body of ``provider`` (the ``*stream*`` captures and the other SSE captures)."""
    return [p for p in _all_bodies() if p.parent.name.split(".")[0] == provider and _is_sse(p)]


def complete_bodies(provider: str) -> list[Path]:
    """Every non-streamed (JSON) body of ``provider``."""
    return [p for p in _all_bodies() if p.parent.name.split(".")[0] == provider and not _is_sse(p)]


def body_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


# -- requests ------------------------------------------------------------------


def requests_for(model: str = "m-1") -> tuple[Any, lc.Request]:
    """The same request as lm15 and lmcodec objects."""
    return (
        lm15.types.Request(model=model, messages=(lm15.types.Message.user("hi"),)),
        lc.Request(model=model, messages=(lc.Message.user("hi"),)),
    )


def requests_from_dict(data: dict[str, Any]) -> tuple[Any, lc.Request]:
    return serde.request_from_dict(data), lc.from_builtins(data, lc.Request)


# -- lm15 reference ------------------------------------------------------------


@cache
def adapter(provider: str) -> Any:
    return vet.adapter_for_provider(provider, vet._PARSE_ONLY_KEY)


class Raised:
    """An exception lm15 raised, in place of its output."""

    def __init__(self, exc: BaseException) -> None:
        self.exc = exc

    def __repr__(self) -> str:
        return f"Raised({type(self.exc).__name__}: {self.exc})"


def lm15_stream(provider: str, body: bytes, request: Any) -> list[dict[str, Any]] | Raised:
    """lm15's post-coalesce event trace of an SSE body, as dicts (or what it raised)."""
    try:
        events = vet._parse_stream_body(adapter(provider), request, body)
    except Exception as exc:
        return Raised(exc)
    return [serde.stream_event_to_dict(e) for e in events]


def lm15_events(provider: str, body: bytes, request: Any) -> list[Any]:
    return vet._parse_stream_body(adapter(provider), request, body)


class ErrorEnvelope:
    """An error body (Anthropic ``{"type": "error", "error": {...}}``, Gemini ``{"error": {...}}``),
    which lm15 reads as an empty Response and lmcodec raises as the provider's error (issue 14)."""

    def __init__(self, provider_code: str, message: str) -> None:
        self.provider_code = provider_code
        self.message = message

    def __repr__(self) -> str:
        return f"ErrorEnvelope({self.provider_code!r}, {self.message!r})"


def error_envelope(provider: str, body: bytes) -> ErrorEnvelope | None:
    try:
        data = json.loads(body)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    if provider == "anthropic" and data.get("type") == "error" and isinstance(data.get("error"), dict):
        err = data["error"]
        return ErrorEnvelope(str(err.get("type") or "provider"), str(err.get("message") or ""))
    if provider == "gemini" and isinstance(data.get("error"), dict):
        err = data["error"]
        return ErrorEnvelope(
            str(err.get("status") or err.get("code") or "provider"), str(err.get("message") or "")
        )
    return None


def lm15_response(provider: str, body: bytes, request: Any) -> Any:
    """lm15's parse of a complete body (a Response, or Raised), or the ErrorEnvelope lmcodec raises for."""
    envelope = error_envelope(provider, body)
    if envelope is not None:
        return envelope
    try:
        return adapter(provider).parse_response(request, vet._http_response(200, body))
    except Exception as exc:
        return Raised(exc)


# -- lmcodec under test ----------------------------------------------------------


def lc_stream(provider: str, chunks: list[bytes], request: lc.Request) -> list[dict[str, Any]] | Raised:
    try:
        events = list(lcs.decode(provider, chunks, request=request))
    except lc.LmcodecError as exc:
        return Raised(exc)
    return [lc.to_builtins(e) for e in events]


def lc_feed_each(provider: str, chunks: list[bytes], request: lc.Request) -> list[dict[str, Any]]:
    """Through the Decoder object, one feed per chunk."""
    decoder = lcs.Decoder(provider, request=request)
    out: list[Any] = []
    for chunk in chunks:
        out.extend(decoder.feed(chunk))
    out.extend(decoder.close())
    return [lc.to_builtins(e) for e in out]


def assert_same_outcome(got: Any, expected: Any, context: str = "") -> None:
    """Events equal with typed equality and key order, or both raised (lmcodec an LmcodecError)."""
    if isinstance(expected, Raised):
        assert isinstance(got, Raised), f"{context}: lm15 raised {expected!r}, lmcodec gave {got!r}"
        assert isinstance(got.exc, lc.LmcodecError), context
        return
    assert not isinstance(got, Raised), f"{context}: lmcodec raised {got!r}, lm15 gave {expected!r}"
    strict_equal(got, expected, context or "$")


def assert_same_response(got: Any, expected: Any, context: str = "") -> None:
    """Responses equal (serialized, plus provider_data verbatim), or both raised."""
    if isinstance(expected, ErrorEnvelope):
        assert isinstance(got, Raised) and isinstance(got.exc, lcp.ProviderError), f"{context}: {got!r}"
        assert got.exc.provider_code == expected.provider_code, f"{context}: {got.exc.provider_code!r}"
        assert got.exc.message in (expected.message, expected.provider_code, "provider error"), context
        return
    if isinstance(expected, Raised):
        assert isinstance(got, Raised), f"{context}: lm15 raised {expected!r}, lmcodec gave {got!r}"
        assert isinstance(got.exc, lc.LmcodecError), f"{context}: {got.exc!r}"
        code = getattr(expected.exc, "code", None)
        if isinstance(got.exc, lcp.ProviderError) or (code is not None and hasattr(got.exc, "code")):
            assert got.exc.code == code, f"{context}: code {got.exc.code!r} != lm15 {code!r}"
        return
    assert not isinstance(got, Raised), f"{context}: lmcodec raised {got!r}, lm15 gave {expected!r}"
    strict_equal(lc.to_builtins(got), serde.response_to_dict(expected), context or "$")
    # lmcodec's Response stores an empty provider_data as None (lm15 keeps {} in memory; neither writes it).
    expected_data = expected.provider_data if expected.provider_data != {} else None
    strict_equal(got.provider_data, expected_data, f"{context}.provider_data")


def lc_response(provider: str, body: bytes, request: lc.Request | None) -> Any:
    try:
        return lcp.decode_response(provider, body, request=request)
    except lc.LmcodecError as exc:
        return Raised(exc)


def split_at(body: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({min(max(c, 0), len(body)) for c in cuts})
    chunks, prev = [], 0
    for c in points:
        chunks.append(body[prev:c])
        prev = c
    chunks.append(body[prev:])
    return chunks


def random_chunks(body: bytes, rng: random.Random, pieces: int) -> list[bytes]:
    return split_at(body, [rng.randrange(len(body) + 1) for _ in range(pieces)])


def sse_body(frames: list[Any], *, events: list[str | None] | None = None) -> bytes:
    """An SSE body from frames (JSON values, or str for verbatim data)."""
    out = []
    for i, frame in enumerate(frames):
        data = frame if isinstance(frame, str) else json.dumps(frame, separators=(",", ":"))
        name = events[i] if events else None
        out.append((f"event: {name}\n" if name else "") + f"data: {data}\n\n")
    return "".join(out).encode("utf-8")


# -- mutation fuzzing --------------------------------------------------------------


def mutate(frame: Any, rng: random.Random) -> Any:
    """A copy of ``frame`` with one value replaced, one key removed, or one key added."""
    frame = json.loads(json.dumps(frame))
    op = rng.random()
    if not nodes(frame):
        return rng.choice(ODD_VALUES) if op < 0.5 else frame
    action = REPLACE if op < 0.7 else DROP if op < 0.85 else ADD
    key = rng.choice(["type", "index", "usage", "error", "delta", "text", "thought", "id", "name"])
    return change_node(frame, rng.random(), rng.choice(ODD_VALUES), action, key)


def frames_of(body: bytes) -> list[tuple[str | None, Any]]:
    """The (event name, JSON value or verbatim str) frames of an SSE body, via lmcodec's framer."""
    from lmcodec.stream.sse import iter_sse

    out: list[tuple[str | None, Any]] = []
    for ev in iter_sse([body]):
        try:
            out.append((ev.event, json.loads(ev.data)))
        except ValueError:
            out.append((ev.event, ev.data.decode()))
    return out


def check_mutations(provider: str, seeds: list[list[Any]], rounds: int, seed: int = 0) -> int:
    """Mutate one frame of a seed stream at a time; lmcodec must match lm15 (or both raise).
    Returns how many mutated streams lm15 itself rejected."""
    rng = random.Random(seed)
    req15, reqlc = requests_for()
    rejected = 0
    for n in range(rounds):
        frames = list(rng.choice(seeds))
        i = rng.randrange(len(frames))
        frames[i] = mutate(frames[i], rng) if not isinstance(frames[i], str) else frames[i]
        body = sse_body(frames)
        expected = lm15_stream(provider, body, req15)
        rejected += isinstance(expected, Raised)
        got = lc_stream(provider, [body], reqlc)
        assert_same_outcome(got, expected, f"round {n}: {body!r}")
    return rejected


# -- synthetic streams covering every frame kind each adapter maps ---------------------

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "providers"

# Synthetic streams covering every frame kind each adapter maps, per provider (lists of frames:
# a JSON value, or a str sent verbatim as the data).
SEEDS: dict[str, list[list[Any]]] = json.loads((FIXTURES / "stream_seeds.json").read_text("utf-8"))

# The corpus has no complete Chat Completions body: synthetic ones, checked against lm15.
CHAT_BODIES: list[Any] = json.loads((FIXTURES / "chat_bodies.json").read_text("utf-8"))


# -- the checks every provider test module runs ------------------------------------------


def check_stream_body(provider: str, path: Path) -> None:
    """A corpus SSE body: whole, in random chunks, and one byte at a time, through
    decode() and through Decoder.feed; always lm15's trace."""
    body = path.read_bytes()
    req15, reqlc = requests_for()
    expected = lm15_stream(provider, body, req15)
    assert not isinstance(expected, Raised), expected
    assert_same_outcome(lc_stream(provider, [body], reqlc), expected, "whole")
    rng = random.Random(body_id(path))
    for pieces in (1, 3, 17):
        assert_same_outcome(
            lc_stream(provider, random_chunks(body, rng, pieces), reqlc), expected, f"{pieces} cuts"
        )
    bytewise = [body[i : i + 1] for i in range(len(body))]
    strict_equal(lc_feed_each(provider, bytewise, reqlc), expected, "byte by byte")


def check_complete_body(provider: str, path: Path) -> None:
    body = path.read_bytes()
    req15, reqlc = requests_for()
    assert_same_response(
        lc_response(provider, body, reqlc), lm15_response(provider, body, req15), body_id(path)
    )


def check_frames(
    provider: str, frames: list[Any], *, request_model: str = "m-1"
) -> list[dict[str, Any]] | Raised:
    """A synthetic stream: lmcodec must give lm15's trace (or both raise); returns lmcodec's outcome."""
    body = sse_body(frames)
    req15, reqlc = requests_for(request_model)
    expected = lm15_stream(provider, body, req15)
    got = lc_stream(provider, [body], reqlc)
    assert_same_outcome(got, expected, repr(body))
    return got


def check_body_value(provider: str, value: Any) -> Any:
    """A synthetic complete body: lmcodec must give lm15's Response (or both raise)."""
    body = value if isinstance(value, bytes) else json.dumps(value).encode("utf-8")
    req15, reqlc = requests_for()
    got = lc_response(provider, body, reqlc)
    assert_same_response(got, lm15_response(provider, body, req15), repr(body[:200]))
    return got


def check_complete_mutations(provider: str, bodies: list[Any], rounds: int, seed: int = 0) -> int:
    rng = random.Random(seed)
    req15, reqlc = requests_for()
    rejected = 0
    for n in range(rounds):
        value = rng.choice(bodies)
        for _ in range(rng.randint(1, 2)):
            value = mutate(value, rng)
        body = json.dumps(value).encode("utf-8")
        expected = lm15_response(provider, body, req15)
        rejected += isinstance(expected, Raised)
        assert_same_response(lc_response(provider, body, reqlc), expected, f"round {n}: {body[:300]!r}")
    return rejected


def stream_seeds(provider: str) -> list[list[Any]]:
    """Frame lists to mutate: the corpus streams and the synthetic ones."""
    corpus = [[f for _, f in frames_of(p.read_bytes())] for p in stream_bodies(provider)]
    return corpus + SEEDS[provider] * max(1, len(corpus) // 2)
