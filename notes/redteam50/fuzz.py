#!/usr/bin/env python3
"""Red team 50: an attacker's fuzzer over every public entry point that takes untrusted bytes.

    python notes/redteam50/fuzz.py --seed 1 --cases 200000 --out /tmp/rt50   # every family
    python notes/redteam50/fuzz.py --seed 1 --cases 2000 --family stream      # one family
    python notes/redteam50/fuzz.py --replay stream:1:123                      # one case, verbose

Every case is drawn from ``random.Random(f"{seed}:{family}:{index}")`` alone, so a finding
(family, seed, index) replays exactly. Seeds are real inputs: the shared corpus's captured
provider streams and bodies, the lm15 contract vectors, llm's vectors, and request bodies as
``lc.build_request`` writes them for the four providers (the shape the SDKs send). The
mutations are an attacker's: byte flips, truncation, splices of two inputs, duplicated and
removed keys, values swapped for other JSON types (bool, huge ints, 1e400, 10,000-deep
nesting, long strings, lone surrogates, NUL), invalid UTF-8, BOMs, repeated / reordered /
dropped SSE events, SSE framing damage (CR alone, missing blank lines, giant lines, ``data:``
without JSON), Gemini arrays cut mid-element; and chunkings (1 byte, random, 64 KiB).

Judged: only ``lc.LmcodecError`` escapes (anything else is ``escape``); time (``slow``: over
``max(2 ms, 50 us per input byte)`` in the best of three runs (CPU time), or over 20x msgspec's untyped
parse of the same bytes for inputs of 64 KiB or more); memory (``memory``: a tracemalloc peak
over 48 MiB + 64 x the input, checked on every input of 64 KiB or more and 5 % of the rest);
``chunking``: a stream whose events (or error class) differ between chunkings; ``lost``: a
log read with ``on_error="skip"`` that returns other records than the lines that decode on
their own; ``crash``: the worker process died (a signal) on the case. Workers run in
subprocesses so that a crash is recorded and the run goes on.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import itertools
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import tracemalloc
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"
PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")
FAMILIES = {  # family -> share of the case count
    "decode": 14, "msgpack": 5, "llm": 8, "response": 10, "translate_response": 8,
    "decode_request": 10, "translate_request": 10, "stream": 10, "decoder": 5, "adecode": 3,
    "translate": 8, "assemble": 6, "jsonl": 4, "msgpack_stream": 2, "arrow": 1,
}
CLI_SHARE = 0.002  # of the total, each a subprocess
MEMORY_BASE, MEMORY_FACTOR = 48 << 20, 64

# ---------------------------------------------------------------------------------- seeds


def _load(rel: str) -> Any:
    p = CORPUS / rel
    return json.loads(p.read_text("utf-8")) if p.is_file() else None


class Seeds:
    """Every seed input, by family; built once per worker."""

    def __init__(self) -> None:
        import lmcodec as lc

        self.lc = lc
        kinds = {
            "part": lc.Part, "message": lc.Message, "tool": lc.Tool, "config": lc.Config,
            "delta": lc.Delta, "stream_event": lc.StreamEvent, "usage": lc.Usage,
            "response": lc.Response, "request": lc.Request, "reasoning": lc.Reasoning,
            "tool_choice": lc.ToolChoice, "continuation_state": lc.ContinuationState,
            "error_detail": lc.ErrorDetail, "token_logprob": lc.TokenLogprob,
            "batch_entry": lc.BatchEntry, "live_server_event": lc.LiveServerEvent,
            "live_client_event": lc.LiveClientEvent,
        }
        self.kinds = kinds
        vectors = _load("lm15-1.5.0/vectors.json") or {"positive": []}
        self.canonical: list[tuple[bytes, Any]] = [
            (v["json"].encode(), kinds[v["kind"]]) for v in vectors["positive"] if v["kind"] in kinds
        ]
        serde = _load("lm15-contract/serde/canonical.json")
        if isinstance(serde, list):
            for v in serde:
                if isinstance(v, dict) and v.get("kind") in kinds and "json" in v:
                    self.canonical.append((str(v["json"]).encode(), kinds[v["kind"]]))
        requests = [lc.decode(d, lc.Request) for d, t in self.canonical if t is lc.Request]
        responses = [lc.decode(d, lc.Response) for d, t in self.canonical if t is lc.Response]
        self.turns = [lc.Turn(request=q, response=r) for q, r in zip(requests * 4, responses)]
        self.canonical += [(lc.encode(t), lc.Turn) for t in self.turns]
        self.msgpack = [(lc.msgpack.encode(lc.decode(d, t)), t) for d, t in self.canonical]

        from lmcodec import llm

        self.llm_mod = llm
        llm_kinds = {"part": llm.Part, "message": llm.Message, "response": llm.Response,
                     "attachment": llm.Attachment}
        self.llm: list[tuple[bytes, Any]] = []
        for v in _load("llm-0.36/vectors.json") or []:
            k = v["kind"].removeprefix("normalize_").removeprefix("reject_").removesuffix("_roundtrip")
            tp = llm_kinds.get(k.removesuffix("_dict"))
            if tp is not None and isinstance(v.get("value"), dict):
                self.llm.append((json.dumps(v["value"]).encode(), tp))
        for t in self.turns[:8]:
            try:
                self.llm.append((llm.encode(llm.from_turn(t)), llm.Response))
            except lc.LmcodecError:
                pass

        self.streams: list[tuple[bytes, str]] = []
        self.bodies: list[tuple[bytes, str]] = []
        root = CORPUS / "lm15-contract" / "bodies"
        for path in sorted(root.glob("*/*")) if root.is_dir() else []:
            provider = path.parent.name.split(".")[0]
            if provider not in PROVIDERS:
                continue
            data = path.read_bytes()
            (self.streams if data.startswith((b"event:", b"data:")) else self.bodies).append((data, provider))
        self.request_bodies: list[tuple[bytes, str]] = []
        for q in requests + [t.request for t in self.turns]:
            for p in PROVIDERS:
                for stream in (False, True):
                    try:
                        self.request_bodies.append((lc.build_request(p, q, stream=stream).body, p))
                    except lc.LmcodecError:
                        pass
        for data, p in self.bodies:  # a provider's response body as request: wrong shapes
            if len(self.request_bodies) % 7 == 0:
                self.request_bodies.append((data, p))
        self.events: list[bytes] = []
        for v in (_load("lm15-1.5.0/stream_vectors.json") or {"vectors": []})["vectors"]:
            self.events.append(json.dumps(v["events"], separators=(",", ":")).encode())
        self.request = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
        for data, p in self.streams:
            try:
                self.events.append(lc.encode(list(lc.stream.decode(p, [data], request=self.request))))
            except lc.LmcodecError:
                pass


# ------------------------------------------------------------------------------ mutations

SPECIAL_RAW = [
    "true", "false", "null", "0", "-1", "18446744073709551616", "-9223372036854775809",
    "1" + "0" * 400, "1e400", "-1e400", "1e-400", "NaN", "Infinity", "1.5", '""', '"\\ud800"',
    '"\\udc00x"', '"\\u0000"', '"a\\u0000b"', "[]", "{}", '{"type":"hologram"}', '"x"',
    "[" * 10000 + "]" * 10000, '{"a":' * 10000 + "1" + "}" * 10000,
]


def _special(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.01:
        return json.dumps("A" * rng.choice((1 << 16, 1 << 20)))
    if r < 0.03:
        return json.dumps("é\u2028" * rng.choice((1 << 8, 1 << 12, 1 << 16)))
    return rng.choice(SPECIAL_RAW)


def _paths(tree: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    stack = [(tree, path)]
    while stack and len(out) < 4000:
        node, p = stack.pop()
        if isinstance(node, dict):
            for k, v in node.items():
                out.append(p + (k,))
                stack.append((v, p + (k,)))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                out.append(p + (i,))
                stack.append((v, p + (i,)))
    return out


def _get(tree: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        tree = tree[k]
    return tree


_MARKS = itertools.count()


def mutate_tree(tree: Any, rng: random.Random, others: list[Any]) -> tuple[Any, dict[str, str]]:
    """One structural mutation; raw JSON text goes in through placeholders."""
    raws: dict[str, str] = {}
    uid = next(_MARKS)
    paths = [p for p in _paths(tree) if p]
    if not paths:
        return tree, raws
    path = rng.choice(paths)
    parent = _get(tree, path[:-1])
    key = path[-1]
    op = rng.randrange(7)
    if op <= 2:  # value swapped for another type or a hostile value
        marker = f"@@RAW{uid}@@"
        raws[marker] = _special(rng)
        parent[key] = marker
    elif op == 3:  # remove
        del parent[key]
    elif op == 4 and isinstance(parent, dict):  # duplicated key: spelled twice in the text
        marker = f"@@DUP{uid}@@"
        raws[marker] = _special(rng) if rng.random() < 0.5 else json.dumps(parent[key])
        parent[marker] = None
        raws["@@DUPKEY" + marker] = json.dumps(key)
    elif op == 5 and isinstance(parent, list):  # element repeated / reordered
        if rng.random() < 0.5:
            parent.insert(rng.randrange(len(parent) + 1), json.loads(json.dumps(parent[key])))
        else:
            rng.shuffle(parent)
    else:  # subtree from another input
        other = rng.choice(others)
        ops = [p for p in _paths(other) if p]
        parent[key] = json.loads(json.dumps(_get(other, rng.choice(ops)))) if ops else other
    return tree, raws


def dump_tree(tree: Any, raws: dict[str, str]) -> bytes:
    text = json.dumps(tree, ensure_ascii=False, separators=(",", ":"))
    for marker, raw in raws.items():
        if marker.startswith("@@DUPKEY"):
            continue
        if marker.startswith("@@DUP"):
            key = raws["@@DUPKEY" + marker]
            text = text.replace(f'"{marker}":null', f"{key}:{raw}", 1)
        else:
            text = text.replace(json.dumps(marker), raw, 1)
    return text.encode("utf-8", "surrogatepass")


def mutate_bytes(data: bytes, rng: random.Random, others: list[bytes]) -> bytes:
    b = bytearray(data)
    op = rng.randrange(10)
    n = len(b)
    if op == 0 and n:  # byte flips
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(n)
            b[i] ^= 1 << rng.randrange(8)
    elif op == 1:  # truncation anywhere
        del b[rng.randrange(n + 1):]
    elif op == 2:  # splice of two inputs
        o = rng.choice(others)
        b = b[: rng.randrange(n + 1)] + o[rng.randrange(len(o) + 1):]
    elif op == 3:  # invalid UTF-8 / NUL / BOM
        ins = rng.choice((b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\xef\xbb\xbf", b"\xf4\x90\x80\x80"))
        i = 0 if rng.random() < 0.3 else rng.randrange(n + 1)
        b[i:i] = ins
    elif op == 4 and n:  # delete a span
        i = rng.randrange(n)
        del b[i:i + rng.randint(1, 64)]
    elif op == 5 and n:  # duplicate a span
        i = rng.randrange(n)
        j = min(n, i + rng.randint(1, 256))
        b[j:j] = b[i:j] * rng.choice((1, 2, 100))
    elif op == 6:  # a special value spliced in raw
        i = rng.randrange(n + 1)
        b[i:i] = _special(rng).encode()
    elif op == 7:  # swap a structural byte
        idx = [i for i, c in enumerate(b) if c in b'{}[]:,"']
        if idx:
            b[rng.choice(idx)] = rng.choice(b'{}[]:,"x0 ')
    elif op == 8:  # deep nesting prefix
        depth = rng.choice((500, 1000, 10000, 10000, 10000, 100000) if rng.random() < 0.3 else (500, 1000, 10000))
        b = bytearray(b"[" * depth) + b + b"]" * depth * rng.randrange(2)
    else:  # whitespace / BOM at the start
        b = bytearray(rng.choice((b"\xef\xbb\xbf", b" \n\t", b"\r\n"))) + b
    return bytes(b)


def mutate_json(data: bytes, rng: random.Random, others: list[bytes]) -> bytes:
    """A JSON input: structural mutations (1-3) through the tree, or byte-level damage."""
    if rng.random() < 0.55:
        try:
            tree = json.loads(data)
            other_trees = [json.loads(o) for o in rng.sample(others, min(3, len(others)))]
        except (ValueError, RecursionError):
            return mutate_bytes(data, rng, others)
        raws: dict[str, str] = {}
        for _ in range(rng.randint(1, 3)):
            if isinstance(tree, (dict, list)):
                tree, more = mutate_tree(tree, rng, other_trees)
                raws.update(more)
        try:
            return dump_tree(tree, raws)
        except (ValueError, RecursionError):
            return data
    out = data
    for _ in range(rng.randint(1, 2)):
        out = mutate_bytes(out, rng, others)
    return out


def split_events(data: bytes) -> tuple[list[bytes], bytes]:
    sep = b"\r\n\r\n" if b"\r\n\r\n" in data else b"\n\n"
    return [e for e in data.split(sep) if e], sep


def mutate_sse(data: bytes, rng: random.Random, others: list[bytes]) -> bytes:
    events, sep = split_events(data)
    if not events:
        return mutate_bytes(data, rng, others)
    op = rng.randrange(12)
    i = rng.randrange(len(events))
    if op <= 3:  # mutate one event's JSON
        lines = events[i].split(b"\n")
        for j, line in enumerate(lines):
            if line.startswith(b"data:"):
                payload = line[5:].strip()
                lines[j] = b"data: " + mutate_json(payload, rng, [payload])
                break
        events[i] = b"\n".join(lines)
    elif op == 4:  # repeated events
        events.insert(rng.randrange(len(events) + 1), events[i])
    elif op == 5:  # out of order
        j = rng.randrange(len(events))
        events[i], events[j] = events[j], events[i]
    elif op == 6:  # dropped
        del events[i]
    elif op == 7:  # events of another stream spliced in
        o, _ = split_events(rng.choice(others))
        if o:
            events[i:i] = rng.sample(o, min(len(o), rng.randint(1, 3)))
    elif op == 8:  # framing damage
        kind = rng.randrange(6)
        if kind == 0:
            return (sep.join(events) + sep).replace(b"\n", b"\r")  # CR alone
        if kind == 1:
            return b"\n".join(events) + b"\n"  # missing blank lines
        if kind == 2:
            events[i] = b"data: " + b"x" * rng.choice((1 << 10, 1 << 16, 1 << 20)) + b"\n" + events[i]
        if kind == 3:
            events.insert(i, rng.choice((b"data:", b"data: [DONE]", b"data: hello", b": ping",
                                         b"event: ping", b"data: {", b"retry: 5", b"id: 1\x00")))
        if kind == 4:
            events[i] = events[i].replace(b"data: ", b"data:", 1).replace(b"data:", b"DATA:", rng.randrange(2))
        if kind == 5:
            events[i] = b"\n".join(b"data: " + ln for ln in events[i].replace(b"data: ", b"").split(b","))
    elif op == 9:  # many copies: size growth
        events = events * (rng.choice((10, 100)) if rng.random() < 0.2 else 3)
    else:
        return mutate_bytes(sep.join(events) + sep, rng, others)
    return sep.join(events) + sep


def mutate_gemini_array(data: bytes, rng: random.Random) -> bytes:
    """Gemini's non-SSE stream form: a JSON array of responses, cut mid-element."""
    events, _ = split_events(data)
    payloads = [e.split(b"data:", 1)[1].strip() for e in events if b"data:" in e]
    arr = b"[" + b",\r\n".join(payloads) + b"]"
    return arr[: rng.randrange(len(arr) + 1)] if rng.random() < 0.7 else arr


