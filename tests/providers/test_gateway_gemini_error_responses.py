"""A Gemini function response with an ``error`` key of any non-null value is the call's failure
(red team 24 F04; google-genai's ``FunctionResponse.response``: "error" key to specify error
details): ``translate_request`` keeps it a failed result in every pair (its JSON as the error
text) and Gemini -> Gemini sends it as the client wrote it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .gateway_support import anthropic_accepts, gemini_body

ERROR = {"code": 404, "message": "no such id"}


def _loop(response: dict[str, Any]) -> dict[str, Any]:
    return {
        "contents": [
            {"role": "user", "parts": [{"text": "find 7"}]},
            {"role": "model", "parts": [{"functionCall": {"name": "lookup", "args": {"id": "7"}}}]},
            {"role": "user", "parts": [{"functionResponse": {"name": "lookup", "response": response}}]},
        ]
    }


def _sdk_loop(response: dict[str, Any]) -> bytes:
    from google.genai import types

    call = types.FunctionCall(name="lookup", args={"id": "7"})
    answer = types.FunctionResponse(name="lookup", response=response)
    return gemini_body(
        [
            types.Content(role="user", parts=[types.Part(text="find 7")]),
            types.Content(role="model", parts=[types.Part(function_call=call)]),
            types.Content(role="user", parts=[types.Part(function_response=answer)]),
        ]
    )


def _failure_in(destination: str, body: bytes) -> tuple[bool, str]:
    """Whether the one tool result of a translated body is a failure, and its text."""
    sent = json.loads(lc.translate_request("gemini", destination, body, model="m").body)
    if destination == "anthropic":
        [result] = [b for m in sent["messages"] for b in m["content"] if b["type"] == "tool_result"]
        text = result["content"] if isinstance(result["content"], str) else result["content"][0]["text"]
        return result.get("is_error") is True, text
    if destination == "gemini":
        response = sent["contents"][2]["parts"][0]["functionResponse"]["response"]
        return "error" in response, json.dumps(response)
    if destination == "openai":
        [item] = [i for i in sent["input"] if i.get("type") == "function_call_output"]
        output = item["output"]
        return output.startswith("[error]"), output
    [row] = [m for m in sent["messages"] if m["role"] == "tool"]
    return row["content"].startswith("[error]"), row["content"]


def test_an_sdk_error_object_is_a_failure_in_every_pair() -> None:
    body = _sdk_loop({"error": ERROR})
    for destination in ("anthropic", "openai", "openai_chat"):
        failed, text = _failure_in(destination, body)
        assert failed, destination
        assert json.loads(text.removeprefix("[error]").strip()) == ERROR
    anthropic_accepts(lc.translate_request("gemini", "anthropic", body, model="claude-sonnet-4-5").body)
    built = lc.translate_request("gemini", "anthropic", body, model="m")
    [note] = [a for a in built.adaptations if a.field.startswith("$.")]
    assert (note.field, note.action, note.asked) == (
        "$.contents[2].parts[0].functionResponse.response",
        "substituted",
        {"error": ERROR},
    )


def test_gemini_to_gemini_sends_the_error_object_as_it_came() -> None:
    body = _sdk_loop({"error": ERROR})
    built = lc.translate_request("gemini", "gemini", body)
    response = json.loads(built.body)["contents"][2]["parts"][0]["functionResponse"]["response"]
    assert response == {"error": ERROR}
    assert built.adaptations == ()


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
_FAILED = st.builds(
    lambda error, others: {**others, "error": error},
    _JSON.filter(lambda value: value is not None),
    st.dictionaries(st.sampled_from(["output", "result", "detail"]), _JSON, max_size=2),
)


@settings(max_examples=examples(60), deadline=None)
@given(response=_FAILED, destination=st.sampled_from(["anthropic", "openai", "openai_chat", "gemini"]))
def test_any_error_value_is_a_failure(response: dict[str, Any], destination: str) -> None:
    body = json.dumps(_loop(response)).encode()
    failed, _ = _failure_in(destination, body)
    assert failed
    if destination == "gemini":
        sent = json.loads(lc.translate_request("gemini", "gemini", body).body)
        assert sent["contents"][2]["parts"][0]["functionResponse"]["response"] == response


@pytest.mark.parametrize("response", [{"output": "18 C"}, {"error": None, "output": "18 C"}])
def test_a_response_without_an_error_value_stays_a_success(response: dict[str, Any]) -> None:
    for destination in ("anthropic", "openai", "openai_chat", "gemini"):
        failed, _ = _failure_in(destination, json.dumps(_loop(response)).encode())
        assert not failed, destination
