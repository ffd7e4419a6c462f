"""Decoder entry points by family, seed inputs, mutations and the error contract.

Shared by ``tests/test_fuzz.py`` (bounded, in the default suite) and
``fuzz/run.py`` (the long run). A *family* is a group of decoder entry points
fed the same kind of bytes: ``json`` (lc.decode), ``msgpack``
(lc.msgpack.decode / read_stream), ``llm`` (lc.llm.decode), ``builtins``
(lc.from_builtins, lc.llm.from_builtins), ``jsonl`` (lc.jsonl.read), ``stream``
(lc.stream.decode / adecode / Decoder), ``response`` (lc.decode_response) and
``assemble`` (lc.assemble over decoded event lists).

Seeds come from the shared corpus (``../shared/corpus``) when present, else
from :func:`lmcodec.cli.workload.turn_dicts`. The contract checked on every call
(:func:`check`): only :class:`lmcodec.LmcodecError` escapes, and the call
returns within :data:`TIME_BOUND` seconds and allocates at most
``MEMORY_BASE + MEMORY_FACTOR * len(input)`` bytes at its peak.
"""

from __future__ import annotations

import asyncio
import io
import json
import random
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

import lmcodec as lc
from lmcodec import llm
from lmcodec.cli import workload
from lmcodec.providers import PROVIDERS

from .mutation import ADD, change_node, nodes

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
TIME_BOUND = 10.0
MEMORY_BASE = 48 << 20
MEMORY_FACTOR = 64

# Bytes that hostile inputs are made of: non-standard numbers, bad text, markers, framing.
# fmt: off
TOKENS: tuple[bytes, ...] = (
    b"NaN", b"Infinity", b"-Infinity", b"1e400", b"-1e400", b"9" * 5000, b"9" * 30,
    b'"\\ud800"', b'"\\udc00x"', b'"\\ud83d\\ude00"', b"\xff", b"\xc3", b"\xef\xbb\xbf", b"\xed\xa0\x80",
    b'"type":"zz_unknown",', b'{"type":"zz_unknown"}', b'"type":"delta",', b'"type":"text",',
    b"null", b"[]", b"{}", b'""', b'"', b"\\", b",", b":", b"\n", b"\r\n", b"\r",
    b"data: ", b"data:", b"\n\n", b"event: x\n", b"[DONE]", b"data: [DONE]\n\n", b"\x00",
    b"true", b"-0", b"1E-7", b'"\\u0000"', b'{"a":1,"a":2}', b'"part_index":-1,',
    b"\xc0", b"\xc1", b"\x91", b"\xdd\xff\xff\xff\xff", b"\xdb\xff\xff\xff\x7f", b"\xcf" + b"\xff" * 8,
    b"\xd4\x05\x00", b"\xd6\xff\x00\x00\x00\x01",
)
# fmt: on


@dataclass(frozen=True)
class Seed:
    """One valid input: the bytes and what they decode into (a type, a provider, ...)."""

    data: bytes
    target: Any = None


def _load(relative: str) -> Any:
    path = CORPUS / relative
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


# fmt: off
_KINDS = {
    "part": lc.Part, "message": lc.Message, "tool": lc.Tool, "config": lc.Config, "delta": lc.Delta,
    "stream_event": lc.StreamEvent, "usage": lc.Usage, "response": lc.Response, "request": lc.Request,
    "reasoning": lc.Reasoning, "tool_choice": lc.ToolChoice, "continuation_state": lc.ContinuationState,
    "batch_entry": lc.BatchEntry, "batch_request": lc.BatchRequest, "live_client_event": lc.LiveClientEvent,
    "live_server_event": lc.LiveServerEvent, "token_logprob": lc.TokenLogprob, "error_detail": lc.ErrorDetail,
}
# fmt: on


def _small_turns() -> list[dict[str, Any]]:
    """Workload turns, trimmed to two messages so mutations stay fast."""
    out = []
    for turn in workload.turn_dicts(4, seed=6):
        turn["request"]["messages"] = turn["request"]["messages"][:2]
        out.append(turn)
    return out


