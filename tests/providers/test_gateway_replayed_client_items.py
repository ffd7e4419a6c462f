"""A Responses client's tool loop through ``lc.translate_request`` (red team 26 F02, F04).

F02: the calls a client runs itself (``computer_call``, ``shell_call``, ``local_shell_call``,
``apply_patch_call``, ``mcp_approval_request``), replayed with ``input += response.output``, and its
answers to them (``*_output``, ``mcp_approval_response``), alone after ``previous_response_id`` or
after the call, were refused for every destination, Responses included: the writers hand those
calls to the client, so the loop stopped at its second turn. F04: what the API itself lists
(a ``function_call_output``'s ``id`` and ``status``, a reasoning item's ``content``, a
``compaction`` item) was refused the same way. Now, as the Codex ``custom_tool_call`` loop
(``test_gateway_codex_custom_tools.py``) and the hosted-tool items
(``test_gateway_replayed_responses_items.py``): to Responses each goes back as the client sent it;
elsewhere the whole items are refused naming the item, the listed keys ``dropped`` at their paths.
Every item shape is checked against the openai SDK's ``ResponseInputItemParam``."""

from __future__ import annotations

import copy
import json
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openai.types.responses.response_input_item_param import ResponseInputItemParam
from pydantic import TypeAdapter, ValidationError

import lmcodec as lc

from ..budget import examples
from .gateway_support import responses_accepts, responses_body

OTHERS = ("openai_chat", "anthropic", "gemini")
USER = {"role": "user", "content": [{"type": "input_text", "text": "list the files"}]}
ANSWER = {"role": "assistant", "content": [{"type": "output_text", "text": "Two files."}]}
REASONING = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAA"}
TOOLS = [
    {"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": False}
]

CALLS: dict[str, dict[str, Any]] = {
    "computer_call": {
        "type": "computer_call",
        "id": "cu_1",
        "call_id": "call_1",
        "status": "completed",
        "action": {"type": "click", "button": "left", "x": 10, "y": 20},
        "pending_safety_checks": [],
    },
    "shell_call": {
        "type": "shell_call",
        "id": "sh_1",
        "call_id": "call_1",
        "status": "completed",
        "action": {"commands": ["ls"], "timeout_ms": 1000},
    },
    "local_shell_call": {
        "type": "local_shell_call",
        "id": "lsh_1",
        "call_id": "call_1",
        "status": "completed",
        "action": {"type": "exec", "command": ["ls", "-a"], "env": {"LANG": "C"}},
    },
    "apply_patch_call": {
        "type": "apply_patch_call",
        "id": "ap_1",
        "call_id": "call_1",
        "status": "completed",
        "operation": {"type": "update_file", "path": "a.py", "diff": "@@\n-a\n+b\n"},
    },
    "mcp_approval_request": {
        "type": "mcp_approval_request",
        "id": "mcpr_1",
        "name": "search",
        "arguments": '{"q": "x"}',
        "server_label": "docs",
    },
}
ANSWERS: dict[str, dict[str, Any]] = {
    "computer_call": {
        "type": "computer_call_output",
        "call_id": "call_1",
        "output": {"type": "computer_screenshot", "image_url": "data:image/png;base64,iVBORw0KGgo="},
        "acknowledged_safety_checks": [],
    },
    "shell_call": {
        "type": "shell_call_output",
        "call_id": "call_1",
        "output": [{"stdout": "a.py\n", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}],
    },
    "local_shell_call": {"type": "local_shell_call_output", "id": "call_1", "output": "a.py\n"},
    "apply_patch_call": {"type": "apply_patch_call_output", "call_id": "call_1", "status": "completed"},
    "mcp_approval_request": {
        "type": "mcp_approval_response",
        "approval_request_id": "mcpr_1",
        "approve": True,
    },
}
COMPACTION = {"type": "compaction", "id": "cmp_1", "encrypted_content": "gAAAAcompacted"}
WHOLE: dict[str, dict[str, Any]] = {
    **{item["type"]: item for item in (*CALLS.values(), *ANSWERS.values())},
    "compaction": COMPACTION,
}


