"""decode_request("gemini"): lm15 bodies are a fixed point, client bodies round-trip, bad ones refused."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.gemini.read import UNNAMED_MODEL

from ..budget import examples
from ..wire.lm15_trees import SETTINGS
from .request_support import canonical_requests, lm15_build, rich_requests

PROVIDER = "gemini"


def _wire_model(model: str) -> str:
    return model.partition(":")[2] if model.startswith("gemini:") and model.partition(":")[2] else model


def _fixed_point(request: lc.Request) -> None:
    first = lm15_build(PROVIDER, request)
    if first.error is not None:
        return
    model = _wire_model(request.model)
    body = json.dumps(
        {"model": model, **first.body_value}
    ).encode()  # the URL's model, as a gateway passes it
    decoded = lc.decode_request(PROVIDER, body)
    assert decoded.model == model
    again = lm15_build(PROVIDER, decoded)
    assert again.error is None
    assert again.body_value == first.body_value
    if decoded.config.extensions == request.config.extensions:  # nothing rides as an override
        assert again.body == first.body  # key order too


@settings(SETTINGS, max_examples=examples(300))
@given(rich_requests(PROVIDER))
def test_lm15_bodies_are_a_fixed_point(request: lc.Request) -> None:
    _fixed_point(request)


@settings(SETTINGS, max_examples=examples(300))
@given(canonical_requests(PROVIDER))
def test_lm15_bodies_of_generated_requests_are_a_fixed_point(request: lc.Request) -> None:
    _fixed_point(request)


# ─── client bodies (written from the GenerateContent reference and google-genai's request types) ───

FIXTURES = Path(__file__).parent.parent / "fixtures" / "requests" / PROVIDER
BODIES = sorted(FIXTURES.glob("*.json"))


def _without_ids(value: Any) -> Any:
    """Ids of function calls and responses removed (a body without ids gets them filled in)."""
    if isinstance(value, dict):
        return {
            k: _without_ids(v)
            for k, v in value.items()
            if not (k == "id" and {"name"} <= value.keys() and ("args" in value or "response" in value))
        }
    if isinstance(value, list):
        return [_without_ids(v) for v in value]
    return value


def _long_form(body: dict[str, Any]) -> dict[str, Any]:
    """The body with the equivalences read.py documents applied (what lm15 writes back)."""
    out = {k: v for k, v in body.items() if k != "model"}
    contents = []
    for content in body["contents"]:
        role = content.get("role", "user")
        parts = [
            {**p, "functionCall": {"args": {}, **p["functionCall"]}} if "functionCall" in p else p
            for p in content["parts"]
        ]
        if role == "user":
            runs: list[list[Any]] = []
            for part in parts:
                if runs and ("functionResponse" in part) == ("functionResponse" in runs[-1][0]):
                    runs[-1].append(part)
                else:
                    runs.append([part])
            contents.extend({"role": "user", "parts": run} for run in runs)
        else:
            contents.append({"role": role, "parts": parts})
    out["contents"] = contents
    return _without_ids(out)


@pytest.mark.parametrize("path", BODIES, ids=[p.stem for p in BODIES])
def test_client_bodies_round_trip(path: Path) -> None:
    body = json.loads(path.read_bytes())
    request = lc.decode_request(PROVIDER, path.read_bytes())
    rebuilt = lc.build_request(PROVIDER, request)
    assert _without_ids(json.loads(rebuilt.body)) == _long_form(body)
    assert _without_ids(lm15_build(PROVIDER, request).body_value) == _long_form(body)


def _decode(name: str) -> lc.Request:
    return lc.decode_request(PROVIDER, (FIXTURES / f"{name}.json").read_bytes())


def test_calls_without_ids_get_ids_and_results_pair_by_name_in_order() -> None:
    request = _decode("function_calls_no_ids")
    assert request.model == UNNAMED_MODEL
    calls = request.messages[1].parts
    assert [(c.id, c.name, c.input) for c in calls] == [
        ("call_1_0", "get_weather", {"city": "Boston"}),
        ("call_1_1", "get_time", {"tz": "Asia/Tokyo"}),
        ("call_1_2", "get_weather", {"city": "Tokyo"}),
    ]
    results = request.messages[2]
    assert results.role == "tool"
    assert [(r.id, r.name, r.is_error) for r in results.parts] == [
        ("call_1_1", "get_time", False),
        ("call_1_0", "get_weather", False),
        ("call_1_2", "get_weather", True),
    ]
    assert request.config.tool_choice == lc.ToolChoice(mode="required", allowed=("get_weather", "get_time"))
    rebuilt = json.loads(lc.build_request(PROVIDER, request).body)
    ids = [p["functionCall"]["id"] for p in rebuilt["contents"][1]["parts"]]
    answered = [p["functionResponse"]["id"] for p in rebuilt["contents"][2]["parts"]]
    assert sorted(ids) == sorted(answered)


def test_thought_signatures_ride_the_parts() -> None:
    request = _decode("thought_signatures")
    thought, text, call = request.messages[1].parts
    assert isinstance(thought, lc.ThinkingPart)
    assert thought.continuation[0].data == {"value": "CiIBVKhc7oDWgtmwoI0aD4ZrJ3qlEXAMPLE0="}
    assert text.continuation[0].data == {"value": "CiQBVKhc7s2sigEXAMPLE1="}
    assert call.id == "fc_1" and call.continuation[0].kind == "thought_signature"
    assert request.config.reasoning == lc.Reasoning(effort="high", summary="auto")
    assert request.config.extensions is None
    assert request.messages[2].parts[0].id == "fc_1"


def test_generation_config_fields() -> None:
    request = _decode("structured")
    config = request.config
    assert config.response_format is not None and config.response_format["type"] == "json_schema"
    assert config.reasoning == lc.Reasoning(effort="off")
    assert (config.logprobs, config.seed, config.store, config.service_tier) == (3, 42, False, "flex")
    assert config.extensions is None
    basic = _decode("basic")
    assert basic.system == "You are a poet. Reply with the poem only."
    assert (basic.config.temperature, basic.config.top_k, basic.config.stop) == (0.7, 40, ("###",))
    assert set(basic.config.extensions or {}) == {"safetySettings"}


def test_shapes_the_canonical_fields_cannot_rebuild_ride_in_extensions() -> None:
    request = _decode("extras")
    assert [t.name for t in request.tools] == ["web_search", "code_execution", "urlContext"]
    assert request.system == (lc.TextPart(text="Cite sources."), lc.TextPart(text="Be brief."))
    assert request.config.reasoning == lc.Reasoning(effort="low", thinking_budget=2048, summary="auto")
    assert set(request.config.extensions or {}) == {"labels", "systemInstruction", "generationConfig"}


def test_cached_content_and_modalities() -> None:
    request = _decode("cached")
    assert request.config.cache == lc.CacheConfig(mode="auto", resource="cachedContents/manual-4b2f")
    assert request.config.extensions == {"output": "image"}


def test_media_parts() -> None:
    parts = _decode("media").messages[0].parts
    assert [type(p).__name__ for p in parts] == [
        "ImagePart",
        "DocumentPart",
        "VideoPart",
        "AudioPart",
        "TextPart",
    ]
    assert parts[1].file_id and parts[2].url == "gs://my-bucket/clip.mp4"


# ─── refusals: what cannot survive, with the JSON path ───


def _body(*parts: Any, role: str = "user", **fields: Any) -> bytes:
    return json.dumps({"contents": [{"role": role, "parts": list(parts)}], **fields}).encode()


REFUSED = [
    (_body({"executableCode": {"language": "PYTHON", "code": "1"}}, role="model"), "$.contents[0].parts[0]"),
    (_body({"text": "x", "videoMetadata": {}}), "$.contents[0].parts[0]"),
    (_body({"text": "x", "thought": True}, role="model"), "$.contents[0].parts[0]"),
    (
        _body({"functionResponse": {"name": "f", "response": {"result": "r"}}}, role="model"),
        "$.contents[0].parts[0]",
    ),
    (
        _body({"functionResponse": {"name": "f", "response": {"temp": 20}}}),
        "$.contents[0].parts[0].functionResponse.response",
    ),
    (
        _body({"functionResponse": {"name": "f", "response": {"result": "r"}, "willContinue": True}}),
        "$.contents[0].parts[0].functionResponse",
    ),
    (_body({"fileData": {"fileUri": "gs://b/x"}}), "$.contents[0].parts[0].fileData"),
    (  # a functionResponse's parts are media only (this one escaped as an AssertionError)
        _body({"functionResponse": {"name": "f", "response": {}, "parts": [{"text": "x"}]}}),
        "$.contents[0].parts[0].functionResponse.parts[0]",
    ),
    (_body({}), "$.contents[0].parts[0]"),
    (_body({"text": "a", "inlineData": {"mimeType": "image/png", "data": "AA=="}}), "$.contents[0].parts[0]"),
    (_body({"text": "a"}, role="function"), "$.contents[0].role"),
    (
        _body(
            {"text": "a"},
            systemInstruction={"parts": [{"inlineData": {"mimeType": "image/png", "data": "AA=="}}]},
        ),
        "$.systemInstruction.parts[0]",
    ),
    (_body({"text": "a"}, generationConfig={"temperature": 3}), "$.generationConfig.temperature"),
    (_body({"text": "a"}, generationConfig={"topK": "many"}), "$.generationConfig.topK"),
    (_body({"text": "a"}, generationConfig=[]), "$.generationConfig"),
    (json.dumps({"contents": []}).encode(), "$.contents"),
    (json.dumps({"contents": [{"role": "user", "parts": []}]}).encode(), "$.contents[0].parts"),
    (json.dumps({"systemInstruction": {"parts": [{"text": "s"}]}}).encode(), "$"),
]


@pytest.mark.parametrize(("body", "path"), REFUSED)
def test_what_cannot_survive_is_refused_with_its_path(body: bytes, path: str) -> None:
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request(PROVIDER, body)
    assert info.value.path == path


def test_malformed_json_is_a_decode_error() -> None:
    with pytest.raises(lc.DecodeError):
        lc.decode_request(PROVIDER, b'{"contents": [')


def test_hostile_nesting_is_an_lc_error() -> None:
    deep = b'{"contents": [], "labels": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    with pytest.raises(lc.LmcodecError):
        lc.decode_request(PROVIDER, deep)


def test_a_body_of_64000_messages_is_read_whole() -> None:
    """Size is no refusal and loses nothing (time per MB at growing sizes: benchmarks, not this test)."""
    n = 64_000
    request = lc.decode_request(
        PROVIDER, json.dumps({"contents": [{"role": "user", "parts": [{"text": "hi"}]}] * n}).encode()
    )
    assert len(request.messages) == n


def test_function_response_media_is_an_image_or_a_document() -> None:
    def body(mime: str) -> bytes:
        media = {"inlineData": {"mimeType": mime, "data": "AA=="}}
        response = {"functionResponse": {"name": "f", "response": {}, "parts": [media]}}
        return json.dumps({"contents": [{"role": "user", "parts": [response]}]}).encode()

    (part,) = lc.decode_request(PROVIDER, body("application/x-foo")).messages[0].parts[0].content
    assert isinstance(part, lc.DocumentPart)
    with pytest.raises(lc.ValidationError):
        lc.decode_request(PROVIDER, body("audio/wav"))


class _DictCalls:
    """The pairing rule as first written (an insertion-ordered dict per name): first in, first out,
    removal by id. Reading the first key after deleting the head walks the deleted slots: quadratic
    (red-team 4 finding 02: 7 MB of id-less calls of one name took 7.4 s)."""

    def __init__(self) -> None:
        self.pending: dict[str, dict[str, None]] = {}

    def call(self, name: str, given: Any, where: tuple[int, int]) -> str:
        call_id = given if isinstance(given, str) and given else f"call_{where[0]}_{where[1]}"
        self.pending.setdefault(name, {})[call_id] = None
        return call_id

    def answer(self, name: str, given: Any, where: tuple[int, int]) -> str:
        waiting = self.pending.get(name)
        if isinstance(given, str) and given:
            if waiting:
                waiting.pop(given, None)
            return given
        if waiting:
            call_id = next(iter(waiting))
            del waiting[call_id]
            return call_id
        return f"result_{where[0]}_{where[1]}"


_OPS = st.lists(
    st.tuples(st.booleans(), st.sampled_from(["f", "g"]), st.sampled_from([None, "", "a", "b", "c"])),
    max_size=40,
)


@given(_OPS)
def test_call_pairing_is_the_insertion_ordered_rule_in_linear_time(ops: list[tuple[bool, str, Any]]) -> None:
    from lmcodec.providers.gemini._read_common import Calls

    fast, reference = Calls(), _DictCalls()
    for at, (is_call, name, call_id) in enumerate(ops):
        where = (at, 0)
        if is_call:
            assert fast.call(name, call_id, where) == reference.call(name, call_id, where)
        else:
            assert fast.answer(name, call_id, where) == reference.answer(name, call_id, where)


# ─── protobuf field names: the REST API takes snake_case beside camelCase (its curl examples use it) ───

_DATA_VALUES = {
    "args",
    "response",
    "parameters",
    "parametersJsonSchema",
    "responseSchema",
    "responseJsonSchema",
}


def _snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in name)


def _snake_cased(value: Any, pick: random.Random, where: str = "") -> Any:
    """The body with field names in snake_case (each one at random, so spellings mix), the
    caller's data (call args, responses, schemas, labels, builtin tool settings) untouched."""
    if isinstance(value, list):
        return [_snake_cased(item, pick, "tool" if where == "tools" else "") for item in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        name = _snake(key) if pick.random() < 0.8 else key
        if key in _DATA_VALUES or key == "labels" or (where == "tool" and key != "functionDeclarations"):
            out[name] = item
        else:
            out[name] = _snake_cased(item, pick, "tools" if where == "top" and key == "tools" else "")
    return out


def _snake_twin(body: dict[str, Any], seed: int) -> bytes:
    twin = _snake_cased(body, random.Random(seed), "top")
    assert twin != body or not any(c.isupper() for c in json.dumps(body))
    return json.dumps(twin).encode()


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("path", BODIES, ids=[p.stem for p in BODIES])
def test_snake_case_client_bodies_read_as_their_camel_case_twins(path: Path, seed: int) -> None:
    body = json.loads(path.read_bytes())
    twin = _snake_twin(body, seed)
    assert lc.decode_request(PROVIDER, twin) == lc.decode_request(PROVIDER, path.read_bytes())
    assert json.loads(lc.build_request(PROVIDER, lc.decode_request(PROVIDER, twin)).body) == json.loads(
        lc.build_request(PROVIDER, lc.decode_request(PROVIDER, path.read_bytes())).body
    )


@settings(SETTINGS, max_examples=examples(150))
@given(rich_requests(PROVIDER), st.integers(0, 2**16))
def test_snake_case_twins_of_lm15_bodies_read_as_lm15_bodies(request: lc.Request, seed: int) -> None:
    built = lm15_build(PROVIDER, request)
    if built.error is not None:
        return
    model = _wire_model(request.model)
    camel = lc.decode_request(PROVIDER, json.dumps(built.body_value).encode(), model=model)
    assert lc.decode_request(PROVIDER, _snake_twin(built.body_value, seed), model=model) == camel


def test_snake_case_reaches_every_mapped_field() -> None:
    body = {
        "contents": [
            {"role": "user", "parts": [{"inline_data": {"mime_type": "image/png", "data": "QUJD"}}]},
            {
                "role": "user",
                "parts": [{"file_data": {"mime_type": "application/pdf", "file_uri": "gs://b/d.pdf"}}],
            },
            {"role": "model", "parts": [{"function_call": {"name": "f", "args": {"city_name": "Oslo"}}}]},
            {"role": "user", "parts": [{"function_response": {"name": "f", "response": {"result": "ok"}}}]},
        ],
        "system_instruction": {"parts": [{"text": "be brief"}]},
        "tools": [
            {
                "function_declarations": [
                    {"name": "f", "parameters_json_schema": {"properties": {"city_name": {}}}}
                ]
            },
            {"google_search": {"max_uses": 2}},
        ],
        "tool_config": {"function_calling_config": {"mode": "ANY", "allowed_function_names": ["f"]}},
        "generation_config": {
            "max_output_tokens": 50,
            "top_k": 3.0,
            "stop_sequences": ["END"],
            "response_mime_type": "application/json",
            "thinking_config": {"include_thoughts": True, "thinking_budget": 1024},
        },
        "safety_settings": [{"category": "HARM_CATEGORY_HARASSMENT", "threshold": "BLOCK_NONE"}],
    }
    request = lc.decode_request(PROVIDER, json.dumps(body).encode(), model="gemini-2.5-flash")
    assert request.system == "be brief"
    assert [m.role for m in request.messages] == ["user", "user", "assistant", "tool"]
    assert [p.type for m in request.messages for p in m.parts] == [
        "image",
        "document",
        "tool_call",
        "tool_result",
    ]
    assert request.messages[2].parts[0].input == {"city_name": "Oslo"}  # type: ignore[union-attr]
    assert [t.name for t in request.tools] == ["f", "web_search"]
    assert request.tools[0].parameters == {"properties": {"city_name": {}}}  # type: ignore[union-attr]
    assert request.tools[1].config == {"max_uses": 2}  # type: ignore[union-attr]
    config = request.config
    assert (config.max_tokens, config.top_k, config.stop) == (50, 3, ("END",))
    assert config.tool_choice is not None and config.tool_choice.allowed == ("f",)
    assert config.reasoning is not None and config.reasoning.thinking_budget == 1024
    assert config.extensions == {
        "tools": [  # parametersJsonSchema would rebuild as parameters: the wire shape rides along
            {
                "functionDeclarations": [
                    {"name": "f", "parametersJsonSchema": {"properties": {"city_name": {}}}}
                ]
            },
            {"googleSearch": {"max_uses": 2}},
        ],
        "safetySettings": [{"category": "HARM_CATEGORY_HARASSMENT", "threshold": "BLOCK_NONE"}],
    }
    cached = {"contents": body["contents"][:1], "cached_content": "cachedContents/abc"}
    cache = lc.decode_request(PROVIDER, json.dumps(cached).encode()).config.cache
    assert cache is not None and cache.resource == "cachedContents/abc"


@pytest.mark.parametrize(
    ("body", "path"),
    [
        (
            {"contents": [{"parts": [{"inline_data": {"mime_type": "a", "data": ""}, "inlineData": {}}]}]},
            "$.contents[0].parts[0].inlineData",
        ),
        (
            {"contents": [{"parts": [{"text": "x"}]}], "generation_config": {}, "generationConfig": {}},
            "$.generationConfig",
        ),
        (
            {"contents": [{"parts": [{"text": "x"}]}], "generationConfig": {"top_k": 2, "topK": 2}},
            "$.generationConfig.topK",
        ),
    ],
)
def test_a_field_in_both_spellings_is_refused(body: dict[str, Any], path: str) -> None:
    with pytest.raises(lc.ValidationError, match="one field given twice") as info:
        lc.decode_request(PROVIDER, json.dumps(body).encode())
    assert info.value.path == path


@pytest.mark.parametrize(("value", "read"), [(3.0, 3), (3, 3), (3.5, None), (1e300, None), (True, None)])
def test_integer_settings_take_integral_floats(value: Any, read: int | None) -> None:
    """google-genai types topK as a float and sends 3.0."""
    body = {"contents": [{"parts": [{"text": "x"}]}], "generationConfig": {"topK": value, "seed": value}}
    if read is None:
        with pytest.raises(lc.ValidationError, match="topK must be an integer"):
            lc.decode_request(PROVIDER, json.dumps(body).encode())
        return
    config = lc.decode_request(PROVIDER, json.dumps(body).encode()).config
    assert (config.top_k, config.seed) == (read, read)


def test_a_made_id_never_takes_an_id_the_body_gives() -> None:
    user = {"role": "user", "parts": [{"text": "q"}]}
    body = {
        "contents": [
            user,
            {
                "role": "model",
                "parts": [
                    {"functionCall": {"id": "call_1_1", "name": "f", "args": {"x": 1}}},
                    {"functionCall": {"name": "f", "args": {"x": 2}}},
                ],
            },
            {
                "role": "user",
                "parts": [
                    {"functionResponse": {"id": "call_1_1", "name": "f", "response": {"result": "r1"}}},
                    {"functionResponse": {"name": "f", "response": {"result": "r2"}}},
                    {"functionResponse": {"name": "g", "response": {"result": "r3"}}},
                ],
            },
            {"role": "model", "parts": [{"functionCall": {"id": "result_2_2", "name": "h", "args": {}}}]},
        ]
    }
    request = lc.decode_request(PROVIDER, json.dumps(body).encode(), model="gemini-2.5-flash")
    calls = [p for m in request.messages for p in m.parts if isinstance(p, lc.ToolCallPart)]
    results = [p for m in request.messages for p in m.parts if isinstance(p, lc.ToolResultPart)]
    assert [c.id for c in calls] == ["call_1_1", "call_1_1_2", "result_2_2"]
    assert [r.id for r in results] == ["call_1_1", "call_1_1_2", "result_2_2_2"]


@settings(SETTINGS, max_examples=examples(200))
@given(
    st.lists(
        st.tuples(st.booleans(), st.sampled_from(["f", "g"]), st.booleans()),
        min_size=1,
        max_size=12,
    ),
    st.randoms(use_true_random=False),
)
def test_made_ids_are_unique_and_given_ids_kept(turns: list[tuple[bool, str, bool]], rng: Any) -> None:
    """Calls and responses with and without ids, the given ones drawn from the names the rule
    makes (call_i_j / result_i_j): every given id is kept, no made id repeats a given one."""
    contents: list[dict[str, Any]] = [{"role": "user", "parts": [{"text": "q"}]}]
    given: set[str] = set()
    for is_call, name, with_id in turns:
        key, value = (
            ("functionCall", {"name": name, "args": {}})
            if is_call
            else (
                "functionResponse",
                {"name": name, "response": {"result": "r"}},
            )
        )
        if with_id:
            made = f"{rng.choice(['call', 'result'])}_{rng.randrange(1, 14)}_0"
            if made not in given:
                given.add(made)
                value["id"] = made
        contents.append({"role": "model" if is_call else "user", "parts": [{key: value}]})
    request = lc.decode_request(PROVIDER, json.dumps({"contents": contents}).encode())
    calls = [p.id for m in request.messages for p in m.parts if isinstance(p, lc.ToolCallPart)]
    results = [p.id for m in request.messages for p in m.parts if isinstance(p, lc.ToolResultPart)]
    made_ids = [i for i in calls + results if i not in given]
    assert len(set(calls)) == len(calls)
    assert not set(made_ids) & given
    assert given <= set(calls) | set(results)
