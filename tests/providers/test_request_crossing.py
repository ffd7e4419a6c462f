"""What a request means in one dialect and another spells differently: Gemini's OpenAPI Schemas
and tool results paired with their calls by a reused id."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

import lmcodec as lc
from lmcodec.providers.crossing import json_schema_of

from ..budget import examples
from .gateway_support import genai_http_options
from .request_support import lm15_build

genai = pytest.importorskip("google.genai", reason="google-genai writes the client bodies")
from google.genai import types  # noqa: E402

OTHERS = {"anthropic": "claude-sonnet-4-5", "openai": "gpt-4.1", "openai_chat": "gpt-4.1"}


def _genai_body(config: types.GenerateContentConfig) -> bytes:
    """The body google-genai's client sends for ``generate_content`` with ``config``."""
    sent: list[bytes] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request.content)
        return httpx.Response(200, json={"candidates": []})

    options = genai_http_options(httpx.Client(transport=httpx.MockTransport(handler)))
    client = genai.Client(api_key="test-key", http_options=options)
    client.models.generate_content(model="gemini-2.5-pro", contents="weather in Paris?", config=config)
    return sent[0]


def _weather_config() -> types.GenerateContentConfig:
    city = types.Schema(type="STRING", nullable=True, description="City")
    unit = types.Schema(type="STRING", enum=["C", "F"])
    parameters = types.Schema(type="OBJECT", properties={"city": city, "unit": unit}, required=["city"])
    answer = types.Schema(
        type="OBJECT",
        properties={
            "answer": types.Schema(type="STRING"),
            "tags": types.Schema(type="ARRAY", items=types.Schema(type="STRING")),
        },
    )
    return types.GenerateContentConfig(
        tools=[
            types.Tool(
                function_declarations=[types.FunctionDeclaration(name="get_weather", parameters=parameters)]
            )
        ],
        response_mime_type="application/json",
        response_schema=answer,
    )


JSON_PARAMETERS = {
    "type": "object",
    "properties": {
        "city": {"type": ["string", "null"], "description": "City"},
        "unit": {"type": "string", "enum": ["C", "F"]},
    },
    "required": ["city"],
}
JSON_ANSWER = {
    "type": "object",
    "properties": {"answer": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}},
}


def _schemas(dialect: str, body: dict[str, Any]) -> tuple[Any, Any]:
    """The function tool's schema and the response schema in ``dialect``'s body."""
    if dialect == "anthropic":
        return body["tools"][0]["input_schema"], body["output_config"]["format"]["schema"]
    if dialect == "openai":
        return body["tools"][0]["parameters"], body["text"]["format"]["schema"]
    return body["tools"][0]["function"]["parameters"], body["response_format"]["json_schema"]["schema"]


def _key_sorted(value: Any) -> Any:
    return json.loads(json.dumps(value, sort_keys=True))


@pytest.mark.parametrize("destination", sorted(OTHERS))
def test_a_google_genai_schema_goes_to_another_dialect_as_json_schema(destination: str) -> None:
    """google-genai writes its typed Schema with upper-case types and nullable; forwarded as
    they were, Anthropic and OpenAI got "type": "OBJECT" (not JSON Schema), with no adaptation."""
    body = _genai_body(_weather_config())
    assert b'"OBJECT"' in body and b'"nullable": true' in body.replace(b'":true', b'": true')
    built = lc.translate_request("gemini", destination, body, model=OTHERS[destination])
    parameters, answer = _schemas(destination, json.loads(built.body))
    assert _key_sorted(parameters) == _key_sorted(JSON_PARAMETERS)
    closed = {"additionalProperties": False} if destination == "anthropic" else {}  # Claude's rule
    assert _key_sorted(answer) == _key_sorted({**JSON_ANSWER, **closed})
    changed = {a.field: a for a in built.adaptations if a.action == "substituted"}
    assert set(changed) >= {"tools[0].parameters", "config.response_format.schema"}
    assert _key_sorted(changed["tools[0].parameters"].applied) == _key_sorted(JSON_PARAMETERS)


def test_the_same_schema_back_to_gemini_is_unchanged() -> None:
    body = _genai_body(_weather_config())
    sent = json.loads(body)
    built = json.loads(lc.translate_request("gemini", "gemini", body, model="gemini-2.5-pro").body)
    assert built["tools"] == sent["tools"]
    assert built["generationConfig"]["responseSchema"] == sent["generationConfig"]["responseSchema"]


@pytest.mark.parametrize(
    "schema",
    [
        JSON_PARAMETERS,
        {"type": "object", "properties": {"type": {"type": "string"}, "nullable": {"type": "boolean"}}},
        {"anyOf": [{"type": "string"}, {"type": "null"}], "default": "OBJECT", "enum": ["OBJECT", "STRING"]},
        {"type": ["integer", "null"], "items": [{"type": "number"}]},
    ],
)
def test_a_json_schema_is_its_own_json_schema(schema: dict[str, Any]) -> None:
    """Property names and values (enum, default) are never taken for type names."""
    assert json_schema_of(schema) == schema


