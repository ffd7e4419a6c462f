"""A client replaying an answer with its output metadata, through ``lc.translate_request``
(red-team 5 F13): Anthropic text ``citations``, Responses ``output_text.annotations`` and
``logprobs``, Gemini ``executableCode`` / ``codeExecutionResult`` parts. The gateway writes them
to its clients, whose SDKs append them to the history, and turn 2 was refused whole in every pair,
the same dialect included. The canonical form has no field for any of them (lm15's builders send
none back): the gateway's reading now leaves each out, one ``dropped`` Adaptation with its path
in the client's body, and the conversation goes on. ``decode_request`` still refuses them (its
exact round trip)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_accepts

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
ANNOTATION = {
    "type": "url_citation",
    "start_index": 0,
    "end_index": 12,
    "url": "https://w.example/p",
    "title": "Weather",
}
LOGPROB = {"token": "It", "logprob": -0.1, "bytes": [73, 116], "top_logprobs": []}


def _responses(block: dict[str, Any]) -> bytes:
    item = {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed", "content": [block]}
    return json.dumps(
        {
            "model": "gpt-5",
            "input": [{"role": "user", "content": "weather?"}, item, {"role": "user", "content": "and?"}],
        }
    ).encode()


ANSWER = "It is sunny."
RESPONSES_CITED = _responses(
    {"type": "output_text", "text": ANSWER, "annotations": [ANNOTATION], "logprobs": []}
)
RESPONSES_LOGPROBS = _responses(
    {"type": "output_text", "text": ANSWER, "annotations": [], "logprobs": [LOGPROB]}
)
CITATION = {
    "type": "web_search_result_location",
    "cited_text": "sunny all day",
    "url": "https://w.example/p",
    "title": "Weather",
    "encrypted_index": "Eo8BCioIAhgBIiQ",
}
ANTHROPIC_CITED = json.dumps(
    {
        "model": "claude-sonnet-4-5",
        "max_tokens": 100,
        "messages": [
            {"role": "user", "content": "weather?"},
            {"role": "assistant", "content": [{"type": "text", "text": ANSWER, "citations": [CITATION]}]},
            {"role": "user", "content": "and?"},
        ],
    }
).encode()
GEMINI_CODE = json.dumps(
    {
        "contents": [
            {"role": "user", "parts": [{"text": "1+1?"}]},
            {
                "role": "model",
                "parts": [
                    {"executableCode": {"language": "PYTHON", "code": "print(1+1)"}},
                    {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "2\n"}},
                    {"text": "It is 2."},
                ],
            },
            {"role": "user", "parts": [{"text": "and 2+2?"}]},
        ]
    }
).encode()
CASES = {
    "openai-annotations": ("openai", RESPONSES_CITED, [("$.input[1].content[0].annotations", [ANNOTATION])]),
    "openai-logprobs": ("openai", RESPONSES_LOGPROBS, [("$.input[1].content[0].logprobs", [LOGPROB])]),
    "anthropic-citations": (
        "anthropic",
        ANTHROPIC_CITED,
        [("$.messages[1].content[0].citations", [CITATION])],
    ),
    "gemini-code": (
        "gemini",
        GEMINI_CODE,
        [
            ("$.contents[1].parts[0]", {"executableCode": {"language": "PYTHON", "code": "print(1+1)"}}),
            ("$.contents[1].parts[1]", {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "2\n"}}),
        ],
    ),
}
ACCEPTS = {"openai_chat": chat_accepts, "anthropic": anthropic_accepts}  # lm15 writes a Responses
# assistant turn as an EasyInputMessage of output_text blocks, which no SDK param type describes


@pytest.mark.parametrize("destination", DIALECTS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_replayed_answer_goes_on_without_its_output_metadata(case: str, destination: str) -> None:
    source, body, dropped = CASES[case]
    with pytest.raises(lc.ValidationError):  # decode_request keeps its exact round trip
        lc.decode_request(source, body)
    named = "gemini" in (source, destination)  # a Gemini client names its model in the URL (red team 18 F08)
    built = lc.translate_request(source, destination, body, model="m" if named else None)
    notes = [(a.field, a.action, a.asked) for a in built.adaptations if a.field.startswith("$.")]
    assert notes == [(where, "dropped", asked) for where, asked in dropped]
    sent = built.body.decode()
    assert ("It is 2." if source == "gemini" else ANSWER) in sent
    for leaked in ("w.example", "print(1+1)", "OUTCOME_OK", "-0.1"):
        assert leaked not in sent
    if destination in ACCEPTS:
        ACCEPTS[destination](built.body)


def test_the_rest_of_the_turn_is_read_as_without_the_metadata() -> None:
    plain = json.loads(RESPONSES_CITED)
    plain["input"][1]["content"][0]["annotations"] = []
    for key in ("id", "status"):  # (a message whose annotations are dropped goes as read: fcid18 left it)
        del plain["input"][1][key]
    expected = lc.translate_request("openai", "openai", json.dumps(plain).encode())
    built = lc.translate_request("openai", "openai", RESPONSES_CITED)
    assert built.body == expected.body


def test_a_model_turn_of_code_execution_only_goes_with_its_parts() -> None:
    body = json.loads(GEMINI_CODE)
    body["contents"][1]["parts"] = body["contents"][1]["parts"][:2]
    built = lc.translate_request("gemini", "gemini", json.dumps(body).encode())
    assert [c["role"] for c in json.loads(built.body)["contents"]] == ["user", "user"]
    assert [(a.field, a.action) for a in built.adaptations] == [
        ("$.contents[1].parts[0]", "dropped"),
        ("$.contents[1].parts[1]", "dropped"),
        ("$.contents[1]", "dropped"),
    ]


SEARCH_TURN = [
    {
        "type": "server_tool_use",
        "id": "srvtoolu_1",
        "name": "web_search",
        "input": {"query": "paris weather"},
    },
    {
        "type": "web_search_tool_result",
        "tool_use_id": "srvtoolu_1",
        "content": [
            {
                "type": "web_search_result",
                "url": "https://w.example/p",
                "title": "W",
                "encrypted_content": "Eo8",
            }
        ],
    },
    {"type": "text", "text": ANSWER, "citations": [CITATION]},
]


def _anthropic(assistant: list[dict[str, Any]]) -> bytes:
    messages = [
        {"role": "user", "content": "weather?"},
        {"role": "assistant", "content": assistant},
        {"role": "user", "content": "and?"},
    ]
    return json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": messages}).encode()


@pytest.mark.parametrize("destination", DIALECTS)
def test_anthropic_server_tool_blocks_of_a_replayed_answer_are_left_out(destination: str) -> None:
    """Anthropic's web search answer as the SDK returns it: the server's own call and result
    blocks (run by Anthropic, no canonical part) go, with the citations; the answer goes on."""
    body = _anthropic(SEARCH_TURN)
    with pytest.raises(lc.ValidationError):
        lc.decode_request("anthropic", body)
    built = lc.translate_request(
        "anthropic", destination, body, model="m" if destination == "gemini" else None
    )
    assert [(a.field, a.action) for a in built.adaptations if a.field.startswith("$.")] == [
        ("$.messages[1].content[0]", "dropped"),
        ("$.messages[1].content[1]", "dropped"),
        ("$.messages[1].content[2].citations", "dropped"),
    ]
    assert ANSWER.encode() in built.body
    assert b"srvtoolu_1" not in built.body and b"w.example" not in built.body
    if destination in ACCEPTS:
        ACCEPTS[destination](built.body)


def test_a_turn_of_server_tool_blocks_only_goes_and_user_content_is_not_left_out() -> None:
    built = lc.translate_request("anthropic", "anthropic", _anthropic(SEARCH_TURN[:2]))
    assert [m["role"] for m in json.loads(built.body)["messages"]] == ["user", "user"]
    assert ("$.messages[1]", "dropped") in [(a.field, a.action) for a in built.adaptations]
    search_result = {
        "type": "search_result",
        "source": "s",
        "title": "t",
        "content": [{"type": "text", "text": "x"}],
    }
    body = json.dumps(
        {
            "model": "claude-sonnet-4-5",
            "max_tokens": 100,
            "messages": [{"role": "user", "content": [search_result]}],
        }
    ).encode()
    with pytest.raises(lc.ValidationError, match="search_result"):  # the client's own content
        lc.decode_request("anthropic", body)
    sent = json.loads(lc.translate_request("anthropic", "anthropic", body).body)  # carried (red team 14 F17)
    assert sent["messages"] == [{"role": "user", "content": [search_result]}]
