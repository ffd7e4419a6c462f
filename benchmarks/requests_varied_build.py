"""build_request against lm15's on varied requests, not only the benchmark's one conversation.

``test_bench_requests.py`` measures one request (the travel-agent Chat fixture, and its messages
seven times over). Its figures say nothing of the requests the differential tests draw: tool
results with images, signed thinking, non-ASCII tool inputs, settings each wire notes as dropped
or clamped. Workloads, per provider, each request built in turn:

- ``tiny``: one user message and a model;
- ``short`` / ``long``: ``test_bench_requests.py``'s request and its 49-message form;
- ``varied``: the first requests lmcodec builds of those ``tests/providers/request_support.rich_requests``
  draws (hypothesis, derandomized: the same requests every run; the OpenAI wires get the
  Anthropic draws with an OpenAI model);
- ``vlong``: the varied requests eight at a time, their messages joined (call ids renamed).

Rows: lmcodec's and lm15's time per request, CPU time, every contestant once per round in turn
(``test_bench_requests._rounds``, GC off), the ratio the median of per-round ratios; or, with
``--callgrind``, lmcodec's instructions per build (one valgrind run, 5 runs of each workload after
3 warm-up runs, between two ``os.getppid`` markers; lm15 is not run under valgrind: ~10x the time).

    python3 benchmarks/requests_varied_build.py [ROUNDS]
    python3 benchmarks/requests_varied_build.py --callgrind [PROVIDER ...]
"""

from __future__ import annotations

import os
import pickle
import statistics
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import lmcodec as lc
from lmcodec.lm15 import to_lm15

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]  # the sibling modules, and tests/ for the strategies

from callgrind_support import marked_dumps, total  # noqa: E402
from test_bench_requests import (  # noqa: E402
    MODELS,
    PROVIDERS,
    _ratio,
    _rounds,
    canonical,
    lm15_build,
    long_canonical,
)

WORKLOADS = ("tiny", "short", "long", "varied", "vlong")
VARIED = 60  # requests a provider
JOINED = 8  # varied requests a vlong request
INNER = {"tiny": 1000, "short": 200, "long": 40, "varied": 4, "vlong": 4}
RUNS = 5


_DRAWN: dict[str, tuple[lc.Request, ...]] = {}  # inside valgrind: the outer run's draws


@cache
def varied(provider: str) -> tuple[lc.Request, ...]:
    """The first :data:`VARIED` drawn requests lmcodec builds for ``provider``."""
    if provider in _DRAWN:
        return _DRAWN[provider]
    from hypothesis import HealthCheck, given, settings
    from tests.providers.request_support import rich_requests

    drawn: list[lc.Request] = []
    own_models = provider in ("anthropic", "gemini")

    @settings(
        derandomize=True,
        max_examples=400,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
    @given(rich_requests(provider if own_models else "anthropic"))
    def draw(request: lc.Request) -> None:
        if len(drawn) >= VARIED:
            return
        if not own_models:
            request = lc.replace(request, model=MODELS[provider])
        try:
            lc.build_request(provider, request)
        except (lc.ProviderError, lc.ValidationError, OSError):
            return
        drawn.append(request)

    draw()
    return tuple(drawn)


def _joined(requests: tuple[lc.Request, ...]) -> list[lc.Request]:
    """The requests :data:`JOINED` at a time: the first one's settings, all their messages."""
    out = []
    for start in range(0, len(requests) - JOINED + 1, JOINED):
        group = requests[start : start + JOINED]
        messages = []
        for index, request in enumerate(group):
            for message in request.messages:
                parts = tuple(
                    lc.replace(part, id=f"{part.id}_{index}")
                    if isinstance(part, (lc.ToolCallPart, lc.ToolResultPart))
                    else part
                    for part in message.parts
                )
                messages.append(lc.replace(message, parts=parts))
        out.append(lc.replace(group[0], messages=tuple(messages)))
    return out


@cache
def workload(provider: str, name: str) -> list[lc.Request]:
    if name == "tiny":
        return [
            lc.Request(model=MODELS[provider], messages=(lc.Message.user("What is the capital of France?"),))
        ]
    if name == "short":
        return [canonical(provider)]
    if name == "long":
        return [long_canonical(provider)]
    if name == "varied":
        return list(varied(provider))
    return _joined(varied(provider))


def _builds(provider: str, requests: list[Any], build: Callable[[str, Any], Any]) -> Callable[[], None]:
    def run() -> None:
        for request in requests:
            build(provider, request)

    return run


def _lmcodec(provider: str, request: lc.Request) -> bytes:
    return lc.build_request(provider, request).body


def main(rounds: int) -> None:
    print("| workload | provider | requests | lmcodec µs | lm15 µs | lm15 / lmcodec |")
    print("|---|---|---:|---:|---:|---:|")
    for name in WORKLOADS:
        for provider in PROVIDERS:
            requests = workload(provider, name)
            lm_requests = [to_lm15(r) for r in requests]
            times = _rounds(
                {
                    "lmcodec": _builds(provider, requests, _lmcodec),
                    "lm15": _builds(provider, lm_requests, lm15_build),
                },
                rounds,
                INNER[name],
            )
            n = len(requests)
            ours = statistics.median(times["lmcodec"]) * 1e6 / n
            theirs = statistics.median(times["lm15"]) * 1e6 / n
            ratio = _ratio(times, "lm15", "lmcodec")
            print(f"| {name} | {provider} | {n} | {ours:.2f} | {theirs:.2f} | {ratio:.2f}x |", flush=True)


def _inner(path: str, providers: list[str]) -> None:
    """Inside valgrind: each workload warmed up, then run between two markers."""
    _DRAWN.update(pickle.loads(Path(path).read_bytes()))
    for provider in providers:
        for name in WORKLOADS:
            run = _builds(provider, workload(provider, name), _lmcodec)
            for _ in range(3):
                run()
            os.getppid()
            for _ in range(RUNS):
                run()
            os.getppid()


def callgrind(providers: list[str]) -> None:
    drawn = {provider: varied(provider) for provider in providers}  # drawn once, outside valgrind
    print("| provider | workload | instructions / build |")
    print("|---|---|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "drawn.pickle"
        path.write_bytes(pickle.dumps(drawn))
        with marked_dumps(__file__, str(path), *providers) as dump:
            k = 2
            for provider in providers:
                for name in WORKLOADS:
                    count = total(dump(k)) / RUNS / len(workload(provider, name))
                    print(f"| {provider} | {name} | {count:,.0f} |", flush=True)
                    k += 2


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--inner"]:
        _inner(args[1], args[2:])
    elif args[:1] == ["--callgrind"]:
        callgrind(args[1:] or list(PROVIDERS))
    else:
        main(int(args[0]) if args else 9)
