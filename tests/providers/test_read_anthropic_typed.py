"""The Anthropic reader's typed fast path (``_read_typed.py``) against its general path (``read.py``).

Where the fast path takes a body, its Request must equal the general path's; where the general
path refuses a body, the fast path must not take it, and the public reader raises the general
path's error (class, message, JSON path). Both ways of decoding are held: the one-pass view and
the top level key by key. Bodies: lm15's own bodies for hypothesis-generated Requests, the client
fixtures, generated client bodies (tools, tool_use/tool_result ids, signed and redacted thinking,
cache marks, system blocks, images and documents, metadata, stream, thinking and output settings,
unknown top-level keys), and all of them mutated at a random place.
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
from lmcodec.providers.anthropic import read
from lmcodec.providers.anthropic._read_config import MAPPED, keep_wire_shapes
from lmcodec.providers.anthropic._read_typed import Refused, read_body, read_typed

from ..budget import examples
from ..wire.lm15_trees import SETTINGS
from .request_support import canonical_requests, lm15_build, rich_requests
from .survey_support import check_recorded_survey
from .test_read_openai_chat_typed import mutated

PROVIDER = "anthropic"
FIXTURES = sorted((Path(__file__).parent.parent / "fixtures" / "requests" / PROVIDER).glob("*.json"))
_FAILS = (Refused, lc.LmcodecError, msgspec.MsgspecError, RecursionError, ValueError, TypeError)

Outcome = lc.Request | tuple[type, str, str | None]


def _general(body: bytes) -> Outcome:
    try:
        return read._decode_general(body)
    except lc.LmcodecError as exc:
        return type(exc), str(exc), getattr(exc, "path", None)


WAYS = ("view", "one_pass", "keys")
"""The fast path's ways in: the readers' own (``read_body``: the one-pass view read as it stands
by ``read_view``, or the top-level keys where the view refuses the body), the view's keys as a
dict (``read_surveyed`` of ``_one_pass``: the way before ``read_view``), the top level key by key."""


def _typed(body: bytes, *, way: str = "view") -> lc.Request | None:
    try:
        if way == "view":
            return read_body(body)[0]
        if way == "one_pass":
            return read._read_one_pass(body, read_typed)
        return read_typed(read._TOP.decode(body))
    except _FAILS:
        return None


def check_paths_agree(body: bytes) -> lc.Request | None:
    """The fast path's Request (one pass), or None where it refused; asserts the rule above."""
    general = _general(body)
    for way in WAYS:
        typed = _typed(body, way=way)
        if typed is not None:
            assert isinstance(general, lc.Request), (
                f"the fast path took a body the general path refuses: {general}"
            )
            assert typed == general
            assert lc.encode(typed) == lc.encode(general)
    try:
        public: Outcome = lc.decode_request(PROVIDER, body)
    except lc.LmcodecError as exc:
        public = type(exc), str(exc), getattr(exc, "path", None)
    assert public == general
    typed = _typed(body)
    if typed is not None:
        check_recorded_survey(PROVIDER, body, typed)
    return typed


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixtures(path: Path) -> None:
    body = path.read_bytes()
    typed = check_paths_agree(body)
    general = _general(body)
    if isinstance(general, lc.Request):
        assert typed is not None, "a body the general path reads should take the fast path"


def test_the_benchmark_body_takes_the_fast_path() -> None:
    """benchmarks/test_bench_requests.py's Anthropic body: lm15's body for the Chat fixture's Request."""
    chat = Path(__file__).parent.parent / "fixtures" / "requests" / "openai_chat" / "travel_agent_tools.json"
    request = lc.replace(lc.decode_request("openai_chat", chat.read_bytes()), model="claude-sonnet-4-5")
    built = lm15_build(PROVIDER, request)
    assert built.error is None
    assert check_paths_agree(json.dumps(built.body_value).encode()) is not None


@settings(SETTINGS, max_examples=examples(200))
@given(st.one_of(rich_requests(PROVIDER), canonical_requests(PROVIDER)), st.data())
def test_lm15_bodies_and_their_mutations(request: lc.Request, data: st.DataObject) -> None:
    built = lm15_build(PROVIDER, request)
    if built.error is not None:
        return
    check_paths_agree(json.dumps(built.body_value).encode())
    check_paths_agree(json.dumps(data.draw(mutated(built.body_value))).encode())