def _chat_body(second_call_id: str) -> bytes:
    def call(call_id: str, name: str) -> dict[str, Any]:
        return {"id": call_id, "type": "function", "function": {"name": name, "arguments": "{}"}}

    messages = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "tool_calls": [call("call_0", "f")]},
        {"role": "tool", "tool_call_id": "call_0", "content": "F"},
        {"role": "assistant", "content": None, "tool_calls": [call(second_call_id, "g")]},
        {"role": "tool", "tool_call_id": second_call_id, "content": "G"},
    ]
    return json.dumps({"model": "gpt-4.1", "messages": messages}).encode()


def _gemini_results(body: bytes) -> list[tuple[str, str]]:
    contents = json.loads(body)["contents"]
    return [
        (part["functionResponse"]["name"], part["functionResponse"]["response"]["result"])
        for content in contents
        for part in content["parts"]
        if "functionResponse" in part
    ]


def test_a_reused_call_id_names_each_result_after_the_call_it_answers() -> None:
    """Servers that count call ids afresh each turn: call_0 is f, then g. Each result goes to
    Gemini under the name of the call before it (the last call's name was given to both)."""
    body = _chat_body("call_0")
    built = lc.translate_request("openai_chat", "gemini", body, model="gemini-2.5-pro")
    assert _gemini_results(built.body) == [("f", "F"), ("g", "G")]
    request = lc.decode_request("openai_chat", body, model="gemini-2.5-pro")
    assert [p.name for m in request.messages if m.role == "tool" for p in m.parts] == ["f", "g"]
    assert _gemini_results(lc.build_request("gemini", request).body) == [("f", "F"), ("g", "G")]
    # lm15's builder, given the same Request, writes the same names
    assert _gemini_results(json.dumps(lm15_build("gemini", request).body_value).encode()) == [
        ("f", "F"),
        ("g", "G"),
    ]
    # and the Chat body itself comes back as it was (a tool row carries no name)
    assert json.loads(
        lc.build_request("openai_chat", lc.decode_request("openai_chat", body)).body
    ) == json.loads(body)


def test_results_with_ids_of_their_own_are_left_as_lm15_names_them() -> None:
    request = lc.decode_request("openai_chat", _chat_body("call_1"))
    assert [p.name for m in request.messages if m.role == "tool" for p in m.parts] == [None, None]
    built = lc.build_request("gemini", lc.replace(request, model="gemini-2.5-pro"))
    assert _gemini_results(built.body) == [("f", "F"), ("g", "G")]


def _reused_id_bodies() -> dict[str, bytes]:
    """call_0 is f, then g, in each dialect whose results pair with their calls by id alone."""
    responses = [
        {"role": "user", "content": "hi"},
        {"type": "function_call", "call_id": "call_0", "name": "f", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_0", "output": "F"},
        {"type": "function_call", "call_id": "call_0", "name": "g", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_0", "output": "G"},
    ]
    anthropic = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "call_0", "name": "f", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call_0", "content": "F"}]},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "call_0", "name": "g", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call_0", "content": "G"}]},
    ]
    return {
        "openai_chat": _chat_body("call_0"),
        "openai": json.dumps({"model": "gpt-4.1", "input": responses}).encode(),
        "anthropic": json.dumps({"model": "m", "max_tokens": 9, "messages": anthropic}).encode(),
    }


def _reader_paths(provider: str, body: bytes) -> tuple[lc.Request | None, lc.Request]:
    """The reader's own fast path's Request (None where it declined) and its general path's."""
    if provider == "openai_chat":
        from lmcodec.providers.openai_chat import read as chat

        return chat._decode_typed(body)[0], chat.decode_walked(body)
    if provider == "openai":
        from lmcodec.providers.openai import read as responses
        from lmcodec.providers.openai._read_typed import decode_typed

        return decode_typed(body), responses._decode_walked(body)
    from lmcodec.providers.anthropic import read as messages
    from lmcodec.providers.anthropic._read_typed import read_typed

    return messages._read_one_pass(body, read_typed), messages._decode_general(body)


@pytest.mark.parametrize("provider", ["openai_chat", "openai", "anthropic"])
def test_each_reader_names_results_after_the_call_before_them_on_both_paths(provider: str) -> None:
    """The reader names the results itself (its fast path knows the calls as it reads them: no
    second walk over the Request), the fast path as the general path, for ``decode_request`` and
    for the gateway's reading alike."""
    body = _reused_id_bodies()[provider]
    typed, general = _reader_paths(provider, body)
    assert typed is not None, "the body should take the fast path"
    for request in (typed, general, lc.decode_request(provider, body)):
        assert [p.name for m in request.messages if m.role == "tool" for p in m.parts] == ["f", "g"]
    assert typed == general
    built = lc.translate_request(provider, "gemini", body, model="gemini-2.5-pro")
    assert _gemini_results(built.body) == [("f", "F"), ("g", "G")]


