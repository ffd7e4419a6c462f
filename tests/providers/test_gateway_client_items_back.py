"""A Responses client's custom tool calls, phases and hosted-tool items put back while the body is
built (``custom_calls_back`` and ``replayed_items_back`` on the payload the Responses builder hands
over before encoding it), against the way they were put back before: each decoding the built body,
changing it and encoding it again (kept here as the reference). The same bytes, or the same
refusal: on the payload itself (hypothesis over built items of every kind, odd ones included) and
through ``translate_request`` to Responses on the Codex-like bodies of
``test_gateway_responses_passes.py``, read by the typed views and by the passes."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _translate_request, _translate_same_dialect
from lmcodec.providers._build_wire import (
    ResponsesCall,
    ResponsesCallOutput,
    ResponsesFunctionTool,
    ResponsesInputText,
    ResponsesItem,
    ResponsesOutputText,
    json_object,
)
from lmcodec.providers._crossing_custom_calls import CustomCalls, custom_calls_back
from lmcodec.providers._crossing_sdk_blocks import sdk_blocks_back
from lmcodec.providers._gateway_read import read_by_passes
from lmcodec.providers._replayed_responses_items import ReplayedItems, _anchor, replayed_items_back

from ..budget import examples
from .test_gateway_responses_passes import codex_bodies, codex_sessions
from .untyped_decodes import untyped_decodes


def _custom_calls_back_on_bytes(body: bytes, custom: CustomCalls) -> bytes:
    """``custom_calls_back`` as it was (58c3527): the built body decoded, changed, encoded."""
    tree = msgspec.json.decode(body)
    items = tree.get("input")
    items = items if isinstance(items, list) else []
    kinds = [item.get("type") if isinstance(item, dict) else None for item in items]
    calls, outputs = kinds.count("function_call"), kinds.count("function_call_output")
    if calls != len(custom.calls) or outputs != len(custom.outputs):
        raise lc.ValidationError(
            f"the custom tool calls cannot be put back: the built request holds {calls} function calls "
            f"and {outputs} outputs, the client's body {len(custom.calls)} and {len(custom.outputs)}",
            "$.input",
        )
    sent_calls, sent_outputs = iter(custom.calls), iter(custom.outputs)
    for i, kind in enumerate(kinds):
        sent = None
        if kind == "function_call":
            sent = next(sent_calls)
        elif kind == "function_call_output":
            sent = next(sent_outputs)
        if sent is not None:
            items[i] = sent
    return msgspec.json.encode(tree)


def _replayed_items_back_on_bytes(body: bytes, replayed: ReplayedItems) -> bytes:
    """``replayed_items_back`` as it was (58c3527): the built body decoded, changed, encoded; with
    the client's items alone in place of a stand-in message, the items as listed put back."""
    tree = msgspec.json.decode(body)
    if replayed.stand_in:
        tree["input"] = [item for _, item in replayed.hosted]
        return msgspec.json.encode(tree)
    items = tree.get("input")
    items = items if isinstance(items, list) else []
    assistants = [item for item in items if isinstance(item, dict) and item.get("role") == "assistant"]
    anchors = [position for position, item in enumerate(items) if _anchor(item)]
    if len(assistants) != len(replayed.phases) or (replayed.hosted and len(anchors) < replayed.hosted[-1][0]):
        raise lc.ValidationError(
            "the replayed phases and hosted-tool items cannot be put back: the built request holds "
            f"{len(assistants)} assistant messages and {len(anchors)} items to place them by",
            "$.input",
        )
    for message, phase in zip(assistants, replayed.phases, strict=True):
        if phase is not None:
            message["phase"] = phase
    if replayed.listed is not None:  # (after the phases: an item put back as sent, maybe as its
        replayed.listed.put_back(items)  # bytes, holds its own; before, it got the same phase again)
    end = len(items)  # (where those after the last anchor go, in their order)
    for ordinal, item in reversed(replayed.hosted):
        items.insert(anchors[ordinal] if ordinal < len(anchors) else end, item)
    tree["input"] = items
    return msgspec.json.encode(tree)


def _outcome(run: Any) -> Any:
    try:
        return run()
    except lc.LmcodecError as error:
        return (type(error).__name__, str(error), getattr(error, "path", None))


