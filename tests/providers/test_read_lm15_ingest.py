"""lc.decode_request("openai_chat", body) against lm15 1.5.0's own reader of Chat client bodies,
``lm15.providers.openai_chat.request_from_openai_chat`` (MAP-12).

Where both read a body, the canonical meaning is the same: the messages, system, tools and Config
fields, once lmcodec's wire-only extensions are read as ``lc.translate_request`` reads them for
another dialect (``providers/crossing.py``: the keys with a canonical meaning moved onto canonical
fields, the wire's own shape left out) and lm15's verbatim extensions left out on its side. The
bodies: the request fixtures (the official SDK's shapes), the red-team's cases, and
hypothesis-drawn conversations (system/developer rows, text blocks, images by URL, parallel tool
calls and their results). Where lm15 reads more or refuses what lmcodec keeps, the cases are
listed in ``KNOWN`` with the reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.lm15 import from_lm15
from lmcodec.providers.crossing import foreign_extensions_out

chat = pytest.importorskip("lm15.providers.openai_chat", reason="lm15 1.5.0 is a test dependency")

FIXTURES = sorted((Path(__file__).parent.parent / "fixtures" / "requests" / "openai_chat").glob("*.json"))
USER = {"role": "user", "content": "hi"}
CALLS = [
    {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}},
    {"id": "c2", "type": "function", "function": {"name": "g", "arguments": '{"x": 1}'}},
]
CASES: dict[str, dict[str, Any]] = {  # redteam3/repro_all.py R2-R4, ingest_diff*.py
    "developer_first": {"model": "gpt-5", "messages": [{"role": "developer", "content": "Be terse."}, USER]},
    "system_list": {
        "model": "gpt-5",
        "messages": [{"role": "system", "content": [{"type": "text", "text": "a"}]}, USER],
    },
    "system_two_blocks": {
        "model": "gpt-5",
        "messages": [
            {"role": "system", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]},
            USER,
        ],
    },
    "dev_then_sys": {
        "model": "gpt-4o",
        "messages": [{"role": "developer", "content": "a"}, {"role": "system", "content": "b"}, USER],
    },
    "parallel_results": {
        "model": "gpt-4o",
        "messages": [
            USER,
            {"role": "assistant", "content": None, "tool_calls": CALLS},
            {"role": "tool", "tool_call_id": "c1", "content": "1"},
            {"role": "tool", "tool_call_id": "c2", "content": "2"},
            {"role": "user", "content": "next"},
        ],
    },
    **{
        f"image_{name}": {
            "model": "gpt-4o",
            "messages": [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": url}}]}],
        }
        for name, url in [
            ("jpg", "https://x/y.jpg"),
            ("noext", "https://x/img?id=1"),
            ("webp_query", "https://x/y.webp?sig=abc"),
            ("gif_upper", "https://x/a.GIF"),
            ("pdf", "https://x/a.pdf"),
        ]
    },
    "tools_null": {"model": "gpt-4o", "messages": [USER], "tools": None},
    "parallel_only": {
        "model": "gpt-4o",
        "messages": [USER],
        "tools": [
            {
                "type": "function",
                "function": {"name": "f", "parameters": {"type": "object", "properties": {}}},
            }
        ],
        "parallel_tool_calls": False,
    },
    "safety_identifier": {"model": "gpt-4o", "messages": [USER], "safety_identifier": "s"},
    "response_format_text": {"model": "gpt-4o", "messages": [USER], "response_format": {"type": "text"}},
    "logprobs_false": {"model": "gpt-4o", "messages": [USER], "logprobs": False},
}

KNOWN: dict[str, str] = {}
"""Bodies where the two readers still differ, and why (none among the cases above)."""


def _lm15(body: dict[str, Any]) -> Any:
    try:
        request = chat.request_from_openai_chat(body)
    except Exception as exc:  # lm15 refuses with its own classes, or ValueError/TypeError
        return ("refused", type(exc).__name__)
    config = request.config
    if config is not None and config.extensions:
        request = type(request)(
            **{**_fields(request), "config": type(config)(**{**_fields(config), "extensions": None})}
        )
    return ("read", lc.to_builtins(from_lm15(request)))


def _fields(value: Any) -> dict[str, Any]:
    return {name: getattr(value, name) for name in value.__dataclass_fields__}


def _ours(body: dict[str, Any]) -> Any:
    try:
        request = lc.decode_request("openai_chat", json.dumps(body).encode())
    except lc.LmcodecError as exc:
        return ("refused", type(exc).__name__)
    canonical, _ = foreign_extensions_out("openai_chat", request, "anthropic")
    return ("read", lc.to_builtins(canonical))


def _same_meaning(body: dict[str, Any]) -> None:
    theirs, ours = _lm15(body), _ours(body)
    if theirs[0] == "refused" or ours[0] == "refused":
        return  # the refusal side is compared in test_refusals below
    assert ours == theirs


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_cases_read_as_lm15_reads_them(name: str) -> None:
    theirs, ours = _lm15(CASES[name]), _ours(CASES[name])
    assert theirs[0] == "read" and ours == theirs


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_the_fixtures_read_as_lm15_reads_them(path: Path) -> None:
    _same_meaning(json.loads(path.read_text()))


def test_the_rebuilt_cases_are_fixed_points() -> None:
    """Issue 15's fixed point: a case's rebuilt body (its documented spelling) reads and rebuilds
    to the same bytes."""
    for name, body in CASES.items():
        rebuilt = lc.build_request("openai_chat", lc.decode_request("openai_chat", json.dumps(body).encode()))
        again = lc.build_request("openai_chat", lc.decode_request("openai_chat", rebuilt.body))
        assert again.body == rebuilt.body, name


_TEXT = st.text(st.characters(codec="ascii", categories=("L", "N", "Zs")), min_size=1, max_size=6)
_URL = st.sampled_from(
    ["https://x/a.png", "https://x/b.jpeg", "https://x/c", "https://x/d.webp?x=1", "https://x/e.txt"]
)
_BLOCKS = st.lists(
    st.one_of(
        _TEXT.map(lambda t: {"type": "text", "text": t}),
        _URL.map(lambda u: {"type": "image_url", "image_url": {"url": u}}),
    ),
    min_size=1,
    max_size=3,
)
_TEXT_BLOCKS = st.lists(_TEXT.map(lambda t: {"type": "text", "text": t}), min_size=1, max_size=3)


@st.composite
def chat_bodies(draw: st.DrawFn) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    if draw(st.booleans()):
        role = draw(st.sampled_from(["system", "developer"]))
        rows.append({"role": role, "content": draw(st.one_of(_TEXT, _TEXT_BLOCKS))})
    for turn in range(draw(st.integers(1, 3))):
        rows.append({"role": "user", "content": draw(st.one_of(_TEXT, _BLOCKS))})
        calls = draw(st.integers(0, 3))
        if calls:
            ids = [f"call_{turn}_{k}" for k in range(calls)]
            rows.append(
                {
                    "role": "assistant",
                    "content": draw(st.one_of(st.none(), _TEXT)),
                    "tool_calls": [
                        {"id": i, "type": "function", "function": {"name": "f", "arguments": "{}"}}
                        for i in ids
                    ],
                }
            )
            rows.extend({"role": "tool", "tool_call_id": i, "content": draw(_TEXT)} for i in ids)
        else:
            rows.append({"role": "assistant", "content": draw(_TEXT)})
        if draw(st.booleans()):
            rows.append({"role": draw(st.sampled_from(["system", "developer"])), "content": draw(_TEXT)})
    body: dict[str, Any] = {"model": "gpt-4o", "messages": rows}
    for key, value in draw(
        st.dictionaries(
            st.sampled_from(
                ["tools", "n", "parallel_tool_calls", "safety_identifier", "response_format", "logprobs"]
            ),
            st.none(),
            max_size=2,
        )
    ).items():
        body[key] = value
    return body


@given(chat_bodies())
def test_drawn_bodies_read_as_lm15_reads_them(body: dict[str, Any]) -> None:
    body = {
        k: v
        for k, v in body.items()
        if not (
            k in ("n", "parallel_tool_calls", "safety_identifier", "response_format", "logprobs")
            and v is None
        )
    }
    theirs, ours = _lm15(body), _ours(body)
    assert theirs[0] == "read", theirs
    assert ours == theirs


def test_consecutive_function_call_outputs_are_one_tool_message() -> None:
    """The Responses reader keeps lm15's Chat rule too: Gemini takes the results of one turn as
    one content (a functionResponse per content is refused)."""
    body = {
        "model": "gpt-4o",
        "input": [
            {"role": "user", "content": "hi"},
            {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
            {"type": "function_call", "call_id": "c2", "name": "g", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "c1", "output": "1"},
            {"type": "function_call_output", "call_id": "c2", "output": "2"},
        ],
    }
    request = lc.decode_request("openai", json.dumps(body).encode())
    assert [m.role for m in request.messages] == ["user", "assistant", "tool"]
    assert [p.id for p in request.messages[2].parts] == ["c1", "c2"]
    gemini = json.loads(lc.translate_request("openai", "gemini", json.dumps(body).encode()).body)
    assert [len(c["parts"]) for c in gemini["contents"]] == [1, 2, 2]


@pytest.mark.parametrize(
    ("url", "media_type"), [("https://x/a.jpg", "image/jpeg"), ("https://x/a", "image/png")]
)
def test_image_urls_of_the_other_readers_take_their_type_from_the_path(url: str, media_type: str) -> None:
    responses = {
        "model": "gpt-4o",
        "input": [{"role": "user", "content": [{"type": "input_image", "image_url": url}]}],
    }
    anthropic = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 8,
        "messages": [{"role": "user", "content": [{"type": "image", "source": {"type": "url", "url": url}}]}],
    }
    for dialect, body in (("openai", responses), ("anthropic", anthropic)):
        encoded = json.dumps(body).encode()
        part = lc.decode_request(dialect, encoded).messages[0].parts[0]
        assert part.media_type == media_type, dialect
        assert lc.translate_request(dialect, dialect, encoded) == lc.build_request(
            dialect, lc.decode_request(dialect, encoded)
        )
        assert json.loads(lc.build_request(dialect, lc.decode_request(dialect, encoded)).body) is not None


def test_an_anthropic_system_null_reads_as_absent() -> None:
    body = json.dumps(
        {"model": "claude-sonnet-4-5", "max_tokens": 8, "messages": [USER], "system": None}
    ).encode()
    assert lc.decode_request("anthropic", body).system is None
    assert (
        json.loads(lc.build_request("anthropic", lc.decode_request("anthropic", body)).body)["system"] is None
    )
    assert "system" not in json.loads(lc.translate_request("anthropic", "openai_chat", body).body)


ROW_KEYS_CASES: dict[str, dict[str, Any]] = {  # redteam3/ingest_diff*.py: keys lm15 reads, once refused
    "assistant_refusal_key": {
        "model": "gpt-4o",
        "messages": [
            USER,
            {"role": "assistant", "content": None, "refusal": "no"},
            {"role": "user", "content": "c"},
        ],
    },
    "assistant_content_and_refusal": {
        "model": "gpt-4o",
        "messages": [
            USER,
            {"role": "assistant", "content": "x", "refusal": "no"},
            {"role": "user", "content": "c"},
        ],
    },
    "reasoning_content": {
        "model": "deepseek-reasoner",
        "messages": [
            USER,
            {"role": "assistant", "content": "x", "reasoning_content": "think"},
            {"role": "user", "content": "c"},
        ],
    },
    "tool_row_name": {
        "model": "gpt-4o",
        "messages": [
            USER,
            {"role": "assistant", "content": None, "tool_calls": CALLS[:1]},
            {"role": "tool", "tool_call_id": "c1", "content": "r", "name": "f"},
        ],
    },
}


@pytest.mark.parametrize("name", sorted(ROW_KEYS_CASES))
def test_row_keys_lm15_reads_are_read(name: str) -> None:
    theirs, ours = _lm15(ROW_KEYS_CASES[name]), _ours(ROW_KEYS_CASES[name])
    assert theirs[0] == "read" and ours == theirs


def _blocks(*blocks: dict[str, Any], model: str = "gpt-4o") -> dict[str, Any]:
    return {"model": model, "messages": [{"role": "user", "content": list(blocks)}]}


AUDIO = {"type": "input_audio", "input_audio": {"data": "AA==", "format": "wav"}}
LM15_READS_CASES: dict[str, dict[str, Any]] = {  # read by lm15's ingest, once refused here
    "input_audio": _blocks(AUDIO, model="gpt-4o-audio-preview"),
    "file_id": {
        "model": "gpt-4o",
        "messages": [{"role": "user", "content": [{"type": "file", "file": {"file_id": "file-abc"}}]}],
    },
    "file_data": _blocks({"type": "file", "file": {"file_data": "data:text/csv;base64,QA=="}}),
    "tool_row_image": {
        "model": "gpt-4o",
        "messages": [
            USER,
            {"role": "assistant", "content": None, "tool_calls": CALLS[:1]},
            {
                "role": "tool",
                "tool_call_id": "c1",
                "content": [
                    {"type": "text", "text": "a"},
                    {"type": "image_url", "image_url": {"url": "https://x/a.jpg", "detail": "low"}},
                ],
            },
        ],
    },
    "functions": {
        "model": "gpt-4o",
        "messages": [USER],
        "functions": [{"name": "f", "description": "d", "parameters": {"type": "object"}}],
        "function_call": {"name": "f"},
    },
    "function_call_auto": {"model": "gpt-4o", "messages": [USER], "function_call": "none"},
    "sdk_message_dumped": {  # openai's ChatCompletionMessage.model_dump() appended to the history
        "model": "gpt-4o",
        "messages": [
            USER,
            {
                "content": "hello",
                "refusal": None,
                "role": "assistant",
                "annotations": [],
                "audio": None,
                "function_call": None,
                "tool_calls": None,
            },
            {"role": "user", "content": "more"},
        ],
    },
    "client_object_empty": {
        "model": "gpt-4o",
        "messages": [
            USER,
            {"role": "assistant", "content": "x", "provider_specific_fields": {"a": None}, "images": []},
        ],
    },
    "annotations": {
        "model": "gpt-4o",
        "messages": [
            USER,
            {
                "role": "assistant",
                "content": "hello world",
                "annotations": [
                    {
                        "type": "url_citation",
                        "url_citation": {"url": "https://a", "title": "T", "start_index": 0, "end_index": 5},
                    },
                    {
                        "type": "url_citation",
                        "url_citation": {"url": "https://b", "start_index": 3, "end_index": 99},
                    },
                ],
            },
        ],
    },
    "empty_assistant": {
        "model": "gpt-4o",
        "messages": [USER, {"role": "assistant", "content": None}, {"role": "user", "content": "x"}],
    },
}


@pytest.mark.parametrize("name", sorted(LM15_READS_CASES))
def test_blocks_and_spellings_lm15_reads_are_read(name: str) -> None:
    theirs, ours = _lm15(LM15_READS_CASES[name]), _ours(LM15_READS_CASES[name])
    assert theirs[0] == "read" and ours == theirs


REFUSED_BY_BOTH: dict[str, dict[str, Any]] = {
    "assistant_name": {
        "model": "gpt-4o",
        "messages": [USER, {"role": "assistant", "content": "x", "name": "b"}],
    },
    "assistant_audio": {
        "model": "gpt-4o",
        "messages": [USER, {"role": "assistant", "content": "x", "audio": {"id": "audio_1"}}],
    },
    "annotation_kind": {
        "model": "gpt-4o",
        "messages": [USER, {"role": "assistant", "content": "x", "annotations": [{"type": "file_citation"}]}],
    },
    "file_filename": {
        "model": "gpt-4o",
        "messages": [
            {
                "role": "user",
                "content": [{"type": "file", "file": {"file_data": "data:a/b;base64,QQ", "filename": "a"}}],
            }
        ],
    },
    "file_both": _blocks({"type": "file", "file": {"file_data": "data:a/b;base64,Q", "file_id": "f"}}),
    "audio_format": _blocks({"type": "input_audio", "input_audio": {"data": "A", "format": "xyz"}}),
    "file_bad_base64": _blocks({"type": "file", "file": {"file_data": "data:text/csv;base64,QQ"}}),
    "audio_bad_base64": _blocks({"type": "input_audio", "input_audio": {"data": "Q", "format": "wav"}}),
    "functions_and_tools": {"model": "gpt-4o", "messages": [USER], "functions": [], "tools": []},
    "function_call_and_tool_choice": {
        "model": "gpt-4o",
        "messages": [USER],
        "function_call": "auto",
        "tool_choice": "auto",
    },
    "function_call_word": {"model": "gpt-4o", "messages": [USER], "function_call": "required"},
    "assistant_audio_block": {
        "model": "gpt-4o",
        "messages": [
            USER,
            {"role": "assistant", "content": [AUDIO]},
        ],
    },
}


@pytest.mark.parametrize("name", sorted(REFUSED_BY_BOTH))
def test_what_lm15_refuses_is_refused_with_an_lc_error(name: str) -> None:
    assert _lm15(REFUSED_BY_BOTH[name])[0] == "refused"
    assert _ours(REFUSED_BY_BOTH[name]) == ("refused", "ValidationError")


@pytest.mark.parametrize("name", ["input_audio", "file_id", "file_data", "tool_row_image"])
def test_media_chat_cannot_write_is_refused_by_its_builder_and_carried_by_the_others(name: str) -> None:
    """Nothing is dropped: the Chat builder refuses as lm15's does; Responses carries the parts as
    they are, Gemini as parts of the same kinds (its wire has no image detail, a file id is a URI)."""
    body = json.dumps(LM15_READS_CASES[name]).encode()
    original = lc.decode_request("openai_chat", body)
    with pytest.raises(lc.ProviderError):
        lc.build_request("openai_chat", original)
    responses = lc.decode_request("openai", lc.translate_request("openai_chat", "openai", body).body)
    assert [m.parts for m in responses.messages] == [m.parts for m in original.messages]
    gemini = lc.decode_request("gemini", lc.translate_request("openai_chat", "gemini", body).body)
    assert _kinds(gemini) == _kinds(original)


def _kinds(request: lc.Request) -> list[list[str]]:
    return [
        [type(p).__name__ for part in m.parts for p in (part, *getattr(part, "content", ()))]
        for m in request.messages
    ]


def test_the_deprecated_spellings_come_back_in_the_current_one() -> None:
    body = LM15_READS_CASES["functions"]
    request = lc.decode_request("openai_chat", json.dumps(body).encode())
    rebuilt = json.loads(lc.build_request("openai_chat", request).body)
    assert rebuilt["tools"] == [{"type": "function", "function": body["functions"][0]}]
    assert rebuilt["tool_choice"] == {"type": "function", "function": {"name": "f"}}
    assert "functions" not in rebuilt and "function_call" not in rebuilt


def test_the_sdks_own_message_object_reads_back_as_history() -> None:
    """A gateway's most common history: the openai SDK's response message appended as it is."""
    from openai.types.chat import ChatCompletionMessage

    row = ChatCompletionMessage(role="assistant", content="hello", annotations=[]).model_dump()
    body = {"model": "gpt-4o", "messages": [USER, row, {"role": "user", "content": "more"}]}
    theirs, ours = _lm15(body), _ours(body)
    assert theirs[0] == "read" and ours == theirs


def _replayed_call(provider: str, arguments: str) -> bytes:
    if provider == "openai_chat":
        call = {"id": "c", "type": "function", "function": {"name": "f", "arguments": arguments}}
        rows = [USER, {"role": "assistant", "content": None, "tool_calls": [call]}]
        body: dict[str, Any] = {
            "model": "gpt-4o",
            "messages": [*rows, {"role": "tool", "tool_call_id": "c", "content": "r"}],
        }
    else:
        items = [{"type": "function_call", "call_id": "c", "name": "f", "arguments": arguments}]
        body = {
            "model": "gpt-4.1",
            "input": [USER, *items, {"type": "function_call_output", "call_id": "c", "output": "r"}],
        }
    return json.dumps(body).encode()


@pytest.mark.parametrize("provider", ["openai_chat", "openai"])
@pytest.mark.parametrize("number", ["1e400", "-1e999", "NaN", "Infinity", "-Infinity"])
def test_a_number_json_cannot_carry_in_replayed_arguments_is_refused(provider: str, number: str) -> None:
    """Never read as inf/nan (which would be sent on as null); lm15's reader refuses them too."""
    body = _replayed_call(provider, f'{{"a": 1, "b": {number}}}')
    with pytest.raises(lc.ValidationError) as refused:
        lc.decode_request(provider, body)
    assert refused.value.path.endswith("arguments")
    if provider == "openai_chat":
        with pytest.raises(TypeError):
            chat.request_from_openai_chat(json.loads(body))


@pytest.mark.parametrize("provider", ["openai_chat", "openai"])
def test_an_integer_past_64_bits_in_replayed_arguments_is_kept(provider: str) -> None:
    big = 2**80
    request = lc.decode_request(provider, _replayed_call(provider, f'{{"b": {big}}}'))
    call = next(p for m in request.messages for p in m.parts if isinstance(p, lc.ToolCallPart))
    assert call.input == {"b": big}
    if provider == "openai_chat":
        theirs = chat.request_from_openai_chat(json.loads(_replayed_call(provider, f'{{"b": {big}}}')))
        assert any(getattr(p, "input", None) == {"b": big} for m in theirs.messages for p in m.parts)