def chunkings(data: bytes, rng: random.Random) -> list[list[bytes]]:
    out = [[data]]
    cuts = sorted({rng.randrange(len(data) + 1) for _ in range(rng.randrange(1, 12))})
    out.append([data[a:b] for a, b in zip([0, *cuts], [*cuts, len(data)])])
    if len(data) <= 8192:
        out.append([data[i:i + 1] for i in range(len(data))])
    else:
        out.append([data[i:i + 65536] for i in range(0, len(data), 65536)])
    return out


# ------------------------------------------------------------------------------- judging

_ID = re.compile(rb"(?:[0-9a-f]{16,}|\"created(?:_at)?\":\d+|\"sequence_number\":\d+)")
_KEEPALIVE = re.compile(rb"(?:^|(?<=\n\n)): keep-alive\n\n|(?:^|(?<=\n\n))event: ping\ndata: \{\"type\":\"ping\"\}\n\n")


class Finding(Exception):
    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind, self.detail = kind, detail


def outcome(call: Callable[[], Any], lc: Any) -> tuple[Any, BaseException | None]:
    try:
        return call(), None
    except lc.LmcodecError as exc:
        return None, exc


def judged(call: Callable[[], Any], data_size: int, lc: Any, rng: random.Random,
           baseline: bytes | None = None) -> Any:
    """Run ``call`` under the contract; returns (value, lc error or None)."""
    measure_memory = data_size >= 65536 or rng.random() < 0.05
    if measure_memory:
        tracemalloc.start()
    t0 = time.perf_counter()
    try:
        result = outcome(call, lc)
    except Finding:
        raise
    except BaseException as exc:  # noqa: BLE001 - anything else is the finding
        if isinstance(exc, KeyboardInterrupt):
            raise
        tb = traceback.extract_tb(exc.__traceback__)
        where = next((f"{Path(f.filename).name}:{f.lineno}" for f in reversed(tb)
                      if "lmcodec" in f.filename), "?")
        raise Finding("escape", f"{type(exc).__name__} at {where}: {str(exc)[:200]}") from exc
    finally:
        elapsed = time.perf_counter() - t0
        peak = tracemalloc.get_traced_memory()[1] if measure_memory else 0
        if measure_memory:
            tracemalloc.stop()
    if peak > MEMORY_BASE + MEMORY_FACTOR * data_size:
        raise Finding("memory", f"peak {peak} bytes on {data_size} bytes")
    bound = max(2e-3, 50e-6 * data_size)
    if elapsed > bound:
        best = min(_timed(call, lc) for _ in range(3))
        if best > bound:
            raise Finding("slow", f"{best * 1e3:.1f} ms on {data_size} bytes ({best / max(data_size, 1) * 1e6:.1f} us/byte)")
    if baseline is not None and data_size >= 65536:
        import msgspec

        def untyped() -> None:
            try:
                msgspec.json.decode(baseline)
            except msgspec.DecodeError:
                pass

        base = min(_timed(untyped, lc) for _ in range(5))
        best = min(_timed(call, lc) for _ in range(5))
        if best > 20 * base and best > 5e-3:
            raise Finding("slow", f"{best * 1e3:.1f} ms vs msgspec untyped {base * 1e3:.2f} ms "
                                  f"({best / base:.0f}x) on {data_size} bytes")
    return result