_TEXT = st.sampled_from(["", "hi", "é\u2028", '"phase"'])
_JSON = st.one_of(st.none(), st.integers(-2, 2), _TEXT, st.lists(_TEXT, max_size=2))
_BUILT_ITEM = st.one_of(
    st.builds(
        ResponsesItem,
        st.sampled_from(["user", "assistant", "developer"]),
        st.lists(st.one_of(st.builds(ResponsesOutputText, _TEXT), st.builds(ResponsesInputText, _TEXT))),
    ),
    st.builds(ResponsesCall, _TEXT, _TEXT, _TEXT),
    st.builds(ResponsesCallOutput, _TEXT, _JSON),
    st.fixed_dictionaries(  # a reasoning item as the builder writes it (its id, secret maybe null)
        {"type": st.just("reasoning")},
        optional={"id": st.one_of(st.none(), _TEXT), "encrypted_content": st.one_of(st.none(), _TEXT)},
    ).map(lambda item: {**item, "summary": []}),
    st.fixed_dictionaries(  # an item as a client sent it (a custom call with a role, a phase, ...)
        {},
        optional={
            "type": st.sampled_from(["custom_tool_call", "message", "function_call", "reasoning"]),
            "role": st.sampled_from(["assistant", "user"]),
            "phase": _JSON,
            "id": _JSON,
        },
    ),
    _JSON,  # no object (an extension's input)
)
_SENT = st.one_of(st.none(), st.fixed_dictionaries({"type": st.just("custom_tool_call"), "input": _TEXT}))


@st.composite
def _payloads(draw: Any) -> tuple[dict[str, Any], CustomCalls | None, ReplayedItems | None]:
    """A payload as the builder hands it over, with custom calls and replayed items to put back,
    mostly of the counts the built items hold."""
    items = draw(st.lists(_BUILT_ITEM, max_size=8))
    payload: dict[str, Any] = {"model": "m", "input": items, "stream": draw(st.booleans())}
    if draw(st.booleans()):
        payload["tools"] = [ResponsesFunctionTool("f", msgspec.UNSET, {"type": "object"})]
    views = [json_object(item) for item in items]
    kinds = [None if view is None else view.get("type") for view in views]
    exact = draw(st.integers(0, 4)) > 0
    custom = None
    if draw(st.booleans()):
        calls = kinds.count("function_call") if exact else draw(st.integers(0, 3))
        outputs = kinds.count("function_call_output") if exact else draw(st.integers(0, 3))
        custom = CustomCalls(
            draw(st.lists(_SENT, min_size=calls, max_size=calls)),
            draw(st.lists(_SENT, min_size=outputs, max_size=outputs)),
            (),
        )
    replayed = None
    if draw(st.booleans()):
        assistants = sum(1 for view in views if view is not None and view.get("role") == "assistant")
        phases = assistants if exact else draw(st.integers(0, 3))
        hosted = sorted(
            draw(st.lists(st.tuples(st.integers(0, len(items) + 1), st.just({"type": "web_search_call"}))))
        )
        replayed = ReplayedItems(hosted, draw(st.lists(_JSON, min_size=phases, max_size=phases)), (), [])
    return payload, custom, replayed


def _put_back(payload: dict[str, Any], custom: CustomCalls | None, replayed: ReplayedItems | None) -> bytes:
    if custom is not None:
        custom_calls_back(payload, custom)
    if replayed is not None:
        replayed_items_back(payload, replayed)
    return msgspec.json.encode(payload)


def _put_back_on_bytes(body: bytes, custom: CustomCalls | None, replayed: ReplayedItems | None) -> bytes:
    if custom is not None:
        body = _custom_calls_back_on_bytes(body, custom)
    if replayed is not None:
        body = _replayed_items_back_on_bytes(body, replayed)
    return body


@settings(max_examples=examples(500), deadline=None)
@given(_payloads())
def test_put_back_in_the_payload_is_the_put_back_on_the_body(made: Any) -> None:
    payload, custom, replayed = made
    body = msgspec.json.encode(payload)
    slow = _outcome(lambda: _put_back_on_bytes(body, custom, replayed))
    assert _outcome(lambda: _put_back(payload, custom, replayed)) == slow