@settings(SETTINGS, max_examples=examples(200))
@given(st.sampled_from(FIXTURES), st.data())
def test_mutated_fixtures(path: Path, data: st.DataObject) -> None:
    check_paths_agree(json.dumps(data.draw(mutated(json.loads(path.read_bytes())))).encode())


# ── generated client bodies ──────────────────────────────────────────────────

_IDS = st.sampled_from(["toolu_1", "toolu_2", "toolu_1", "toolu_3", "toolu_2", "", "functions.get_weather:0"])
_MARK = st.one_of(
    st.just({"type": "ephemeral"}),
    st.just({"type": "ephemeral", "ttl": "1h"}),
    st.builds(lambda ttl: {"type": "ephemeral", "ttl": ttl}, st.sampled_from(["1h", "5m", ""])),
)
_SOURCE = st.one_of(
    st.fixed_dictionaries(
        {
            "type": st.just("base64"),
            "media_type": st.sampled_from(["image/png", "application/pdf", "image/png", ""]),
            "data": st.sampled_from(["aGk=", "AAAA", "aGk=", "not base64!"]),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("url"),
            "url": st.sampled_from(["https://x.test/a.jpg", "https://x.test/a", "https://x.test/b.gif", ""]),
        }
    ),
    st.fixed_dictionaries({"type": st.just("file"), "file_id": st.sampled_from(["file_1", "file_2", ""])}),
    st.just({"type": "text", "media_type": "text/plain", "data": "hi"}),
)