# ── the gateway's fast paths against the walks they stand for ────────────────

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from lmcodec.providers import crossing  # noqa: E402

from ..wire.lm15_trees import SETTINGS  # noqa: E402
from .request_support import canonical_requests, rich_requests  # noqa: E402

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")


def _every_part_judged(source: str, destination: str, request: lc.Request) -> tuple[lc.Adaptation, ...]:
    """content_losses as it was: every part (and every part inside a tool result) judged."""
    own = destination.replace("_", "-")
    notes: list[lc.Adaptation] = []
    for i, message in enumerate(request.messages):
        for j, part in enumerate(message.parts):
            where = f"messages[{i}].parts[{j}]"
            # carried=False: content_losses' default (no Chat backend fronting Claude named)
            crossing._part_losses(part, where, source, destination, own, notes, False)
            if isinstance(part, lc.ToolResultPart):
                for k, inner in enumerate(part.content):
                    inside = f"{where}.content[{k}]"
                    crossing._part_losses(inner, inside, source, destination, own, notes, False)
    return tuple(notes)


@settings(SETTINGS, max_examples=examples(150))
@given(
    st.sampled_from(["anthropic", "gemini"]).flatmap(  # (their models and signed states are generated)
        lambda p: st.one_of(rich_requests(p), canonical_requests(p))
    ),
    st.sampled_from(DIALECTS),
    st.sampled_from(DIALECTS),
)
def test_content_losses_passes_over_only_parts_that_lose_nothing(
    request: lc.Request, source: str, destination: str
) -> None:
    """The parts content_losses passes over by their type (text, tool calls, tool results of text,
    no continuation state) are parts the full judgment finds nothing in: the same notes, in order."""
    assert crossing.content_losses(source, destination, request) == _every_part_judged(
        source, destination, request
    )


_TYPE_NAMES = st.sampled_from(["OBJECT", "object", "STRING", "string", "NULL", "Integer", "ARRAY"])
_SCHEMA_KEYS = st.sampled_from(
    ["type", "properties", "items", "anyOf", "nullable", "propertyOrdering", "property_ordering",
     "description", "enum", "default", "additionalProperties", "$defs", "required"]
)  # fmt: skip
_SCHEMAS = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2, 2), _TYPE_NAMES),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_SCHEMA_KEYS, inner, max_size=4)),
    max_leaves=12,
)


@settings(SETTINGS, max_examples=examples(400))
@given(_SCHEMAS)
def test_is_json_schema_is_whether_the_rewrite_changes_the_schema(schema: Any) -> None:
    """openapi_schemas_out leaves a schema unwalked where is_json_schema says so: exactly where
    json_schema_of would give it back equal (asked twice: the second answer is the remembered one)."""
    expected = json_schema_of(schema) == schema
    assert crossing.is_json_schema(schema) is expected
    assert crossing.is_json_schema(schema) is expected


def _schemas_one_by_one(request: lc.Request) -> tuple[lc.Request, tuple[lc.Adaptation, ...]]:
    """openapi_schemas_out as it was before the tools' schemas were asked as one list: each tool's
    schema asked alone (the reference its one-list check must agree with)."""
    changed = False
    for tool in request.tools:
        if type(tool) is lc.FunctionTool and not crossing.is_json_schema(tool.parameters):
            if json_schema_of(tool.parameters) != tool.parameters:
                changed = True
    if not changed:
        return request, ()
    return crossing.openapi_schemas_out(request)


@settings(SETTINGS, max_examples=examples(300))
@given(st.lists(_SCHEMAS.filter(lambda schema: isinstance(schema, dict)), max_size=4))
def test_the_tools_schemas_asked_as_one_list_answer_as_each_alone(schemas: list[dict[str, Any]]) -> None:
    """With no response schema, openapi_schemas_out asks the tools' schemas as one list first: the
    request comes back as it is (no note) exactly where no tool's schema alone would change, and
    otherwise each changed schema is rewritten and noted as before."""
    tools = tuple(lc.FunctionTool(name=f"f{i}", parameters=schema) for i, schema in enumerate(schemas))
    request = lc.Request(model="gpt-4.1", messages=(lc.Message.user("hi"),), tools=tools)
    out, notes = crossing.openapi_schemas_out(request)
    assert (out, notes) == _schemas_one_by_one(request)
    expected = [f"tools[{i}].parameters" for i, s in enumerate(schemas) if json_schema_of(s) != s]
    assert [note.field for note in notes] == expected
    if not expected:
        assert out is request