def _timed(call: Callable[[], Any], lc: Any) -> float:
    """CPU time of one run (the host is shared: wall-clock time is other processes' noise)."""
    t0 = time.process_time()
    try:
        call()
    except BaseException:  # noqa: BLE001
        pass
    return max(time.process_time() - t0, 1e-6)


def sse_payloads(data: bytes) -> bytes:
    """The untyped-parse baseline of a stream: its data payloads as one JSON array (a payload
    that is not JSON as a JSON string, so that a giant line costs the baseline its length)."""
    import msgspec

    parts = [ln[5:].strip() for ln in data.splitlines() if ln.startswith(b"data:")]
    return b"[" + b",".join(p if p[:1] in (b"{", b"[") else msgspec.json.encode(p.decode("utf-8", "replace"))
                            for p in parts) + b"]"


def norm_events(events: list[Any], lc: Any) -> bytes:
    try:
        return lc.encode(events)
    except lc.LmcodecError as exc:  # an UnknownEvent that does not encode
        return repr(events).encode() + repr(exc).encode()


def translated_answer(dst: str, out: bytes, request: Any, lc: Any) -> bytes:
    """What a client of ``dst`` gets from a translated stream: its Response, ids and times masked.
    (The frames themselves may group differently by chunking: one frame per input chunk.)"""
    try:
        response = lc.assemble(lc.stream.decode(dst, [out], request=request))
        return _ID.sub(b"#", lc.encode(lc.replace(response, id="#")))
    except lc.LmcodecError as exc:
        return f"{type(exc).__name__}: {exc}"[:200].encode()