@cache
def json_seeds() -> tuple[Seed, ...]:
    seeds = [Seed(msgspec.json.encode(t), lc.Turn) for t in _small_turns()]
    vectors = _load("lm15-1.5.0/vectors.json")
    if vectors:
        for v in vectors["positive"]:
            tp = _KINDS.get(v["kind"])
            if tp is not None:
                seeds.append(Seed(v["json"].encode(), tp))
    return tuple(seeds)


@cache
def msgpack_seeds() -> tuple[Seed, ...]:
    out = []
    for s in json_seeds():
        try:
            out.append(Seed(lc.msgpack.encode(lc.decode(s.data, s.target)), s.target))
        except lc.LmcodecError:
            continue
    return tuple(out)


_LLM_KINDS = {
    "part": llm.Part,
    "message": llm.Message,
    "response": llm.Response,
    "attachment": llm.Attachment,
}


@cache
def llm_seeds() -> tuple[Seed, ...]:
    vectors = _load("llm-0.36/vectors.json") or []
    out = []
    for v in vectors:
        kind = v["kind"].removeprefix("normalize_").removeprefix("reject_").removesuffix("_roundtrip")
        tp = _LLM_KINDS.get(kind.removesuffix("_dict"))
        if tp is not None and isinstance(v.get("value"), dict):
            out.append(Seed(json.dumps(v["value"], separators=(",", ":")).encode(), tp))
    if not out:
        record = {"model": "m", "prompt": {"prompt": "hi"}, "messages": [{"role": "assistant", "parts": []}]}
        out.append(Seed(json.dumps(record).encode(), llm.Response))
    return tuple(out)


def _bodies(sse: bool) -> list[Path]:
    root = CORPUS / "lm15-contract" / "bodies"
    if not root.is_dir():
        return []
    out = []
    for path in sorted(root.glob("*/*")):
        with path.open("rb") as fh:
            is_sse = fh.read(6).startswith((b"event:", b"data:"))
        if is_sse == sse:
            out.append(path)
    return out


def _synthetic_stream(provider: str) -> bytes:
    frames = {
        "openai": [
            {"type": "response.created", "response": {"id": "r", "model": "m"}},
            {"type": "response.output_text.delta", "output_index": 0, "delta": "Hi"},
            {"type": "response.completed", "response": {"usage": {"input_tokens": 1, "output_tokens": 1}}},
        ],
        "openai_chat": [
            {"choices": [{"index": 0, "delta": {"content": "Hi"}}]},
            {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
        ],
        "anthropic": [
            {"type": "message_start", "message": {"id": "a", "model": "m"}},
            {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}},
            {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 1}},
            {"type": "message_stop"},
        ],
        "gemini": [
            {"candidates": [{"content": {"parts": [{"text": "Hi"}]}, "finishReason": "STOP"}]},
        ],
    }[provider]
    return b"".join(b"data: " + json.dumps(f).encode() + b"\n\n" for f in frames)


@cache
def stream_seeds() -> tuple[Seed, ...]:
    out = [Seed(p.read_bytes(), p.parent.name.split(".")[0]) for p in _bodies(sse=True)]
    out += [Seed(_synthetic_stream(p), p) for p in PROVIDERS]
    return tuple(s for s in out if s.target in PROVIDERS)


@cache
def response_seeds() -> tuple[Seed, ...]:
    out = [Seed(p.read_bytes(), p.parent.name.split(".")[0]) for p in _bodies(sse=False)]
    return tuple(s for s in out if s.target in PROVIDERS) or (
        Seed(b'{"id":"r","model":"m","output":[]}', "openai"),
    )


@cache
def event_seeds() -> tuple[Seed, ...]:
    vectors = _load("lm15-1.5.0/stream_vectors.json")
    out = []
    if vectors:
        for v in vectors["vectors"]:
            out.append(Seed(json.dumps(v["events"], separators=(",", ":")).encode(), v["request"]))
    for s in stream_seeds():
        try:
            events = list(lc.stream.decode(s.target, [s.data], request=REQUEST))
        except lc.LmcodecError:
            continue
        out.append(Seed(lc.encode(events), None))
    return tuple(out)


REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))

# --------------------------------------------------------------------------
# mutations: a list of operations drawn by hypothesis (or a Random), applied in order

Op = tuple[Any, ...]

# Values a "tree" operation puts in place of a node of the decoded input.
# fmt: off
VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 1.5, 10**30, -(2**64), "", "x", "zz_unknown", [], {}, [[]], [{}],
    {"type": "zz_unknown"}, {"type": "zz_unknown", "part_index": 0, "name": "n"},
    {"type": "text", "text": "x"}, {"type": "text"}, [{"type": "text", "text": "x"}],
    {"type": "delta", "delta": {"type": "zz_unknown"}}, {"type": "tool_result", "id": "i", "content": []},
    float("nan"), float("inf"), -float("inf"), 1e308, "\ud800", "\x00", "\ufeff", "a" * 1000,
    [0] * 500, {"k": [{"k": [{"k": None}]}]},
)
# fmt: on


def _tree(data: bytes, where: float, index: int, action: int) -> bytes:
    """A structural mutation: decode, change one node (replace, drop a key, add a key), re-encode."""
    try:
        root = json.loads(data)
    except (ValueError, RecursionError):
        return data
    if not nodes(root):
        return data
    added_key = "zz_extra" if action == 2 else "type"
    root = change_node(root, where, VALUES[index % len(VALUES)], min(action, ADD), added_key)
    try:
        return json.dumps(root, separators=(",", ":"), ensure_ascii=action % 2 == 0).encode(
            "utf-8", "surrogatepass"
        )
    except (ValueError, RecursionError):
        return data


def deep(depth: int, opener: bytes = b"[", balanced: bool = True) -> bytes:
    closer = b"]" if opener == b"[" else b"}"
    unit = opener if opener == b"[" else b'{"k":'
    body = unit * depth + (b"0" if opener == b"{" else b"")
    return body + closer * depth if balanced else body


def apply(data: bytes, ops: list[Op], others: tuple[bytes, ...]) -> bytes:
    """``data`` after the mutation operations ``ops`` (positions are fractions of the length)."""
    for op in ops:
        kind, where = op[0], op[1]
        pos = min(len(data), int(where * (len(data) + 1)))
        if kind == "flip" and data:
            at = min(pos, len(data) - 1)
            data = data[:at] + bytes([op[2]]) + data[at + 1 :]
        elif kind == "delete":
            data = data[:pos] + data[pos + op[2] :]
        elif kind == "insert":
            data = data[:pos] + op[2] + data[pos:]
        elif kind == "truncate":
            data = data[:pos]
        elif kind == "splice" and others:
            other = others[op[2] % len(others)]
            data = data[:pos] + other[int(op[3] * len(other)) :]
        elif kind == "dup":
            data = data[:pos] + data[pos : pos + op[2]] * 2 + data[pos + op[2] :]
        elif kind == "deep":
            brace = data.find(b"{", pos)
            blob = deep(op[2], op[3], op[4])
            if brace >= 0 and op[4]:  # a deep value under a new key of some object: still valid JSON
                data = data[: brace + 1] + b'"zz_deep":' + blob + b"," + data[brace + 1 :]
            else:
                data = data[:pos] + blob + data[pos:]
        elif kind == "msgdeep":
            data = data[:pos] + b"\x91" * op[2] + b"\xc0" + data[pos:]
        elif kind == "tree":
            data = _tree(data, where, op[2], op[3])
    return data


