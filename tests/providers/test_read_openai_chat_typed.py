"""The Chat Completions reader's typed fast path against its dict walker (``read.py``).

Where the views take a body, the canonical Request must equal the walker's; where the walker
refuses a body, the fast path must not take it (the public reader then raises the walker's error,
JSON path included). Bodies: lm15's own Chat bodies for hypothesis-generated Requests, the fixture
bodies, and both mutated at a random place (a key dropped, a value of another JSON type, an
unknown key added).
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
from lmcodec.providers.openai._read_common import usual_config
from lmcodec.providers.openai_chat import read
from lmcodec.providers.openai_chat._read_config import CANONICAL_KEYS, Reader, read_config
from lmcodec.providers.openai_chat._read_typed import Refused

from ..budget import examples
from .body_mutations import mutations
from .openai_request_diff import REQUEST_SETTINGS, canonical_requests, lm15_body
from .survey_support import check_recorded_survey

PROVIDER = "openai_chat"
FIXTURES = sorted((Path(__file__).parent.parent / "fixtures" / "requests" / PROVIDER).glob("*.json"))

_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.sampled_from(
        ["", "x", "text", "function", "user", "tool", "explicit", "data:image/png;base64,AA", "{}"]
    ),
)
_JSON = st.recursive(
    _LEAVES,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["type", "text", "mode"]), inner, max_size=2)
    ),
    max_leaves=6,
)


mutated = mutations(_JSON, ["name", "extra", "prompt_cache_breakpoint", "detail", "refusal", "strict"])


_MARK = st.sampled_from([None, {"mode": "explicit"}, {"mode": "auto"}, {}])
_URL = st.sampled_from(
    ["https://x/y.png", "data:image/png;base64,AAAA", "data:;base64,AA", "data:image/png,AA", ""]
)


def _text_block(marks: bool) -> st.SearchStrategy[dict[str, Any]]:
    base = st.fixed_dictionaries({"type": st.just("text"), "text": st.sampled_from(["", "hi", "é"])})
    if not marks:
        return base
    return st.tuples(base, _MARK).map(
        lambda t: t[0] if t[1] is None else {**t[0], "prompt_cache_breakpoint": t[1]}
    )


_IMAGE = st.fixed_dictionaries(
    {
        "type": st.just("image_url"),
        "image_url": st.fixed_dictionaries(
            {"url": _URL}, optional={"detail": st.sampled_from([None, "", "low"])}
        ),
    }
)
_CALL = st.fixed_dictionaries(
    {
        "id": st.sampled_from(["c1", "c2"]),
        "function": st.fixed_dictionaries(
            {"name": st.sampled_from(["f", "g"])},
            optional={
                "arguments": st.sampled_from(["", "{}", '{"a": 1}', "[1]", "{", "NaN", '{"a": NaN}']),
                "parsed_arguments": st.sampled_from([None, {}, {"a": 1}]),  # the openai SDK's ParsedFunction
            },
        ),
    },
    optional={
        "type": st.sampled_from(["function", "custom", None]),
        "index": st.sampled_from([0, 1, 7, -1, None, True, 1.5, "0"]),  # the openai SDK's stream accumulator
    },
)
_ANNOTATION = {"type": "url_citation", "url_citation": {"url": "u", "start_index": 0, "end_index": 1}}
_ROW = st.one_of(
    st.fixed_dictionaries(
        {
            "role": st.sampled_from(["system", "developer", "user"]),
            "content": st.one_of(
                st.sampled_from(["", "q"]), st.lists(st.one_of(_text_block(True), _IMAGE), max_size=3)
            ),
        }
    ),
    st.fixed_dictionaries(
        {"role": st.just("assistant")},
        optional={
            "content": st.one_of(
                st.none(),
                st.just("a"),
                st.lists(
                    st.one_of(_text_block(False), st.just({"type": "refusal", "refusal": "no"})), max_size=2
                ),
            ),
            "tool_calls": st.one_of(st.none(), st.lists(_CALL, max_size=2)),
            "refusal": st.sampled_from([None, "no"]),
            "annotations": st.sampled_from([None, [], [_ANNOTATION]]),
            "audio": st.sampled_from([None, {"id": "a"}]),
            "function_call": st.sampled_from([None, {"name": "f", "arguments": "{}"}]),
            "parsed": st.sampled_from([None, {}, {"a": 1}]),  # the openai SDK's ParsedChatCompletionMessage
        },
    ),
    st.fixed_dictionaries(
        {
            "role": st.just("tool"),
            "tool_call_id": st.sampled_from(["c1", "c2"]),
            "content": st.one_of(st.just("r"), st.lists(_text_block(False), max_size=2)),
        }
    ),
)
_TOOL = st.fixed_dictionaries(
    {
        "type": st.just("function"),
        "function": st.fixed_dictionaries(
            {"name": st.sampled_from(["f", "g"])},
            optional={
                "description": st.sampled_from([None, "", "d"]),
                "parameters": st.sampled_from([None, {}, {"type": "object", "properties": {}}]),
                "strict": st.sampled_from([None, True, False]),
            },
        ),
    }
)
_STABLE_SYSTEM = {
    "role": "system",
    "content": [{"type": "text", "text": "s", "prompt_cache_breakpoint": {"mode": "explicit"}}],
}
_MARKED_USER = {
    "role": "user",
    "content": [{"type": "text", "text": "u", "prompt_cache_breakpoint": {"mode": "explicit"}}],
}
CHAT_BODIES = st.fixed_dictionaries(
    {
        "model": st.sampled_from(["gpt-4.1-mini", "gpt-5.6"]),
        "messages": st.tuples(
            st.sampled_from([[], [_STABLE_SYSTEM], [_MARKED_USER]]), st.lists(_ROW, max_size=5)
        ).map(lambda pair: pair[0] + pair[1]),
    },
    optional={
        "tools": st.lists(_TOOL, max_size=2),
        "temperature": st.just(0.5),
        "prompt_cache_key": st.just("k"),
        "prompt_cache_options": st.just({"mode": "explicit"}),
        "n": st.sampled_from([1, 2]),
        "metadata": st.just({"a": "b"}),
    },
)


def _call(call_id: str, name: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": "{}"}}


def check_paths_agree(body: bytes) -> None:
    try:
        walked: lc.Request | lc.LmcodecError = read.decode_walked(body)
    except lc.LmcodecError as exc:
        walked = exc
    try:
        typed: lc.Request | None = read._decode_typed(body)[0]
    except (Refused, lc.LmcodecError, msgspec.DecodeError, RecursionError):
        typed = None
    surveyed = read.typed_surveyed_or_none(body, None)
    assert (surveyed is None) is (typed is None)
    if typed is not None:
        assert not isinstance(walked, lc.LmcodecError), (
            f"the fast path took a body the walker refuses: {walked}"
        )
        assert typed == walked
        assert lc.encode(typed) == lc.encode(walked)
        check_recorded_survey("openai_chat", body, typed)
    try:
        public: lc.Request | lc.LmcodecError = lc.decode_request(PROVIDER, body)
    except lc.LmcodecError as exc:
        public = exc
    if isinstance(walked, lc.LmcodecError):
        assert type(public) is type(walked)
        assert str(public) == str(walked)
        assert getattr(public, "path", None) == getattr(walked, "path", None)
    else:
        assert public == walked
        assert lc.encode(public) == lc.encode(walked)


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixtures_take_the_fast_path(path: Path) -> None:
    body = path.read_bytes()
    assert read._decode_typed(body)[0] == read.decode_walked(body)
    check_recorded_survey("openai_chat", body, read.decode_walked(body))


@REQUEST_SETTINGS
@given(
    st.lists(
        st.sampled_from(
            [
                {"role": "user", "content": ""},
                {"role": "user", "content": "hi"},
                {"role": "user", "content": [{"type": "text", "text": ""}]},
                {
                    "role": "user",
                    "content": [{"type": "image_url", "image_url": {"url": "https://x.test/a.png"}}],
                },
                {"role": "developer", "content": [{"type": "text", "text": "be brief"}]},
                {"role": "assistant", "content": ""},
                {"role": "assistant", "content": None, "tool_calls": [_call("call_1", "f")]},
                {"role": "assistant", "content": "", "tool_calls": [_call("call_1", "f"), _call("c:2", "g")]},
                {"role": "assistant", "content": [{"type": "refusal", "refusal": "no"}]},
                {"role": "assistant", "content": [{"type": "text", "text": ""}]},
                {"role": "assistant", "content": None, "tool_calls": [_call("call_1", "g")]},
                {"role": "tool", "tool_call_id": "call_1", "content": "r"},
                {"role": "tool", "tool_call_id": "c:2", "content": [{"type": "text", "text": ""}]},
            ]
        ),
        min_size=1,
        max_size=8,
    )
)
def test_the_recorded_survey_is_the_walk_s(rows: list[dict[str, Any]]) -> None:
    """Rows of every kind the survey tells apart: empty text, images, refusals, ids Anthropic
    refuses, a call id repeated (with the same name, and with another: no recorded survey)."""
    body = json.dumps({"model": "gpt-4.1", "messages": rows}).encode()
    typed = read.typed_or_none(body, None)
    if typed is not None:
        check_recorded_survey("openai_chat", body, typed)


@REQUEST_SETTINGS
@given(canonical_requests(), st.data())
def test_lm15_bodies_and_their_mutations(request: lc.Request, data: st.DataObject) -> None:
    body = lm15_body(PROVIDER, request, stream=False)
    if body is None:
        return
    check_paths_agree(json.dumps(body).encode())
    check_paths_agree(json.dumps(data.draw(mutated(body))).encode())


@REQUEST_SETTINGS
@given(st.sampled_from(FIXTURES), st.data())
def test_mutated_fixtures(path: Path, data: st.DataObject) -> None:
    check_paths_agree(json.dumps(data.draw(mutated(json.loads(path.read_bytes())))).encode())


@REQUEST_SETTINGS
@given(CHAT_BODIES, st.data())
def test_generated_bodies_and_their_mutations(body: dict[str, Any], data: st.DataObject) -> None:
    check_paths_agree(json.dumps(body).encode())
    check_paths_agree(json.dumps(data.draw(mutated(body))).encode())


_ODD_VALUE = st.sampled_from(
    [None, True, 0, 1.5, "auto", "", {"type": "function", "function": {"name": "x"}}]
)
_USUAL_VALUES = {  # the type read_config takes; one key may then be given any other value
    "tool_choice": st.sampled_from(["auto", "none", "required", "any"]),
    "parallel_tool_calls": st.booleans(),
    "max_completion_tokens": st.integers(-1, 700),
    "temperature": st.one_of(st.floats(0, 2.5), st.integers(0, 3)),
    "top_p": st.one_of(st.floats(0, 1), st.just(1)),
    "stream": st.booleans(),
}
_USUAL_BODIES = st.fixed_dictionaries(
    {
        "model": st.just("gpt-4.1-mini"),
        "messages": st.sampled_from([[_MARKED_USER], [{"role": "user", "content": "q"}]]),
    },
    optional=_USUAL_VALUES,
)
_ODD_BODIES = st.tuples(_USUAL_BODIES, st.sampled_from(sorted(_USUAL_VALUES)), _ODD_VALUE).map(
    lambda t: {**t[0], t[1]: t[2]}
)


@settings(REQUEST_SETTINGS, max_examples=examples(150))
@given(st.one_of(_USUAL_BODIES, _ODD_BODIES))
def test_the_usual_settings_read_off_the_view_as_the_walker_reads_them(body: dict[str, Any]) -> None:
    """``usual_config`` (the Config of a body setting only the usual keys, read off the one-pass
    view and made directly) is the conversion of read_config's fields, value and JSON alike, or
    declines where read_config or the conversion refuses or read_config adds extensions."""
    view = read._BODY.decode(json.dumps(body).encode())
    config = usual_config(
        view.max_completion_tokens,
        view.temperature,
        view.top_p,
        view.tool_choice,
        view.parallel_tool_calls,
        view.stream,
    )
    reader = Reader()
    try:
        expected: lc.Config | None = msgspec.convert(
            read_config(read._settings(view), "gpt-4.1-mini", reader), lc.Config
        )
    except (lc.ValidationError, msgspec.ValidationError, ValueError):
        expected = None
    if config is not None:
        assert expected is not None
        assert config == expected
        assert lc.encode(config) == lc.encode(expected)
        assert not reader.extensions
    check_paths_agree(json.dumps(body).encode())


_Q = {"role": "user", "content": "q"}
EDGES = [
    # Blocks without "type" where a row takes one kind of block (a lone tagged view read them).
    {"model": "m", "messages": [_Q, {"role": "tool", "tool_call_id": "c1", "content": [{"text": ""}]}]},
    {"model": "m", "messages": [{"role": "system", "content": [{"text": "s"}]}, _Q]},
    {"model": "m", "messages": [{"role": "developer", "content": [{"text": "s"}]}, _Q]},
    {
        "model": "m",
        "messages": [{"role": "developer", "content": [{"type": "image_url", "image_url": {"url": "u"}}]}],
    },
    {
        "model": "m",
        "messages": [
            {"role": "user", "content": [{"type": "image_url", "image_url": {"url": "u", "detail": ""}}]}
        ],
    },
    {
        "model": "m",
        "messages": [
            {"role": "user", "content": [{"type": "image_url", "image_url": {"url": "data:;base64,AA"}}]}
        ],
    },
    {
        "model": "m",
        "messages": [_Q],
        "tools": [{"type": "function", "function": {"name": "f", "strict": True}}],
    },
    {
        "model": "m",
        "messages": [_Q],
        "tools": [{"type": "function", "function": {"name": "f", "strict": False}}],
    },
    {"model": "m", "messages": [_STABLE_SYSTEM, _MARKED_USER]},
    {"model": "m", "messages": [_MARKED_USER, _Q, _MARKED_USER]},
    {"model": "m", "messages": [{"role": "system", "content": ""}, _Q]},
    {"model": "m", "messages": [{"role": "system", "content": "s"}]},
    {"model": "m", "messages": [_Q, {"role": "assistant", "content": None}]},
    {"model": "m", "messages": [_Q, {"role": "assistant", "content": []}]},
    {"model": "m", "messages": [_Q, {"role": "tool", "tool_call_id": "c", "content": []}]},
    {
        "model": "m",
        "messages": [
            _Q,
            {"role": "assistant", "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": "NaN"}}]},
        ],
    },
    {
        "model": "m",
        "messages": [
            _Q,
            {
                "role": "assistant",
                "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": '{"a": NaN}'}}],
            },
        ],
    },
    {
        "model": "m",
        "messages": [
            _Q,
            {"role": "assistant", "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": ""}}]},
        ],
    },
    {"model": "m", "messages": [_Q, {"role": "assistant", "content": "x", "refusal": None}]},
    {"model": "m", "messages": [_Q, {"role": "assistant", "content": "x", "parsed": None}]},
    {"model": "m", "messages": [_Q, {"role": "assistant", "content": "x", "parsed": {}}]},
    {
        "model": "m",
        "messages": [
            _Q,
            {
                "role": "assistant",
                "tool_calls": [
                    {
                        "id": "c",
                        "index": 3,
                        "function": {"name": "f", "arguments": "{}", "parsed_arguments": None},
                    }
                ],
            },
        ],
    },
    {
        "model": "m",
        "messages": [
            _Q,
            {"role": "assistant", "tool_calls": [{"id": "c", "index": -1, "function": {"name": "f"}}]},
        ],
    },
    {"model": "m", "messages": [_Q], "n": True},
    {"model": "m", "messages": [_Q], "tools": None},
]


@pytest.mark.parametrize("body", EDGES)
def test_edges(body: dict[str, Any]) -> None:
    check_paths_agree(json.dumps(body).encode())


def test_the_whole_body_view_declares_exactly_the_canonical_keys() -> None:
    """A key the one-pass view misses would send it to extensions; one it adds would escape a rule."""
    from lmcodec.providers.openai_chat._read_views import ChatBody

    assert set(ChatBody.__struct_fields__) == CANONICAL_KEYS


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixtures_agree_in_one_pass_and_in_two_steps(path: Path) -> None:
    body = path.read_bytes()
    try:
        two_steps: lc.Request | None = read._decode_in_two_steps(body)[0]
    except Refused:
        two_steps = None
    if two_steps is not None:
        assert read._decode_typed(body)[0] == two_steps


def test_the_sdk_parse_helpers_keys_take_the_fast_path() -> None:
    """A ParsedChatCompletionMessage's null ``parsed`` / ``parsed_arguments`` and the accumulator's
    ``index`` are read by the views, not sent to the walker."""
    call = {"id": "c", "type": "function", "index": 0, "function": {"name": "f", "parsed_arguments": None}}
    row = {"role": "assistant", "content": "x", "parsed": None, "tool_calls": [call]}
    body = json.dumps({"model": "m", "messages": [_Q, row]}).encode()
    assert read._decode_typed(body)[0] == read.decode_walked(body)
