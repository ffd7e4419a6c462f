"""The llm format: lmcodec.llm vs llm 0.36's own serialization, side by side.

Workload: 2,000 llm records (``Response.to_dict()`` shape) of 8 messages each - a system
prompt, user text with an image attachment, two assistant turns with signed/redacted
reasoning and tool calls, two tool results (one with an attachment), a follow-up, and the
output: signed reasoning plus a few hundred words of text (~5 KiB of JSON per record).
Built deterministically (seeded), as llm-format dicts.

- encode: lmcodec ``lc.llm.encode(record)`` vs llm ``json.dumps(response.to_dict())`` over
  llm Response objects (rehydrated with ``Response.from_dict(d, model=...)``, as a log
  reader holds them), plus two floors that encode the same value held as plain dicts and lists:
  ``json.dumps`` (what llm's side ends with) and msgspec's untyped encoder - the bytes cost at
  least that much, so the encode target is bounded by json.dumps / msgspec on this workload;
- decode: lmcodec ``lc.llm.decode(blob)`` vs llm ``Response.from_dict(json.loads(s), model=...)``
  (the model passed in, so llm pays no plugin lookup per row), plus two floors that build no
  objects at all: ``json.loads(s)`` alone (the parse llm's side starts with) and msgspec's untyped
  ``msgspec.json.decode(blob)`` - a typed decode cannot be much faster than parsing the text;
- convert (no llm counterpart): ``lc.llm.to_turn`` / ``lc.llm.from_turn`` on the same records.

Correctness is checked before timing. Targets: encode >= 8x, decode >= 5x llm.
Run: python3 -m pytest benchmarks/test_bench_llm.py --benchmark-enable --benchmark-disable-gc
"""

from __future__ import annotations

import base64
import json
import os
import random
import tempfile
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

import lmcodec.llm as L

os.environ.setdefault("LLM_USER_PATH", tempfile.mkdtemp(prefix="lmcodec-bench-llm-"))
llm = pytest.importorskip("llm")

N_RECORDS = 2000
WORDS = (
    "the model reads a long context window and answers with care about tokens latency cache streams "
    "tools json schema reasoning signature provider message part attachment result search query page "
    "results found three sources first second which means that we should check whether this value is "
    "correct before calling fetch again with the new url; also: `code`, **bold**, - list item, 42, 3.14, "
    "(see above) café naïve"
).split()
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c63646060f80f00010401005f2d4b3a0000000049454e44ae426082"
)


class BenchOptions(llm.Options):  # type: ignore[misc]
    max_tokens: int | None = None
    temperature: float | None = None


class BenchModel(llm.Model):  # type: ignore[misc]
    model_id = "bench-model"
    can_stream = True
    supports_tools = True
    attachment_types = frozenset({"image/png", "application/pdf"})
    Options = BenchOptions

    def execute(self, prompt: Any, stream: Any, response: Any, conversation: Any) -> Any:
        yield ""


MODEL = BenchModel()


