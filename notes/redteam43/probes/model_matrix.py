"""lc.build_request next to lm15's adapter on rich Requests x odd model names, four providers.

Run from the worktree: PYTHONPATH=src:. /work/venv/bin/python notes/redteam43/probes/model_matrix.py [N]
Reuses the project's differential harness (tests/providers/request_support.py) and swaps the model.
"""
from __future__ import annotations

import collections
import random
import sys
import traceback

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from tests.providers import request_support as rs

FAMILY = {
    "anthropic": [
        "claude-sonnet-4-5", "claude-opus-4-6", "claude-opus-4-7", "claude-opus-4-8", "claude-sonnet-4-6",
        "claude-sonnet-5", "claude-opus-5", "claude-haiku-5", "claude-fable-1", "claude-mythos",
        "claude-haiku-4-5-20251001", "claude-3-5-haiku-latest", "claude-3.5-sonnet", "claude-3-haiku-20240307",
        "claude-3-opus-20240229", "claude-3-sonnet", "claude-opus-4-1", "claude-opus-4-5", "CLAUDE-SONNET-5",
        "Claude-Opus-4-6", "anthropic/claude-sonnet-5", "us.anthropic.claude-sonnet-4-5-v1:0",
        "claude-sonnet-4-5@20250929", "deepseek-chat", "kimi-k2", "", " claude-opus-4-6 ", "claude",
        "CLAUDE-3-HAIKU", "claude-3-5-sonnet-20241022", "claude-sonnet-4-6-thinking", "x-opus-5-y",
    ],
    "gemini": [
        "gemini-2.5-flash", "gemini-2.5-pro", "gemini-3-pro-preview", "models/gemini-3-flash",
        "Gemini-3-pro", "MODELS/GEMINI-3-FLASH", "models/Gemini-3-pro", "gemini-3.1-flash-lite",
        "gemini-2.0-flash-live-001", "gemini-live-2.5-flash-preview", "gemini-2.5-flash-native-audio",
        "tunedModels/my model+1", "gemini-3", "gemini-30", "gemini-2.5-flash-image", "gemma-3-27b-it",
        "publishers/google/models/gemini-3-pro", "gemini:gemini-2.0-flash", "", "a/b?c#d", "m%20x",
        "gemini-2.5-flash-preview-05-20", "learnlm-2.0-flash",
    ],
    "openai": [
        "gpt-5", "gpt-5.6", "gpt-5.6-mini", "GPT-5.6", "gpt-5.10", "gpt-6.0", "gpt-5.5", "gpt-5.60",
        "gpt-4.1-mini", "o3", "o4-mini", "gpt-4o", "gpt-realtime", "gpt-4o-realtime-preview",
        "openai:gpt-5.6-mini", "ft:gpt-5.6:org::abc", "gpt-5.6-2026-01-01", "gpt-05.06", "gpt-5.7-pro",
        "gpt-oss-120b", "", "gpt-5.6x", "chatgpt-4o-latest", "codex-mini-latest",
    ],
    "openai_chat": [
        "gpt-5", "gpt-5.6", "gpt-5.6-mini", "GPT-5.6", "gpt-5.10", "gpt-6.0", "gpt-5.5", "gpt-4.1-mini",
        "o3", "o1-mini", "gpt-4o", "gpt-4o-audio-preview", "gpt-realtime", "openai:gpt-5.6-mini",
        "ft:gpt-5.6:org::abc", "gpt-5.6-2026-01-01", "gpt-oss-120b", "", "deepseek-chat", "llama-3.1-8b",
    ],
}

LM15_NAME = {"openai_chat": "openai-chat"}


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    tallies: dict[str, collections.Counter[str]] = {}
    diffs: dict[str, list[tuple[str, object, object]]] = collections.defaultdict(list)
    for provider, models in FAMILY.items():
        tally = tallies.setdefault(provider, collections.Counter())
        lm_name = LM15_NAME.get(provider, provider)
        if provider.startswith("openai"):
            strategy = rs.canonical_requests("anthropic")  # model swapped below; no signing states matter
        else:
            strategy = rs.rich_requests(provider)
        rnd = random.Random(7)

        @settings(max_examples=n, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        @given(request=strategy, stream=st.booleans())
        def run(request: lc.Request, stream: bool) -> None:
            model = rnd.choice(models)
            try:
                request = lc.replace(request, model=model)
            except Exception:
                tally["model refused by Request"] += 1
                return
            try:
                expected = rs.lm15_build(lm_name, request, stream=stream)
            except Exception as exc:
                tally[f"lm15 raised {type(exc).__name__}"] += 1
                return
            try:
                got = rs.lc_build(provider, request, stream=stream)
            except Exception as exc:
                tally[f"lc raised {type(exc).__name__}"] += 1
                diffs[provider].append((model, "raise", traceback.format_exc()[-600:]))
                return
            if provider.startswith("openai") and expected.path and expected.path.startswith("/v1/"):
                import dataclasses
                expected = dataclasses.replace(expected, path=expected.path[3:])
            if got == expected:
                tally["same"] += 1
            else:
                tally["differ"] += 1
                diffs[provider].append((model, expected, got))

        run()
        if provider.startswith("openai"):
            strategy = rs.rich_requests("anthropic")
            run2 = settings(max_examples=n, deadline=None, database=None, derandomize=True,
                            suppress_health_check=list(HealthCheck))(given(request=strategy, stream=st.booleans())(run.hypothesis.inner_test))
            run2()
    for provider, tally in tallies.items():
        print(provider, dict(tally))
    for provider, rows in diffs.items():
        seen = set()
        for model, expected, got in rows:
            key = (model, str(expected)[:80])
            if model in seen:
                continue
            seen.add(model)
            print("=" * 30, provider, repr(model))
            print(" lm15:", str(expected)[:1500])
            print(" lc  :", str(got)[:1500])
    return 0


if __name__ == "__main__":
    sys.exit(main())
