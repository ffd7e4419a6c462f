"""The caches of tool sets and schemas keyed by their bytes (red team 6 F07): Gemini's written
tools (``_build_tools``), its OpenAPI fit (``_build_schema``) and crossing's JSON Schema check
were bounded by entries (256), not bytes: 256 requests with their own 112 kB tool sets left
~94 MB held by ``build_request("gemini")`` and ~33 MB more by ``translate_request`` from Gemini.
Each is now bounded by the bytes it holds (:class:`lmcodec.providers._memo.BytesMemo`), and
still answers a repeated tool set without walking it again."""

from __future__ import annotations

import gc
import itertools
import tracemalloc
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.providers import _crossing_openapi_schemas, _memo, crossing
from lmcodec.providers.gemini import _build_schema, _build_tools

_SEED = itertools.count()


def _tools(properties: int) -> tuple[lc.FunctionTool, ...]:
    seed = next(_SEED)
    props = {
        f"p{i}_{seed}": {"type": "string", "description": f"Property {i} of tool set {seed}, " + "x" * 40}
        for i in range(properties)
    }
    schema = {"type": "object", "properties": props}
    return (lc.FunctionTool(name=f"tool_{seed}", description="A tool.", parameters=schema),)


def _request(properties: int) -> lc.Request:
    return lc.Request("gemini-2.5-flash", [lc.Message.user("hi")], tools=_tools(properties))


@pytest.mark.thorough
def test_distinct_large_tool_sets_leave_a_bounded_amount_held() -> None:
    gc.collect()
    tracemalloc.start()
    try:
        for _ in range(64):  # ~112 kB of schema each, each request its own tools
            request = _request(1000)
            body = lc.build_request("gemini", request).body
            lc.translate_request("gemini", "openai_chat", body, model="gpt-4.1-mini")
        del request, body
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    caches = (_build_tools._WRITTEN, _build_schema._FITS, _crossing_openapi_schemas._UNCHANGED)
    bound = sum(cache.budget for cache in caches)
    assert all(cache.held <= cache.budget for cache in caches)
    assert held < bound + 2_000_000, (held, bound)  # was 30 MB (64 tool sets, every copy kept)


def test_a_repeated_small_tool_set_is_walked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: dict[str, int] = {"tools": 0, "fits": 0, "json_schema": 0}

    def counted(name: str, function: Any) -> Any:
        def call(*args: Any) -> Any:
            calls[name] += 1
            return function(*args)

        return call

    monkeypatch.setattr(_build_tools, "tools_wire", counted("tools", _build_tools.tools_wire))
    monkeypatch.setattr(
        _build_schema, "walk_fits_openapi_schema", counted("fits", _build_schema.walk_fits_openapi_schema)
    )
    # read back from the key on a miss only (json_schema_of itself recurses)
    schema_value = _crossing_openapi_schemas._SCHEMA_VALUE
    monkeypatch.setattr(_crossing_openapi_schemas, "_SCHEMA_VALUE", counted("json_schema", schema_value))
    tools = _tools(5)
    request = lc.Request("gemini-2.5-flash", [lc.Message.user("hi")], tools=tools)
    first = lc.build_request("gemini", request).body
    for _ in range(3):
        assert lc.build_request("gemini", request).body == first
        assert crossing.is_json_schema(tools[0].parameters)
    assert calls == {"tools": 1, "fits": 1, "json_schema": 1}


def test_a_key_over_the_budget_is_not_kept_and_the_budget_clears() -> None:
    memo: _memo.BytesMemo[bool] = _memo.BytesMemo(budget=100)
    memo.put(b"x" * 101, True)
    assert memo.get(b"x" * 101) is None and memo.held == 0
    memo.put(b"a" * 60, True)
    assert memo.get(b"a" * 60) is True and memo.held == 60
    memo.put(b"b" * 60, False)  # would pass the budget: the earlier answers go
    assert memo.get(b"a" * 60) is None and memo.get(b"b" * 60) is False and memo.held == 60
