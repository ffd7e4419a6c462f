"""Callgrind instruction counts of ``lc.build_request`` per message kind and per dialect.

Each kind is measured as a difference: a one-message base request (the benchmark's system, tools
and settings, one user turn) and the same base with ``COPIES`` copies of the kind's messages
appended (each copy's call ids its own), the difference divided by ``COPIES``: the cost of one
more such turn in a long conversation. Three contestants per request, in one valgrind run:

- ``lmcodec``: ``lc.build_request(provider, request)`` (20 calls after 20 warm-up calls);
- ``floor``: msgspec's encode of the body lmcodec built, as plain objects (the same JSON);
- ``lm15``: lm15 1.5.0's ``adapter._build(request, stream=False)`` (3 calls after 3).

The benchmark's rows (``test_bench_requests.py``'s fixture and its 49 messages) are measured too,
whole. PYTHONHASHSEED=0 (callgrind_support). Run:

    python3 benchmarks/requests_build_kinds.py [PROVIDER ...]
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from callgrind_support import between_markers, marked_dumps, total

HERE = Path(__file__).resolve().parent
PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")
COPIES = 20
CALLS = 20
LM15_CALLS = 3
KINDS = ("user text", "assistant text", "call + result", "text + call + result")


def _kind_messages(kind: str, copy: int) -> list[Any]:
    """The messages one copy of ``kind`` appends (ids suffixed by ``copy``)."""
    import lmcodec as lc

    user = lc.Message.user(
        "Book Hotel Infante for two nights, please, and tell me which room faces the river if any do."
    )
    answer = lc.Message.assistant(
        "I found three options: Casa do Rio (142 EUR/night), Hotel Infante (118 EUR/night) and "
        "Ribeira Lofts (165 EUR/night). Shall I book one?"
    )
    call = lc.ToolCallPart(
        f"call_h{copy}", "search_hotels", {"query": "Porto Ribeira hotel double room", "limit": 3}
    )
    result = lc.ToolResultPart(
        f"call_h{copy}",
        (lc.TextPart('[{"hotel_id":"PRT-118","name":"Casa do Rio","price_eur":142}]'),),
    )
    if kind == "user text":
        return [user]
    if kind == "assistant text":
        return [answer, lc.Message.user("ok")]
    if kind == "call + result":
        return [lc.Message("assistant", (call,)), lc.Message("tool", (result,))]
    if kind == "text + call + result":
        return [lc.Message("assistant", (lc.TextPart("Let me look."), call)), lc.Message("tool", (result,))]
    raise ValueError(kind)


def requests(provider: str) -> dict[str, Any]:
    """name -> canonical Request: the base, base + COPIES of each kind, the benchmark's two rows."""
    import lmcodec as lc
    from test_bench_requests import canonical, long_canonical

    fixture = canonical(provider)
    base = lc.replace(fixture, messages=(fixture.messages[0],))
    out: dict[str, Any] = {"base": base}
    for kind in KINDS:
        extra = [m for copy in range(COPIES) for m in _kind_messages(kind, copy)]
        out[kind] = lc.replace(base, messages=(*base.messages, *extra))
    out["fixture"] = fixture
    out["49 messages"] = long_canonical(provider)
    return out


def _stages(provider: str) -> dict[str, tuple[Any, int]]:
    import msgspec

    import lmcodec as lc
    from lmcodec.lm15 import to_lm15
    from test_bench_requests import adapter

    encode = msgspec.json.Encoder().encode
    built = adapter(provider)
    stages: dict[str, tuple[Any, int]] = {}
    for name, request in requests(provider).items():
        plain = msgspec.json.decode(lc.build_request(provider, request).body)
        theirs = to_lm15(request)
        stages[f"{name}|lmcodec"] = (lambda r=request: lc.build_request(provider, r), CALLS)
        stages[f"{name}|floor"] = (lambda p=plain: encode(p), CALLS)
        stages[f"{name}|lm15"] = (lambda r=theirs: built._build(r, stream=False), LM15_CALLS)
    return stages


def _inner(provider: str) -> None:
    for run, calls in _stages(provider).values():
        between_markers(run, calls)


def measure(provider: str) -> dict[str, float]:
    """Instructions per build of each (request, contestant) of one provider."""
    stages = _stages(provider)
    with marked_dumps(__file__, provider) as dump:
        return {name: total(dump(2 + 2 * i)) / calls for i, (name, (_, calls)) in enumerate(stages.items())}


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        sys.path.insert(0, str(HERE))
        _inner(argv[1])
        return
    sys.path.insert(0, str(HERE))
    print(
        "| provider | message | lmcodec | floor | lm15 | lm15 / lmcodec | lmcodec - floor "
        "| lm15 / 10 - floor |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for provider in argv or PROVIDERS:
        counts = measure(provider)
        for name in (*KINDS, "fixture", "49 messages"):
            row = {who: counts[f"{name}|{who}"] for who in ("lmcodec", "floor", "lm15")}
            if name in KINDS:
                row = {who: (value - counts[f"base|{who}"]) / COPIES for who, value in row.items()}
            above, budget = row["lmcodec"] - row["floor"], row["lm15"] / 10 - row["floor"]
            print(
                f"| {provider} | {name} | {row['lmcodec'] / 1e3:.2f}k | {row['floor'] / 1e3:.2f}k "
                f"| {row['lm15'] / 1e3:.1f}k | {row['lm15'] / row['lmcodec']:.1f}x "
                f"| {above / 1e3:.2f}k | {budget / 1e3:.2f}k |",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:])
