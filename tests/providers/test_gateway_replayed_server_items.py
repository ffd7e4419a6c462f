"""The Responses input items red team 26 F02/F04 left refused, through ``lc.translate_request``.

An ``item_reference`` (an item OpenAI's server stored: ``store``, ``previous_response_id``; typed,
or an ``id`` alone), a
``compaction_trigger``, an MCP server's ``mcp_list_tools`` and ``mcp_call``, a ``program`` OpenAI's
server ran to call tools and its ``program_output``, ``additional_tools`` (rtleft18: all three are
output items, replayed with ``input += response.output``), and a
``function_call_output``'s ``caller``, ``name`` and ``namespace`` were refused for every destination,
Responses included (issue #15). Now, as rtfix29b's client-run items
(``test_gateway_replayed_client_items.py``): to Responses each goes back as the client sent it, in
place; elsewhere the items are refused at their path, naming the item and the destination (a
gateway cannot resolve a reference, and no other dialect has a form for the others), and an
output's keys ``dropped`` where they say nothing the destination does not, refused at their path
where they do. Every item shape is checked against the openai SDK's ``ResponseInputItemParam``."""

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
USER = {"role": "user", "content": [{"type": "input_text", "text": "what changed?"}]}
ANSWER = {"role": "assistant", "content": [{"type": "output_text", "text": "Two files."}]}
REASONING = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAA"}
CALL = {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"}
OUTPUT = {"type": "function_call_output", "call_id": "c1", "output": "ok"}
TOOLS = [
    {"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": False}
]

ITEMS: dict[str, dict[str, Any]] = {
    "item_reference": {"type": "item_reference", "id": "msg_0123"},
    "compaction_trigger": {"type": "compaction_trigger"},
    "mcp_list_tools": {
        "type": "mcp_list_tools",
        "id": "mcpl_1",
        "server_label": "docs",
        "tools": [{"name": "search", "input_schema": {"type": "object"}, "description": "Search."}],
    },
    "mcp_call": {
        "type": "mcp_call",
        "id": "mcp_1",
        "name": "search",
        "arguments": '{"q": "x"}',
        "server_label": "docs",
        "output": "3 pages",
        "status": "completed",
    },
    "program": {
        "type": "program",
        "id": "prog_1",
        "call_id": "call_prog_1",
        "code": "await f()",
        "fingerprint": "fp",
    },
    "program_output": {
        "type": "program_output",
        "id": "progo_1",
        "call_id": "call_prog_1",
        "result": "done",
        "status": "completed",
    },
    "additional_tools": {"type": "additional_tools", "role": "developer", "tools": TOOLS},
    "tool_search_call": {
        "type": "tool_search_call",
        "id": "tsc_1",
        "call_id": "call_ts_1",
        "arguments": {"query": "crm"},
        "execution": "client",
        "status": "completed",
    },
    "tool_search_output": {
        "type": "tool_search_output",
        "id": "tso_1",
        "call_id": "call_ts_1",
        "execution": "client",
        "status": "completed",
        "tools": TOOLS,
    },
}
UNTYPED_REFERENCES: Final = ({"id": "msg_0456"}, {"id": "msg_0789", "type": None})
"""An item reference as the SDK also types it: its ``type`` is optional."""
_REQUIRED: Final = {
    "item_reference": "id",
    "compaction_trigger": "type",
    "mcp_list_tools": "tools",
    "mcp_call": "server_label",
    "program": "fingerprint",
    "program_output": "result",
    "additional_tools": "tools",
    "tool_search_call": "arguments",
    "tool_search_output": "tools",
}
"""A key the SDK requires of each item."""
OUTPUT_KEYS: dict[str, Any] = {
    "caller": {"type": "direct"},
    "name": "f",
    "namespace": "crm",
}
_INPUT_ITEM: Final = TypeAdapter(ResponseInputItemParam)
"""The openai SDK's ``ResponseInputItemParam``: what it says an input item is."""


def _body(items: list[Any], **more: Any) -> dict[str, Any]:
    """A Responses body as the builder writes it (what the same dialect gives back unchanged)."""
    return {"model": "gpt-5", "input": items, "stream": False, **more}


def _sent(body: dict[str, Any], destination: str = "openai") -> lc.ProviderRequest:
    return lc.translate_request("openai", destination, json.dumps(body).encode())


def _back(body: dict[str, Any]) -> None:
    built = _sent(body)
    assert json.loads(built.body) == body
    assert built.adaptations == ()


@pytest.mark.parametrize("kind", sorted(ITEMS))
def test_the_sdk_types_each_item(kind: str) -> None:
    _INPUT_ITEM.validate_python(ITEMS[kind])
    required = _REQUIRED[kind]
    with pytest.raises(ValidationError):  # (the check is one: a required key missing fails it)
        _INPUT_ITEM.validate_python({key: value for key, value in ITEMS[kind].items() if key != required})


def test_the_sdk_types_a_reference_without_its_type() -> None:
    for reference in UNTYPED_REFERENCES:
        _INPUT_ITEM.validate_python(reference)


def test_the_sdk_types_each_output_key() -> None:
    for key, value in OUTPUT_KEYS.items():
        _INPUT_ITEM.validate_python({**OUTPUT, key: value})
    _INPUT_ITEM.validate_python({**OUTPUT, "caller": {"type": "program", "caller_id": "prog_1"}})


@pytest.mark.parametrize("kind", sorted(ITEMS))
def test_each_item_goes_back_to_responses_in_place(kind: str) -> None:
    item = ITEMS[kind]
    _back(_body([USER, item, ANSWER, USER]))
    _back(_body([item, USER, REASONING, CALL, item, OUTPUT, ANSWER, USER, item], tools=TOOLS))


@pytest.mark.parametrize("kind", sorted(ITEMS))
def test_two_items_after_and_between_built_items_keep_their_order(kind: str) -> None:
    """Two of one kind after the last built item and between built items (rtfix29b once put the
    items after the last built one back reversed): each pair distinct, so an order changed shows."""
    first, second = ITEMS[kind], {**ITEMS[kind], "id": "second"}
    _back(_body([USER, first, second, ANSWER, USER, second, first]))
    mixed = [ITEMS[other] for other in sorted(ITEMS)]
    _back(_body([USER, *mixed, ANSWER, *reversed(mixed), USER, *mixed]))


@pytest.mark.parametrize("kind", sorted(ITEMS))
def test_items_alone_after_previous_response_id_go_back_as_sent(kind: str) -> None:
    _back(_body([ITEMS[kind]], previous_response_id="resp_1"))
    _back(_body([ITEMS[kind], {**ITEMS[kind], "id": "second"}], previous_response_id="resp_1"))


def test_a_reference_without_its_type_goes_back_in_place() -> None:
    first, second = UNTYPED_REFERENCES
    _back(_body([USER, first, ANSWER, second, ITEMS["item_reference"], USER, second, first]))
    _back(_body([first, second], previous_response_id="resp_1"))
    _back(_body([USER, {**ANSWER, "phase": "commentary"}, first, USER]))  # (the typed views' reading)


@pytest.mark.parametrize("destination", OTHERS)
def test_a_reference_without_its_type_is_refused_elsewhere_as_a_reference(destination: str) -> None:
    for reference in UNTYPED_REFERENCES:
        with pytest.raises(lc.ValidationError, match="'item_reference'") as refused:
            _sent(_body([USER, ANSWER, reference, USER]), destination)
        assert refused.value.path == "$.input[2]"


@pytest.mark.parametrize("item", [{"id": "msg_1", "content": "hi"}, {"id": "msg_1", "type": "message"}])
def test_an_id_beside_other_keys_is_no_reference(item: dict[str, Any]) -> None:
    """Only an id alone is a reference: a message missing its role is refused as before, at its key."""
    with pytest.raises(lc.ValidationError) as refused:
        _sent(_body([USER, item]))
    assert refused.value.path.startswith("$.input[1].") and "item_reference" not in str(refused.value)


def test_a_compaction_trigger_last_after_a_compaction_goes_back_as_sent() -> None:
    """The compaction loop: the earlier compaction, the turn, the trigger (the API wants it last)."""
    compaction = {"type": "compaction", "id": "cmp_1", "encrypted_content": "gAAAAcompacted"}
    _back(_body([compaction, USER, ANSWER, USER, ITEMS["compaction_trigger"]]))


def test_beside_a_phase_the_items_go_back_too() -> None:
    """A Codex-like body (a phased message: the typed views' one-decode reading) with the items."""
    phased = {**ANSWER, "phase": "commentary"}
    _back(
        _body([USER, ITEMS["item_reference"], phased, ITEMS["mcp_call"], USER, ITEMS["compaction_trigger"]])
    )


def test_the_sdk_sent_body_goes_back_to_responses() -> None:
    """The body the openai SDK sends with the items, to Responses: its items as sent."""
    items = [{"role": "user", "content": "go on"}, *(ITEMS[kind] for kind in sorted(ITEMS))]
    sent = responses_body(model="gpt-5", input=items, previous_response_id="resp_1")
    built = lc.translate_request("openai", "openai", sent)
    responses_accepts(built.body)
    assert json.loads(built.body)["input"][1:] == items[1:]
    assert built.adaptations == ()


@pytest.mark.parametrize("destination", OTHERS)
@pytest.mark.parametrize("kind", sorted(ITEMS))
def test_each_item_is_refused_elsewhere_by_its_path(kind: str, destination: str) -> None:
    with pytest.raises(lc.ValidationError) as refused:
        _sent(_body([USER, ANSWER, ITEMS[kind], USER]), destination)
    assert refused.value.path == "$.input[2]"
    assert repr(kind) in str(refused.value) and destination in str(refused.value)


def test_a_reference_is_refused_elsewhere_saying_why() -> None:
    with pytest.raises(lc.ValidationError, match="which a gateway cannot resolve"):
        _sent(_body([USER, ITEMS["item_reference"]]), "anthropic")


@pytest.mark.parametrize("key", sorted(OUTPUT_KEYS))
def test_an_outputs_key_goes_back_to_responses(key: str) -> None:
    _back(_body([USER, CALL, {**OUTPUT, key: OUTPUT_KEYS[key]}], tools=TOOLS))
    program = {"type": "program", "caller_id": "prog_1"}
    every = {"id": "fco_1", **OUTPUT, **OUTPUT_KEYS, "caller": program, "status": "completed"}
    second = {**CALL, "call_id": "c2"}
    _back(_body([USER, CALL, second, every, {**OUTPUT, "call_id": "c2", key: None}, ANSWER], tools=TOOLS))


@pytest.mark.parametrize("destination", OTHERS)
def test_an_outputs_keys_that_say_nothing_more_are_dropped_elsewhere(destination: str) -> None:
    """A direct caller, the name of the call it answers, a null: the destination's own reading."""
    keys = {"caller": {"type": "direct"}, "name": "f", "namespace": None}
    built = _sent(_body([USER, CALL, {**OUTPUT, **keys}], tools=TOOLS), destination)
    plain = _sent(_body([USER, CALL, OUTPUT], tools=TOOLS), destination)
    assert built.body == plain.body
    notes = [(a.field, a.action, a.asked) for a in built.adaptations if a not in plain.adaptations]
    assert notes == [(f"$.input[2].{key}", "dropped", value) for key, value in keys.items()]


@pytest.mark.parametrize("destination", OTHERS)
@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("caller", {"type": "program", "caller_id": "prog_1"}),
        ("namespace", "crm"),
        ("name", "g"),
    ],
)
def test_an_outputs_key_that_says_more_is_refused_elsewhere_by_its_path(
    key: str, value: Any, destination: str
) -> None:
    with pytest.raises(lc.ValidationError) as refused:
        _sent(_body([USER, CALL, ANSWER, {**OUTPUT, key: value}], tools=TOOLS), destination)
    assert refused.value.path == f"$.input[3].{key}"
    assert destination in str(refused.value)


