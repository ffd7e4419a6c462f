"""A replayed Responses ``function_call``'s own ``caller``, ``namespace`` and ``async``, and a
reasoning item's null or empty ``content``, through ``lc.translate_request`` (rtleft18).

The openai SDK's ``ResponseFunctionToolCallParam`` allows ``caller`` (``direct`` or a program's),
``namespace`` and ``async`` on a call, and its output items carry them (``input +=
response.output``). The reader read a null, a direct caller and a null namespace as absent, and
refused the rest in every pair: Responses got the call back without them, with no note. Now, as
rtleft17 did for a ``function_call_output``'s keys: to Responses the call goes back as the client
sent it (its ``id`` and ``status`` with it); elsewhere a key that says nothing more than the
destination's own reading (a null, a direct caller, ``async`` false) is ``dropped`` with a note at
its path, and one that says more (a program's caller, a namespace, ``async`` true) is refused at
its path. A reasoning item's ``content`` null or ``[]`` goes the same way as its reasoning text."""

from __future__ import annotations

import copy
import json
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openai.types.responses.response_input_item_param import ResponseInputItemParam
from pydantic import TypeAdapter

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
PROGRAM: Final = {"type": "program", "caller_id": "prog_1"}
SAYS_NOTHING_MORE: Final[list[tuple[str, Any]]] = [
    ("caller", {"type": "direct"}),
    ("caller", None),
    ("namespace", None),
    ("async", False),
    ("async", None),
]
"""Each call key and a value the destination's own reading says too."""
SAYS_MORE: Final[list[tuple[str, Any]]] = [("caller", PROGRAM), ("namespace", "crm"), ("async", True)]
"""Each call key and a value no other dialect can say."""
_INPUT_ITEM: Final = TypeAdapter(ResponseInputItemParam)


def _body(items: list[Any], **more: Any) -> dict[str, Any]:
    """A Responses body as the builder writes it (what the same dialect gives back unchanged)."""
    return {"model": "gpt-5", "input": items, "stream": False, "tools": TOOLS, **more}


def _sent(body: dict[str, Any], destination: str = "openai") -> lc.ProviderRequest:
    return lc.translate_request("openai", destination, json.dumps(body).encode())


def _back(body: dict[str, Any]) -> None:
    built = _sent(body)
    assert json.loads(built.body) == body
    assert built.adaptations == ()