def same_for_chunkings(name: str, results: list[tuple[bytes, str]]) -> None:
    first = results[0]
    for i, r in enumerate(results[1:], 1):
        if r != first:
            a, b = first, r
            k = next((j for j in range(min(len(a[0]), len(b[0]))) if a[0][j] != b[0][j]), min(len(a[0]), len(b[0])))
            raise Finding("chunking", f"{name}: chunking {i} differs: {a[1]!r} vs {b[1]!r}; at byte {k}: "
                                      f"{a[0][max(k - 40, 0):k + 60]!r} vs {b[0][max(k - 40, 0):k + 60]!r}")


# ------------------------------------------------------------------------------ one case


def one_case(family: str, rng: random.Random, s: Seeds) -> str:
    """Draw and run one case; returns a short label of what ran (raises Finding)."""
    lc = s.lc
    if family == "decode":
        data, tp = rng.choice(s.canonical)
        data = mutate_json(data, rng, [d for d, _ in rng.sample(s.canonical, 4)])
        if rng.random() < 0.2:
            tp = rng.choice(list(s.kinds.values()) + [lc.Turn])
        lenient, unknown = rng.random() < 0.5, rng.choice(("error", "keep"))
        as_str = rng.random() < 0.1
        arg: Any = data.decode("utf-8", "surrogateescape") if as_str else data
        judged(lambda: lc.decode(arg, tp, lenient=lenient, unknown=unknown), len(data), lc, rng, data)
        if rng.random() < 0.3:
            try:
                value = json.loads(data)
            except (ValueError, RecursionError):
                return "decode"
            judged(lambda: lc.from_builtins(value, tp, lenient=lenient, unknown=unknown), len(data), lc, rng)
        return "decode"
    if family == "msgpack":
        data, tp = rng.choice(s.msgpack)
        data = mutate_bytes(data, rng, [d for d, _ in rng.sample(s.msgpack, 3)])
        judged(lambda: lc.msgpack.decode(data, tp, unknown=rng.choice(("error", "keep"))), len(data), lc, rng)
        return "msgpack.decode"
    if family == "llm":
        data, tp = rng.choice(s.llm)
        data = mutate_json(data, rng, [d for d, _ in rng.sample(s.llm, 4)])
        value, _ = judged(lambda: s.llm_mod.decode(data, tp), len(data), lc, rng, data)
        if isinstance(value, s.llm_mod.Response):
            turn, _ = judged(lambda: s.llm_mod.to_turn(value), len(data), lc, rng)
            if turn is not None:
                judged(lambda: s.llm_mod.from_turn(turn), len(data), lc, rng)
        if rng.random() < 0.3:
            try:
                tree = json.loads(data)
            except (ValueError, RecursionError):
                return "llm"
            judged(lambda: s.llm_mod.from_builtins(tree, tp), len(data), lc, rng)
        return "llm"
    if family in ("response", "translate_response"):
        data, p = rng.choice(s.bodies)
        data = mutate_json(data, rng, [d for d, q in s.bodies if q == p][:8] + [data])
        request = s.request if rng.random() < 0.6 else None
        if family == "response":
            judged(lambda: lc.decode_response(p, data, request=request), len(data), lc, rng, data)
        else:
            dst = rng.choice(PROVIDERS)
            judged(lambda: lc.translate_response(p, dst, data, request=request), len(data), lc, rng, data)
        return family
    if family in ("decode_request", "translate_request"):
        data, p = rng.choice(s.request_bodies)
        data = mutate_json(data, rng, [d for d, q in rng.sample(s.request_bodies, 6)])
        if rng.random() < 0.1:
            p = rng.choice(PROVIDERS)
        if family == "decode_request":
            judged(lambda: lc.decode_request(p, data), len(data), lc, rng, data)
        else:
            dst = rng.choice(PROVIDERS)
            stream = rng.choice((None, True, False))
            judged(lambda: lc.translate_request(p, dst, data, stream=stream), len(data), lc, rng, data)
        return family
    if family in ("stream", "decoder", "adecode", "translate"):
        data, p = rng.choice(s.streams)
        if p == "gemini" and rng.random() < 0.15:
            data = mutate_gemini_array(data, rng)
        else:
            for _ in range(rng.randint(1, 2)):
                data = mutate_sse(data, rng, [d for d, q in s.streams if q == p or rng.random() < 0.2])
        request = s.request if rng.random() < 0.7 else None
        results: list[tuple[bytes, str]] = []
        base = sse_payloads(data)
        limit = rng.choice((None, None, 64, 4096))
        unknown = rng.choice(("skip", "keep"))
        dst = rng.choice(PROVIDERS)
        for chunks in chunkings(data, rng):
            if family == "stream":
                def run(chunks: list[bytes] = chunks) -> Any:
                    got: list[Any] = []
                    try:
                        for e in lc.stream.decode(p, chunks, request=request):
                            got.append(e)
                    except lc.LmcodecError as exc:
                        return got, exc
                    return got, None
            elif family == "decoder":
                def run(chunks: list[bytes] = chunks, limit: Any = limit, unknown: str = unknown) -> Any:
                    d = lc.stream.Decoder(p, request=request, max_line_bytes=limit, max_event_bytes=limit,
                                          unknown=unknown)
                    got: list[Any] = []
                    try:
                        for c in chunks:
                            got += d.feed(c)
                        got += d.close()
                    except lc.LmcodecError as exc:
                        return got + list(getattr(exc, "events", None) or ()), exc
                    return got, None
            elif family == "adecode":
                def run(chunks: list[bytes] = chunks) -> Any:
                    async def src() -> Any:
                        for c in chunks:
                            yield c

                    async def drain() -> Any:
                        got: list[Any] = []
                        try:
                            async for e in lc.stream.adecode(p, src(), request=request):
                                got.append(e)
                        except lc.LmcodecError as exc:
                            return got, exc
                        return got, None

                    return asyncio.run(drain())
            else:
                def run(chunks: list[bytes] = chunks, dst: str = dst) -> Any:
                    out: list[bytes] = []
                    try:
                        for b in lc.stream.translate(p, dst, chunks, request=request):
                            out.append(b)
                    except lc.LmcodecError as exc:
                        return out, exc
                    return out, None

            value, _ = judged(run, len(data), lc, rng, base if len(chunks) == 1 else None)
            got, exc = value
            if family == "translate":  # the answer: the output read back by dst's decoder, assembled
                results.append((translated_answer(dst, b"".join(got), request, lc), type(exc).__name__ if exc else ""))
            else:
                results.append((norm_events(got, lc), type(exc).__name__ if exc else ""))
            if family == "decoder" and len(results) == 1 and not exc and rng.random() < 0.3:
                judged(lambda got=got: lc.assemble(got, request=request), len(data), lc, rng)
        same_for_chunkings(f"{family} {p}", results)
        return f"{family} {p}"
    if family == "assemble":
        data = rng.choice(s.events)
        data = mutate_json(data, rng, rng.sample(s.events, 4))
        request = s.request if rng.random() < 0.7 else None

        def run() -> Any:
            events = lc.decode(data, list[lc.StreamEvent], unknown=rng.choice(("error", "keep")))
            if rng.random() < 0.5:
                return lc.assemble(events, request=request)
            a = lc.Assembler(request=request)
            for e in events:
                a.push(e)
            return a.result()

        judged(run, len(data), lc, rng, data)
        return "assemble"
    if family == "jsonl":
        tp = rng.choice((lc.Turn, lc.Request, lc.Response, lc.Part, lc.Message))
        good = [d for d, t in s.canonical if t is tp] or [d for d, _ in s.canonical]
        lines = []
        for _ in range(rng.randint(2, 12)):
            d = rng.choice(good)
            if rng.random() < 0.4:
                d = mutate_json(d, rng, good[:4]).replace(b"\n", b" ")
            lines.append(d)
        data = b"\n".join(lines) + rng.choice((b"\n", b"", b"\r\n"))
        if rng.random() < 0.2:
            data = mutate_bytes(data, rng, [data])
        expected = []
        for number, line in enumerate(data.split(b"\n")):
            if number == 0 and line.startswith(b"\xef\xbb\xbf"):  # the reader skips a file's BOM
                line = line[3:]
            if line.strip():
                try:
                    expected.append(lc.decode(line.rstrip(b"\r"), tp))
                except lc.LmcodecError:
                    pass
        mode = rng.choice(("skip", "collect"))
        reader = lc.jsonl.read(io.BytesIO(data), tp, on_error=mode)
        value, _ = judged(lambda: list(reader), len(data), lc, rng)
        name = getattr(tp, "__name__", "union")
        if value is not None and lc.encode(value) != lc.encode(expected):
            raise Finding("lost", f"jsonl {name} {mode}: {len(value)} records read, {len(expected)} lines decode alone")
        if value is not None and mode == "collect":
            reader = lc.jsonl.read(io.BytesIO(data), tp, on_error=mode)  # a fresh one: judged may re-run
            list(reader)
            n_lines = sum(1 for ln in data.split(b"\n") if ln.strip())
            if reader.good + reader.bad != n_lines:
                raise Finding("lost", f"jsonl collect: good {reader.good} + bad {reader.bad} != {n_lines} lines")
        return "jsonl.read"
    if family == "msgpack_stream":
        items = [rng.choice(s.msgpack) for _ in range(rng.randint(2, 8))]
        tp = items[0][1]
        buf = io.BytesIO()
        lc.msgpack.write_stream(buf, [lc.msgpack.decode(d, t) for d, t in items if t is tp] or [])
        data = buf.getvalue()
        data = mutate_bytes(data, rng, [d for d, _ in items])
        judged(lambda: list(lc.msgpack.read_stream(io.BytesIO(data), tp, on_error=rng.choice(("skip", "collect", "raise")))), len(data), lc, rng)
        return "msgpack.read_stream"
    if family == "arrow":
        tp = rng.choice((lc.Turn, lc.Request, lc.Response))
        objs = [lc.decode(d, t) for d, t in s.canonical if t is tp][:12]
        buf = io.BytesIO()
        lc.arrow.write_parquet(objs, buf, type=tp, compression=rng.choice(("zstd", "none", "snappy")))
        data = buf.getvalue()
        data = mutate_bytes(data, rng, [data]) if rng.random() < 0.8 else data[: rng.randrange(len(data) + 1)]
        judged(lambda: list(lc.arrow.read_parquet(io.BytesIO(data), rng.choice((tp, None)))), len(data), lc, rng)
        return "arrow.read_parquet"
    raise ValueError(family)


