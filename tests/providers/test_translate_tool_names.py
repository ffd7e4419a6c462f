"""A Gemini client's function names that the other dialects refuse, through the gateway (red team 9
F09): ``github.create_issue`` (MCP bridges name tools ``server.tool``) and ``files:read`` are
Gemini names; OpenAI's (Chat, Responses) and Anthropic's must match ``^[a-zA-Z0-9_-]{1,64}$``.
``lc.translate_request`` renames each consistently (tools, tool_choice, calls, results: one
``substituted`` Adaptation per name, the same names every turn), and ``lc.stream.translate`` given
the built request's adaptations writes the backend's calls back under the client's names."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import crossing
from lmcodec.providers._tool_names import GEMINI, OTHERS, _all_valid, tool_names_out

from ..budget import examples
from .gateway_support import anthropic_accepts, chat_accepts, responses_accepts
from .provider_support import sse_body
from .request_support import canonical_requests, rich_requests

VALID = re.compile(r"[a-zA-Z0-9_-]{1,64}")
LONG = "mcp.server." + "x" * 100
SCHEMA = {"type": "OBJECT", "properties": {"title": {"type": "STRING"}}}
BODY: dict[str, Any] = {
    "contents": [
        {"role": "user", "parts": [{"text": "open an issue"}]},
        {
            "role": "model",
            "parts": [{"functionCall": {"name": "github.create_issue", "args": {"title": "x"}}}],
        },
        {
            "role": "user",
            "parts": [{"functionResponse": {"name": "github.create_issue", "response": {"result": "#12"}}}],
        },
    ],
    "tools": [
        {
            "functionDeclarations": [
                {"name": "github.create_issue", "parameters": SCHEMA},
                {"name": "files:read", "parameters": SCHEMA},
                {"name": "files_read", "parameters": SCHEMA},  # the rename of files:read, taken
                {"name": LONG, "parameters": SCHEMA},
                {"name": LONG + "y", "parameters": SCHEMA},  # the same first 64 characters
            ]
        }
    ],
    "toolConfig": {"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["github.create_issue"]}},
}
RAW = json.dumps(BODY).encode()
CLIENT_NAMES = [d["name"] for d in BODY["tools"][0]["functionDeclarations"]]
ACCEPTS = {"anthropic": anthropic_accepts, "openai": responses_accepts, "openai_chat": chat_accepts}
MODELS = {"anthropic": "claude-sonnet-4-5", "openai": "gpt-4.1", "openai_chat": "gpt-4.1"}


def _sent_names(dst: str, body: bytes) -> tuple[list[str], list[str], list[str], list[str]]:
    """The tool names, the allowed names, the call names and the result names of ``body``."""
    sent = json.loads(body)
    if dst == "openai_chat":
        tools = [t["function"]["name"] for t in sent["tools"]]
        allowed = [sent["tool_choice"]["function"]["name"]]
        calls = [c["function"]["name"] for m in sent["messages"] for c in m.get("tool_calls", ())]
        return tools, allowed, calls, []
    if dst == "openai":
        tools = [t["name"] for t in sent["tools"]]
        allowed = [sent["tool_choice"]["name"]]
        calls = [i["name"] for i in sent["input"] if i.get("type") == "function_call"]
        return tools, allowed, calls, []
    tools = [t["name"] for t in sent["tools"]]
    blocks = [b for m in sent["messages"] if isinstance(m["content"], list) for b in m["content"]]
    calls = [b["name"] for b in blocks if b["type"] == "tool_use"]
    return tools, [sent["tool_choice"]["name"]], calls, []


@pytest.mark.parametrize("dst", sorted(ACCEPTS))
def test_names_the_destination_refuses_are_renamed_consistently(dst: str) -> None:
    built = lc.translate_request("gemini", dst, RAW, model=MODELS[dst])
    tools, allowed, calls, _ = _sent_names(dst, built.body)
    assert all(VALID.fullmatch(name) for name in tools), tools
    assert len(set(tools)) == len(CLIENT_NAMES)  # no two names become one
    renamed = {
        a.asked: a.applied for a in built.adaptations if a.action == "substituted" and "name" in a.field
    }
    assert set(renamed) == {"github.create_issue", "files:read", LONG, LONG + "y"}
    assert [renamed.get(name, name) for name in CLIENT_NAMES] == tools
    assert renamed["github.create_issue"] == "github_create_issue"  # readable where nothing collides
    assert allowed == calls == ["github_create_issue"]
    assert lc.translate_request("gemini", dst, RAW, model=MODELS[dst]).body == built.body  # every turn
    ACCEPTS[dst](built.body)


def test_valid_names_and_other_clients_are_untouched() -> None:
    plain = json.loads(RAW)
    plain["tools"][0]["functionDeclarations"] = [{"name": "files_read", "parameters": SCHEMA}]
    plain["contents"] = plain["contents"][:1]
    del plain["toolConfig"]
    built = lc.translate_request("gemini", "openai", json.dumps(plain).encode(), model="gpt-4.1")
    assert not [a for a in built.adaptations if "name" in a.field]
    assert lc.translate_request("gemini", "gemini", RAW, model="gemini-2.5-flash") == lc.build_request(
        "gemini", lc.decode_request("gemini", RAW, model="gemini-2.5-flash")
    )


def _anthropic_call(name: str) -> bytes:
    message = {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
        "content": [], "stop_reason": None, "usage": {"input_tokens": 3, "output_tokens": 0},
    }  # fmt: skip
    block = {"type": "tool_use", "id": "toolu_1", "name": name, "input": {}}
    frames = [
        {"type": "message_start", "message": message},
        {"type": "content_block_start", "index": 0, "content_block": block},
        {
            "type": "content_block_delta",
            "index": 0,
            "delta": {"type": "input_json_delta", "partial_json": '{"t'},
        },
        {
            "type": "content_block_delta",
            "index": 0,
            "delta": {"type": "input_json_delta", "partial_json": '": 1}'},
        },
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 5}},
        {"type": "message_stop"},
    ]
    return sse_body(frames, events=[f["type"] for f in frames])


def test_the_answers_calls_go_back_under_the_clients_names() -> None:
    built = lc.translate_request("gemini", "anthropic", RAW, model="claude-sonnet-4-5")
    request = lc.decode_request("gemini", RAW, model="claude-sonnet-4-5")
    sent = {a.applied: a.asked for a in built.adaptations if a.action == "substituted" and "name" in a.field}
    for name, client in sent.items():
        out = b"".join(
            lc.stream.translate(
                "anthropic", "gemini", [_anthropic_call(name)], request=request, adaptations=built.adaptations
            )
        )
        answer = lc.assemble(lc.stream.decode("gemini", [out], request=request), request=request)
        assert [(c.name, c.input) for c in answer.tool_calls] == [(client, {"t": 1})]
    plain = b"".join(lc.stream.translate("anthropic", "gemini", [_anthropic_call("github_create_issue")]))
    answer = lc.assemble(lc.stream.decode("gemini", [plain], request=request), request=request)
    assert [c.name for c in answer.tool_calls] == ["github_create_issue"]  # no adaptations: as sent


@settings(max_examples=examples(400), deadline=None)
@given(
    st.lists(
        st.one_of(
            st.from_regex(r"[a-zA-Z0-9_-]{1,64}", fullmatch=True),
            st.from_regex(r"[a-zA-Z0-9_.:-]{0,70}", fullmatch=True),
            st.text(max_size=80),
            st.text(st.characters(codec="ascii"), max_size=70),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_the_one_search_agrees_with_a_match_a_name(names: list[str]) -> None:
    """_all_valid (a remembered name, else its length and one bytes.translate) is the per-name
    fullmatch of ^[a-zA-Z0-9_-]{1,64}$ it replaces, on a list or the set of the names, asked the
    first time or again (the valid names remembered)."""
    expected = all(re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", name) for name in names)
    assert _all_valid(names, OTHERS) is expected
    assert _all_valid(set(names), OTHERS) is expected
    assert OTHERS.known <= {name for name in OTHERS.known if VALID.fullmatch(name)}
    gemini = all(re.fullmatch(r"[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}", name) for name in names)
    assert _all_valid(names, GEMINI) is gemini  # Gemini's rule (leftover 9 item 4)
    assert _all_valid(set(names), GEMINI) is gemini
    assert GEMINI.known <= {name for name in GEMINI.known if GEMINI.valid.fullmatch(name)}


def test_the_remembered_names_are_bounded() -> None:
    """A client sending ever new names holds at most 4,096 of 64 characters in the memo."""
    for i in range(10_000):
        assert _all_valid([f"{i:064d}"], OTHERS)
        assert len(OTHERS.known) <= 4096
    assert not _all_valid(["x" * 65, "a.b", ""], OTHERS)


_NAMES = st.one_of(
    st.sampled_from(["get_weather", "github.create_issue", "files:read", "files_read", "", "x" * 65, LONG]),
    st.from_regex(r"[a-zA-Z0-9_.:-]{1,70}", fullmatch=True),
)


@st.composite
def _named(draw: st.DrawFn, request: lc.Request) -> lc.Request:
    """``request`` with some function names respelled (tools, tool_choice.allowed, calls and
    results; valid, Gemini-only, empty, too long), a call's result by its call's name."""
    names: dict[str, str] = {}

    def respelled(item: Any) -> Any:
        if not draw(st.booleans()):
            return item
        try:
            return lc.replace(item, name=names.setdefault(item.name, draw(_NAMES)))
        except ValueError:  # an empty name where the type refuses one
            return item

    tools = tuple(respelled(tool) if type(tool) is lc.FunctionTool else tool for tool in request.tools)
    messages = []
    for message in request.messages:
        parts = tuple(
            respelled(part)
            if isinstance(part, (lc.ToolCallPart, lc.ToolResultPart)) and part.name is not None
            else part
            for part in message.parts
        )
        messages.append(lc.replace(message, parts=parts))
    try:
        request = lc.replace(request, tools=tools, messages=tuple(messages))
    except ValueError:  # an empty tool name, or two tools of one name: the history's alone
        request = lc.replace(request, messages=tuple(messages))
    declared = [tool.name for tool in request.tools if type(tool) is lc.FunctionTool]
    if declared and draw(st.booleans()):
        allowed = tuple(draw(st.lists(st.sampled_from(declared), min_size=1, max_size=3)))
        config = lc.replace(request.config, tool_choice=lc.ToolChoice(mode="required", allowed=allowed))
        request = lc.replace(request, config=config)
    return request


@settings(max_examples=examples(100), deadline=None)
@given(st.one_of(rich_requests("gemini"), canonical_requests("gemini")).flatmap(_named))
def test_the_survey_s_names_answer_as_the_walk_does(request: lc.Request) -> None:
    """translate_request hands tool_names_out the call and result names crossing.survey gathered
    (so the usual request, every name valid, needs no walk of its own): the same Request and notes
    as tool_names_out's own walk, and the request itself when nothing is renamed."""
    walked = tool_names_out(request)
    surveyed = tool_names_out(request, crossing.survey(request).called)
    assert surveyed == walked
    if not walked[1]:
        assert walked[0] is request and surveyed[0] is request


