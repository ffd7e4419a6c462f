"""google-genai's own spellings on the Gemini reader's typed path (``gemini/_read_genai.py``) and its
``{"output": ...}`` function responses read there (``_read_typed._result``), against the old path.

The oracle is the old code, run in-process: the typed path without ``genai_spelling_read`` and
without the substitution (``_typed_or_none`` strict), which read a snake_case body through the
general reader and ``camel_case_body``, and another response object through ``sdk_responses_out``.
For generated bodies (random mixes of the spellings of google-genai's keys, thinking configs,
schemas, function responses, other snake_case names the old path alone reads) the reader's Request,
the gateway reader's Request and notes, errors (class, message, JSON path) and translate_request's
output (body bytes and notes) to every dialect are the old path's. Bodies google-genai itself
builds take the typed path: the general reader, the camelCasing walk and ``sdk_responses_out`` are
not called.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import crossing
from lmcodec.providers._typed_readings import TYPED_READERS
from lmcodec.providers.gemini import _read_genai, _read_typed, read

from ..budget import examples
from ..wire.lm15_trees import SETTINGS

PROVIDER = "gemini"
DESTINATIONS = {
    "anthropic": "claude-sonnet-4-5",
    "openai": "gpt-4.1-mini",
    "openai_chat": "gpt-4.1-mini",
    "gemini": None,
}
_STRICT_TYPED = read._typed_or_none


def _strict_gateway_typed(body: bytes, model: str | None) -> Any:
    """The gateway's typed reading as it was: strict (a function response in another shape
    refused: the gateway reader read the body again), no notes."""
    request = _STRICT_TYPED(body, model)
    if request is None or read.snake_case_kept(request):
        return None
    return request, crossing.survey(request), (), frozenset(), False, False, None, None


@contextmanager
def _old_path() -> Iterator[None]:
    """The reader as it was: no google-genai spelling (media in snake_case refused, as its strict
    views did) and no substitution on the typed path."""
    snake_spelled = _read_typed.snake_spelled

    def _refused_if_snake_spelled(part: Any) -> bool:
        if snake_spelled(part):
            raise _read_typed.Refused
        return False

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            _read_typed, "genai_spelling_read", lambda whole, extensions, spelled=False: (whole, extensions)
        )
        patch.setattr(_read_typed, "snake_spelled", _refused_if_snake_spelled)
        patch.setattr(
            read, "_typed_or_none", lambda body, model, substituted=None: _STRICT_TYPED(body, model)
        )
        patch.setitem(TYPED_READERS, PROVIDER, _strict_gateway_typed)
        yield


def _outcome(run: Any) -> Any:
    try:
        return run()
    except lc.LmcodecError as exc:
        return type(exc), str(exc), getattr(exc, "path", None)


def _translated(body: bytes, destination: str, model: str | None) -> Any:
    def run() -> Any:
        out = lc.translate_request(PROVIDER, destination, body, model=DESTINATIONS[destination] or model)
        return out.path, out.body, out.adaptations

    return _outcome(run)


def _readings(body: bytes, model: str | None) -> list[Any]:
    readings = [
        _outcome(lambda: lc.decode_request(PROVIDER, body, model=model)),
        _outcome(lambda: read.decode_request_without_unsigned_thinking(body, model=model)),
    ]
    return readings + [_translated(body, destination, model) for destination in DESTINATIONS]


def check_as_the_old_path(body: bytes) -> None:
    for model in (None, "gemini-2.5-flash", "gemini-3-pro-preview"):
        new = _readings(body, model)
        with _old_path():
            old = _readings(body, model)
        assert new == old


# ─── bodies google-genai builds ───

_SIGNATURE = b"\x12\x34signed" * 4


_PNG = b"\x89PNG\r\n\x1a\n" + b"image bytes " * 30
"""An image whose base64 both alphabets spell alike (google-genai writes URL-safe base64)."""


def genai_body(answer: str, media: bool = False) -> bytes:
    """A 7-turn agent loop as google-genai 3.6 sends it (``Models.generate_content``'s body);
    ``media``: the question with an image inline and a document by file URI, and a fourth round
    answered with an image (a function response's ``parts``), in google-genai's own spelling."""
    genai = pytest.importorskip("google.genai")
    from google.genai import _common, models, types

    client = genai.Client(api_key="unused")
    declaration = types.FunctionDeclaration(
        name="get_weather",
        description="The weather in a city",
        parameters_json_schema={"type": "object", "properties": {"city": {"type": "string"}}},
        response_json_schema={"type": "object", "properties": {"temp_c": {"type": "number"}}},
    )
    config = types.GenerateContentConfig(
        system_instruction="Use the tools.",
        max_output_tokens=512,
        thinking_config=types.ThinkingConfig(include_thoughts=True, thinking_budget=1024),
        tools=[types.Tool(function_declarations=[declaration])],
    )
    question = [types.Part.from_text(text="Where is it warmest?")]
    if media:
        question.append(types.Part.from_bytes(data=_PNG, mime_type="image/png"))
        question.append(types.Part.from_uri(file_uri="files/abc-123", mime_type="application/pdf"))
    contents = [types.Content(role="user", parts=question)]
    for city, temp in (("Paris", 18), ("Rome", 24), ("Oslo", 9), *([("map", 0)] if media else [])):
        call = types.FunctionCall(name="get_weather", args={"city": city})
        contents.append(
            types.Content(role="model", parts=[types.Part(function_call=call, thought_signature=_SIGNATURE)])
        )
        value: Any = {"temp_c": temp} if answer == "output" else str(temp)
        image = types.FunctionResponsePart(
            inline_data=types.FunctionResponseBlob(mime_type="image/png", data=_PNG)
        )
        part = types.Part.from_function_response(
            name="get_weather", response={answer: value}, parts=[image] if city == "map" else None
        )
        contents.append(types.Content(role="user", parts=[part]))
    params = types._GenerateContentParameters(model="gemini-2.5-flash", contents=contents, config=config)
    request = models._GenerateContentParameters_to_mldev(client._api_client, params)
    request.pop("config", None)
    request.pop("_url", None)
    return json.dumps(_common.encode_unserializable_types(_common.convert_to_dict(request))).encode()


def test_the_genai_body_holds_the_keys_listed() -> None:
    """The snake_case keys google-genai writes where the typed path reads them are the lists'."""
    body = json.loads(genai_body("output"))
    thinking = body["generationConfig"]["thinkingConfig"]
    declaration = body["tools"][0]["functionDeclarations"][0]
    assert set(thinking) <= _read_genai.GENAI_THINKING_KEYS
    assert {key for key in declaration if "_" in key} == _read_genai.GENAI_DECLARATION_KEYS
    assert body["contents"][2]["parts"][0]["functionResponse"]["response"] == {"output": {"temp_c": 18}}


def test_the_sdk_s_fields_are_the_lists() -> None:
    types = pytest.importorskip("google.genai.types")
    thinking = {name for name in types.ThinkingConfig.model_fields if "_" in name}
    declaration = {name for name in types.FunctionDeclaration.model_fields if "_" in name}
    assert thinking <= _read_genai.GENAI_THINKING_KEYS
    assert declaration <= _read_genai.GENAI_DECLARATION_KEYS


def _refuse(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("the body left the typed path")


def test_the_genai_media_body_spells_its_media_so() -> None:
    """What the typed views take: google-genai's own spelling of its media (the SDK writes it)."""
    contents = json.loads(genai_body("output", media=True))["contents"]
    assert set(contents[0]["parts"][1]["inlineData"]) == {"mime_type", "data"}
    assert set(contents[0]["parts"][2]["fileData"]) == {"mime_type", "file_uri"}
    answer = contents[-1]["parts"][0]["functionResponse"]
    assert set(answer["parts"][0]) == {"inline_data"}
    assert set(answer["parts"][0]["inline_data"]) == {"mime_type", "data"}


@pytest.mark.parametrize("media", [False, True])
@pytest.mark.parametrize("answer", ["output", "result"])
def test_a_genai_body_takes_the_typed_path(answer: str, media: bool) -> None:
    body = genai_body(answer, media)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(read, "_decode_general", _refuse)
        patch.setattr(read, "camel_case_body", _refuse)
        patch.setattr(read, "sdk_responses_out", _refuse)
        new = [_translated(body, destination, "gemini-2.5-flash") for destination in DESTINATIONS]
        new_read = read.decode_request_without_unsigned_thinking(body, model="gemini-2.5-flash")
        if answer == "result":
            assert lc.decode_request(PROVIDER, body, model="gemini-2.5-flash") == new_read[0]
    with _old_path():
        old = [_translated(body, destination, "gemini-2.5-flash") for destination in DESTINATIONS]
        old_read = read.decode_request_without_unsigned_thinking(body, model="gemini-2.5-flash")
    assert new == old
    assert new_read == old_read
    request, notes = new_read
    assert request.config.reasoning is not None and request.config.reasoning.thinking_budget == 1024
    tool = request.tools[0]
    assert isinstance(tool, lc.FunctionTool)
    assert tool.parameters == {"type": "object", "properties": {"city": {"type": "string"}}}
    rounds = 4 if media else 3
    assert [note.action for note in notes] == (["substituted"] * rounds if answer == "output" else [])
    refused = [dst for dst, out in zip(DESTINATIONS, new, strict=True) if type(out[1]) is not bytes]
    assert refused == (["openai_chat"] if media else [])  # (a document has no slot on Chat)
    if media:
        image, document = request.messages[0].parts[1:]
        assert isinstance(image, lc.ImagePart) and image.media_type == "image/png"
        assert isinstance(document, lc.DocumentPart) and document.file_id == "files/abc-123"
        result = request.messages[-1].parts[0]
        assert isinstance(result, lc.ToolResultPart) and isinstance(result.content[-1], lc.ImagePart)


def test_a_field_in_both_spellings_is_refused_as_before() -> None:
    body = json.loads(genai_body("result"))
    body["generationConfig"]["thinkingConfig"]["includeThoughts"] = False
    raw = json.dumps(body).encode()
    with pytest.raises(lc.ValidationError) as refused:
        lc.decode_request(PROVIDER, raw, model="gemini-2.5-flash")
    assert refused.value.path == "$.generationConfig.thinkingConfig.includeThoughts"
    assert "'include_thoughts' and 'includeThoughts' are one field given twice" in str(refused.value)
    check_as_the_old_path(raw)


# ─── generated bodies ───


def _spelled(snake: str, camel: str) -> st.SearchStrategy[list[str]]:
    """The names a field is given under: none, either spelling, or both."""
    return st.sampled_from([[], [snake], [camel], [snake], [snake], [snake], [snake, camel], [camel, snake]])


_THINKING = st.builds(
    lambda thoughts, budget, level, values: {
        name: value for names, value in zip((thoughts, budget, level), values, strict=True) for name in names
    },
    _spelled("include_thoughts", "includeThoughts"),
    _spelled("thinking_budget", "thinkingBudget"),
    _spelled("thinking_level", "thinkingLevel"),
    st.tuples(
        st.sampled_from([True, False, None, "yes"]),
        st.sampled_from([0, -1, 1024, 8192, 3.0, "x"]),
        st.sampled_from(["low", "high", "minimal", "LOW", 1]),
    ),
)
_SCHEMAS = st.sampled_from(
    [
        {"type": "object", "properties": {"city": {"type": "string"}}},
        {"type": "object", "properties": {"city_name": {"type": "string", "min_length": 1}}},
        {"type": "OBJECT", "properties": {"n": {"type": "INTEGER"}}},
        {"anyOf": [{"type": "string"}, {"type": "null"}]},
        {},
        {"type": "object"},
    ]
)
_DECLARATION = st.builds(
    lambda name, description, parameters, response, schemas: {
        "name": name,
        **({"description": description} if description is not None else {}),
        **{key: schemas[0] for key in parameters},
        **{key: schemas[1] for key in response},
    },
    st.sampled_from(["get_weather", "search", "f"]),
    st.sampled_from([None, "The weather", ""]),
    st.sampled_from(
        [
            ["parameters_json_schema"],
            ["parametersJsonSchema"],
            ["parameters"],
            ["parameters_json_schema", "parametersJsonSchema"],
            ["parameters", "parameters_json_schema"],
            [],
        ]
    ),
    _spelled("response_json_schema", "responseJsonSchema"),
    st.tuples(_SCHEMAS, _SCHEMAS),
)
_TOOLS = st.builds(
    lambda declarations, builtins: [{"functionDeclarations": declarations}, *builtins],
    st.lists(_DECLARATION, min_size=1, max_size=2, unique_by=lambda declaration: declaration["name"]),
    st.sampled_from([[], [], [{"googleSearch": {}}], [{"code_execution": {}}], [{"codeExecution": {}}]]),
)
_GENERATION = st.builds(
    lambda thinking, others: {**others, **({"thinkingConfig": thinking} if thinking is not None else {})},
    st.one_of(st.none(), *[_THINKING] * 6, st.sampled_from([[], "x"])),
    st.dictionaries(
        st.sampled_from(["temperature", "maxOutputTokens", "max_output_tokens", "responseMimeType", "seed"]),
        st.sampled_from([0.5, 100, 1, "application/json"]),
        max_size=2,
    ),
)
_ANSWERS = st.sampled_from(
    [
        {"result": "18"},
        {"output": {"temp_c": 18}},
        {"output": "18 C"},
        {"output": [1, 2.5, None]},
        {"temp_c": 18, "sky": "clear"},
        {"error": "no such city"},
        {"error": {"code": 404, "message": "no such city"}},
        {"result": 3},
        {"result": "18"},
        {"output": {"temp_c": 18}},
        {},
    ]
)
_CALL_ID = st.sampled_from([None, None, "c1", "c2", ""])


def _loop(answers: list[Any], ids: list[Any], signed: bool) -> list[dict[str, Any]]:
    contents: list[dict[str, Any]] = [{"role": "user", "parts": [{"text": "weather?"}]}]
    for k, (answer, call_id) in enumerate(zip(answers, ids, strict=False)):
        call: dict[str, Any] = {"name": "get_weather", "args": {"city": f"c{k}"}}
        response: dict[str, Any] = {"name": "get_weather", "response": answer}
        if call_id is not None:
            call["id"] = response["id"] = call_id
        part: dict[str, Any] = {"functionCall": call}
        if signed:
            part["thoughtSignature"] = "CiIBVKhc7o="
        contents += [
            {"role": "model", "parts": [part]},
            {"role": "user", "parts": [{"functionResponse": response}]},
        ]
    return contents


_OTHERS: list[dict[str, Any]] = [
    {"safety_settings": [{"category": "HARM_CATEGORY_HATE_SPEECH", "threshold": "BLOCK_NONE"}]},
    {"safetySettings": [{"category": "x", "block_threshold": "y"}]},
    {"toolConfig": {"function_calling_config": {"mode": "ANY"}}},
    {"toolConfig": {"functionCallingConfig": {"mode": "ANY"}}},
    {"system_instruction": {"parts": [{"text": "be brief"}]}},
    {"systemInstruction": {"parts": [{"text": "be brief"}], "role": "user"}},
    {"labels": {"team_name": "a"}},
    {"cachedContent": "cachedContents/c1"},
    {"generationConfig": {"max_output_tokens": 64, "thinkingConfig": {"include_thoughts": True}}},
    {"generationConfig": {"speechConfig": {"voice_config": {"prebuilt_voice_config": {"voice_name": "K"}}}}},
    {
        "tools": [
            {"functionDeclarations": [{"name": "f", "parameters_json_schema": {}}]},
            {"google_search": {}},
        ]
    },
    {
        "tools": [
            {"functionDeclarations": [{"name": "f", "parametersJsonSchema": {"$defs": {}}}]},
            {"google_search": {}},
        ]
    },
]
"""Other snake_case names beside google-genai's, which the old path alone reads (camelCasing them)."""
_OTHER_SNAKE = st.sampled_from([{}, *_OTHERS])
_SNAKE_PART = st.sampled_from([None, None, {"inline_data": {"mime_type": "image/png", "data": "QUJD"}}])

BODIES = st.builds(
    lambda answers, ids, signed, generation, tools, other, part: {
        "contents": _loop(answers, ids, signed)
        + ([{"role": "user", "parts": [part]}] if part is not None else []),
        **({"generationConfig": generation} if generation is not None else {}),
        **({"tools": tools} if tools is not None else {}),
        **other,
    },
    st.lists(_ANSWERS, max_size=3),
    st.lists(_CALL_ID, min_size=3, max_size=3),
    st.booleans(),
    st.one_of(st.none(), _GENERATION, _GENERATION),
    st.one_of(st.none(), _TOOLS),
    _OTHER_SNAKE,
    _SNAKE_PART,
)


@settings(SETTINGS, max_examples=examples(250))
@given(BODIES)
def test_generated_bodies_read_as_the_old_path_reads_them(body: dict[str, Any]) -> None:
    check_as_the_old_path(json.dumps(body).encode())


_GENAI_SETTINGS = [
    {"generationConfig": {"thinkingConfig": {"include_thoughts": True, "thinking_budget": 512}}},
    {"generationConfig": {"temperature": 0.5, "thinkingConfig": {"thinking_level": "low"}}},
    {"tools": [{"functionDeclarations": [{"name": "f", "parameters_json_schema": {"type": "object"}}]}]},
]


@pytest.mark.parametrize("other", _OTHERS)
@pytest.mark.parametrize("genai", _GENAI_SETTINGS)
def test_google_genai_s_spelling_beside_other_snake_case_names(
    genai: dict[str, Any], other: dict[str, Any]
) -> None:
    merged = {**genai, **other}
    for key in ("generationConfig", "tools"):  # google-genai's keys kept beside the other's
        if key in genai and key in other:
            merged[key] = (
                {**other[key], **genai[key]} if key == "generationConfig" else [*genai[key], *other[key][1:]]
            )
    body = {"contents": _loop([{"output": "18 C"}, {"result": "9"}], ["c1", None], True), **merged}
    check_as_the_old_path(json.dumps(body).encode())


def test_the_generated_bodies_reach_the_typed_path() -> None:
    """Not vacuous: a generated body of google-genai's spelling is read without the general reader."""
    body = {
        "contents": _loop([{"output": "18 C"}], ["c1"], True),
        "generationConfig": {"thinkingConfig": {"include_thoughts": True, "thinking_budget": 1024}},
        "tools": [{"functionDeclarations": [{"name": "get_weather", "parameters_json_schema": {}}]}],
    }
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(read, "_decode_general", _refuse)
        patch.setattr(read, "sdk_responses_out", _refuse)
        request, notes = read.decode_request_without_unsigned_thinking(json.dumps(body).encode())
    assert request.config.reasoning is not None and request.config.reasoning.summary == "auto"
    assert [note.field for note in notes] == ["$.contents[2].parts[0].functionResponse.response"]


@pytest.mark.parametrize("destination", list(DESTINATIONS))
def test_a_body_of_output_answers_is_read_once(destination: str) -> None:
    """The gateway asks the typed path for its notes (``TYPED_READERS``' third value): a tool loop
    answered ``{"output": ...}`` is read by one typed reading, not a strict one that refuses it at
    its first answer and the gateway reader's second (issue #15)."""
    body = genai_body("output")
    readings: list[bytes] = []
    read_surveyed = read.read_surveyed

    def counted(raw: bytes, model: str | None, substituted: Any = None) -> Any:
        readings.append(raw)
        return read_surveyed(raw, model, substituted)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(read, "read_surveyed", counted)
        patch.setattr(read, "_decode_general", _refuse)
        patch.setattr(read, "sdk_responses_out", _refuse)
        out = lc.translate_request(PROVIDER, destination, body, model="gemini-2.5-flash")
    assert readings == [body]
    substituted = [note.field for note in out.adaptations if note.action == "substituted"]
    assert substituted[:3] == [f"$.contents[{i}].parts[0].functionResponse.response" for i in (2, 4, 6)]


# ─── media in google-genai's spelling ───

_MIME_TYPES = st.sampled_from(
    ["image/png", "image/png", "application/pdf", "audio/wav", "video/mp4", "text/plain", "x/y", ""]
)
_BLOB = st.builds(
    lambda names, mime_names, mime, data: {
        name: {**{key: mime for key in mime_names}, "data": data} for name in names
    },
    _spelled("inline_data", "inlineData"),
    _spelled("mime_type", "mimeType"),
    _MIME_TYPES,
    st.sampled_from(["QUJD", "QUJD", "not base64!"]),
)
_FILE = st.builds(
    lambda names, uri_names, mime_names, uri, mime, shown: {
        name: {
            **{key: uri for key in uri_names},
            **{key: mime for key in mime_names},
            **({"display_name": "x.png"} if shown else {}),
        }
        for name in names
    },
    _spelled("file_data", "fileData"),
    _spelled("file_uri", "fileUri"),
    _spelled("mime_type", "mimeType"),
    st.sampled_from(
        ["files/abc", "https://generativelanguage.googleapis.com/v1beta/files/x", "gs://b/x.png"]
    ),
    _MIME_TYPES,
    st.sampled_from([False, False, False, True]),
)
_MEDIA = st.one_of(_BLOB, _FILE)
_MEDIA_PART = st.one_of(
    _MEDIA,
    _MEDIA,
    st.builds(
        lambda media, other: {**media, **other},
        _MEDIA,
        st.sampled_from(
            [
                {"text": "x"},
                {"thoughtSignature": "CiIBVKhc7o="},
                {"thought": True},
                {"inlineData": {"mimeType": "image/png", "data": "QUJD"}},
            ]
        ),
    ),
)
_MEDIA_ANSWER = st.builds(
    lambda parts, answer, call_id: {
        "functionResponse": {
            "name": "get_weather",
            **({"response": answer} if answer is not None else {}),
            **({"id": call_id} if call_id is not None else {}),
            "parts": parts,
        }
    },
    st.lists(_MEDIA_PART, min_size=1, max_size=2),
    st.sampled_from([{"output": "map"}, {}, {"result": "map"}, None, {"output": {"n": 1}}]),
    _CALL_ID,
)
_MEDIA_TURNS = st.builds(
    lambda user, answers, model_media: [
        {"role": "user", "parts": user},
        *(
            [
                {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {}}}]},
                {"role": "user", "parts": answers},
            ]
            if answers
            else []
        ),
        *([{"role": "model", "parts": model_media}] if model_media else []),
    ],
    st.lists(st.one_of(_MEDIA_PART, st.just({"text": "look"})), min_size=1, max_size=3),
    st.lists(_MEDIA_ANSWER, max_size=2),
    st.lists(_MEDIA_PART, max_size=1),
)
MEDIA_BODIES = st.builds(
    lambda turns, answers, ids, generation, tools, other: {
        "contents": [*_loop(answers, ids, True), *turns],
        **({"generationConfig": generation} if generation is not None else {}),
        **({"tools": tools} if tools is not None else {}),
        **other,
    },
    _MEDIA_TURNS,
    st.lists(_ANSWERS, max_size=2),
    st.lists(_CALL_ID, min_size=3, max_size=3),
    st.one_of(st.none(), _GENERATION),
    st.one_of(st.none(), _TOOLS),
    _OTHER_SNAKE,
)


