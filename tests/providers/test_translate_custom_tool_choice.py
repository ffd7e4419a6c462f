"""A Responses ``tool_choice`` forcing the client's custom tool (red team 34 F05).

``{"type": "custom", "name": ...}`` (openai's ``ToolChoiceCustomParam``) reads as the canonical
choice of the builtin tool ``"custom"``, its name riding as sent: ``decode_request`` gives it back
to ``build_request``, ``translate_request`` sends it to Responses as sent and elsewhere forces the
function tool the custom tool goes as (what lm15 builds for that choice), and refuses a name that
is no custom tool of the request at its path."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_accepts, responses_accepts, responses_body
from .request_support import lm15_build

CUSTOM = {
    "type": "custom",
    "name": "run_sql",
    "description": "one SQL statement",
    "format": {"type": "grammar", "syntax": "lark", "definition": "start: /SELECT .+/"},
}
FUNCTION = {"type": "function", "name": "lookup", "parameters": {"type": "object", "properties": {}}}
FORCED = {"type": "custom", "name": "run_sql"}
ALLOWED = {"type": "allowed_tools", "mode": "auto", "tools": [FORCED, {"type": "function", "name": "lookup"}]}
OTHERS = ["openai_chat", "anthropic", "gemini"]


def _body(choice: Any) -> bytes:
    return responses_body(
        model="gpt-5", input="count the users", tools=[CUSTOM, FUNCTION], tool_choice=choice
    )


@pytest.mark.parametrize("choice", [FORCED, ALLOWED], ids=["custom", "allowed_tools"])
def test_decode_request_gives_the_choice_back(choice: Any) -> None:
    request = lc.decode_request("openai", _body(choice))
    assert "custom" in request.config.tool_choice.allowed  # type: ignore[union-attr]
    assert json.loads(lc.build_request("openai", request).body)["tool_choice"] == choice


@pytest.mark.parametrize("choice", [FORCED, ALLOWED], ids=["custom", "allowed_tools"])
def test_responses_gets_the_choice_as_sent(choice: Any) -> None:
    built = lc.translate_request("openai", "openai", _body(choice))
    sent = json.loads(built.body)
    assert sent["tool_choice"] == choice and sent["tools"][0] == CUSTOM
    responses_accepts(built.body)


def _lm15_choice(destination: str, choice: Any) -> Any:
    """lm15's tool_choice for the tools the request without a choice sends, the choice naming the
    function tool the custom tool went as (read back by the destination's reader)."""
    unforced = lc.translate_request("openai", destination, _body("auto"))
    request = lc.decode_request(destination, unforced.body)
    names = ("run_sql",) if choice is FORCED else ("run_sql", "lookup")
    mode = "required" if choice is FORCED else "auto"
    config = msgspec.structs.replace(request.config, tool_choice=lc.ToolChoice(mode=mode, allowed=names))
    return lm15_build(destination, msgspec.structs.replace(request, config=config)).body_value.get(
        "tool_choice"
    )


@pytest.mark.parametrize("destination", ["openai_chat", "anthropic"])
@pytest.mark.parametrize("choice", [FORCED, ALLOWED], ids=["custom", "allowed_tools"])
def test_elsewhere_the_function_it_became_is_forced_as_lm15_builds_it(destination: str, choice: Any) -> None:
    built = lc.translate_request("openai", destination, _body(choice))
    assert json.loads(built.body).get("tool_choice") == _lm15_choice(destination, choice)
    (chat_accepts if destination == "openai_chat" else anthropic_accepts)(built.body)


@pytest.mark.parametrize("destination", OTHERS)
@pytest.mark.parametrize("choice", [FORCED, ALLOWED], ids=["custom", "allowed_tools"])
def test_the_choice_is_noted_as_substituted(destination: str, choice: Any) -> None:
    built = lc.translate_request("openai", destination, _body(choice))
    mode, names = ("required", ["run_sql"]) if choice is FORCED else ("auto", ["run_sql", "lookup"])
    noted = [(a.field, a.action, a.applied) for a in built.adaptations if a.field == "config.tool_choice"]
    assert noted == [("config.tool_choice", "substituted", {"mode": mode, "allowed": names})]
    assert not [a for a in built.adaptations if a.field == "extensions.tool_choice"]


def test_gemini_forces_the_function_by_name() -> None:
    sent = json.loads(lc.translate_request("openai", "gemini", _body(FORCED)).body)
    assert sent["toolConfig"] == {
        "functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["run_sql"]}
    }


@pytest.mark.parametrize("destination", OTHERS)
@pytest.mark.parametrize(
    ("choice", "path"),
    [
        ({"type": "custom", "name": "other"}, "$.tool_choice.name"),
        (
            {"type": "allowed_tools", "mode": "auto", "tools": [{"type": "custom", "name": 7}]},
            "$.tool_choice.tools[0].name",
        ),
    ],
)
def test_a_name_no_custom_tool_has_is_refused_at_its_path(destination: str, choice: Any, path: str) -> None:
    body = json.dumps({"model": "gpt-5", "input": "hi", "tools": [CUSTOM], "tool_choice": choice})
    with pytest.raises(lc.ValidationError) as caught:
        lc.translate_request("openai", destination, body)
    assert caught.value.path == path
