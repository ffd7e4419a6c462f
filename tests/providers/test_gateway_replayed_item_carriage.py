"""A replayed item Responses gets back as sent, carried as its bytes (codexid20).

fcid18 sent a replayed ``function_call``'s / assistant ``message``'s ``id`` and ``status`` (and a
reasoning item's ``status``) back to Responses as the client wrote them, at a cost: a body holding
such a key left the same-dialect typed path (a decode of the body for the keys first, then the
whole body read again by ``_gateway_read._replayed_read`` or the passes), and each carried item was
decoded once more from its ``msgspec.Raw`` to be encoded again. Now the typed reading hands the
items over itself (``_typed_readings._carried``: the views it read say which, one decode of
``input`` left raw gives their bytes), and both typed readings carry each item as its bytes,
decoded only where it goes back (a key the client repeated goes back once, with its last value:
tests/codecs/test_duplicate_keys.py). Differential against the old path (the keys looked for first,
then the passes' reading, each item decoded and encoded again) over bodies the openai SDK builds
for ``input += response.output``, written compact as the SDK sends them, spaced, indented, or with
keys escaped: the same request (the same JSON value, key order included; the same bytes where the
client wrote compact JSON without escapes), notes and refusals."""

from __future__ import annotations

import json
from typing import Any, Final
from unittest import mock

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseReasoningItem
from openai.types.responses.response_input_item_param import ResponseInputItemParam
from pydantic import TypeAdapter

import lmcodec as lc
from lmcodec.providers import _gateway_read, _translate_request
from lmcodec.providers._gateway_read import _replayed_read, read_by_passes
from lmcodec.providers._typed_readings import TYPED_WITHOUT_SURVEY

from ..budget import examples

_INPUT_ITEM: Final = TypeAdapter(ResponseInputItemParam)
_TYPED: Final = TYPED_WITHOUT_SURVEY["openai"]
TOOLS: Final = [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}]


def _sdk_dumped(model: Any, wire: dict[str, Any]) -> dict[str, Any]:
    """An output item as the API sends it (``wire``), as the openai SDK sends it back."""
    dumped: dict[str, Any] = model.model_validate(wire).model_dump(exclude_unset=True, mode="json")
    _INPUT_ITEM.validate_python(dumped)
    return dumped


@st.composite
def _turn(draw: st.DrawFn, n: int) -> list[dict[str, Any]]:
    """One round of a tool loop as ``input += response.output`` replays it: a user question, then
    the model's output items (a reasoning item, calls with their outputs, an answer), each maybe
    with the ``id`` and ``status`` the API gave it."""
    items: list[dict[str, Any]] = [{"role": "user", "content": [{"type": "input_text", "text": f"q{n}"}]}]
    if draw(st.booleans()):
        reasoning: dict[str, Any] = {"type": "reasoning", "id": f"rs_{n}", "summary": []}
        if draw(st.booleans()):
            reasoning["encrypted_content"] = draw(st.sampled_from(["gAAAA", None]))
        if draw(st.booleans()):
            reasoning["status"] = draw(st.sampled_from(["completed", "incomplete"]))
        items.append(_sdk_dumped(ResponseReasoningItem, reasoning))
    for k in range(draw(st.integers(0, 2))):
        call: dict[str, Any] = {"type": "function_call", "call_id": f"c{n}_{k}", "name": "f"}
        call["arguments"] = draw(st.sampled_from(["{}", '{"q": "é \\"x\\""}']))
        if draw(st.booleans()):
            call["id"] = f"fc_{n}_{k}"
        if draw(st.booleans()):
            call["status"] = "completed"
        items.append(_sdk_dumped(ResponseFunctionToolCall, call))
        items.append({"type": "function_call_output", "call_id": f"c{n}_{k}", "output": "ok"})
    if draw(st.booleans()):
        block: dict[str, Any] = {"type": "output_text", "text": draw(st.sampled_from(["done", "é\u2028"]))}
        block["annotations"] = []
        if draw(st.booleans()):
            block["logprobs"] = []
        answer = {"type": "message", "role": "assistant", "id": f"msg_{n}", "content": [block]}
        answer["status"] = draw(st.sampled_from(["completed", "incomplete"]))
        items.append(_sdk_dumped(ResponseOutputMessage, answer))
    return items


_KEYS: Final = (b'"id"', b'"status"', b'"call_id"', b'"type"', b'"encrypted_content"')


@st.composite
def sdk_loop_bodies(draw: st.DrawFn) -> tuple[bytes, bool]:
    """An SDK tool loop's body, and whether it is written as the SDK writes it (compact, no escape):
    else spaced (``json.dumps``'s default), indented, or with a key's letter escaped."""
    items: list[dict[str, Any]] = []
    for n in range(draw(st.integers(1, 3))):
        items += draw(_turn(n))
    body = {"model": "gpt-5", "input": items, "tools": TOOLS, "stream": draw(st.booleans())}
    spelling = draw(st.sampled_from(["sdk", "spaced", "indented", "escaped"]))
    if spelling == "spaced":
        return json.dumps(body).encode(), False
    if spelling == "indented":
        return json.dumps(body, indent=draw(st.sampled_from([1, "\t"]))).encode(), False
    raw = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
    if spelling == "escaped":
        key = draw(st.sampled_from(_KEYS))
        at = draw(st.integers(1, len(key) - 2))
        raw = raw.replace(key, key[:at] + b"\\u%04X" % key[at] + key[at + 1 :])
    return raw, spelling == "sdk"