def random_ops(rng: random.Random, count: int) -> list[Op]:
    """Mutation operations drawn from ``rng`` (the long fuzz run's generator)."""
    ops: list[Op] = []
    for _ in range(count):
        kind = rng.choice(
            (
                "flip",
                "delete",
                "insert",
                "insert",
                "truncate",
                "splice",
                "dup",
                "deep",
                "msgdeep",
                "tree",
                "tree",
            )
        )
        where = rng.random()
        if kind == "flip":
            ops.append((kind, where, rng.randrange(256)))
        elif kind in ("delete", "dup"):
            ops.append((kind, where, rng.randrange(1, 64)))
        elif kind == "insert":
            blob = rng.choice(TOKENS) if rng.random() < 0.8 else rng.randbytes(rng.randrange(1, 16))
            ops.append((kind, where, blob))
        elif kind == "truncate":
            ops.append((kind, where))
        elif kind == "splice":
            ops.append((kind, where, rng.randrange(1 << 16), rng.random()))
        elif kind == "deep":
            depth = rng.choice((10, 200, 1000, 5000, 100_000))
            ops.append((kind, where, depth, rng.choice((b"[", b"{")), rng.random() < 0.7))
        elif kind == "msgdeep":
            ops.append((kind, where, rng.choice((10, 1000, 100_000))))
        else:
            ops.append((kind, where, rng.randrange(len(VALUES)), rng.randrange(4)))
    return ops


# --------------------------------------------------------------------------
# the contract


def check(call: Callable[[], Any], size: int, *, memory: bool = True) -> Any:
    """Run ``call``: only an LmcodecError may escape, within the time and memory bounds."""
    if memory:
        tracemalloc.start()
    start = time.perf_counter()
    result: Any = None
    try:
        result = call()
    except lc.LmcodecError as exc:
        result = exc
    finally:
        elapsed = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1] if memory else 0
        if memory:
            tracemalloc.stop()
    assert elapsed < TIME_BOUND, f"took {elapsed:.2f} s on {size} bytes"
    assert peak <= MEMORY_BASE + MEMORY_FACTOR * size, f"peak {peak} bytes on {size} bytes of input"
    return result


def _chunks(data: bytes, rng: random.Random) -> list[bytes]:
    cuts = sorted({rng.randrange(len(data) + 1) for _ in range(rng.randrange(0, 6))})
    return [data[a:b] for a, b in zip([0, *cuts], [*cuts, len(data)], strict=True)]


async def _adrain(provider: str, chunks: list[bytes]) -> list[Any]:
    async def source() -> Any:
        for chunk in chunks:
            yield chunk

    return [e async for e in lc.stream.adecode(provider, source(), request=REQUEST, unknown="keep")]


