"""Provider requests: lc.build_request vs lm15's build_request, and gateway translation of a request body.

Workload: ``tests/fixtures/requests/openai_chat/travel_agent_tools.json`` — an OpenAI Chat
request with a system prompt, 8 messages (parallel tool calls and their results), 3 tools,
~4 KB. Read once with ``lc.decode_request("openai_chat", ...)``, it is the canonical Request
every builder row builds.

- ``test_build``: ``lc.build_request(p, request)`` vs lm15's adapter (``lm15.vet.adapter_for_provider``,
  ``_build``: build_request inside its adaptation scope) per provider; both must give the
  same body value. ``test_build_long``: the same on a long conversation (the workload's
  messages seven times over, call ids renamed per round: 49 messages, 21 tool calls), where the
  per-message cost dominates.
- ``test_translate``: ``decode_request(src, body)`` + ``build_request(dst, ...)`` for OpenAI Chat ->
  Anthropic and Anthropic -> OpenAI Chat (the Anthropic body is lm15's for the same Request).
  The request is routed to the destination's model by ``decode_request(..., model=)``, as a
  gateway does. LiteLLM's transformation is an optional contestant (skipped with a note when
  litellm is not installed), on the paths the issue measured: ``get_optional_params`` +
  ``AnthropicConfig.transform_request`` + ``json.dumps`` (Chat -> Anthropic) and its
  ``AnthropicAdapter`` (Anthropic -> Chat).
- The interleaved table's last columns: ``lc.translate_request`` (what a gateway calls: the reading,
  the passes that keep the source's own keys out and note what cannot cross, the build), same floor.
- ``test_floor``: msgspec's untyped decode of the body + encode of the plain objects: the least
  any translator does.

Providers whose builder or reader is not implemented yet skip with that reason. The ratios that
count are interleaved in one process (every contestant once per round, median of per-round
ratios, CPU time, GC off):

    python3 benchmarks/test_bench_requests.py [ROUNDS]
"""

from __future__ import annotations

import gc
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import msgspec
import pytest
from lm15 import vet

import lmcodec as lc
from lmcodec.lm15 import to_lm15

PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")
LM15_NAMES = {"openai": "openai", "openai_chat": "openai-chat", "anthropic": "anthropic", "gemini": "gemini"}
MODELS = {
    "openai": "gpt-4.1-mini",
    "openai_chat": "gpt-4.1-mini",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
}
# Every ordered pair of the four dialects; the two LiteLLM paths first.
_FIRST = (("openai_chat", "anthropic"), ("anthropic", "openai_chat"))
PAIRS = _FIRST + tuple(
    (src, dst) for src in PROVIDERS for dst in PROVIDERS if src != dst and (src, dst) not in _FIRST
)
BODY = (
    Path(__file__).parent.parent
    / "tests"
    / "fixtures"
    / "requests"
    / "openai_chat"
    / "travel_agent_tools.json"
).read_bytes()

_untyped = msgspec.json.Decoder().decode
_encode = msgspec.json.Encoder().encode


@cache
def canonical(provider: str) -> lc.Request:
    """The workload as a canonical Request addressed to ``provider``'s model."""
    request = lc.decode_request("openai_chat", BODY)
    return lc.replace(request, model=MODELS[provider])


LONG_ROUNDS = 7


@cache
def long_canonical(provider: str) -> lc.Request:
    """The workload's messages ``LONG_ROUNDS`` times over, each round's call ids its own."""
    request = canonical(provider)
    messages = []
    for round_ in range(LONG_ROUNDS):
        for message in request.messages:
            parts = tuple(
                lc.replace(part, id=f"{part.id}_{round_}")
                if isinstance(part, (lc.ToolCallPart, lc.ToolResultPart))
                else part
                for part in message.parts
            )
            messages.append(lc.replace(message, parts=parts))
    return lc.replace(request, messages=tuple(messages))


@cache
def adapter(provider: str) -> Any:
    return vet.adapter_for_provider(LM15_NAMES[provider], api_key="sk-test")


def lm15_build(provider: str, request: Any) -> bytes:
    built, _ = adapter(provider)._build(request, stream=False)
    body: bytes = built.body
    return body


def lmcodec_build(provider: str, request: lc.Request) -> bytes:
    return lc.build_request(provider, request).body


@cache
def unavailable(provider: str) -> str | None:
    """Why ``provider``'s builder cannot run here, or None."""
    try:
        lmcodec_build(provider, canonical(provider))
    except NotImplementedError:
        return f"lc.build_request is not implemented for {provider} yet"
    return None


@cache
def unreadable(provider: str) -> str | None:
    """Why ``provider``'s reader cannot run here, or None."""
    try:
        lc.decode_request(provider, source_body(provider))
    except NotImplementedError:
        return f"lc.decode_request is not implemented for {provider} yet"
    return None


