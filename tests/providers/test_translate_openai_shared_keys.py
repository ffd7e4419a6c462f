"""Every request key the openai SDK's ``chat.completions.create`` and ``responses.create`` both take
crosses between the two OpenAI dialects through ``lc.translate_request`` (red team 9 F07; red team 2
F13 was ``metadata`` alone): the client bodies are the SDK's own, and the key list is read from the
two ``create()`` signatures, so a key the SDK adds to both fails here until it is carried."""

from __future__ import annotations

import inspect
import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import chat_accepts, chat_body, responses_accepts, responses_body

openai = pytest.importorskip("openai")

MODEL = "gpt-5.6"
CALL_ONLY = frozenset({"self", "model", "stream", "extra_headers", "extra_query", "extra_body", "timeout"})
"""create() parameters that are the call's, not the request body's settings."""
VALUES: dict[str, Any] = {
    "metadata": {"k": "v"},
    "moderation": {"model": "omni-moderation-latest", "policy": {"input": {"mode": "block"}}},
    "parallel_tool_calls": False,
    "prompt_cache_key": "k1",
    "prompt_cache_options": {"mode": "explicit", "ttl": "30m"},
    "prompt_cache_retention": "in_memory",
    "safety_identifier": "s1",
    "service_tier": "flex",
    "store": False,
    "stream_options": {"include_obfuscation": False},
    "temperature": 0.5,
    "tool_choice": "required",
    "top_logprobs": 3,
    "top_p": 0.5,
    "user": "u1",
}
"""A value the openai SDK's types take for each shared key."""
OWN_SHAPE = frozenset({"tools"})
"""Shared keys each dialect spells its own way, crossing as the canonical field (every body here has
a function tool: ``_body``; ``test_translate_request.py`` checks the tools across)."""
SAME_ID = ("user", "safety_identifier")
"""The end-user id: each dialect's ``user`` and ``safety_identifier`` are the canonical user_id,
which lm15's builders write as Chat ``user`` and Responses ``safety_identifier``."""

FUNCTION = {"name": "f", "parameters": {"type": "object", "properties": {}}}
HI = [{"role": "user", "content": "hi"}]


def _shared_keys() -> set[str]:
    from openai.resources.chat.completions import Completions
    from openai.resources.responses import Responses

    chat = set(inspect.signature(Completions.create).parameters)
    responses = set(inspect.signature(Responses.create).parameters)
    return (chat & responses) - CALL_ONLY


def _body(dialect: str, **params: Any) -> bytes:
    if dialect == "openai_chat":
        if "top_logprobs" in params:
            params["logprobs"] = True
        tools = [{"type": "function", "function": FUNCTION}]
        return chat_body(model=MODEL, messages=HI, tools=tools, **params)
    if "top_logprobs" in params:
        params["include"] = ["message.output_text.logprobs"]
    return responses_body(model=MODEL, input="hi", tools=[{"type": "function", **FUNCTION}], **params)


def test_every_shared_key_has_a_value() -> None:
    assert _shared_keys() == set(VALUES) | OWN_SHAPE


PAIRS = [("openai_chat", "openai"), ("openai", "openai_chat")]
CASES = [(src, dst, key) for src, dst in PAIRS for key in sorted(VALUES)]


@pytest.mark.parametrize(("src", "dst", "key"), CASES, ids=[f"{s}->{d}-{k}" for s, d, k in CASES])
def test_a_shared_key_reaches_the_other_dialect(src: str, dst: str, key: str) -> None:
    value = VALUES[key]
    stream = key == "stream_options"
    built = lc.translate_request(src, dst, _body(src, stream=stream, **{key: value}), stream=stream)
    out = json.loads(built.body)
    if key in SAME_ID:
        assert value in (out.get("user"), out.get("safety_identifier")), out
    elif key == "stream_options":
        assert out[key] == ({"include_usage": True} if dst == "openai_chat" else {}) | value
    else:
        assert out[key] == value, out
    # (a Responses tool, strict by that API's default, goes to Chat listed: test_translate_strict_across.py)
    assert not [a for a in built.adaptations if a.action == "dropped" and a.field != "tools"], (
        built.adaptations
    )
    if not stream:
        (chat_accepts if dst == "openai_chat" else responses_accepts)(built.body)