def llm_records(n: int = N_RECORDS, seed: int = 15) -> list[dict[str, Any]]:
    """``n`` llm records of 8 messages each, deterministic for a given seed."""
    rng = random.Random(seed)

    def text(k: int) -> str:
        return " ".join(rng.choice(WORDS) for _ in range(k))

    def signed() -> dict[str, Any]:
        raw = base64.b64encode(rng.randbytes(rng.randrange(120, 240))).decode()
        kind = rng.randrange(3)
        if kind == 0:
            return {"anthropic": {"signature": raw}}
        if kind == 1:
            return {"gemini": {"thoughtSignature": raw}}
        return {"openai": {"id": f"rs_{rng.randrange(16**12):012x}", "encrypted_content": raw, "summary": []}}

    def call_id() -> str:
        return f"toolu_{rng.randrange(16**16):016x}"

    records = []
    for i in range(n):
        system = text(30)
        c1, c2 = call_id(), call_id()
        png = base64.b64encode(PNG + rng.randbytes(rng.randrange(64, 256))).decode()
        prompt_messages = [
            {"role": "system", "parts": [{"type": "text", "text": system}]},
            {
                "role": "user",
                "parts": [
                    {"type": "text", "text": text(60)},
                    {"type": "attachment", "attachment": {"type": "image/png", "content": png}},
                ],
            },
            {
                "role": "assistant",
                "parts": [
                    {"type": "reasoning", "text": text(40), "provider_metadata": signed()},
                    {"type": "text", "text": text(15)},
                    {
                        "type": "tool_call",
                        "name": "search",
                        "arguments": {"query": text(4), "limit": rng.randrange(1, 20), "fresh": True},
                        "tool_call_id": c1,
                    },
                ],
            },
            {
                "role": "tool",
                "parts": [{"type": "tool_result", "name": "search", "output": text(120), "tool_call_id": c1}],
            },
            {
                "role": "assistant",
                "parts": [
                    {"type": "reasoning", "text": "", "redacted": True},
                    {
                        "type": "tool_call",
                        "name": "fetch",
                        "arguments": {"url": f"https://e.com/{i}"},
                        "tool_call_id": c2,
                    },
                ],
            },
            {
                "role": "tool",
                "parts": [
                    {
                        "type": "tool_result",
                        "name": "fetch",
                        "output": text(80),
                        "tool_call_id": c2,
                        "attachments": [{"type": "application/pdf", "url": f"https://e.com/doc/{i}.pdf"}],
                    }
                ],
            },
            {"role": "user", "parts": [{"type": "text", "text": text(15)}]},
        ]
        output = [
            {
                "role": "assistant",
                "parts": [
                    {"type": "reasoning", "text": text(50), "provider_metadata": signed()},
                    {"type": "text", "text": text(200)},
                ],
            }
        ]
        records.append(
            {
                "model": MODEL.model_id,
                "prompt": {
                    "messages": prompt_messages,
                    "options": {"max_tokens": 1024, "temperature": round(rng.random(), 2)},
                    "system": system,
                },
                "messages": output,
                "id": f"01k{rng.randrange(32**23):023x}"[:26],
                "usage": {
                    "input": rng.randrange(1000, 9000),
                    "output": rng.randrange(100, 900),
                    "details": {
                        "cache_read_input_tokens": rng.randrange(0, 900),
                        "cache_creation_input_tokens": 0,
                    },
                },
                "datetime_utc": f"2026-08-{1 + i % 28:02d}T12:{i % 60:02d}:07.{rng.randrange(10**6):06d}"
                "+00:00",
            }
        )
    return records


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    return llm_records()


@pytest.fixture(scope="module")
def texts(records: list[dict[str, Any]]) -> list[str]:
    """The records as llm writes them (json.dumps defaults), via llm's own objects."""
    return [json.dumps(llm.Response.from_dict(d, model=MODEL).to_dict()) for d in records]


@pytest.fixture(scope="module")
def structs(texts: list[str]) -> list[L.Response]:
    return [L.decode(t) for t in texts]


def test_workload_shape(records: list[dict[str, Any]], texts: list[str]) -> None:
    assert len(records) == N_RECORDS
    assert all(len(d["prompt"]["messages"]) + len(d["messages"]) == 8 for d in records)
    size = sum(len(t.encode()) for t in texts) / len(texts)
    assert 3000 < size < 12000, size


ENCODE_FLOORS = {
    "floor-json": "json.dumps of plain objects (floor)",
    "floor-msgspec": "msgspec.json.encode of plain objects (floor)",
}


@pytest.mark.parametrize("lib", ["lmcodec", "llm", *ENCODE_FLOORS])
def test_encode(benchmark: Any, lib: str, texts: list[str], structs: list[L.Response]) -> None:
    """Objects to JSON: lmcodec Structs vs llm Response objects, and the plain-object floors."""
    benchmark.group = "llm: encode 2,000 records"
    benchmark.extra_info.update(lib=ENCODE_FLOORS.get(lib, lib), units=len(texts), unit="record")
    run: Callable[[], list[Any]]
    if lib in ENCODE_FLOORS:
        plain = [json.loads(t) for t in texts]
        dump = json.dumps if lib == "floor-json" else msgspec.json.Encoder().encode
        run = lambda: [dump(d) for d in plain]  # noqa: E731
        benchmark(run)
        return
    if lib == "lmcodec":
        encode = L.encode
        run = lambda: [encode(r) for r in structs]  # noqa: E731
    else:
        objects = [llm.Response.from_dict(json.loads(t), model=MODEL) for t in texts]
        dumps = json.dumps
        run = lambda: [dumps(r.to_dict()) for r in objects]  # noqa: E731
    out = run()
    for got, expected in zip(out, texts, strict=True):  # same JSON value, same key order
        assert json.dumps(json.loads(got)) == expected
    benchmark(run)