@cache
def source_body(provider: str) -> bytes:
    """The workload in ``provider``'s dialect: the fixture itself, or lm15's body for the same Request."""
    if provider == "openai_chat":
        return BODY
    return lm15_build(provider, to_lm15(canonical(provider)))


def translate(src: str, dst: str, body: bytes) -> bytes:
    """A gateway's work: the client's body read, routed to ``dst``'s model, built in ``dst``'s dialect."""
    request = lc.decode_request(src, body, model=MODELS[dst])
    return lc.build_request(dst, request).body


def gateway(src: str, dst: str, body: bytes) -> bytes:
    """What a gateway calls: ``lc.translate_request`` (the reading, the passes between two dialects
    that keep the source's own keys out and note what cannot cross, the build)."""
    return lc.translate_request(src, dst, body, model=MODELS[dst]).body


def floor(body: bytes) -> bytes:
    """msgspec's untyped decode of the body to plain objects, then encode: the least a translator does."""
    return _encode(_untyped(body))


def _litellm() -> Any:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no network fetch at import
    try:
        import litellm  # type: ignore[import-not-found]
    except ImportError:
        return None
    return litellm


def litellm_chat_to_anthropic(body: bytes) -> bytes:
    """LiteLLM's transformation of an OpenAI Chat body into an Anthropic Messages body.

    The path the issue measured (what ``litellm.completion`` runs before it sends, without the
    HTTP client and logging around it): ``get_optional_params`` (the OpenAI params checked and
    mapped for the provider), ``AnthropicConfig.transform_request``, ``json.dumps``.
    """
    litellm = _litellm()
    from litellm.utils import get_optional_params  # type: ignore[import-not-found]

    data = json.loads(body)
    params = {k: v for k, v in data.items() if k not in ("model", "messages")}
    optional = get_optional_params(model=MODELS["anthropic"], custom_llm_provider="anthropic", **params)
    out = litellm.AnthropicConfig().transform_request(MODELS["anthropic"], data["messages"], optional, {}, {})
    return json.dumps(out).encode()


def litellm_anthropic_to_chat(body: bytes) -> bytes:
    """LiteLLM's reading of an Anthropic Messages body into OpenAI Chat form (its AnthropicAdapter)."""
    from litellm.llms.anthropic.messages.adapters.transformation import (  # type: ignore[import-not-found]
        AnthropicAdapter,
    )

    out = AnthropicAdapter().translate_completion_input_params(json.loads(body))
    return json.dumps(out).encode()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_build(benchmark: Any, provider: str) -> None:
    why = unavailable(provider)
    if why:
        pytest.skip(why)
    request = canonical(provider)
    lm_request = to_lm15(request)
    assert json.loads(lmcodec_build(provider, request)) == json.loads(lm15_build(provider, lm_request))
    benchmark.group = f"build_request {provider}"
    benchmark(lmcodec_build, provider, request)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_build_long(benchmark: Any, provider: str) -> None:
    why = unavailable(provider)
    if why:
        pytest.skip(why)
    request = long_canonical(provider)
    assert json.loads(lmcodec_build(provider, request)) == json.loads(lm15_build(provider, to_lm15(request)))
    benchmark.group = f"build_request {provider}, {len(request.messages)} messages"
    benchmark(lmcodec_build, provider, request)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_build_long_lm15(benchmark: Any, provider: str) -> None:
    request = long_canonical(provider)
    benchmark.group = f"build_request {provider}, {len(request.messages)} messages"
    benchmark(lm15_build, provider, to_lm15(request))


@pytest.mark.parametrize("provider", PROVIDERS)
def test_build_lm15(benchmark: Any, provider: str) -> None:
    lm_request = to_lm15(canonical(provider))
    benchmark.group = f"build_request {provider}"
    benchmark(lm15_build, provider, lm_request)


@pytest.mark.parametrize(("src", "dst"), PAIRS, ids=[f"{s}-to-{d}" for s, d in PAIRS])
def test_translate(benchmark: Any, src: str, dst: str) -> None:
    why = unavailable(dst) or unreadable(src)
    if why:
        pytest.skip(why)
    body = source_body(src)
    benchmark.group = f"translate {src} -> {dst}"
    assert benchmark(translate, src, dst, body)


@pytest.mark.parametrize("src", PROVIDERS)
def test_floor(benchmark: Any, src: str) -> None:
    body = source_body(src)
    benchmark.group = f"translate {src} floor"
    assert benchmark(floor, body)


LITELLM: dict[tuple[str, str], Callable[[bytes], bytes]] = {
    ("openai_chat", "anthropic"): litellm_chat_to_anthropic,
    ("anthropic", "openai_chat"): litellm_anthropic_to_chat,
}