@settings(SETTINGS, max_examples=examples(300))
@given(MEDIA_BODIES)
def test_generated_media_bodies_read_as_the_old_path_reads_them(body: dict[str, Any]) -> None:
    """Media in either spelling, mixed, both, or with display_name (refused as before), in user and
    model turns and in function responses, beside google-genai's settings and other snake_case."""
    check_as_the_old_path(json.dumps(body).encode())


_SNAKE_MEDIA_TURNS: list[dict[str, Any]] = [
    {
        "role": "user",
        "parts": [
            {"text": "look"},
            {"inlineData": {"mime_type": "image/png", "data": "QUJD"}},
            {"fileData": {"file_uri": "files/abc", "mime_type": "application/pdf"}},
        ],
    },
    {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {}}}]},
    {
        "role": "user",
        "parts": [
            {
                "functionResponse": {
                    "name": "get_weather",
                    "response": {"output": "map"},
                    "parts": [{"inline_data": {"mime_type": "image/png", "data": "QUJD"}}],
                }
            }
        ],
    },
]


@pytest.mark.parametrize("other", [{}, *_OTHERS])
def test_snake_case_media_beside_other_snake_case_names(other: dict[str, Any]) -> None:
    """A conversation spelling its media as google-genai does makes the general path read the body
    camelCased whole: the typed path checks the settings as for google-genai's own keys."""
    body = json.dumps({"contents": _SNAKE_MEDIA_TURNS, **other}).encode()
    check_as_the_old_path(body)
    if not other:  # (taken by the typed path)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(read, "_decode_general", _refuse)
            patch.setattr(read, "camel_case_body", _refuse)
            request, notes = read.decode_request_without_unsigned_thinking(body)
        assert [note.action for note in notes] == ["substituted"]
        assert [type(part) for part in request.messages[0].parts] == [
            lc.TextPart,
            lc.ImagePart,
            lc.DocumentPart,
        ]
