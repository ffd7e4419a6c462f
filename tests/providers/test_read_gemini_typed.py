"""The Gemini reader's typed fast path (``_read_typed.py``) against its general path (``read.py``).

Where the fast path takes a body, its Request must equal the general path's; where the general
path refuses a body, the fast path must not take it, and the public reader raises the general
path's error (class, message, JSON path). Both ways the fast path decodes are held: the one-pass
view and the top level key by key, with and without the URL's model. Bodies: lm15's own bodies for
hypothesis-generated Requests, the client fixtures, generated client bodies (calls and responses
with and without ids, signed thoughts and parts, media by inlineData and fileData, function
responses with media, system parts, generation settings, tools, toolConfig, cachedContent, unknown
top-level keys), and all of them mutated at a random place.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import crossing
from lmcodec.providers._typed_readings import TYPED_READERS
from lmcodec.providers.gemini import _read_typed, read
from lmcodec.providers.gemini._read_typed import Refused, read_typed

from ..budget import examples
from ..wire.lm15_trees import SETTINGS
from .body_mutations import mutations
from .request_support import canonical_requests, lm15_build, rich_requests
from .survey_support import check_recorded_survey

PROVIDER = "gemini"
FIXTURES = sorted((Path(__file__).parent.parent / "fixtures" / "requests" / PROVIDER).glob("*.json"))
_FAILS = (Refused, lc.LmcodecError, msgspec.MsgspecError, RecursionError, ValueError, TypeError)

Outcome = lc.Request | tuple[type, str, str | None]

_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(["", "x", "user", "model", "image/png", "AAAA", "files/f1", "AUTO", "application/json"]),
)
_JSON = st.recursive(
    _LEAVES,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["text", "name", "result", "type"]), inner, max_size=2)
    ),
    max_leaves=6,
)
mutated = mutations(
    _JSON,
    ["id", "text", "thought", "thoughtSignature", "role", "parts", "mimeType", "args", "response", "extra"],
)


def _general(body: bytes, model: str | None) -> Outcome:
    try:
        return read._decode_general(body, model)
    except lc.LmcodecError as exc:
        return type(exc), str(exc), getattr(exc, "path", None)


def _typed(body: bytes, model: str | None, *, one_pass: bool) -> lc.Request | None:
    try:
        if one_pass:
            return read_typed(body, model)
        whole, extensions = _read_typed._key_by_key(body)
        return _read_typed._request(whole, model, extensions)[0]
    except _FAILS:
        return None


def _sorted_json(request: lc.Request) -> str:
    """The Request's JSON with its objects' keys sorted: an int where the other has a float shows,
    the key order of a value kept in extensions does not (the fast path keeps a systemInstruction
    it re-encodes from its view with ``parts`` first)."""
    return json.dumps(json.loads(lc.encode(request)), sort_keys=True)


def check_paths_agree(body: bytes) -> lc.Request | None:
    """The fast path's Request (one pass, no URL model), or None where it refused; asserts the rule."""
    for model in (None, "gemini-3-pro-preview"):
        general = _general(body, model)
        for one_pass in (True, False):
            typed = _typed(body, model, one_pass=one_pass)
            if typed is not None:
                assert isinstance(general, lc.Request), (
                    f"the fast path took a body the general path refuses: {general}"
                )
                assert typed == general
                assert _sorted_json(typed) == _sorted_json(general)
        try:
            public: Outcome = lc.decode_request(PROVIDER, body, model=model)
        except lc.LmcodecError as exc:
            public = type(exc), str(exc), getattr(exc, "path", None)
        assert public == general
        typed = _typed(body, model, one_pass=True)
        surveyed = TYPED_READERS[PROVIDER](body, model)  # the gateway's reading, with its survey
        if surveyed is not None and surveyed[2]:  # a function response read as its result text
            assert typed is None
            assert surveyed[1] == crossing.survey(surveyed[0])
            assert read.decode_request_without_unsigned_thinking(body, model=model) == (
                surveyed[0],
                surveyed[2],
            )
        elif surveyed is not None:
            assert typed is not None
            check_recorded_survey(PROVIDER, body, typed, model)
            assert read.decode_request_without_unsigned_thinking(body, model=model) == (typed, ())
        elif typed is not None:  # a snake_case field kept: the body is read again camelCased
            assert read.snake_case_kept(typed)
    return _typed(body, None, one_pass=True)


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixtures(path: Path) -> None:
    body = path.read_bytes()
    typed = check_paths_agree(body)
    if isinstance(_general(body, None), lc.Request):
        assert typed is not None, "a body the general path reads should take the fast path"