FORMAT = {"type": "json_schema", "name": "r", "schema": {"type": "object", "properties": {}}}


@pytest.mark.parametrize("fmt", [None, FORMAT], ids=["no-format", "json-schema"])
def test_verbosity_is_text_verbosity(fmt: dict[str, Any] | None) -> None:
    schema = {"name": "r", "schema": FORMAT["schema"]}
    chat = {"response_format": {"type": "json_schema", "json_schema": schema}} if fmt else {}
    to_responses = lc.translate_request(
        "openai_chat", "openai", _body("openai_chat", verbosity="low", **chat)
    )
    text = json.loads(to_responses.body)["text"]
    assert text["verbosity"] == "low" and ("format" in text) == (fmt is not None)
    responses_accepts(to_responses.body)
    text_in = {"verbosity": "low", **({"format": fmt} if fmt else {})}
    to_chat = lc.translate_request("openai", "openai_chat", _body("openai", text=text_in))
    out = json.loads(to_chat.body)
    assert out["verbosity"] == "low" and ("response_format" in out) == (fmt is not None)
    chat_accepts(to_chat.body)
    for built in (to_responses, to_chat):
        assert [a.action for a in built.adaptations if a.asked in ("low", text_in)] == ["substituted"]
        assert not [
            a for a in built.adaptations if a.action == "dropped" and a.field != "tools"
        ]  # (as above)


def test_what_the_other_dialect_lacks_is_named() -> None:
    options = {"mode": "explicit", "ttl": "12h", "prewarm": True}
    built = lc.translate_request("openai", "openai_chat", _body("openai", prompt_cache_options=options))
    assert json.loads(built.body)["prompt_cache_options"] == {"mode": "explicit"}
    [note] = [a for a in built.adaptations if a.field == "extensions.prompt_cache_options"]
    assert (note.action, note.asked, note.applied) == (
        "dropped",
        {"ttl": "12h", "prewarm": True},
        {"mode": "explicit"},
    )
    usage = {"include_usage": True, "include_obfuscation": False}
    body = _body("openai_chat", stream=True, stream_options=usage)
    built = lc.translate_request("openai_chat", "openai", body, stream=True)
    assert json.loads(built.body)["stream_options"] == {"include_obfuscation": False}
    [note] = [a for a in built.adaptations if a.field == "extensions.stream_options"]
    assert (note.action, note.asked) == ("satisfied", {"include_usage": True})


@pytest.mark.parametrize(("src", "dst"), PAIRS)
@pytest.mark.parametrize("stream", [False, True])
def test_stream_options_go_only_with_a_stream(src: str, dst: str, stream: bool) -> None:
    """Review 8, F1: a client's stream_options were merged into a body the call does not stream, which
    OpenAI refuses ("stream_options ... only allowed when stream is enabled"); now they go only with a
    stream, else one ``dropped`` note."""
    options = {"include_obfuscation": False}
    built = lc.translate_request(src, dst, _body(src, stream=True, stream_options=options), stream=stream)
    out = json.loads(built.body)
    notes = [a for a in built.adaptations if a.field == "extensions.stream_options"]
    if stream:
        assert out["stream"] is True
        assert out["stream_options"] == ({"include_usage": True} if dst == "openai_chat" else {}) | options
        assert notes == []
    else:
        assert "stream_options" not in out and not out.get("stream"), out
        assert [(a.action, a.asked) for a in notes] == [("dropped", options)]
        (chat_accepts if dst == "openai_chat" else responses_accepts)(built.body)
