"""A Responses client replaying ``response.output`` with what only Responses takes back, through
``lc.translate_request`` (red team 14 F13, F15): an assistant message's ``phase``
(``"commentary"`` / ``"final_answer"``, which the openai SDK asks gpt-5.3-codex+ clients to resend)
and the items of a tool OpenAI's server ran (``web_search_call``, ``code_interpreter_call``,
``image_generation_call``). Both were refused for every destination, Responses included: the
conversation ended at turn 2. lm15 1.5.0 has no Responses request reader and its OpenAI builder
writes no phase (only under a compat ``commentary_phase="tag"`` policy) and no hosted item, so
``decode_request`` still refuses them; the gateway sends them back to Responses as the client sent
them and leaves them out elsewhere, each ``dropped`` with its path in the client's body, as
Anthropic's server-tool blocks are (``test_gateway_replayed_output.py``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from openai.types.responses import ResponseOutputItem
from pydantic import TypeAdapter

import lmcodec as lc

from .gateway_support import anthropic_accepts

OTHERS = ("openai_chat", "anthropic", "gemini")
USER = {"role": "user", "content": "fix the bug"}
NEXT = {"role": "user", "content": "now run the tests"}
TOOLS = [{"type": "function", "name": "shell", "parameters": {"type": "object", "properties": {}}}]


def _message(item_id: str, text: str, phase: str | None) -> dict[str, Any]:
    content = [{"type": "output_text", "text": text, "annotations": [], "logprobs": []}]
    item = {"type": "message", "id": item_id, "role": "assistant", "status": "completed", "content": content}
    return item if phase is None else {**item, "phase": phase}


def _phased(commentary: str | None, final: str | None) -> list[dict[str, Any]]:
    call = {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "shell", "arguments": "{}"}
    output = {"type": "function_call_output", "call_id": "call_1", "output": "ok"}
    first, last = _message("msg_1", "Looking.", commentary), _message("msg_2", "Done.", final)
    return [USER, first, call, output, last, NEXT]


def _body(items: list[dict[str, Any]]) -> bytes:
    return json.dumps({"model": "gpt-5.3-codex", "input": items, "tools": TOOLS}).encode()


PHASED = _body(_phased("commentary", "final_answer"))
UNPHASED = _body(_phased(None, None))


def test_the_sdk_types_the_items_replayed() -> None:
    outputs = TypeAdapter(ResponseOutputItem)
    for item in [*_phased("commentary", "final_answer")[1:3], *HOSTED.values()]:
        assert outputs.validate_python(item).type == item["type"]


def test_decode_request_still_refuses_phase() -> None:
    with pytest.raises(lc.ValidationError) as refused:
        lc.decode_request("openai", PHASED)
    assert refused.value.path == "$.input[1].phase"


def test_responses_gets_each_phase_back() -> None:
    built = lc.translate_request("openai", "openai", PHASED)
    sent = json.loads(built.body)["input"]
    assert [item.get("phase") for item in sent if item.get("role") == "assistant"] == [
        "commentary",
        "final_answer",
    ]
    without = json.loads(lc.translate_request("openai", "openai", UNPHASED).body)["input"]
    assert [{k: v for k, v in item.items() if k != "phase"} for item in sent] == without
    assert built.adaptations == ()


@pytest.mark.parametrize("destination", OTHERS)
def test_phase_is_dropped_elsewhere(destination: str) -> None:
    built = lc.translate_request("openai", destination, PHASED)
    plain = lc.translate_request("openai", destination, UNPHASED)
    assert built.body == plain.body
    dropped = [(a.field, a.action, a.asked) for a in built.adaptations if a.field.endswith(".phase")]
    assert dropped == [
        ("$.input[1].phase", "dropped", "commentary"),
        ("$.input[4].phase", "dropped", "final_answer"),
    ]
    assert len(built.adaptations) == len(plain.adaptations) + 2


HOSTED: dict[str, dict[str, Any]] = {
    "web_search_call": {
        "id": "ws_1",
        "type": "web_search_call",
        "status": "completed",
        "action": {"type": "search", "query": "paris news"},
    },
    "code_interpreter_call": {
        "id": "ci_1",
        "type": "code_interpreter_call",
        "status": "completed",
        "code": "print(1)",
        "container_id": "cntr_1",
        "outputs": [{"type": "logs", "logs": "1"}],
    },
    "image_generation_call": {
        "id": "ig_1",
        "type": "image_generation_call",
        "status": "completed",
        "result": "iVBORw0KGgo=",
    },
}
REASONING = {"type": "reasoning", "id": "rs_1", "summary": []}
CITED = {
    "type": "output_text",
    "text": "It is sunny.",
    "annotations": [
        {"type": "url_citation", "start_index": 0, "end_index": 5, "url": "https://w.example", "title": "W"}
    ],
    "logprobs": [],
}


def _hosted_history(item: dict[str, Any]) -> list[dict[str, Any]]:
    answer = {**_message("msg_1", "", None), "content": [CITED]}
    return [USER, REASONING, item, answer, NEXT]


@pytest.mark.parametrize("kind", sorted(HOSTED))
def test_responses_gets_the_hosted_item_back_in_place(kind: str) -> None:
    built = lc.translate_request("openai", "openai", _body(_hosted_history(HOSTED[kind])))
    sent = json.loads(built.body)["input"]
    kinds = [item.get("type", item.get("role")) for item in sent]
    assert kinds == ["user", "reasoning", kind, "assistant", "user"]
    assert sent[2] == HOSTED[kind]
    notes = [(a.field, a.action) for a in built.adaptations]
    assert notes == [("$.input[3].content[0].annotations", "dropped")]


@pytest.mark.parametrize("destination", OTHERS)
@pytest.mark.parametrize("kind", sorted(HOSTED))
def test_the_hosted_item_is_dropped_elsewhere(kind: str, destination: str) -> None:
    history = _hosted_history(HOSTED[kind])
    built = lc.translate_request("openai", destination, _body(history))
    plain = lc.translate_request("openai", destination, _body([i for i in history if i.get("type") != kind]))
    assert built.body == plain.body
    if destination == "anthropic":
        anthropic_accepts(built.body)
    notes = [(a.field, a.action) for a in built.adaptations]
    assert ("$.input[2]", "dropped") in notes
    assert ("$.input[3].content[0].annotations", "dropped") in notes  # named in the client's body
    assert len(notes) == len(plain.adaptations) + 1


def test_hosted_items_after_the_last_message_go_back_in_their_order() -> None:
    """Two hosted items after the last item built (nothing the builder writes follows them) were
    put back in the reverse order (red team 26 F02's client-run items, put back the same way,
    showed it)."""
    search, code = HOSTED["web_search_call"], HOSTED["code_interpreter_call"]
    history = [USER, _message("msg_1", "Searching.", None), search, code]
    sent = json.loads(lc.translate_request("openai", "openai", _body(history)).body)["input"]
    assert sent[2:] == [search, code]