# ----------------------------------------------------------------------------------- cli


def cli_case(index: int, seed: int, s: Seeds, workdir: Path) -> dict[str, Any] | None:
    rng = random.Random(f"{seed}:cli:{index}")
    lc = s.lc
    command = rng.choice(("convert", "validate", "assemble"))
    src = workdir / f"in{index}"
    if command == "assemble":
        data, p = rng.choice(s.streams)
        data = mutate_sse(data, rng, [d for d, _ in s.streams])
        argv = ["assemble", p, str(src)] + (["--events"] if rng.random() < 0.3 else [])
    else:
        fmt = rng.choice(("lm15", "llm"))
        pool = [d for d, t in s.canonical if t is lc.Turn] if fmt == "lm15" else \
            [d for d, t in s.llm if t is s.llm_mod.Response]
        lines = [rng.choice(pool) for _ in range(rng.randint(2, 8))]
        lines = [mutate_json(d, rng, pool[:3]).replace(b"\n", b" ") if rng.random() < 0.4 else d for d in lines]
        data = b"\n".join(lines) + b"\n"
        if command == "convert":
            to = rng.choice(("lm15", "llm", "msgpack"))
            argv = ["convert", str(src), str(workdir / f"out{index}"), "--from", fmt, "--to", to,
                    "--on-error", rng.choice(("skip", "raise"))]
        else:
            argv = ["validate", str(src), "--format", fmt]
    src.write_bytes(data)
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    t0 = time.perf_counter()
    try:
        proc = subprocess.run([sys.executable, "-m", "lmcodec", *argv], capture_output=True, env=env, timeout=120)
    except subprocess.TimeoutExpired:
        return {"family": "cli", "seed": seed, "case": index, "kind": "slow", "detail": f"{argv[0]} over 120 s"}
    finally:
        src.unlink(missing_ok=True)
        (workdir / f"out{index}").unlink(missing_ok=True)
    elapsed = time.perf_counter() - t0
    err = proc.stderr.decode("utf-8", "replace")
    if proc.returncode < 0 or proc.returncode not in (0, 1, 2) or "Traceback" in err:
        return {"family": "cli", "seed": seed, "case": index, "kind": "escape",
                "detail": f"{argv[0]} status {proc.returncode}: {err[-300:]}", "elapsed": elapsed}
    return None