CALL = {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"}
OUTPUT = {"type": "function_call_output", "call_id": "c1", "output": "ok"}
LISTED_OUTPUT = {"id": "fco_1", **OUTPUT, "status": "completed"}
THOUGHT = [{"type": "reasoning_text", "text": "The user wants the files."}]


def _body(items: list[Any], **more: Any) -> dict[str, Any]:
    """A Responses body as the builder writes it (what the same dialect gives back unchanged)."""
    return {"model": "gpt-5", "input": items, "stream": False, **more}


def _sent(body: dict[str, Any], destination: str = "openai") -> lc.ProviderRequest:
    return lc.translate_request("openai", destination, json.dumps(body).encode())


def _back(body: dict[str, Any]) -> None:
    built = _sent(body)
    assert json.loads(built.body) == body
    assert built.adaptations == ()


_INPUT_ITEM: Final = TypeAdapter(ResponseInputItemParam)
"""The openai SDK's ``ResponseInputItemParam``: what it says an input item is."""


_REQUIRED = {
    "computer_call": "call_id",
    "shell_call": "action",
    "local_shell_call": "action",
    "apply_patch_call": "operation",
    "mcp_approval_request": "server_label",
    "apply_patch_call_output": "status",
    "mcp_approval_response": "approve",
    "compaction": "encrypted_content",
}
"""A key the SDK requires of each item (``output`` where not named)."""


@pytest.mark.parametrize("kind", sorted(WHOLE))
def test_the_sdk_types_each_item(kind: str) -> None:
    _INPUT_ITEM.validate_python(WHOLE[kind])
    required = _REQUIRED.get(kind, "output")
    with pytest.raises(ValidationError):  # (the check is one: a required key missing fails it)
        _INPUT_ITEM.validate_python({key: value for key, value in WHOLE[kind].items() if key != required})


def test_the_sdk_types_the_items_as_listed() -> None:
    for item in (LISTED_OUTPUT, {**OUTPUT, "id": None}, {**REASONING, "content": THOUGHT}):
        _INPUT_ITEM.validate_python(item)


def test_decode_request_still_refuses_them() -> None:
    """A canonical Request has no field for them: only the gateway carries them (to Responses)."""
    with pytest.raises(lc.ValidationError) as refused:
        lc.decode_request("openai", json.dumps(_body([USER, ANSWERS["shell_call"]])).encode())
    assert refused.value.path == "$.input[1].type"


@pytest.mark.parametrize("kind", sorted(ANSWERS))
def test_an_answer_alone_after_previous_response_id_goes_back_as_sent(kind: str) -> None:
    _back(_body([ANSWERS[kind]], previous_response_id="resp_1"))


@pytest.mark.parametrize("kind", sorted(CALLS))
def test_a_replayed_call_and_its_answer_go_back_in_place(kind: str) -> None:
    _back(_body([USER, REASONING, CALLS[kind], ANSWERS[kind], ANSWER, USER]))


@pytest.mark.parametrize("kind", sorted(CALLS))
def test_the_sdk_sent_loop_goes_back_to_responses(kind: str) -> None:
    """The body the openai SDK sends for the loop's second turn, to Responses: its items as sent."""
    items = [{"role": "user", "content": "list the files"}, CALLS[kind], ANSWERS[kind]]
    sent = responses_body(model="gpt-5", input=items)
    built = lc.translate_request("openai", "openai", sent)
    responses_accepts(built.body)
    assert json.loads(built.body)["input"][1:] == items[1:]
    assert built.adaptations == ()


def test_a_compaction_item_goes_back_as_sent() -> None:
    management = [{"type": "compaction", "compact_threshold": 100000}]
    _back(_body([COMPACTION, USER], context_management=management))
    _back(_body([COMPACTION], previous_response_id="resp_1"))


def test_beside_a_phase_the_items_go_back_too() -> None:
    """A Codex-like body (a phased message: the typed views' one-decode reading) with a shell loop."""
    phased = {**ANSWER, "phase": "commentary"}
    _back(_body([USER, phased, CALLS["shell_call"], ANSWERS["shell_call"], USER]))


@pytest.mark.parametrize("destination", OTHERS)
@pytest.mark.parametrize("kind", sorted(WHOLE))
def test_each_whole_item_is_refused_elsewhere_by_its_path(kind: str, destination: str) -> None:
    with pytest.raises(lc.ValidationError) as refused:
        _sent(_body([USER, ANSWER, WHOLE[kind], USER]), destination)
    assert refused.value.path == "$.input[2]"
    assert repr(kind) in str(refused.value) and destination in str(refused.value)


def test_an_output_as_listed_goes_back_to_responses() -> None:
    _back(_body([USER, CALL, LISTED_OUTPUT], tools=TOOLS))
    second = {**CALL, "call_id": "c2"}
    outputs = [{**OUTPUT, "status": "incomplete"}, {**OUTPUT, "call_id": "c2", "id": None}]
    _back(_body([USER, CALL, second, *outputs, ANSWER, USER], tools=TOOLS))


@pytest.mark.parametrize("destination", OTHERS)
def test_an_outputs_id_and_status_are_dropped_elsewhere(destination: str) -> None:
    built = _sent(_body([USER, CALL, LISTED_OUTPUT], tools=TOOLS), destination)
    plain = _sent(_body([USER, CALL, OUTPUT], tools=TOOLS), destination)
    assert built.body == plain.body
    notes = [(a.field, a.action, a.asked) for a in built.adaptations if a not in plain.adaptations]
    assert notes == [("$.input[2].id", "dropped", "fco_1"), ("$.input[2].status", "dropped", "completed")]


def test_a_reasoning_items_content_goes_back_to_responses() -> None:
    _back(_body([USER, {**REASONING, "content": THOUGHT}, ANSWER, USER]))
    gpt_oss = {"type": "reasoning", "id": "rs_2", "summary": [], "content": THOUGHT}
    _back(_body([USER, gpt_oss, CALL, OUTPUT, ANSWER, USER], tools=TOOLS))


@pytest.mark.parametrize("destination", OTHERS)
def test_a_reasoning_items_content_is_dropped_elsewhere(destination: str) -> None:
    built = _sent(_body([USER, {**REASONING, "content": THOUGHT}, ANSWER, USER]), destination)
    plain = _sent(_body([USER, REASONING, ANSWER, USER]), destination)
    assert built.body == plain.body
    notes = [(a.field, a.action, a.asked) for a in built.adaptations if a not in plain.adaptations]
    assert notes == [("$.input[1].content", "dropped", THOUGHT)]


@pytest.mark.parametrize("destination", ("openai", *OTHERS))
def test_unsigned_reasoning_with_content_is_left_out_with_both_notes(destination: str) -> None:
    unsigned = {"type": "reasoning", "summary": [], "content": THOUGHT}
    built = _sent(_body([USER, unsigned, ANSWER, USER]), destination)
    plain = _sent(_body([USER, ANSWER, USER]), destination)
    assert built.body == plain.body
    notes = [(a.field, a.action) for a in built.adaptations if a not in plain.adaptations]
    assert notes == [("$.input[1].content", "dropped"), ("$.input[1]", "dropped")]


# -- for all histories ---------------------------------------------------------------------------

_PLAIN_TURN = st.sampled_from(
    [
        [USER],
        [ANSWER],
        [REASONING, ANSWER],
        [CALL, OUTPUT],
        [CALL, LISTED_OUTPUT],
        [{**REASONING, "content": THOUGHT}, CALL, OUTPUT],
    ]
)
_CLIENT_TURN = st.sampled_from(sorted(CALLS)).map(lambda kind: [CALLS[kind], ANSWERS[kind]])
_TURNS = st.lists(st.one_of(_PLAIN_TURN, _CLIENT_TURN, st.just([COMPACTION])), min_size=1, max_size=6)


def _without_listed_keys(item: dict[str, Any]) -> dict[str, Any]:
    if item.get("type") == "function_call_output":
        return {key: value for key, value in item.items() if key not in ("id", "status")}
    if item.get("type") == "reasoning":
        return {key: value for key, value in item.items() if key != "content"}
    return item


def _own_ids(item: dict[str, Any], turn: int) -> dict[str, Any]:
    """The item with its call id and item id (where it has them) made the turn's own: ``c1`` in
    turn 2 is ``c1_t2``, ``rs_1`` is ``rs_1_t2``."""
    for key in ("call_id", "id"):
        if type(item.get(key)) is str:
            item[key] = f"{item[key]}_t{turn}"
    return item


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TURNS, st.booleans(), st.sampled_from(["openai", *OTHERS]))
def test_any_history_goes_back_to_responses_and_is_refused_or_noted_elsewhere(
    turns: list[list[dict[str, Any]]], after_previous: bool, destination: str
) -> None:
    """Any history of messages, function calls, client-run loops and compaction, its outputs and
    reasoning as listed: to Responses the body as sent; elsewhere refused at the first whole item,
    else the body the history without the listed keys gives, with one note per key taken off. Each
    turn's ids are its own, as the API's are (a repeated call id is renamed, to Responses too: red
    team 46 F02, tests/providers/test_translate_same_dialect_repeated_ids.py)."""
    items = [_own_ids(copy.deepcopy(item), at) for at, turn in enumerate(turns) for item in turn]
    if not after_previous:
        items.insert(0, USER)
    body = _body(items, tools=TOOLS, **({"previous_response_id": "resp_1"} if after_previous else {}))
    whole = [at for at, item in enumerate(items) if item.get("type") in WHOLE]
    plain_items = [_without_listed_keys(item) for item in items]
    plain_body = {**body, "input": plain_items}
    if destination == "openai":
        _back(body)
        return
    if whole:
        with pytest.raises(lc.ValidationError) as refused:
            _sent(body, destination)
        assert refused.value.path == f"$.input[{whole[0]}]"
        return
    try:
        plain = _sent(plain_body, destination)
    except lc.ValidationError as unread:  # (a history the reader refuses whatever its keys)
        with pytest.raises(lc.ValidationError) as refused:
            _sent(body, destination)
        assert refused.value.path == unread.path
        return
    built = _sent(body, destination)
    assert built.body == plain.body
    taken = sum(len(item) - len(plain_item) for item, plain_item in zip(items, plain_items, strict=True))
    assert len(built.adaptations) == len(plain.adaptations) + taken