@pytest.mark.parametrize("destination", OTHERS)
def test_an_outputs_name_is_that_of_the_last_call_of_its_id(destination: str) -> None:
    """Of two calls of one id (the gateway renames the second: ``_tool_ids.py``), the output after
    the second answers it: its name is judged against that call's."""
    renamed = {**CALL, "name": "g"}
    items = [USER, CALL, OUTPUT, ANSWER, USER, renamed, {**OUTPUT, "name": "g"}]
    built = _sent(_body(items, tools=[*TOOLS, {**TOOLS[0], "name": "g"}]), destination)
    assert [a.field for a in built.adaptations if a.field.startswith("$.input[6]")] == ["$.input[6].name"]


# -- for all histories ---------------------------------------------------------------------------

_NAMED_OUTPUT = {**OUTPUT, "caller": {"type": "direct"}, "name": "f"}
_PLAIN_TURN = st.sampled_from(
    [
        [USER],
        [ANSWER],
        [REASONING, ANSWER],
        [CALL, OUTPUT],
        [CALL, _NAMED_OUTPUT],
        [CALL, {**OUTPUT, "namespace": None}],
    ]
)
_ITEM = st.one_of(
    st.builds(
        lambda kind, tag: (
            {**ITEMS[kind], "id": f"{kind}_{tag}"} if kind != "compaction_trigger" else ITEMS[kind]
        ),
        st.sampled_from(sorted(ITEMS)),
        st.integers(0, 9),
    ),
    st.sampled_from(UNTYPED_REFERENCES),
)
_TURNS = st.lists(st.one_of(_PLAIN_TURN, _ITEM.map(lambda item: [item])), min_size=1, max_size=8)