def _marked(block: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    return st.tuples(block, st.one_of(st.none(), st.none(), _MARK)).map(
        lambda pair: pair[0] if pair[1] is None else {**pair[0], "cache_control": pair[1]}
    )


_PLAIN_TEXT = st.fixed_dictionaries({"type": st.just("text"), "text": st.sampled_from(["", "hi", "é ✓"])})
_TEXT = st.one_of(_PLAIN_TEXT, _PLAIN_TEXT, _PLAIN_TEXT, _PLAIN_TEXT.map(lambda b: {**b, "citations": []}))
_IMAGE = st.fixed_dictionaries({"type": st.just("image"), "source": _SOURCE})
_DOCUMENT = st.fixed_dictionaries(
    {"type": st.just("document"), "source": _SOURCE}, optional={"title": st.just("t")}
)
_TOOL_USE = st.fixed_dictionaries(
    {
        "type": st.just("tool_use"),
        "id": _IDS,
        "name": st.sampled_from(["get_weather", "search", "get_weather", ""]),
        "input": st.sampled_from([{}, {"city": "Porto"}, {"n": [1, 2.5, None]}]),
    }
)
_TOOL_RESULT = st.fixed_dictionaries(
    {"type": st.just("tool_result"), "tool_use_id": _IDS},
    optional={
        "content": st.one_of(
            st.sampled_from(["", "22 C"]),
            st.lists(st.one_of(_TEXT, _IMAGE, _marked(st.just({"type": "text", "text": "m"}))), max_size=2),
        ),
        "is_error": st.booleans(),
    },
)
_THINKING = st.fixed_dictionaries(
    {
        "type": st.just("thinking"),
        "thinking": st.sampled_from(["", "let me see"]),
        "signature": st.sampled_from(["EqQBCkYIAxgC", "EqQBCkYIAxgC", ""]),
    }
)
_REDACTED = st.fixed_dictionaries({"type": st.just("redacted_thinking"), "data": st.just("EmwKAhgB")})
_OTHER = st.sampled_from(
    [
        {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}},
        {"type": "search_result", "source": "s", "title": "t", "content": []},
        {"type": "text", "text": "x", "bogus": 1},
    ]
)
_USER_BLOCK = _marked(st.one_of(_TEXT, _TEXT, _IMAGE, _DOCUMENT, _TOOL_RESULT, _TOOL_RESULT))
_ASSISTANT_BLOCK = _marked(st.one_of(_TEXT, _TOOL_USE, _TOOL_USE, _THINKING, _REDACTED))
_USER = st.fixed_dictionaries(
    {
        "role": st.just("user"),
        "content": st.one_of(st.just("Hi!"), st.lists(_USER_BLOCK, min_size=1, max_size=4)),
    }
)
_ASSISTANT = st.fixed_dictionaries(
    {
        "role": st.just("assistant"),
        "content": st.one_of(st.just("Sure."), st.lists(_ASSISTANT_BLOCK, min_size=1, max_size=4)),
    }
)
_ODD = st.one_of(
    st.just({"role": "user", "content": ""}),
    st.just({"role": "user", "content": []}),
    st.builds(lambda block: {"role": "user", "content": [block]}, _OTHER),
)
_MESSAGE = st.one_of(_USER, _ASSISTANT, _USER, _ASSISTANT, _USER, _ASSISTANT, _ODD)
_SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
_TOOL = st.one_of(
    st.fixed_dictionaries(
        {"name": st.sampled_from(["get_weather", "search", ""]), "input_schema": st.just(_SCHEMA)},
        optional={
            "description": st.sampled_from(["", "Weather."]),
            "type": st.just("custom"),
            "cache_control": _MARK,
        },
    ),
    st.sampled_from(
        [
            {"type": "web_search_20250305", "name": "web_search", "max_uses": 3},
            {"type": "web_search_20250305", "name": None},
            {"type": "code_execution_20250522", "name": "code_execution"},
            {"type": "bash_20250124", "name": "bash"},
            {"name": "no_schema"},
        ]
    ),
)
_SYSTEM = st.one_of(
    st.sampled_from([None, "", "You are terse."]),
    st.lists(
        _marked(st.fixed_dictionaries({"type": st.just("text"), "text": st.just("Be kind.")})), max_size=3
    ),
)
CLIENT_BODIES = st.fixed_dictionaries(
    {
        "model": st.sampled_from(
            ["claude-sonnet-4-5", "claude-opus-4-6", "claude-3-haiku-20240307", "claude-sonnet-4-5", ""]
        ),
        "max_tokens": st.sampled_from([1, 600, 4096, 2048, 0]),
        "messages": st.lists(_MESSAGE, min_size=1, max_size=5),
    },
    optional={
        "system": _SYSTEM,
        "tools": st.lists(_TOOL, max_size=3),
        "tool_choice": st.sampled_from(
            [
                {"type": "auto"},
                {"type": "any", "disable_parallel_tool_use": True},
                {"type": "tool", "name": "get_weather"},
                {"type": "tool", "name": "nowhere"},
                {"type": "none"},
            ]
        ),
        "thinking": st.sampled_from(
            [
                {"type": "enabled", "budget_tokens": 1024},
                {"type": "enabled", "budget_tokens": 100000},
                {"type": "disabled"},
                {"type": "adaptive"},
                {"type": "adaptive", "display": "summarized"},
            ]
        ),
        "output_config": st.sampled_from(
            [{"effort": "high"}, {"effort": "low"}, {"format": {"type": "json_schema", "schema": _SCHEMA}}]
        ),
        "metadata": st.sampled_from([{"user_id": "u-1"}, {"user_id": ""}, {}]),
        "stream": st.booleans(),
        "stop_sequences": st.sampled_from([["END"], ["", "\n\nHuman:"], []]),
        "temperature": st.sampled_from([0, 0.3, 1.0, 1.5]),
        "top_p": st.sampled_from([0.9, 1]),
        "top_k": st.sampled_from([1, 40, 0]),
        "service_tier": st.sampled_from(["auto", "standard_only"]),
        "container": st.just("container_1"),
        "context_management": st.just({"edits": []}),
    },
)


@settings(SETTINGS, max_examples=examples(400))
@given(CLIENT_BODIES, st.data())
def test_client_bodies_and_their_mutations(body: dict[str, Any], data: st.DataObject) -> None:
    check_paths_agree(json.dumps(body).encode())
    check_paths_agree(json.dumps(data.draw(mutated(body))).encode())