@pytest.mark.parametrize(("src", "dst"), list(LITELLM), ids=[f"{s}-to-{d}" for s, d in LITELLM])
def test_litellm(benchmark: Any, src: str, dst: str) -> None:
    if _litellm() is None:
        pytest.skip("litellm is not installed (optional bench contestant)")
    benchmark.group = f"translate {src} -> {dst}"
    assert benchmark(LITELLM[src, dst], source_body(src))


# ── interleaved ratios ────────────────────────────────────────────────────────


def _rounds(contestants: dict[str, Callable[[], Any]], rounds: int, inner: int) -> dict[str, list[float]]:
    """Each contestant's time per call in each round. Every timed batch follows one untimed call
    of the same contestant, and the order turns by one each round: the contestant run first
    after the round's collection met the caches the collection had emptied (two versions of
    lmcodec's builders measured 0.84-0.96x apart in one fixed order, 1.14-1.19x in the other)."""
    times: dict[str, list[float]] = {name: [] for name in contestants}
    order = list(contestants.items())
    for round_ in range(rounds):
        gc.collect()
        gc.disable()
        try:
            turn = round_ % len(order)
            for name, run in order[turn:] + order[:turn]:
                run()
                t0 = time.process_time()
                for _ in range(inner):
                    run()
                times[name].append((time.process_time() - t0) / inner)
        finally:
            gc.enable()
    return times


def _ratio(times: dict[str, list[float]], a: str, b: str) -> float:
    return statistics.median(x / y for x, y in zip(times[a], times[b], strict=True))


def main(rounds: int = 9, inner: int = 200) -> None:
    print("| build_request | lmcodec µs | lm15 µs | lm15 / lmcodec |")
    print("|---|---:|---:|---:|")
    for workload, label, repeat in ((canonical, "", inner), (long_canonical, ", long", inner // LONG_ROUNDS)):
        for provider in PROVIDERS:
            why = unavailable(provider)
            if why:
                print(f"| {provider}{label} | {why} | | |")
                continue
            request = workload(provider)
            lm_request = to_lm15(request)
            times = _rounds(
                {
                    "lmcodec": lambda p=provider, r=request: lmcodec_build(p, r),
                    "lm15": lambda p=provider, r=lm_request: lm15_build(p, r),
                },
                rounds,
                max(repeat, 1),
            )
            lc_us = statistics.median(times["lmcodec"]) * 1e6
            lm_us = statistics.median(times["lm15"]) * 1e6
            name = f"{provider}{label} ({len(request.messages)} messages)" if label else provider
            print(f"| {name} | {lc_us:.1f} | {lm_us:.1f} | {_ratio(times, 'lm15', 'lmcodec'):.1f}x |")
    print()
    print(
        "| translate | bytes | lmcodec µs | floor µs | lmcodec / floor | LiteLLM / lmcodec | LiteLLM / floor "
        "| translate_request µs | translate_request / floor |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for src, dst in PAIRS:
        why = unavailable(dst) or unreadable(src)
        if why:
            print(f"| {src} -> {dst} | | {why} | | | | | | |")
            continue
        body = source_body(src)
        contestants: dict[str, Callable[[], Any]] = {
            "lmcodec": lambda s=src, d=dst, b=body: translate(s, d, b),
            "floor": lambda b=body: floor(b),
            "gateway": lambda s=src, d=dst, b=body: gateway(s, d, b),
        }
        litellm_row = (src, dst) in LITELLM and _litellm() is not None
        if litellm_row:
            contestants["litellm"] = lambda b=body, run=LITELLM[src, dst]: run(b)
        times = _rounds(contestants, rounds, inner)
        lc_us = statistics.median(times["lmcodec"]) * 1e6
        floor_us = statistics.median(times["floor"]) * 1e6
        if litellm_row:
            over_floor = _ratio(times, "litellm", "floor")
            vs_litellm = f"{_ratio(times, 'litellm', 'lmcodec'):.0f}x | {over_floor:.0f}x"
        else:
            vs_litellm = "not installed | " if _litellm() is None else "- | -"
        print(
            f"| {src} -> {dst} | {len(body)} | {lc_us:.1f} | {floor_us:.1f} | "
            f"{_ratio(times, 'lmcodec', 'floor'):.2f}x | {vs_litellm} | "
            f"{statistics.median(times['gateway']) * 1e6:.1f} | {_ratio(times, 'gateway', 'floor'):.2f}x |"
        )
    if _litellm() is None:
        print("\nLiteLLM: not installed, no rows (optional contestant).")
    else:
        print(
            "\nLiteLLM has a transformation for the first two pairs only (-). LiteLLM / floor is the"
            "\nmost any translator could be faster than LiteLLM: one that cost only the floor."
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 9)