def _call(**keys: Any) -> dict[str, Any]:
    """The call as the API lists it: its id and status, then ``keys``."""
    return {"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "f", "arguments": "{}", **keys}


def test_the_sdk_types_each_call_key() -> None:
    for key, value in [*SAYS_NOTHING_MORE, *SAYS_MORE]:
        if value is not None or key == "caller":  # (namespace and async are not Optional in the param)
            _INPUT_ITEM.validate_python(_call(status="completed", **{key: value}))
    _INPUT_ITEM.validate_python({**REASONING, "content": []})


@pytest.mark.parametrize(("key", "value"), [*SAYS_NOTHING_MORE, *SAYS_MORE])
def test_a_calls_key_goes_back_to_responses_as_sent(key: str, value: Any) -> None:
    _back(_body([USER, _call(**{key: value}), OUTPUT, ANSWER, USER]))
    listed = _call(status="completed", **{key: value})
    second = {**CALL, "call_id": "c2"}
    items = [USER, REASONING, second, listed, {**OUTPUT, "call_id": "c2"}, OUTPUT, ANSWER, USER]
    _back(_body(items))


def test_a_repeated_call_id_goes_back_as_sent_but_renamed() -> None:
    """Two calls of one id, each with its keys: each goes back as sent, the second renamed with its
    output as the crossing pairs rename it (red team 46 F02: Responses refuses a repeated call_id)."""
    first, second = _call(caller={"type": "direct"}), _call(caller=PROGRAM)
    built = _sent(_body([USER, first, OUTPUT, ANSWER, USER, second, OUTPUT]))
    renamed = [
        USER,
        first,
        OUTPUT,
        ANSWER,
        USER,
        {**second, "call_id": "c1_2"},
        {**OUTPUT, "call_id": "c1_2"},
    ]
    assert json.loads(built.body) == _body(renamed)
    assert [(a.asked, a.applied) for a in built.adaptations] == [("c1", "c1_2")]


def test_every_call_key_at_once_goes_back_beside_an_outputs_keys() -> None:
    every = _call(status="completed", caller=PROGRAM, namespace="crm", **{"async": True})
    answered = {**OUTPUT, "id": "fco_1", "caller": PROGRAM, "status": "completed"}
    _back(_body([USER, every, answered, {**ANSWER, "phase": "final_answer"}, USER]))


def test_the_sdk_sent_body_goes_back_to_responses() -> None:
    """The body the openai SDK sends for a replayed programmatic call, to Responses: as sent."""
    items = [{"role": "user", "content": "go on"}, _call(status="completed", caller=PROGRAM), OUTPUT]
    sent = responses_body(model="gpt-5", input=items, tools=TOOLS)
    built = lc.translate_request("openai", "openai", sent)
    responses_accepts(built.body)
    assert json.loads(built.body)["input"][1:] == items[1:]
    assert built.adaptations == ()


@pytest.mark.parametrize("destination", OTHERS)
@pytest.mark.parametrize(("key", "value"), SAYS_NOTHING_MORE)
def test_a_calls_key_that_says_nothing_more_is_dropped_elsewhere(
    key: str, value: Any, destination: str
) -> None:
    built = _sent(_body([USER, {**CALL, key: value}, OUTPUT, ANSWER, USER]), destination)
    plain = _sent(_body([USER, CALL, OUTPUT, ANSWER, USER]), destination)
    assert built.body == plain.body
    notes = [(a.field, a.action, a.asked) for a in built.adaptations if a not in plain.adaptations]
    assert notes == [(f"$.input[1].{key}", "dropped", value)]


@pytest.mark.parametrize("destination", OTHERS)
@pytest.mark.parametrize(("key", "value"), SAYS_MORE)
def test_a_calls_key_that_says_more_is_refused_elsewhere_by_its_path(
    key: str, value: Any, destination: str
) -> None:
    with pytest.raises(lc.ValidationError) as refused:
        _sent(_body([USER, ANSWER, USER, {**CALL, key: value}, OUTPUT]), destination)
    assert refused.value.path == f"$.input[3].{key}"
    assert destination in str(refused.value) and "only Responses takes it" in str(refused.value)


@pytest.mark.parametrize("content", [[], None])
def test_a_reasoning_items_empty_content_goes_back_to_responses(content: Any) -> None:
    _back(_body([USER, {**REASONING, "content": content}, ANSWER, USER]))


@pytest.mark.parametrize("destination", OTHERS)
@pytest.mark.parametrize("content", [[], None])
def test_a_reasoning_items_empty_content_is_dropped_elsewhere(content: Any, destination: str) -> None:
    built = _sent(_body([USER, {**REASONING, "content": content}, ANSWER, USER]), destination)
    plain = _sent(_body([USER, REASONING, ANSWER, USER]), destination)
    assert built.body == plain.body
    notes = [(a.field, a.action, a.asked) for a in built.adaptations if a not in plain.adaptations]
    assert notes == [("$.input[1].content", "dropped", content)]
    assert all("it says nothing" in a.reason for a in built.adaptations if a.field == "$.input[1].content")


# -- for all histories ---------------------------------------------------------------------------

_KEYS = st.dictionaries(
    st.sampled_from(["caller", "namespace", "async"]),
    st.sampled_from([None, {"type": "direct"}, PROGRAM, "crm", False, True]),
    max_size=3,
).filter(  # (each key with the values the SDK types for it)
    lambda keys: all(
        value is None
        or (key == "caller" and isinstance(value, dict))
        or (key == "namespace" and value == "crm")
        or (key == "async" and isinstance(value, bool))
        for key, value in keys.items()
    )
)


def _turn(index: int, keys: dict[str, Any], listed: bool) -> list[dict[str, Any]]:
    call = {**CALL, "call_id": f"c{index}", **keys}
    if listed and keys:  # (an id and status alone: the typed path's reading, left as it was)
        call = {"id": f"fc_{index}", **call, "status": "completed"}
    return [call, {**OUTPUT, "call_id": f"c{index}"}]


_TURNS = st.lists(
    st.one_of(
        st.sampled_from([[USER], [ANSWER], [REASONING, ANSWER], [{**REASONING, "content": []}, ANSWER]]),
        st.tuples(_KEYS, st.booleans()),
    ),
    min_size=1,
    max_size=8,
)


def _more(key: str, value: Any) -> bool:
    return (key, value) in SAYS_MORE or (key == "caller" and value == PROGRAM)


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TURNS, st.sampled_from(["openai", *OTHERS]))
def test_any_history_goes_back_to_responses_and_is_refused_or_noted_elsewhere(
    turns: list[Any], destination: str
) -> None:
    """Any history of messages, reasoning and calls with any of the keys (as the API lists the
    call or not): to Responses the body as sent; elsewhere refused at the first key that says
    more, else the body of the history without the keys, one note per key taken off."""
    items: list[dict[str, Any]] = [USER]
    for at, turn in enumerate(turns):
        if isinstance(turn, list):  # (each reasoning item its own id, as the API gives them)
            items += [
                {**item, "id": f"rs_{at}"} if "summary" in item else item for item in copy.deepcopy(turn)
            ]
        else:
            items += _turn(at, *turn)
    body = _body(items)
    if destination == "openai":
        _back(body)
        return
    more = [
        f"$.input[{at}].{key}"
        for at, item in enumerate(items)
        for key, value in item.items()
        if item.get("type") == "function_call" and _more(key, value)
    ]
    if more:
        with pytest.raises(lc.ValidationError) as refused:
            _sent(body, destination)
        assert refused.value.path == more[0]
        return
    plain_items = [
        {key: value for key, value in item.items() if key not in ("caller", "namespace", "async", "content")}
        if item.get("type") in ("function_call", "reasoning")
        else item
        for item in items
    ]
    plain = _sent({**body, "input": plain_items}, destination)
    built = _sent(body, destination)
    assert built.body == plain.body
    taken = sum(len(item) - len(plain_item) for item, plain_item in zip(items, plain_items, strict=True))
    assert len(built.adaptations) == len(plain.adaptations) + taken