_HI = {"role": "user", "content": "Hi!"}
_SHAPE_BODIES = st.fixed_dictionaries(
    {
        "model": st.just("claude-sonnet-4-5"),
        "max_tokens": st.sampled_from([600, 0, 1]),
        "messages": st.sampled_from([[_HI], [_HI, {"role": "assistant", "content": "Sure."}]]),
    },
    optional={
        "system": _SYSTEM,
        "tools": st.lists(_TOOL, max_size=2, unique_by=lambda tool: tool.get("name")),
        "tool_choice": st.sampled_from(
            [
                {"type": "auto"},
                {"type": "auto", "disable_parallel_tool_use": False},
                {"type": "auto", "name": "get_weather"},
                {"type": "any", "disable_parallel_tool_use": True},
                {"disable_parallel_tool_use": True, "type": "any"},
                {"type": "tool", "name": "get_weather"},
                {"type": "tool", "name": "get_weather", "disable_parallel_tool_use": True},
                {"type": "none"},
                {"type": "none", "disable_parallel_tool_use": True},
            ]
        ),
        "metadata": st.sampled_from(
            [{"user_id": "u-1"}, {"user_id": ""}, {}, None, {"user_id": "u", "x": 1}]
        ),
        "stop_sequences": st.sampled_from([["END"], ["", "\n\nHuman:"], [], ["a", "b"]]),
        "container": st.just("container_1"),
    },
)


@settings(SETTINGS, max_examples=examples(150))
@given(_SHAPE_BODIES)
def test_wire_shapes_kept_without_the_builder_as_with_it(body: dict[str, Any]) -> None:
    """The fast path's own check of which top-level values ride in extensions (``_overrides``)
    gives what ``keep_wire_shapes`` (the builder's top level compared with the body) gives."""
    raw = read._TOP.decode(json.dumps(body).encode())
    try:
        request = read_typed(raw)
    except _FAILS:
        return
    extensions = {k: v for k, v in (request.config.extensions or {}).items() if k not in MAPPED}
    base = lc.replace(request, config=lc.replace(request.config, extensions=extensions or None))
    assert keep_wire_shapes(base, raw, extensions, {}) == request


_Q = {"role": "user", "content": "q"}
EDGES = [
    {"model": "m", "max_tokens": 5, "messages": []},
    {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": []}]},
    {"model": "m", "max_tokens": 5, "messages": [_Q], "system": None},
    {"model": "m", "max_tokens": 5, "messages": [_Q], "tools": None},
    {"model": "", "max_tokens": 5, "messages": [_Q]},
    {"max_tokens": 5, "messages": [_Q]},
    {"model": "m", "messages": [_Q]},
    {"model": "m", "max_tokens": 5},
    {
        "model": "m",
        "max_tokens": 5,
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "a", "content": "r"},
                    {"type": "text", "text": "and", "cache_control": {"type": "ephemeral", "ttl": "1h"}},
                ],
            }
        ],
    },
    {
        "model": "m",
        "max_tokens": 5,
        "messages": [
            {
                "role": "user",
                "content": [{"type": "text", "text": "a", "cache_control": {"type": "ephemeral"}}],
            },
            {"role": "assistant", "content": "b"},
        ],
    },
    {
        "model": "m",
        "max_tokens": 5,
        "messages": [
            {"role": "user", "content": [{"type": "tool_use", "id": "a", "name": "f", "input": {}}]}
        ],
    },
    {
        "model": "m",
        "max_tokens": 5,
        "messages": [{"role": "assistant", "content": [{"type": "tool_result", "tool_use_id": "a"}]}],
    },
    {
        "model": "m",
        "max_tokens": 5,
        "messages": [_Q],
        "tools": [{"name": "f", "input_schema": _SCHEMA}, {"name": "f", "input_schema": _SCHEMA}],
    },
    {"model": "m", "max_tokens": 5, "messages": [_Q], "tool_choice": {"type": "tool", "name": "f"}},
]

_EPH = {"type": "ephemeral"}


def _user(*blocks: dict[str, Any]) -> dict[str, Any]:
    return {
        "model": "claude-sonnet-4-5",
        "max_tokens": 50,
        "messages": [{"role": "user", "content": list(blocks)}],
    }


