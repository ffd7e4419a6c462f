"""``lc.encode_response(..., adaptations=built.adaptations)`` writes a call of a function
``lc.translate_request`` renamed for the backend under the client's name, as
``lc.stream.translate`` does for a stream (red team 30 F02: a gateway's body answer asked the
client to call ``_2fa_verify``, a function it never declared)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples

PARAMETERS = {"type": "object", "properties": {"code": {"type": "string"}}}


def _chat_body(name: str) -> bytes:
    tool = {"type": "function", "function": {"name": name, "parameters": PARAMETERS}}
    return json.dumps(
        {"model": "m", "messages": [{"role": "user", "content": "go"}], "tools": [tool]}
    ).encode()


def _gemini_body(name: str) -> bytes:
    tools = [{"functionDeclarations": [{"name": name, "parameters": PARAMETERS}]}]
    return json.dumps({"contents": [{"role": "user", "parts": [{"text": "go"}]}], "tools": tools}).encode()


def _answer(model: str, *names: str) -> lc.Response:
    calls = tuple(lc.ToolCallPart(id=f"c{i}", name=name, input={"code": "1"}) for i, name in enumerate(names))
    return lc.Response(
        id="r", model=model, message=lc.Message(role="assistant", parts=calls),
        finish_reason="tool_call", usage=lc.Usage(),
    )  # fmt: skip


def _called(dialect: str, body: bytes) -> list[str]:
    return [p.name for p in lc.decode_response(dialect, body).message.parts if isinstance(p, lc.ToolCallPart)]


def _sent_name(built: lc.ProviderRequest) -> str:
    tools: Any = json.loads(built.body)["tools"]
    if "functionDeclarations" in tools[0]:
        return str(tools[0]["functionDeclarations"][0]["name"])
    tool = tools[0].get("function", tools[0])
    return str(tool["name"])


# a name OpenAI and Anthropic take ([a-zA-Z0-9_-]{1,64}) that does not start as Gemini's must
_REFUSED_BY_GEMINI = st.from_regex(r"[0-9-][a-zA-Z0-9_-]{0,40}", fullmatch=True)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=_REFUSED_BY_GEMINI, client=st.sampled_from(["openai_chat", "anthropic", "openai"]))
def test_a_call_renamed_for_gemini_is_written_under_the_clients_name(name: str, client: str) -> None:
    built = lc.translate_request("openai_chat", "gemini", _chat_body(name), model="gemini-2.5-flash")
    sent = _sent_name(built)
    assert sent != name
    answer = _answer("gemini-2.5-flash", sent, "other")
    body = lc.encode_response(client, answer, usage_from="gemini", adaptations=built.adaptations)
    assert _called(client, body) == [name, "other"]
    assert _called(client, lc.encode_response(client, answer, usage_from="gemini")) == [sent, "other"]


@pytest.mark.parametrize("backend", ["openai_chat", "anthropic", "openai"])
def test_a_gemini_clients_name_the_others_refuse_comes_back_as_the_client_sent_it(backend: str) -> None:
    built = lc.translate_request("gemini", backend, _gemini_body("github.create_issue"), model="m")
    sent = _sent_name(built)
    assert sent == "github_create_issue"
    body = lc.encode_response("gemini", _answer("m", sent), usage_from=backend, adaptations=built.adaptations)
    assert _called("gemini", body) == ["github.create_issue"]


def test_adaptations_without_a_rename_leave_the_answer_as_it_is() -> None:
    built = lc.translate_request("openai_chat", "gemini", _chat_body("verify"), model="gemini-2.5-flash")
    answer = _answer("gemini-2.5-flash", "verify")
    plain = lc.encode_response("openai_chat", answer)
    assert lc.encode_response("openai_chat", answer, adaptations=built.adaptations) == plain
    assert lc.encode_response("openai_chat", answer, adaptations=iter(built.adaptations)) == plain


def test_adaptations_must_be_adaptations() -> None:
    answer = _answer("m", "verify")
    with pytest.raises(lc.ValidationError, match="adaptations must be Adaptations"):
        lc.encode_response("openai_chat", answer, adaptations=[{"applied": "verify", "asked": "v"}])  # type: ignore[list-item]