# -------------------------------------------------------------------------------- driver


def worker(family: str, seed: int, start: int, count: int, out: Path) -> None:
    s = Seeds()
    progress = out / f"progress-{family}-{start}"
    findings = (out / "findings.jsonl").open("a")
    done = 0
    with progress.open("w") as prog:
        for index in range(start, start + count):
            prog.seek(0)
            prog.write(f"{index:012d}\n")
            prog.flush()
            rng = random.Random(f"{seed}:{family}:{index}")
            try:
                one_case(family, rng, s)
            except Finding as f:
                findings.write(json.dumps({"family": family, "seed": seed, "case": index, "kind": f.kind,
                                           "detail": f.detail}) + "\n")
                findings.flush()
            done += 1
            if done % 200 == 0:
                (out / f"count-{family}-{start}").write_text(str(done))
    (out / f"count-{family}-{start}").write_text(str(done))


def drive(args: argparse.Namespace) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    families = args.family or list(FAMILIES)
    total_share = sum(FAMILIES[f] for f in families)
    plan = []
    for f in families:
        n = max(1, int(args.cases * FAMILIES[f] / total_share))
        step = max(1, -(-n // args.slices))
        for a in range(0, n, step):
            plan.append((f, a, min(step, n - a)))
    t0 = time.time()
    running: list[tuple[subprocess.Popen[bytes], str, int, int]] = []

    def launch(f: str, a: int, c: int) -> None:
        cmd = [sys.executable, __file__, "--worker", f, "--seed", str(args.seed), "--start", str(a),
               "--cases", str(c), "--out", str(out)]
        running.append((subprocess.Popen(cmd, env=dict(os.environ, PYTHONPATH=str(ROOT / "src"))), f, a, c))

    queue = list(plan)
    while queue or running:
        while queue and len(running) < args.jobs:
            launch(*queue.pop(0))
        time.sleep(0.2)
        for item in list(running):
            proc, f, a, c = item
            if proc.poll() is None:
                continue
            running.remove(item)
            if proc.returncode != 0:  # a crash: record the case and go on after it
                prog = out / f"progress-{f}-{a}"
                at = int(prog.read_text().strip() or a) if prog.exists() else a
                with (out / "findings.jsonl").open("a") as fh:
                    fh.write(json.dumps({"family": f, "seed": args.seed, "case": at, "kind": "crash",
                                         "detail": f"worker exit {proc.returncode}"}) + "\n")
                (out / f"count-{f}-{a}").write_text(str(at - a + 1))
                if at + 1 < a + c:
                    queue.insert(0, (f, at + 1, a + c - at - 1))
    if args.cli:
        s = Seeds()
        with tempfile.TemporaryDirectory() as tmp, (out / "findings.jsonl").open("a") as fh:
            for i in range(args.cli):
                found = cli_case(i, args.seed, s, Path(tmp))
                if found:
                    fh.write(json.dumps(found) + "\n")
        (out / "count-cli-0").write_text(str(args.cli))
    counts: dict[str, int] = {}
    for p in out.glob("count-*"):
        fam = p.name.split("-")[1]
        counts[fam] = counts.get(fam, 0) + int(p.read_text())
    found_lines = (out / "findings.jsonl").read_text().splitlines() if (out / "findings.jsonl").exists() else []
    summary = {"seed": args.seed, "counts": counts, "total": sum(counts.values()), "findings": len(found_lines),
               "minutes": round((time.time() - t0) / 60, 1)}
    (out / "summary.json").write_text(json.dumps(summary, indent=1))
    print(json.dumps(summary, indent=1))
    return 1 if found_lines else 0


def replay(spec: str) -> int:
    family, seed, index = spec.split(":")
    s = Seeds()
    rng = random.Random(f"{seed}:{family}:{index}")
    try:
        print("ran", one_case(family, rng, s))
    except Finding as f:
        print("FINDING", f.kind, f.detail)
        if f.__cause__ is not None:
            traceback.print_exception(f.__cause__)
        return 1
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=2000)
    ap.add_argument("--family", action="append", choices=list(FAMILIES))
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "rt50-fuzz"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--slices", type=int, default=4, help="worker processes per family")
    ap.add_argument("--cli", type=int, default=0, help="CLI cases (a subprocess each)")
    ap.add_argument("--replay", help="FAMILY:SEED:INDEX")
    ap.add_argument("--worker")
    ap.add_argument("--start", type=int, default=0)
    a = ap.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    sys.setrecursionlimit(1000)
    if a.replay:
        return replay(a.replay)
    if a.worker:
        worker(a.worker, a.seed, a.start, a.cases, Path(a.out))
        return 0
    return drive(a)


if __name__ == "__main__":
    sys.exit(main())