def test_the_benchmark_body_takes_the_fast_path() -> None:
    """benchmarks/test_bench_requests.py's Gemini body: lm15's body for the Chat fixture's Request."""
    chat = Path(__file__).parent.parent / "fixtures" / "requests" / "openai_chat" / "travel_agent_tools.json"
    request = lc.replace(lc.decode_request("openai_chat", chat.read_bytes()), model="gemini-2.5-flash")
    built = lm15_build(PROVIDER, request)
    assert built.error is None
    body = json.dumps(built.body_value).encode()
    assert check_paths_agree(body) is not None
    assert msgspec.json.decode(body, type=_read_typed.BodyView).contents  # the one-pass view takes it


@settings(SETTINGS, max_examples=examples(60))
@given(st.one_of(rich_requests(PROVIDER), canonical_requests(PROVIDER)), st.data())
def test_lm15_bodies_and_their_mutations(request: lc.Request, data: st.DataObject) -> None:
    built = lm15_build(PROVIDER, request)
    if built.error is not None:
        return
    check_paths_agree(json.dumps(built.body_value).encode())
    check_paths_agree(json.dumps(data.draw(mutated(built.body_value))).encode())


@settings(SETTINGS, max_examples=examples(60))
@given(st.sampled_from(FIXTURES), st.data())
def test_mutated_fixtures(path: Path, data: st.DataObject) -> None:
    check_paths_agree(json.dumps(data.draw(mutated(json.loads(path.read_bytes())))).encode())


# ── generated client bodies ──────────────────────────────────────────────────

_IDS = st.sampled_from([None, None, "c1", "c2", "c1", "c3", "", "functions.get_weather:0"])
_NAMES = st.sampled_from(["get_weather", "search", "get_weather", "search", "get_weather", ""])
_SIGNATURE = st.sampled_from([None, None, "CiIBVKhc7o=", ""])


def _with(base: st.SearchStrategy[dict[str, Any]], **optional: st.SearchStrategy[Any]) -> Any:
    """``base`` with each optional key added when its drawn value is not None."""
    keys = list(optional)
    return st.tuples(base, *optional.values()).map(
        lambda drawn: {**drawn[0], **{k: v for k, v in zip(keys, drawn[1:], strict=True) if v is not None}}
    )


