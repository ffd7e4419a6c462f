"""An OpenAI client's ``prompt_cache_retention: "24h"`` toward Anthropic (red team 19 F01).

The canonical long retention rides a cache mark's ``1h`` ttl on the Messages API, and lm15's
Anthropic builder marks only the system prompt and a breakpoint. With neither, nothing of the
retention reaches the body: it is listed ``dropped`` (as toward Gemini, which takes no lifetime
in-request). With a system prompt (also one given as a Responses client's leading developer item)
the ttl is written and nothing is listed."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

_BODIES: dict[str, dict[str, Any]] = {
    "openai_chat": {"model": "claude-sonnet-4-5", "messages": [{"role": "user", "content": "Hi"}]},
    "openai": {"model": "claude-sonnet-4-5", "input": "Hi"},
}
_SYSTEM: dict[str, dict[str, Any]] = {
    "openai_chat": {
        "model": "claude-sonnet-4-5",
        "messages": [{"role": "system", "content": "Be brief"}, {"role": "user", "content": "Hi"}],
    },
    "openai": {
        "model": "claude-sonnet-4-5",
        "input": [{"role": "developer", "content": "Be brief"}, {"role": "user", "content": "Hi"}],
    },
}


def _retention_notes(built: lc.ProviderRequest) -> list[tuple[str, str, Any]]:
    return [(a.field, a.action, a.asked) for a in built.adaptations if a.field.startswith("config.cache")]


@pytest.mark.parametrize("source", sorted(_BODIES))
def test_a_long_retention_with_no_mark_is_listed_dropped(source: str) -> None:
    body = {**_BODIES[source], "prompt_cache_retention": "24h"}
    built = lc.translate_request(source, "anthropic", json.dumps(body))
    assert b"ttl" not in built.body
    assert _retention_notes(built) == [("config.cache.retention", "dropped", "long")]


@pytest.mark.parametrize("source", sorted(_SYSTEM))
def test_a_long_retention_on_the_system_mark_is_carried(source: str) -> None:
    body = {**_SYSTEM[source], "prompt_cache_retention": "24h"}
    built = lc.translate_request(source, "anthropic", json.dumps(body))
    system = json.loads(built.body)["system"]
    assert system[0]["cache_control"] == {"type": "ephemeral", "ttl": "1h"}
    assert _retention_notes(built) == []


@pytest.mark.parametrize("source", sorted(_BODIES))
def test_the_default_retention_is_not_listed(source: str) -> None:
    body = {**_BODIES[source], "prompt_cache_retention": "in_memory"}
    built = lc.translate_request(source, "anthropic", json.dumps(body))
    assert _retention_notes(built) == []
