"""A Responses function tool's ``strict: false`` through ``lc.decode_request("openai")``.

The openai SDK's ``FunctionToolParam`` requires ``strict`` on every function tool, and ``false``
is what a client sends for a schema that is not strict-compatible. lm15's builder sends no strict
flag, so the canonical tool has no field for it; as for every key the canonical vocabulary has no
field for (issue 15), the body's ``tools`` ride as sent in ``Config.extensions`` (each explicit
``strict`` with them), and ``build_request`` writes them back where lm15 writes its tools: the same
JSON value. It was refused ("strict: false cannot be carried").
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import responses_accepts, responses_body

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}, "units": {"type": "string"}}}


def _tools() -> list[Any]:
    """The tools as typed by the openai SDK's Responses params (``FunctionToolParam`` needs strict)."""
    from openai.types.responses import FunctionToolParam, WebSearchPreviewToolParam

    loose = FunctionToolParam(type="function", name="get_weather", parameters=SCHEMA, strict=False)
    tight = FunctionToolParam(
        type="function", name="now", description="The time", parameters={"type": "object"}, strict=True
    )
    hosted = WebSearchPreviewToolParam(type="web_search_preview")
    return [loose, hosted, tight]


@pytest.mark.parametrize("text", ["list", "string"])
def test_strict_false_round_trips_as_the_same_json_value(text: str) -> None:
    ask: Any = "Weather?" if text == "string" else [{"role": "user", "content": "Weather?"}]
    body = responses_body(model="gpt-5", input=ask, tools=_tools())
    request = lc.decode_request("openai", body)
    assert [tool.name for tool in request.tools] == ["get_weather", "web_search", "now"]
    built = lc.build_request("openai", request)
    rebuilt = json.loads(built.body)
    sent = json.loads(body)
    assert rebuilt["tools"] == sent["tools"]
    plain = lc.replace(request, config=lc.replace(request.config, extensions=None))
    assert list(rebuilt) == list(json.loads(lc.build_request("openai", plain).body))  # lm15's key order
    responses_accepts(built.body)
    assert lc.decode_request("openai", built.body) == request  # a fixed point


def test_a_lone_strict_false_tool_is_kept_with_its_flag() -> None:
    tools = [{"type": "function", "name": "f", "parameters": SCHEMA, "strict": False}]
    body = json.dumps({"model": "gpt-5", "input": "hi", "tools": tools}).encode()
    request = lc.decode_request("openai", body)
    assert request.config.extensions == {"tools": tools}
    assert json.loads(lc.build_request("openai", request).body)["tools"] == tools


def test_strict_true_alone_is_still_read_as_lm15_writes_it() -> None:
    tools = [{"type": "function", "name": "f", "parameters": SCHEMA, "strict": True}]
    body = json.dumps({"model": "gpt-5", "input": "hi", "tools": tools}).encode()
    assert lc.decode_request("openai", body).config.extensions is None


def test_a_strict_flag_that_is_no_boolean_is_still_refused() -> None:
    tools = [{"type": "function", "name": "f", "parameters": SCHEMA, "strict": "no"}]
    body = json.dumps({"model": "gpt-5", "input": "hi", "tools": tools}).encode()
    with pytest.raises(lc.ValidationError, match=r"\$\.tools\[0\]\.strict"):
        lc.decode_request("openai", body)