def test_an_allowed_name_of_a_builtin_tool_keeps_its_name() -> None:
    """``tool_choice.allowed`` may name a builtin tool, whose name is never renamed: its entry
    keeps the name too (renaming it alone left a Request naming a tool it does not hold, and
    tool_names_out raised ValueError), and nothing else to rename gives the request back."""
    request = lc.Request(
        model="gemini-2.5-flash",
        messages=(lc.Message.user("hi"),),
        tools=(lc.BuiltinTool(name=":"), lc.FunctionTool(name="a:b")),
        config=lc.Config(tool_choice=lc.ToolChoice(mode="auto", allowed=(":", "a:b"))),
    )
    out, notes = tool_names_out(request)
    assert out.config.tool_choice is not None
    assert out.config.tool_choice.allowed == (":", "a_b")
    assert [tool.name for tool in out.tools] == [":", "a_b"]
    assert [note.asked for note in notes] == ["a:b"]
    only_builtin = lc.replace(
        request,
        tools=request.tools[:1],
        config=lc.Config(tool_choice=lc.ToolChoice(mode="auto", allowed=(":",))),
    )
    assert tool_names_out(only_builtin) == (only_builtin, ())
    assert tool_names_out(only_builtin, crossing.survey(only_builtin).called)[0] is only_builtin