def run(family: str, data: bytes, seed: Seed, rng: random.Random) -> None:
    """Feed ``data`` (a mutated ``seed``) to the entry points of ``family``, checking the contract."""
    size = len(data)
    if family == "json":
        lenient, unknown = rng.random() < 0.5, rng.choice(("error", "keep"))
        target = seed.target if rng.random() < 0.8 else rng.choice(list(_KINDS.values()))
        check(lambda: lc.decode(data, target, lenient=lenient, unknown=unknown), size)
    elif family == "msgpack":
        unknown = rng.choice(("error", "keep"))
        check(lambda: lc.msgpack.decode(data, seed.target, unknown=unknown), size)
        framed = len(data).to_bytes(4, "big") + data + data[: rng.randrange(len(data) + 1)]
        check(lambda: list(lc.msgpack.read_stream(framed, seed.target, unknown=unknown)), len(framed))
    elif family == "llm":
        check(lambda: llm.decode(data, seed.target), size)
    elif family == "builtins":
        try:
            value = json.loads(data.decode("utf-8", "replace"))
        except (ValueError, RecursionError):
            return
        lenient, unknown = rng.random() < 0.5, rng.choice(("error", "keep"))
        target = seed.target or lc.Turn
        check(lambda: lc.from_builtins(value, target, lenient=lenient, unknown=unknown), size)
        check(lambda: llm.from_builtins(value, llm.Response), size)
    elif family == "jsonl":
        mode = rng.choice(("raise", "skip", "collect"))
        unknown = rng.choice(("error", "keep"))
        reader = lc.jsonl.read(data, seed.target, on_error=mode, unknown=unknown)
        records = check(lambda: list(reader), size)
        if mode == "collect" and isinstance(records, list):
            lines = [ln for ln in io.BytesIO(data) if ln.strip()]
            outcomes = reader.good + reader.bad
            assert outcomes == len(records) + len(reader.errors)
            # One outcome a line, but a refused line holding NULs is cut at its NUL runs and each
            # piece read (a record after a crash's tail: docs/hostile-input.md L21): a record or a
            # bad region for each piece and run at most.
            most = sum(1 + 2 * ln.count(0) for ln in lines)
            assert len(lines) <= outcomes <= most, (len(lines), outcomes, most)
    elif family == "stream":
        chunks = _chunks(data, rng)
        unknown = rng.choice(("skip", "keep"))
        if rng.random() < 0.15:
            check(lambda: asyncio.run(_adrain(seed.target, chunks)), size)
        elif rng.random() < 0.5:
            check(lambda: lc.assemble(lc.stream.decode(seed.target, chunks, request=REQUEST)), size)
        else:
            limit = rng.choice((None, 64, 4096))
            decoder = lc.stream.Decoder(
                seed.target, request=REQUEST, unknown=unknown, max_line_bytes=limit, max_event_bytes=limit
            )
            check(lambda: [e for c in chunks for e in decoder.feed(c)] + decoder.close(), size)
    elif family == "response":
        check(lambda: lc.decode_response(seed.target, data, request=REQUEST), size)
    elif family == "assemble":
        request = REQUEST if seed.target is None else lc.from_builtins(seed.target, lc.Request)

        def assemble() -> Any:
            events = lc.decode(data, list[lc.StreamEvent], unknown="keep")
            return lc.assemble(events, request=request if rng.random() < 0.7 else None)

        check(assemble, size)
    else:  # pragma: no cover
        raise ValueError(family)


SEEDS: dict[str, Callable[[], tuple[Seed, ...]]] = {
    "json": json_seeds,
    "msgpack": msgpack_seeds,
    "llm": llm_seeds,
    "builtins": json_seeds,
    "jsonl": lambda: tuple(
        Seed(b"\n".join(s.data for s in json_seeds()[i : i + 3]) + b"\n", lc.Turn) for i in (0,)
    ),
    "stream": stream_seeds,
    "response": response_seeds,
    "assemble": event_seeds,
}
FAMILIES = tuple(SEEDS)


# --------------------------------------------------------------------------
# hypothesis: the same operations as strategies (shrinkable), and one example


def ops_strategy() -> Any:
    """Lists of mutation operations (see :func:`apply`)."""
    from hypothesis import strategies as st

    where = st.floats(0, 1)
    op = st.one_of(
        st.tuples(st.just("flip"), where, st.integers(0, 255)),
        st.tuples(st.just("delete"), where, st.integers(1, 64)),
        st.tuples(st.just("insert"), where, st.sampled_from(TOKENS) | st.binary(min_size=1, max_size=16)),
        st.tuples(st.just("truncate"), where),
        st.tuples(st.just("splice"), where, st.integers(0, 1 << 16), where),
        st.tuples(st.just("dup"), where, st.integers(1, 64)),
        st.tuples(
            st.just("deep"),
            where,
            st.sampled_from((10, 1000, 100_000)),
            st.sampled_from((b"[", b"{")),
            st.booleans(),
        ),
        st.tuples(st.just("msgdeep"), where, st.sampled_from((10, 1000, 100_000))),
        st.tuples(st.just("tree"), where, st.integers(0, len(VALUES) - 1), st.integers(0, 3)),
    )
    return st.lists(op, max_size=4)


def hypothesis_example(family: str, draw: Any) -> None:
    """One fuzz example of ``family``: seed, mutations and choices drawn by ``draw`` (``st.data().draw``)."""
    from hypothesis import strategies as st

    seeds = SEEDS[family]()
    seed = draw(st.sampled_from(seeds))
    ops = draw(ops_strategy())
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    run(family, apply(seed.data, ops, tuple(s.data for s in seeds)), seed, rng)