_BLOB = st.fixed_dictionaries(
    {
        "mimeType": st.sampled_from(
            ["image/png", "application/pdf", "audio/wav", "video/mp4", "x/y", "image/png", ""]
        ),
        "data": st.sampled_from(
            ["aGk=", "AAAA", "aGk=", "AAAA", "not base64!", "-__-Pj8=", "-_+/Pj8=", "_w=="]
        ),
    }
)
_FILE = _with(
    st.fixed_dictionaries(
        {"fileUri": st.sampled_from(["files/abc", "gs://b/x.mp4", "https://x.test/a.png", "files/abc", ""])}
    ),
    mimeType=st.sampled_from(
        ["image/jpeg", "text/plain", None, "video/mp4", "", "image/png", "application/pdf"]
    ),
)
_MEDIA = st.one_of(st.builds(lambda b: {"inlineData": b}, _BLOB), st.builds(lambda f: {"fileData": f}, _FILE))
_PLAIN_TEXT = st.fixed_dictionaries({"text": st.sampled_from(["", "hi", "é ✓"])})
_TEXT = st.one_of(
    *[_PLAIN_TEXT] * 4,
    _PLAIN_TEXT.map(lambda p: {**p, "thoughtSignature": "CiIBVKhc7o="}),
    _PLAIN_TEXT.map(lambda p: {**p, "thought": True, "thoughtSignature": "CiIBVKhc7o="}),
    _with(_PLAIN_TEXT, thought=st.sampled_from([True, False]), thoughtSignature=_SIGNATURE),
)
_CALL = _with(
    st.builds(
        lambda call: {"functionCall": call},
        _with(
            st.fixed_dictionaries({"name": _NAMES}),
            id=_IDS,
            args=st.sampled_from([None, {}, {"city": "Porto"}]),
        ),
    ),
    thoughtSignature=_SIGNATURE,
)
_ANSWERS = st.sampled_from(
    [{"result": "22 C"}, {"error": "boom"}, {"result": "22 C"}, {"error": "boom"}, {}, None]
    + [{"result": "22 C"}] * 4
    + [{"temp": 20}, {"result": 3}, {"result": "a", "x": 1}]
)
_RESPONSE = st.builds(
    lambda response: {"functionResponse": response},
    _with(
        st.fixed_dictionaries({"name": _NAMES}),
        id=_IDS,
        response=_ANSWERS,
        parts=st.one_of(
            st.none(),
            st.none(),
            st.lists(_MEDIA, max_size=2),
            st.lists(_MEDIA, max_size=2),
            st.sampled_from(
                [
                    [{"text": "x"}],
                    [{"inlineData": {"mimeType": "image/png", "data": "aGk="}, "thoughtSignature": "s"}],
                ]
            ),
            st.none(),
        ),
    ),
)
_ODD_PART = st.sampled_from(
    [
        {},
        {"text": "x", "thought": False},
        {"executableCode": {"language": "PYTHON", "code": "1"}},
        {"text": "x", "videoMetadata": {}},
        {"text": "a", "inlineData": {"mimeType": "image/png", "data": "AA=="}},
        {"thought": True, "functionCall": {"name": "f"}},
    ]
)
_USER_PART = st.one_of(_TEXT, _TEXT, _TEXT, _MEDIA, _RESPONSE, _RESPONSE, _RESPONSE)
_MODEL_PART = st.one_of(_TEXT, _TEXT, _CALL, _CALL, _CALL, _MEDIA)
_USER = _with(
    st.fixed_dictionaries({"parts": st.lists(_USER_PART, min_size=1, max_size=4)}),
    role=st.sampled_from([None, "user"]),
)
_MODEL = st.fixed_dictionaries(
    {"role": st.just("model"), "parts": st.lists(_MODEL_PART, min_size=1, max_size=4)}
)
_ODD_CONTENT = st.one_of(
    st.fixed_dictionaries(
        {"role": st.sampled_from(["user", "model"]), "parts": st.lists(_ODD_PART, min_size=1, max_size=1)}
    ),
    st.just({"role": "user", "parts": []}),
)
_CONTENTS = st.tuples(
    st.lists(st.one_of(_USER, _MODEL), min_size=1, max_size=5), st.integers(0, 5), _ODD_CONTENT
).map(lambda drawn: [*drawn[0], drawn[2]] if drawn[1] == 5 else drawn[0])
_SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
_JSON_SCHEMA = {**_SCHEMA, "additionalProperties": False}
_DECLARATION = _with(
    st.fixed_dictionaries({"name": st.sampled_from(["get_weather", "search", "get_weather", ""])}),
    description=st.sampled_from([None, "", "Weather."]),
    parameters=st.sampled_from([None, _SCHEMA, _JSON_SCHEMA, []]),
    parametersJsonSchema=st.sampled_from([None, None, _JSON_SCHEMA, _SCHEMA]),
)
_TOOL = st.one_of(
    st.builds(lambda ds: {"functionDeclarations": ds}, st.lists(_DECLARATION, max_size=3)),
    st.sampled_from(
        [
            {"googleSearch": {}},
            {"codeExecution": {}},
            {"urlContext": {}},
            {"googleSearch": {"x": 1}},
            {"": {}},
            {"functionDeclarations": {}},
            {"functionDeclarations": [{"name": "f"}], "googleSearch": {}},
        ]
    ),
)
_THINKING = st.sampled_from(
    [
        {"thinkingBudget": 0},
        {"thinkingBudget": 2048, "includeThoughts": True},
        {"thinkingBudget": -1},
        {"thinkingLevel": "high"},
        {"thinkingLevel": "low", "includeThoughts": True},
        {"includeThoughts": False},
    ]
)
_GENERATION = _with(
    st.just({}),
    temperature=st.sampled_from([None, 0, 2.5, 0.3, 1, True, None, 0.7]),
    maxOutputTokens=st.one_of(*[st.sampled_from([None, 1, 600])] * 4, st.sampled_from([0, 600.0])),
    topP=st.sampled_from([None, 0.9, 1]),
    topK=st.sampled_from([None, 40, None, 40, 0]),
    seed=st.sampled_from([None, 42, -1]),
    stopSequences=st.sampled_from([None, ["END"], ["", "x"], []]),
    thinkingConfig=st.one_of(st.none(), _THINKING),
    responseMimeType=st.sampled_from([None, "application/json", "text/plain"]),
    responseSchema=st.sampled_from([None, None, _SCHEMA]),
    responseJsonSchema=st.sampled_from([None, None, _JSON_SCHEMA]),
    responseLogprobs=st.sampled_from([None, True, False]),
    logprobs=st.sampled_from([None, 3, 0, -1]),
    responseModalities=st.sampled_from([None, ["IMAGE"], ["AUDIO"], ["TEXT", "IMAGE"]]),
    frequencyPenalty=st.sampled_from([None, 0.5, None, 0.5, 3]),
    presencePenalty=st.sampled_from([None, -0.5]),
    candidateCount=st.sampled_from([None, None, 2]),
)
_SYSTEM = st.one_of(
    st.just({"parts": [{"text": "Be terse."}]}),
    st.just({"parts": [{"text": ""}]}),
    st.just({"parts": [{"text": "a"}, {"text": "b"}]}),
    st.just({"role": "user", "parts": [{"text": "Be terse."}]}),
    st.just({"parts": [{"text": "a", "thoughtSignature": "s"}]}),
    st.just({"parts": []}),
    st.just({"parts": [{"inlineData": {"mimeType": "image/png", "data": "aGk="}}]}),
)
_TOOL_CONFIG = st.sampled_from(
    [
        {"functionCallingConfig": {"mode": "AUTO"}},
        {"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["get_weather"]}},
        {"functionCallingConfig": {"mode": "VALIDATED", "allowedFunctionNames": ["get_weather"]}},
        {"functionCallingConfig": {"mode": "NONE"}},
        {"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["nowhere"]}},
        {"functionCallingConfig": {"mode": "MAYBE"}},
        {},
    ]
)
CLIENT_BODIES = _with(
    st.fixed_dictionaries({"contents": _CONTENTS}),
    systemInstruction=st.one_of(st.none(), _SYSTEM),
    generationConfig=st.one_of(st.none(), _GENERATION),
    tools=st.one_of(st.none(), st.lists(_TOOL, max_size=3)),
    toolConfig=st.one_of(st.none(), _TOOL_CONFIG),
    cachedContent=st.sampled_from([None, None, "cachedContents/abc", "abc", ""]),
    store=st.sampled_from([None, None, True, False]),
    serviceTier=st.sampled_from([None, None, "flex", ""]),
    model=st.sampled_from([None, "gemini-2.5-flash", None, "gemini-3-pro-preview", None, ""]),
    safetySettings=st.sampled_from([None, None, [{"category": "HARM_CATEGORY_HATE_SPEECH"}]]),
    labels=st.sampled_from([None, None, {"team": "x"}]),
)


@settings(SETTINGS, max_examples=examples(100))
@given(CLIENT_BODIES, st.data())
def test_client_bodies_and_their_mutations(body: dict[str, Any], data: st.DataObject) -> None:
    check_paths_agree(json.dumps(body).encode())
    check_paths_agree(json.dumps(data.draw(mutated(body))).encode())


_USUAL_BODIES = _with(
    st.fixed_dictionaries({"contents": st.just([{"role": "user", "parts": [{"text": "q"}]}])}),
    systemInstruction=st.one_of(st.none(), _SYSTEM),
    generationConfig=st.one_of(
        st.none(),
        st.just({}),
        _with(
            st.just({}),
            temperature=st.sampled_from([None, 0, 0.3, 1, 1.0, 2, 2.5, True, "x"]),
            maxOutputTokens=st.sampled_from([None, 1, 600, 600.0, 600.5, 0, -1, 2.0**60, 2**70, True]),
            topP=st.sampled_from([None, 0.9, 1, 1.5, 0]),
            topK=st.sampled_from([None, 40, 3.0, 0, 0.5]),
        ),
        st.just({"temperature": 0.3, "candidateCount": 1}),
        st.just({"temperature": None}),
    ),
    tools=st.one_of(
        st.none(),
        st.lists(_TOOL, max_size=2),
        st.builds(
            lambda ds: [{"functionDeclarations": ds}],
            st.lists(_DECLARATION, min_size=1, max_size=3, unique_by=lambda d: d["name"]),
        ),
    ),
    toolConfig=st.one_of(
        st.none(),
        _TOOL_CONFIG,
        st.sampled_from(
            [{"functionCallingConfig": {"mode": "ANY"}}, {"functionCallingConfig": {}}, {"x": 1}]
        ),
    ),
    labels=st.sampled_from([None, None, {"team": "x"}]),
    output=st.sampled_from([None, None, "image"]),
)


@settings(SETTINGS, max_examples=examples(300))
@given(_USUAL_BODIES)
def test_usual_settings_read_without_the_builder_as_with_it(body: dict[str, Any]) -> None:
    """The fast path's own judgment of a body whose settings come back from the builder as they
    stand (``_usual``, which makes the Config directly and runs no builder) gives the general
    path's Request (``keep_wire_shapes``: the builder's top level compared with the body)."""
    check_paths_agree(json.dumps(body).encode())


def _body(*contents: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"contents": list(contents), **fields}


_Q = {"role": "user", "parts": [{"text": "q"}]}
_F = {"functionCall": {"name": "f", "args": {}}}


def _answer(**fields: Any) -> dict[str, Any]:
    return {
        "role": "user",
        "parts": [{"functionResponse": {"name": "f", "response": {"result": "r"}, **fields}}],
    }


EDGES = [
    _body(),
    _body(_Q, model=None),
    _body(_Q, model=5),
    _body(_Q, systemInstruction=None),
    _body(_Q, tools=None),
    _body(_Q, generationConfig=[]),
    {"systemInstruction": {"parts": [{"text": "s"}]}},
    [],
    _body({"role": "model", "parts": [_F, _F]}, _answer(), _answer()),  # ids paired by name
    _body({"role": "model", "parts": [_F]}, _answer(id="x"), _answer()),
    _body({"role": "model", "parts": [{"functionCall": {"name": "f", "id": "a"}}]}, _answer(), _answer()),
    _body(_answer()),
    _body(
        {"role": "model", "parts": [_F]}, {"role": "user", "parts": [_answer()["parts"][0], {"text": "and"}]}
    ),
    _body({"role": "user", "parts": [_F]}),
    _body({"role": "model", "parts": [_answer()["parts"][0]]}),
    _body({"role": "model", "parts": [{"text": "t", "thought": True, "thoughtSignature": "s"}]}),
    _body({"role": "user", "parts": [{"text": "t", "thought": True, "thoughtSignature": "s"}]}),
    _body(
        {
            "role": "model",
            "parts": [{"inlineData": {"mimeType": "image/png", "data": "aGk="}, "thoughtSignature": ""}],
        }
    ),
    _body(_Q, tools=[{"functionDeclarations": [{"name": "f"}, {"name": "f"}]}]),
    _body(
        _Q,
        tools=[{"functionDeclarations": [{"name": "f"}]}],
        toolConfig={"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["f"]}},
    ),
    _body({"parts": [{"fileData": {"fileUri": "gs://b/x", "mimeType": "video/mp4"}}]}),
    _body({"parts": [{"fileData": {"fileUri": "", "mimeType": "image/png"}}]}),
    _body(_Q, cachedContent="cachedContents/x", systemInstruction={"parts": [{"text": "s"}]}),
]


@pytest.mark.parametrize("body", EDGES)
def test_edges(body: Any) -> None:
    check_paths_agree(json.dumps(body).encode())


_SURVEYED_CONTENTS = [
    {"role": "user", "parts": [{"text": ""}]},
    {"role": "user", "parts": [{"text": "hi"}, {"inlineData": {"mimeType": "image/png", "data": "aGk="}}]},
    {"role": "model", "parts": [{"text": "t", "thought": True, "thoughtSignature": "s"}, {"text": ""}]},
    {"role": "model", "parts": [{"text": "said", "thoughtSignature": "s"}]},
    {"role": "model", "parts": [{"functionCall": {"name": "f", "id": "c1", "args": {}}}]},
    {"role": "model", "parts": [{"functionCall": {"name": "g", "id": "c1"}, "thoughtSignature": "s"}]},
    {"role": "model", "parts": [{"functionCall": {"name": "m", "id": "c1"}}]},
    {"role": "model", "parts": [{"functionCall": {"name": "f", "id": "functions.f:0"}}]},
    {"role": "model", "parts": [{"functionCall": {"name": "h"}}]},  # no id: paired by name
    {"role": "user", "parts": [{"functionResponse": {"name": "f", "id": "c1", "response": {"result": "r"}}}]},
    {"role": "user", "parts": [{"functionResponse": {"name": "k", "id": "c9", "response": {"error": "e"}}}]},
    {"role": "user", "parts": [{"functionResponse": {"name": "h", "response": {"result": "r"}}}]},
    {
        "role": "user",
        "parts": [
            {
                "functionResponse": {
                    "name": "f",
                    "id": "c1",
                    "response": {},
                    "parts": [{"inlineData": {"mimeType": "image/png", "data": "aGk="}}],
                }
            }
        ],
    },
]


@settings(SETTINGS, max_examples=examples(150))
@given(st.lists(st.sampled_from(_SURVEYED_CONTENTS), min_size=1, max_size=6))
def test_the_recorded_survey_is_the_walk_s(contents: list[dict[str, Any]]) -> None:
    """Parts of every kind the survey tells apart (empty text, thought and signed parts, media,
    results named otherwise than any call, ids Anthropic refuses, an id of two functions, calls
    paired by name): the survey the typed path records is ``crossing.survey``'s of its Request."""
    body = json.dumps({"contents": contents}).encode()
    typed = _typed(body, None, one_pass=True)
    assert typed is not None
    check_recorded_survey(PROVIDER, body, typed)