FLOORS = {
    "floor-json": "json.loads alone (floor, no objects)",
    "floor-msgspec": "msgspec.json.decode untyped (floor, no objects)",
}


@pytest.mark.parametrize("lib", ["lmcodec", "llm", *FLOORS])
def test_decode(benchmark: Any, lib: str, texts: list[str]) -> None:
    """JSON to objects: lmcodec Structs vs llm Response objects (model given, no lookup)."""
    benchmark.group = "llm: decode 2,000 records"
    benchmark.extra_info.update(lib=FLOORS.get(lib, lib), units=len(texts), unit="record")
    run: Callable[[], list[Any]]
    if lib == "floor-json":
        loads = json.loads
        run = lambda: [loads(s) for s in texts]  # noqa: E731
    elif lib == "floor-msgspec":
        blobs = [t.encode() for t in texts]
        untyped = msgspec.json.Decoder().decode
        run = lambda: [untyped(b) for b in blobs]  # noqa: E731
    elif lib == "lmcodec":
        blobs = [t.encode() for t in texts]
        decode = L.decode
        run = lambda: [decode(b) for b in blobs]  # noqa: E731
        got = run()
        for r, t in zip(got, texts, strict=True):
            assert json.dumps(L.to_builtins(r)) == t
    else:
        loads, from_dict = json.loads, llm.Response.from_dict
        run = lambda: [from_dict(loads(s), model=MODEL) for s in texts]  # noqa: E731
        got = run()
        for r, t in zip(got[:50], texts[:50], strict=True):
            assert json.dumps(r.to_dict()) == t
    benchmark(run)


@pytest.mark.parametrize("direction", ["to_turn", "from_turn", "to_turn of from_turn"])
def test_convert(benchmark: Any, direction: str, structs: list[L.Response]) -> None:
    """llm records <-> canonical Turns (lmcodec only: llm has no canonical form). ``to_turn of
    from_turn``: records lmcodec wrote, whose lm15 side channel to_turn checks (red team 6 F05)."""
    benchmark.group = f"llm: {direction} 2,000 records"
    benchmark.extra_info.update(lib="lmcodec", units=len(structs), unit="record")
    turns = [L.to_turn(r) for r in structs]
    for r, t in zip(structs, turns, strict=True):
        assert L.encode(L.from_turn(t)) == L.encode(r)
    run: Callable[[], list[Any]]
    if direction == "to_turn":
        to_turn = L.to_turn
        run = lambda: [to_turn(r) for r in structs]  # noqa: E731
    elif direction == "to_turn of from_turn":
        to_turn = L.to_turn
        written = [L.from_turn(t) for t in turns]
        assert [to_turn(r) for r in written] == turns
        run = lambda: [to_turn(r) for r in written]  # noqa: E731
    else:
        from_turn = L.from_turn
        run = lambda: [from_turn(t) for t in turns]  # noqa: E731
    benchmark(run)


@pytest.mark.parametrize("odd", [False, True], ids=["as llm writes it", "one text null"])
def test_decode_one_odd_value(benchmark: Any, odd: bool, records: list[dict[str, Any]]) -> None:
    """The same records with one part's ``"text"`` set to null in each (llm keeps it; the typed
    decoder refuses it): only that message is read value by value (red team 6 F15)."""
    benchmark.group = "llm: decode 2,000 records, one odd value each"
    label = "lmcodec, one text null" if odd else "lmcodec, as llm writes it"
    benchmark.extra_info.update(lib=label, units=len(records), unit="record")
    edited = json.loads(json.dumps(records))
    if odd:
        for record in edited:
            record["prompt"]["messages"][0]["parts"][0]["text"] = None
    blobs = [json.dumps(r).encode() for r in edited]
    decode = L.decode
    run = lambda: [decode(b) for b in blobs]  # noqa: E731
    if odd:
        assert all(r.prompt.messages[0].parts[0].text is None for r in run())  # type: ignore[union-attr]
    benchmark(run)
