"""A tool whose schema holds an object below its root that declares no properties, crossing to
Gemini (``providers/_crossing_schemas.open_objects_out``; issue 15).

Gemini's OpenAPI Schema field (``parameters``) refuses such a node ("...parameters.properties
[opts].properties: should be non-empty for OBJECT type"), with or without ``properties: {}``; the
JSON Schema field (``parametersJsonSchema``) takes any JSON Schema. lm15's builder (MAP-16) sends
these schemas under ``parameters``, and ``build_request`` stays lm15's; the gateway's pass moves
such a tool to ``parametersJsonSchema``, the schema verbatim. The root of a parameterless tool
(``{"type": "object", "properties": {}}``, lm15's default) stays: Gemini takes it."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._crossing_schemas import open_objects_out

from ..budget import examples
from .gateway_support import gemini_tools_accepted

OPEN = [{"type": "object"}, {"type": "object", "properties": {}}, {"type": "OBJECT", "description": "any"}]


def _request(*schemas: dict[str, Any]) -> lc.Request:
    tools = [lc.FunctionTool(f"t{i}", parameters=schema) for i, schema in enumerate(schemas)]
    return lc.Request(
        "gemini-2.5-flash", [lc.Message.user("hi")], tools=(*tools, lc.BuiltinTool("web_search"))
    )


def _sent(request: lc.Request) -> list[dict[str, Any]]:
    body = lc.build_request("gemini", open_objects_out(request)).body
    gemini_tools_accepted(body)
    tools = json.loads(body)["tools"]
    assert tools[1:] == [{"googleSearch": {}}]
    return list(tools[0]["functionDeclarations"])


def _placed(declaration: dict[str, Any]) -> tuple[str, Any]:
    [field] = [key for key in declaration if key.startswith("parameters")]
    return field, declaration[field]


def test_a_nested_open_object_goes_under_the_json_schema_field() -> None:
    for open_object in OPEN:
        nested = [
            {"type": "object", "properties": {"opts": open_object}},
            {"type": "object", "properties": {"rows": {"type": "array", "items": open_object}}},
            {"type": "object", "properties": {"x": {"anyOf": [{"type": "string"}, open_object]}}},
            {"type": "object", "properties": {"a": {"type": "object", "properties": {"b": open_object}}}},
        ]
        sent = _sent(_request(*nested))
        assert [_placed(d) for d in sent] == [("parametersJsonSchema", schema) for schema in nested]


def test_the_other_tools_stay_where_lm15_s_builder_puts_them() -> None:
    closed = {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "at": {"type": "object", "properties": {"lat": {"type": "number"}}},
        },
    }
    parameterless = {"type": "object", "properties": {}}
    mcp_root = {"type": "object"}
    json_only = {"type": "object", "properties": {"o": {"type": "object"}}, "additionalProperties": False}
    nested_open = {"type": "object", "properties": {"o": {"type": "object"}}}
    request = _request(closed, parameterless, mcp_root, json_only, nested_open)
    sent = _sent(request)
    assert [_placed(d) for d in sent] == [
        ("parameters", closed),
        ("parameters", parameterless),
        ("parameters", mcp_root),
        ("parametersJsonSchema", json_only),  # MAP-16 already: the builder's own choice
        ("parametersJsonSchema", nested_open),
    ]
    plain = json.loads(lc.build_request("gemini", request).body)["tools"][0]["functionDeclarations"]
    moved = [d for d, s in zip(plain, sent, strict=True) if s != d]
    assert moved == [plain[4]]  # only the nested open one


def test_a_request_with_no_such_tool_is_left_as_it_is() -> None:
    request = _request(
        {"type": "object", "properties": {}}, {"type": "object", "properties": {"q": {"type": "string"}}}
    )
    assert open_objects_out(request) == request
    assert open_objects_out(request).config.extensions is None


_LEAVES = st.sampled_from(
    [{"type": "string"}, {"type": "integer"}, {"type": "object"}, {"type": "object", "properties": {}}]
)
_SCHEMAS = st.recursive(
    _LEAVES,
    lambda inner: st.one_of(
        st.builds(
            lambda props: {"type": "object", "properties": props},
            st.dictionaries(st.sampled_from("abc"), inner, max_size=3),
        ),
        st.builds(lambda item: {"type": "array", "items": item}, inner),
        st.builds(lambda branches: {"anyOf": branches}, st.lists(inner, min_size=1, max_size=3)),
    ),
    max_leaves=8,
)


def _open_nodes_below_root(schema: Any, root: bool = True) -> int:
    """Objects below the root that declare no properties, counted over the walked keys."""
    if not isinstance(schema, dict):
        return 0
    here = 0 if root else int(str(schema.get("type")).lower() == "object" and not schema.get("properties"))
    below = [
        *(schema.get("properties") or {}).values(),
        *([schema["items"]] if "items" in schema else []),
        *(schema.get("anyOf") or []),
    ]
    return here + sum(_open_nodes_below_root(node, root=False) for node in below)


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(
        st.builds(
            lambda props: {"type": "object", "properties": props},
            st.dictionaries(st.sampled_from("xyz"), _SCHEMAS, max_size=3),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_the_openapi_field_never_carries_a_nested_open_object_and_every_schema_goes_verbatim(
    schemas: list[dict[str, Any]],
) -> None:
    sent = _sent(_request(*schemas))
    for declaration, schema in zip(sent, schemas, strict=True):
        field, value = _placed(declaration)
        assert value == schema
        assert (field == "parametersJsonSchema") == (_open_nodes_below_root(schema) > 0)


def test_translate_request_to_gemini_sends_a_nested_open_object_under_the_json_schema_field() -> None:
    """The gateway runs the pass: a Chat and an Anthropic client's MCP-style tool reach Gemini
    under ``parametersJsonSchema``, the schema as the client wrote it."""
    schema = {"type": "object", "properties": {"q": {"type": "string"}, "options": {"type": "object"}}}
    chat = {
        "model": "gemini-2.5-flash",
        "messages": [{"role": "user", "content": "hi"}],
        "tools": [{"type": "function", "function": {"name": "search", "parameters": schema}}],
    }
    anthropic = {
        "model": "gemini-2.5-flash",
        "max_tokens": 100,
        "messages": [{"role": "user", "content": "hi"}],
        "tools": [{"name": "search", "input_schema": schema}],
    }
    for source, body in (("openai_chat", chat), ("anthropic", anthropic)):
        sent = lc.translate_request(source, "gemini", json.dumps(body).encode()).body
        gemini_tools_accepted(sent)
        [declaration] = json.loads(sent)["tools"][0]["functionDeclarations"]
        assert _placed(declaration) == ("parametersJsonSchema", schema), source