def _keys_sent(body: bytes) -> bool:
    """fcid18's ``item_keys_sent``, as a parse: an item whose keys the typed path reads as absent."""
    items = json.loads(body).get("input")
    for item in items if isinstance(items, list) else ():
        kind = item.get("type", "message")
        if kind == "function_call" or (kind == "message" and item.get("role") == "assistant"):
            if "id" in item or "status" in item:
                return True
        elif kind == "reasoning" and (
            "status" in item
            or (
                "encrypted_content" in item
                and item["encrypted_content"] is None
                and item.get("id") is not None
            )
        ):
            return True
    return False


def _old_typed(raw: Any, model: str | None) -> Any:
    """The same-dialect typed reading as fcid18 left it: refused where the keys are sent."""
    if _keys_sent(bytes(raw)):
        return None
    read = _TYPED(raw, model)
    assert read is None or read[6] is None
    return read


def _outcome(body: bytes, stream: bool | None) -> Any:
    try:
        built = lc.translate_request("openai", "openai", body, stream=stream)
    except lc.LmcodecError as error:
        return type(error).__name__, str(error), getattr(error, "path", None)
    return built


def _old_outcome(body: bytes, stream: bool | None) -> Any:
    """translate_request as fcid18 left it: the keys looked for, then the passes' reading (each
    carried item a decoded dict, encoded again), the stream flag searched for in the bytes."""
    with (
        mock.patch.dict(TYPED_WITHOUT_SURVEY, {"openai": _old_typed}),
        mock.patch.object(_translate_request, "read_client_body", read_by_passes),
    ):
        return _outcome(body, stream)


def _rewritten(body: bytes) -> bytes:
    """``body`` as msgspec writes its value (an item carried as its bytes, written compact)."""
    return msgspec.json.encode(msgspec.json.decode(body))


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sdk_loop_bodies(), st.sampled_from([None, True, False]))
def test_the_carriage_sends_what_the_old_path_sent(drawn: tuple[bytes, bool], stream: bool | None) -> None:
    body, as_the_sdk_writes = drawn
    new, old = _outcome(body, stream), _old_outcome(body, stream)
    if isinstance(old, tuple):
        assert new == old
        return
    assert not isinstance(new, tuple)
    assert (new.path, new.headers, new.adaptations) == (old.path, old.headers, old.adaptations)
    assert _rewritten(new.body) == old.body
    if as_the_sdk_writes:
        assert new.body == old.body
    for item in json.loads(new.body)["input"]:  # (the SDK's types take each item sent)
        _INPUT_ITEM.validate_python(item)


_SDK_LOOP: Final = [
    {"role": "user", "content": [{"type": "input_text", "text": "q"}]},
    _sdk_dumped(
        ResponseReasoningItem,
        {
            "type": "reasoning",
            "id": "rs_1",
            "summary": [],
            "encrypted_content": "gAAAA",
            "status": "completed",
        },
    ),
    _sdk_dumped(
        ResponseFunctionToolCall,
        {
            "type": "function_call",
            "id": "fc_1",
            "call_id": "c1",
            "name": "f",
            "arguments": "{}",
            "status": "completed",
        },
    ),
    {"type": "function_call_output", "call_id": "c1", "output": "ok"},
    _sdk_dumped(
        ResponseOutputMessage,
        {
            "type": "message",
            "id": "msg_1",
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": "done", "annotations": [], "logprobs": []}],
        },
    ),
]


def test_the_typed_reading_hands_over_each_item_as_its_bytes() -> None:
    """The SDK loop's body is read by the same-dialect typed path (fcid18 refused it there, after a
    decode of the body for the keys, and read it again), its three items with ids handed over as
    the client's bytes."""
    body = json.dumps({"model": "gpt-5", "input": _SDK_LOOP, "tools": TOOLS}, separators=(",", ":")).encode()
    read = _TYPED(body, None)
    assert read is not None
    replayed = read[6]
    assert replayed is not None and replayed.listed is not None
    sent = [(each.position, bytes(each.raw or b"")) for each in replayed.listed.sent]
    assert sent == [(at, json.dumps(_SDK_LOOP[at], separators=(",", ":")).encode()) for at in (1, 2, 4)]
    built = lc.translate_request("openai", "openai", body)
    assert json.loads(built.body)["input"] == _SDK_LOOP
    assert built.adaptations == ()


def test_a_codex_body_s_items_are_not_decoded_again() -> None:
    """A phased body with ids (read in one decode by ``_replayed_read``): each carried item goes
    as its bytes, none decoded from them (fcid18 decoded each one to encode it again)."""
    phased = [
        {**item, "phase": "final_answer"} if item.get("role") == "assistant" else item for item in _SDK_LOOP
    ]
    body = json.dumps({"model": "gpt-5", "input": phased, "tools": TOOLS}).encode()
    with mock.patch.object(_gateway_read, "_ANY", _Refusing()):
        read = _replayed_read(body, "openai", None)
        built = lc.translate_request("openai", "openai", body)
    assert read is not None and read[3] is not None and read[3].listed is not None
    assert [each.raw is not None for each in read[3].listed.sent] == [True, True, True]
    assert json.loads(built.body)["input"] == phased


class _Refusing:
    def decode(self, data: bytes) -> Any:
        raise AssertionError("a carried item was decoded")