def _without_output_keys(item: dict[str, Any]) -> dict[str, Any]:
    if item.get("type") == "function_call_output":
        return {key: value for key, value in item.items() if key not in OUTPUT_KEYS}
    return item


def _calls_renamed(items: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """``items`` with the k-th function call of one call_id (k > 1) under ``<id>_<k>`` and each
    output under the id of the call before it (every output here follows its call), and how many
    calls were renamed."""
    seen: dict[str, int] = {}
    last = ""
    out: list[dict[str, Any]] = []
    for item in items:
        kind = item.get("type")
        if kind == "function_call":
            k = seen[item["call_id"]] = seen.get(item["call_id"], 0) + 1
            last = item["call_id"] if k == 1 else f"{item['call_id']}_{k}"
            item = {**item, "call_id": last}
        elif kind == "function_call_output":
            item = {**item, "call_id": last}
        out.append(item)
    return out, sum(k - 1 for k in seen.values())


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TURNS, st.booleans(), st.sampled_from(["openai", *OTHERS]))
def test_any_history_goes_back_to_responses_and_is_refused_or_noted_elsewhere(
    turns: list[list[dict[str, Any]]], after_previous: bool, destination: str
) -> None:
    """Any history of messages, function calls and outputs (some with the keys), with the items at
    any place: to Responses the body as sent, in its order; elsewhere refused at the first item,
    else the body the history without the keys gives, one note per key taken off."""
    items = [copy.deepcopy(item) for turn in turns for item in turn]
    if not after_previous:
        items.insert(0, USER)
    body = _body(items, tools=TOOLS, **({"previous_response_id": "resp_1"} if after_previous else {}))
    if destination == "openai":  # as sent, a repeated call_id renamed with its output (red team 46 F02)
        renamed, count = _calls_renamed(items)
        built = _sent(body)
        assert json.loads(built.body) == {**body, "input": renamed}
        assert len(built.adaptations) == count
        return
    whole = [at for at, item in enumerate(items) if item.get("type") in ITEMS or item in UNTYPED_REFERENCES]
    plain_items = [_without_output_keys(item) for item in items]
    if whole:
        with pytest.raises(lc.ValidationError) as refused:
            _sent(body, destination)
        assert refused.value.path == f"$.input[{whole[0]}]"
        return
    try:
        plain = _sent({**body, "input": plain_items}, destination)
    except lc.ValidationError as unread:  # (a history the reader refuses whatever its keys)
        with pytest.raises(lc.ValidationError) as refused:
            _sent(body, destination)
        assert refused.value.path == unread.path
        return
    built = _sent(body, destination)
    assert built.body == plain.body
    taken = sum(len(item) - len(plain_item) for item, plain_item in zip(items, plain_items, strict=True))
    assert len(built.adaptations) == len(plain.adaptations) + taken