def _assistant(*blocks: dict[str, Any]) -> dict[str, Any]:
    body = _user({"type": "text", "text": "q"})
    body["messages"].append({"role": "assistant", "content": list(blocks)})
    return body


_IMG = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "aGk="}}
EDGES += [
    _user({"type": "text", "text": "a", "cache_control": _EPH}, {"type": "text", "text": "b"}),
    _user({"type": "text", "text": "a", "cache_control": {"type": "ephemeral", "ttl": "5m"}}),
    _user(
        {
            "type": "tool_result",
            "tool_use_id": "t",
            "content": [{"type": "text", "text": "r", "cache_control": _EPH}],
        }
    ),
    _user({"type": "tool_result", "tool_use_id": "", "content": "r"}),
    _user({"type": "tool_result", "tool_use_id": "t", "content": [], "is_error": True}),
    _user({"type": "tool_result", "tool_use_id": "t", "content": [_IMG, {"type": "text", "text": "r"}]}),
    _user({"type": "text", "text": "a", "citations": None}),
    _user({"type": "image", "source": {"type": "base64", "media_type": "", "data": "aGk="}}),
    _user({"type": "image", "source": {"type": "url", "url": ""}}),
    _user({"type": "image", "source": {"type": "file", "file_id": ""}}),
    _user({"type": "document", "source": {"type": "url", "url": "https://x.test/d.pdf"}, "title": "t"}),
    _user({"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "hi"}}),
    _user({"type": "document", "source": {"type": "file", "file_id": "file_1"}, "cache_control": _EPH}),
    _assistant({"type": "thinking", "thinking": "t", "signature": ""}),
    _assistant(
        {"type": "thinking", "thinking": "t", "signature": "s"}, {"type": "redacted_thinking", "data": "d"}
    ),
    _assistant({"type": "tool_use", "id": "", "name": "f", "input": {}}),
    _assistant({"type": "tool_use", "id": "t", "name": "", "input": {}}),
    _assistant({"type": "tool_use", "id": "t", "name": "f", "input": {}, "cache_control": _EPH}),
]


@pytest.mark.parametrize("body", EDGES)
def test_edges(body: dict[str, Any]) -> None:
    check_paths_agree(json.dumps(body).encode())


_SURVEYED_MESSAGES = [
    {"role": "user", "content": ""},
    {"role": "user", "content": [{"type": "text", "text": ""}, {"type": "text", "text": "hi"}]},
    {
        "role": "user",
        "content": [{"type": "image", "source": {"type": "url", "url": "https://x.test/a.png"}}],
    },
    {"role": "assistant", "content": [{"type": "thinking", "thinking": "", "signature": "EqQB"}]},
    {"role": "assistant", "content": [{"type": "redacted_thinking", "data": "EmwK"}]},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}]},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "g", "input": {}}]},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "call:2", "name": "f", "input": {}}]},
    {
        "role": "assistant",
        "content": [
            {
                "type": "tool_use",
                "id": "toolu_3",
                "name": "h",
                "input": {},
                "cache_control": {"type": "ephemeral"},
            }
        ],
    },
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "r"}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call:2", "content": ""}]},
    {
        "role": "user",
        "content": [
            {
                "type": "tool_result",
                "tool_use_id": "toolu_3",
                "content": [{"type": "image", "source": {"type": "url", "url": "https://x.test/a.png"}}],
            }
        ],
    },
    {
        "role": "user",
        "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": [{"type": "text", "text": "r"}]},
            {"type": "text", "text": "and"},
        ],
    },
]


@settings(SETTINGS, max_examples=examples(150))
@given(st.lists(st.sampled_from(_SURVEYED_MESSAGES), min_size=1, max_size=6))
def test_the_recorded_survey_is_the_walk_s(messages: list[dict[str, Any]]) -> None:
    """Blocks of every kind the survey tells apart (empty text, thinking, redacted thinking,
    images, a result holding an image, ids Anthropic refuses, an id repeated with the same name and
    with another: no recorded survey then, a marked call): the survey the typed path records is
    ``crossing.survey``'s of its Request."""
    body = json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": messages}).encode()
    typed = _typed(body)
    if typed is not None:  # (two marked messages: the general path's)
        check_recorded_survey(PROVIDER, body, typed)