@pytest.mark.parametrize(
    "value",
    [
        ResponsesItem("assistant", [ResponsesOutputText("a")]),
        ResponsesCall("c", "f", "{}"),
        ResponsesCallOutput("c", None),
        ResponsesInputText("t"),
        ResponsesInputText("t", {"mode": "explicit"}),
        ResponsesFunctionTool("f", msgspec.UNSET, {}),
        {"type": "reasoning", "id": None},
    ],
)
def test_json_object_is_what_the_encoder_writes(value: Any) -> None:
    """A built value's object, one level deep, encodes as the value does (tag first, UNSET left out)."""
    view = json_object(value)
    assert view is not None
    assert msgspec.json.encode(view) == msgspec.json.encode(value)
    assert list(view) == list(msgspec.json.decode(msgspec.json.encode(value)))


def test_json_object_of_no_object_is_none() -> None:
    assert [json_object(value) for value in (None, "x", 1, [{"type": "message"}])] == [None] * 4


def _built_on_bytes(
    request: lc.Request,
    stream: bool,
    custom: CustomCalls | None,
    replayed: ReplayedItems | None,
    blocks: Any = None,
    renames: Any = None,
) -> tuple[lc.ProviderRequest, bool]:
    """``_translate_same_dialect._responses_with_client_items`` as it was: built, then put back on the body; a
    file's filename and an image's detail then put back on that body decoded (the hand-off against
    the put-back on bytes is ``test_crossing_sdk_blocks.py``'s); then the repeated call ids renamed
    on it decoded (``renames``: the n-th call's and output's new ids)."""
    built = lc.build_request("openai", request, stream=stream)
    body = _put_back_on_bytes(built.body, custom, replayed)
    back = False
    if blocks is not None:
        value = msgspec.json.decode(body)
        back = sdk_blocks_back(value, blocks)
        body = msgspec.json.encode(value)
    if renames is not None:
        value = msgspec.json.decode(body)
        counted = {"call": 0, "output": 0}
        for item in value["input"]:
            kind = item.get("type")
            side = "call" if kind in ("function_call", "custom_tool_call") else None
            side = "output" if kind in ("function_call_output", "custom_tool_call_output") else side
            if side is not None:
                new = renames[0 if side == "call" else 1].get(counted[side])
                counted[side] += 1
                if new is not None:
                    item["call_id"] = new
        body = msgspec.json.encode(value)
    return msgspec.structs.replace(built, body=body), back


def _translated(body: bytes, model: str | None, stream: bool) -> Any:
    return _outcome(
        lambda: msgspec.json.encode(
            lc.translate_request("openai", "openai", body, model=model, stream=stream)
        )
    )


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(codex_bodies(), codex_sessions()),
    st.sampled_from([None, "claude-sonnet-4-5"]),
    st.booleans(),
    st.booleans(),
)
def test_translate_request_to_responses_puts_back_as_on_the_body(
    body: bytes, model: str | None, stream: bool, by_passes: bool
) -> None:
    """Responses to Responses: the body sent with the client's items put in while building is the
    one the built body decoded, changed and encoded gave, read by the typed views or the passes."""
    patch = mock.patch.object
    reading = patch(_translate_request, "read_client_body", read_by_passes) if by_passes else mock.MagicMock()
    with reading:
        fast = _translated(body, model, stream)
        with mock.patch.object(_translate_same_dialect, "_responses_with_client_items", _built_on_bytes):
            assert fast == _translated(body, model, stream)


def test_the_codex_shape_goes_back_in_one_encode() -> None:
    """The Codex shape to Responses: the builder's payload is encoded once, the custom calls and
    phases in it (the put-backs decoded the built body twice and encoded it twice)."""
    from .test_gateway_responses_passes import _CODEX

    body = json.dumps(_CODEX).encode()
    with untyped_decodes(side_effect=AssertionError("decoded")) as decode:
        sent = lc.translate_request("openai", "openai", body)
    assert decode.call_count == 0
    items = json.loads(sent.body)["input"]
    assert [item.get("phase") for item in items if item.get("role") == "assistant"] == ["commentary"]
    assert [item for item in items if item.get("type", "").startswith("custom")] == _CODEX["input"][-2:]
