"""lc.llm.to_turn / lc.llm.from_turn over the corpora, llm's own records, and case by case.

Identities (compared as JSON values with key order and types, never with ``==``):

1. llm -> Turn -> llm: ``from_turn(to_turn(r))`` writes the same JSON as ``r``, for every
   one of the 195 vectors of corpus/llm-0.36 (response vectors as they are; part, message
   and attachment vectors wrapped into records, in every role; format-level reject vectors
   are refused by the reader, model-level ones are well-formed records and convert) and for
   records llm builds itself (mock model, offline); the one documented rejection (NaN
   arguments) raises ValidationError with the path.
2. Turn -> llm -> Turn: ``to_turn(decode(encode(from_turn(t))))`` is ``t``, for every lm15
   1.5.0 positive Request/Response/Message/Part vector wrapped into Turns.

Random records and Turns: test_llm_convert_properties.py.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import msgspec
import pytest

import lmcodec as lc
import lmcodec.llm as L

from ..corpus import load_json
from .convert_support import (
    DEFAULT_REQUEST,
    DEFAULT_RESPONSE,
    load_sibling,
    record_identity,
    turn_identity,
)
from .llm_support import corpus_missing, llm, load_vectors, needs_llm, same_json

PNG = base64.b64encode(bytes.fromhex("89504e470d0a1a0a0000000d49484452")).decode()

# ---------------------------------------------------------------------------
# Identity 1 over the llm-0.36 corpus: all 195 vectors


def _records_of(vector: dict[str, Any]) -> list[Any]:
    """The llm records a vector gives: responses as they are, parts/messages in every role."""
    kind, value = vector["kind"], vector["value"]
    if kind.startswith("reject_"):
        return []
    pairs = (
        [value["input"], value["output"]]
        if kind.startswith("normalize_") or kind == "response_roundtrip"
        else [value]
    )
    out: list[Any] = []
    for v in pairs:
        if kind in ("response", "response_roundtrip", "normalize_response"):
            out.append(v)
        elif kind in ("part", "normalize_part"):
            for role in ("system", "user", "assistant", "tool", "custom"):
                out.append(
                    {"model": "m", "prompt": {"messages": [{"role": role, "parts": [v]}]}, "messages": []}
                )
            out.append({"model": "m", "prompt": {}, "messages": [{"role": "assistant", "parts": [v, v]}]})
        elif kind in ("message", "normalize_message"):
            out.append({"model": "m", "prompt": {"messages": [v, v]}, "messages": [v]})
        elif kind == "attachment_dict":
            part = {"type": "attachment", "attachment": v}
            result = {"type": "tool_result", "name": "f", "output": "o", "attachments": [v]}
            out.append(
                {
                    "model": "m",
                    "prompt": {
                        "messages": [{"role": "user", "parts": [part]}, {"role": "tool", "parts": [result]}]
                    },
                    "messages": [{"role": "assistant", "parts": [part]}],
                }
            )
    return out


# The records that no channel can carry (module docstring of lmcodec.llm.convert, item 1).
REJECTED = {"part/tool_call/nan": ".arguments.x"}


def _all_vectors() -> list[Any]:
    found = [pytest.param(v, id=v["id"]) for v in load_vectors()]
    return found or [pytest.param(None, id="missing", marks=pytest.mark.skip(reason=corpus_missing()))]


@pytest.mark.parametrize("vector", _all_vectors())
def test_llm_vector_round_trips(vector: dict[str, Any]) -> None:
    records = _records_of(vector)
    if vector["kind"].startswith("reject_"):
        given = vector["value"]["input"]
        target = {"reject_part": L.Part, "reject_message": L.Message}.get(vector["kind"], L.Response)
        try:
            record = L.from_builtins(given, target)
        except lc.ValidationError:
            return  # llm's reading rejects it: nothing to convert
        # a well-formed record only its *model* refuses (unknown model or option, no conversations)
        assert target is L.Response and vector["note"] != ""
        record_identity(record)
        return
    assert records
    for value in records:
        record = L.decode(json.dumps(value).encode())
        if vector["id"] in REJECTED:
            with pytest.raises(lc.ValidationError) as info:
                L.to_turn(record)
            assert info.value.path.endswith(REJECTED[vector["id"]])
            continue
        record_identity(record)


def test_llm_corpus_count() -> None:
    vectors = load_vectors()
    if not vectors:
        pytest.skip(corpus_missing())
    assert len(vectors) == 195
    assert (
        sum(1 for v in vectors if v["kind"] in ("response", "response_roundtrip", "normalize_response")) == 56
    )


# ---------------------------------------------------------------------------
# Identity 2 over the lm15 1.5.0 positive vectors

LM15 = load_json("lm15-1.5.0/vectors.json")
_KINDS = {"request": lc.Request, "response": lc.Response, "message": lc.Message, "part": lc.Part}


def _turns_of(vector: dict[str, Any]) -> list[lc.Turn]:
    obj = lc.decode(vector["json"].encode(), _KINDS[vector["kind"]])
    req, resp = DEFAULT_REQUEST, DEFAULT_RESPONSE
    replace = msgspec.structs.replace
    if vector["kind"] == "request":
        return [lc.Turn(request=obj, response=resp), lc.Turn(id="t", request=obj, response=resp, metadata={})]
    if vector["kind"] == "response":
        return [
            lc.Turn(request=req, response=obj),
            lc.Turn(
                id="t1", created_at="2026-08-05T14:03:07+00:00", request=req, response=obj, metadata={"k": 1}
            ),
        ]
    messages = [obj] if vector["kind"] == "message" else []
    if vector["kind"] == "part":
        for role in ("user", "assistant", "tool", "developer"):
            try:
                messages.append(lc.Message(role=role, parts=(obj,)))
            except (TypeError, ValueError):
                continue
    turns = []
    for m in messages:
        turns.append(lc.Turn(request=replace(req, messages=(m, lc.Message.user("next"))), response=resp))
        if m.role == "assistant":
            turns.append(lc.Turn(request=req, response=replace(resp, message=m)))
        if m.role in ("user", "developer"):
            turns.append(lc.Turn(request=replace(req, system=m.parts), response=resp))
    return turns


def _lm15_vectors() -> list[Any]:
    found = [pytest.param(v, id=v["id"]) for v in LM15.get("positive", []) if v["kind"] in _KINDS]
    return found or [pytest.param(None, id="missing", marks=pytest.mark.skip(reason="lm15 corpus missing"))]


@pytest.mark.parametrize("vector", _lm15_vectors())
def test_lm15_vector_round_trips(vector: dict[str, Any]) -> None:
    turns = _turns_of(vector)
    assert turns
    for turn in turns:
        turn_identity(turn)


def test_lm15_vector_count() -> None:
    if not LM15:
        pytest.skip("lm15 corpus missing")
    counts = {k: sum(1 for v in LM15["positive"] if v["kind"] == k) for k in _KINDS}
    assert counts == {"request": 8, "response": 25, "message": 16, "part": 95}


# ---------------------------------------------------------------------------
# Differential: records llm builds itself (offline mock model)

LLM_DIFF = load_sibling("test_llm_differential") if llm is not None else None
SCENARIOS: dict[str, Any] = LLM_DIFF.SCENARIOS if LLM_DIFF is not None else {}


@needs_llm
@pytest.mark.parametrize("name", sorted(SCENARIOS) or ["none"])
def test_records_llm_builds_round_trip(name: str, mock_model: Any) -> None:
    response = SCENARIOS[name](mock_model)
    d = response.to_dict()
    record = L.from_llm(response)
    assert json.dumps(L.to_builtins(record)) == json.dumps(d)
    if LLM_DIFF._has_nonfinite(d):  # NaN tool arguments: no canonical channel can hold them
        with pytest.raises(lc.ValidationError, match="not strict JSON"):
            L.to_turn(record)
        return
    turn = record_identity(record)
    assert same_json(L.encode(L.from_turn(turn)), d)
    # the live object llm rebuilds from what from_turn writes is the same record again
    rebuilt = L.to_llm(L.from_turn(turn), model=mock_model)
    assert same_json(L.encode(L.from_llm(rebuilt)), llm.Response.from_dict(d, model=mock_model).to_dict())


# ---------------------------------------------------------------------------
# The mapping, case by case


def _record(prompt: list[Any], output: list[Any], **extra: Any) -> L.Response:
    return L.from_builtins({"model": "m", "prompt": {"messages": prompt}, "messages": output, **extra})


def _assistant(*parts: Any, **extra: Any) -> dict[str, Any]:
    return {"role": "assistant", "parts": list(parts), **extra}


def test_provider_metadata_becomes_native_continuation_byte_exact() -> None:
    sig = "EqQBCkgIARABGAIiQGm8Jx2x8nZQ+/abc=="
    pms = [
        ({"anthropic": {"signature": sig}}, ("anthropic", "thinking_signature", {"signature": sig})),
        (
            {"gemini": {"thoughtSignature": "CiQB+/=="}},
            ("gemini", "thought_signature", {"value": "CiQB+/=="}),
        ),
        (
            {
                "openai": {
                    "id": "rs_1",
                    "encrypted_content": "gAAAA==",
                    "summary": [{"type": "summary_text", "text": "t"}],
                }
            },
            (
                "openai",
                "reasoning_item",
                {
                    "id": "rs_1",
                    "encrypted_content": "gAAAA==",
                    "summary": [{"type": "summary_text", "text": "t"}],
                },
            ),
        ),
        ({"anthropic": {"data": "opaque"}}, ("anthropic", "llm_provider_metadata", {"data": "opaque"})),
        ({"vendor": 7}, ("vendor", "llm_provider_metadata_value", {"value": 7})),
    ]
    for pm, (provider, kind, data) in pms:
        record = _record([], [_assistant({"type": "reasoning", "text": "", "provider_metadata": pm})])
        turn = record_identity(record)
        (part,) = turn.response.message.parts
        assert type(part) is lc.ThinkingPart and part.text == ""
        assert part.continuation == (lc.ContinuationState(provider=provider, kind=kind, data=data),)
        assert json.dumps(pm, separators=(",", ":")).encode() in L.encode(L.from_turn(turn))


def test_lm15_thinking_becomes_metadata_only_reasoning() -> None:
    state = lc.ContinuationState(provider="anthropic", kind="thinking_signature", data={"signature": "s"})
    message = lc.Message.assistant([lc.ThinkingPart(text="", continuation=(state,)), lc.TextPart(text="Hi")])
    turn = lc.Turn(
        request=DEFAULT_REQUEST, response=msgspec.structs.replace(DEFAULT_RESPONSE, message=message)
    )
    record = turn_identity(turn)
    assert L.to_builtins(record.messages[0].parts[0]) == {
        "type": "reasoning",
        "text": "",
        "provider_metadata": {"anthropic": {"signature": "s"}},
    }


def test_llm_only_data_rides_in_markers() -> None:
    record = _record(
        [
            {"role": "system", "parts": [{"type": "text", "text": "Be terse."}]},
            {
                "role": "user",
                "parts": [{"type": "attachment", "attachment": {"content": PNG, "path": "./a//b.png"}}],
            },
            {
                "role": "tool",
                "parts": [{"type": "tool_result", "name": "", "output": "boom", "exception": ""}],
            },
        ],
        [
            _assistant(
                {"type": "reasoning", "text": "", "redacted": True},
                {"type": "tool_call", "name": "", "arguments": [1, 2]},
                {"type": "tool_call", "name": "web_search", "arguments": {}, "server_executed": True},
            ),
            {"role": "assistant", "parts": [{"type": "text", "text": "done"}]},
        ],
        usage={"input": 3, "output": 4, "details": {"input_tokens_details": {"cached_tokens": 2}}},
    )
    turn = record_identity(record)
    req, resp = turn.request, turn.response
    assert req.system == "Be terse."
    image = req.messages[0].parts[0]
    assert type(image) is lc.ImagePart and image.media_type == "image/png" and str(image.path or "") == ""
    assert image.continuation[0].data == {"type": None, "path": "./a//b.png"}
    result = req.messages[1].parts[0]
    assert result.id == "llm-2-0" and result.name is None and result.is_error
    assert [s.kind for s in result.continuation] == ["tool_call_id", "tool_exception"]
    thinking, call = resp.message.parts[:2]
    assert thinking.continuation[0].kind == "reasoning_redacted"
    assert call.id == "llm-out-1" and call.name == "_" and call.input == {"_raw": "[1,2]"}
    assert [s.kind for s in resp.message.continuation] == ["part"]
    assert resp.finish_reason == "tool_call"
    assert resp.usage.cache_read_tokens == 2 and resp.usage.total_tokens == 7
    assert turn.metadata == {
        "llm": {
            "system": False,
            "messages": [{"parts": 3}, {"parts": 1}],
            "usage_details": {"input_tokens_details": {"cached_tokens": 2}},
        }
    }


def test_canonical_only_data_rides_in_the_lm15_channel() -> None:
    tool = lc.FunctionTool(name="f", description="d", parameters={"type": "object"})
    message = lc.Message.assistant(
        [
            lc.RefusalPart(text="no"),
            lc.CitationPart(url="https://e.com", title="E"),
            lc.DataPart(
                value={"spam": True}, probabilities={"spam": {"true": 0.9}}, method="provider_classification"
            ),
            lc.ImagePart(file_id="file_1"),
        ]
    )
    turn = lc.Turn(
        id="t1",
        request=lc.Request(
            model="m",
            messages=[lc.Message.user("hi")],
            tools=[tool],
            config=lc.Config(temperature=0.5, tool_choice=lc.ToolChoice(mode="required")),
        ),
        response=lc.Response(
            id="resp_1",
            model="m2",
            message=message,
            finish_reason="content_filter",
            usage=lc.Usage(input_tokens=1, cache_read_tokens=1),
        ),
        metadata={"user": "u"},
    )
    record = turn_identity(turn)
    out = L.to_builtins(record)["messages"][0]
    assert [p["text"] for p in out["parts"]] == ["no", '{"spam":true}']
    channel = out["provider_metadata"]["lm15"]
    assert [c["index"] for c in channel["parts"]] == [1, 3]
    assert list(channel["turn"]) == [
        "response_model",
        "response_id",
        "finish_reason",
        "usage",
        "tools",
        "config",
        "metadata",
    ]
    assert L.to_builtins(record)["prompt"]["options"] == {"temperature": 0.5}


def test_options_project_onto_config() -> None:
    cases = [
        (
            {"max_tokens": 50, "temperature": 0.2, "stop": ["\n\n"]},
            {"temperature": 0.2, "max_tokens": 50, "stop": ("\n\n",)},
            False,
        ),
        (
            {"reasoning_effort": "high", "json_object": True},
            {"reasoning": lc.Reasoning(effort="high"), "response_format": {"type": "json_object"}},
            False,
        ),
        ({"temperature": 1}, {"temperature": 1.0}, True),
        ({"temperature": 0.2, "max_tokens": 50}, {"temperature": 0.2, "max_tokens": 50}, True),  # order kept
        ({"temperature": 5.0, "thinking": True}, {}, True),
    ]
    for options, fields, raw in cases:
        turn = record_identity(
            L.from_builtins({"model": "m", "prompt": {"options": options}, "messages": []})
        )
        config = turn.request.config
        ext = {"llm": {"options": options}} if raw else None
        assert config == lc.Config(**fields, extensions=ext), options


def test_what_cannot_be_carried_raises_with_the_path() -> None:
    nan = L.decode(
        b'{"model":"m","prompt":{"messages":[]},"messages":[{"role":"assistant","parts":'
        b'[{"type":"tool_call","name":"f","arguments":{"x":[1,NaN]}}]}]}'
    )
    with pytest.raises(lc.ValidationError) as info:
        L.to_turn(nan)
    assert info.value.path == "$.messages[0].parts[0].arguments.x[1]"
    pm_nan = L.decode(
        b'{"model":"m","prompt":{"messages":[{"role":"user","parts":[],'
        b'"provider_metadata":{"p":{"v":Infinity}}}]},"messages":[]}'
    )
    with pytest.raises(lc.ValidationError) as info:
        L.to_turn(pm_nan)
    assert info.value.path == "$.prompt.messages[0].provider_metadata.p.v"
    with pytest.raises(lc.ValidationError) as info:
        L.to_turn(L.from_builtins({"model": "", "prompt": {}, "messages": []}))
    assert info.value.path == "$.model"
    foreign = _record(
        [], [_assistant({"type": "text", "text": "x", "provider_metadata": {"lm15": {"type": 5}}})]
    )
    with pytest.raises(lc.ValidationError, match="lm15"):
        L.to_turn(foreign)
    # a channel from_turn wrote, then edited so that it no longer describes the part
    data = lc.Message.assistant([lc.DataPart(value=[1])])
    written = L.to_builtins(
        L.from_turn(
            lc.Turn(request=DEFAULT_REQUEST, response=msgspec.structs.replace(DEFAULT_RESPONSE, message=data))
        )
    )
    written["messages"][0]["parts"][0]["text"] = "[2]"
    with pytest.raises(lc.ValidationError, match="side channel"):
        L.to_turn(L.from_builtins(written))


def test_inconsistent_markers_travel_verbatim() -> None:
    """A marker that no longer describes its object is not honoured: it rides along."""
    marker = lc.ContinuationState(provider="llm", kind="tool_call_id", data={"value": None})
    call = lc.ToolCallPart(id="call_9", name="f", input={}, continuation=(marker,))  # id is not synthesized
    turn = lc.Turn(
        request=DEFAULT_REQUEST,
        response=msgspec.structs.replace(
            DEFAULT_RESPONSE, message=lc.Message.assistant([call]), finish_reason="tool_call"
        ),
    )
    record = turn_identity(turn)
    part = L.to_builtins(record)["messages"][0]["parts"][0]
    assert part["tool_call_id"] == "call_9"
    assert part["provider_metadata"]["lm15"]["continuation"][0]["kind"] == "tool_call_id"
    broken = msgspec.structs.replace(turn, metadata={"llm": {"system": False}})  # there is no system
    assert L.to_builtins(turn_identity(broken))["messages"][0]["provider_metadata"]["lm15"]["turn"] == {
        "metadata": {"llm": {"system": False}}
    }


def test_argument_type_errors() -> None:
    with pytest.raises(TypeError):
        L.to_turn(lc.Turn(request=DEFAULT_REQUEST, response=DEFAULT_RESPONSE))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        L.from_turn(_record([], []))  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Live llm objects


@needs_llm
def test_live_llm_objects(mock_model: Any) -> None:
    from llm import parts as lp

    part = lp.ToolResultPart(
        name="f", output="o", attachments=[llm.Attachment(type="text/plain", content=b"x")]
    )
    assert L.to_builtins(L.from_llm(part)) == part.to_dict()
    assert L.to_llm(L.from_llm(part)).to_dict() == part.to_dict()
    message = lp.Message(role="user", parts=[lp.TextPart(text="hi")], provider_metadata={"k": {"v": 1}})
    assert L.to_llm(L.from_llm(message)).to_dict() == message.to_dict()
    attachment = llm.Attachment(url="https://e.com/a.png")
    assert L.to_llm(L.from_llm(attachment)).url == attachment.url
    mock_model.push("Hello", usage={"input": 1, "output": 2})
    response = mock_model.prompt("Hi")
    record = L.from_llm(response)
    assert L.to_builtins(record) == response.to_dict()
    again = L.to_llm(record, model=mock_model)
    assert L.encode(L.from_llm(again)) == L.encode(L.reloaded(record))  # llm never restores datetime_utc
    assert again.text() == "Hello"
    with pytest.raises(TypeError):
        L.from_llm(object())
    with pytest.raises(TypeError):
        L.to_llm(lc.TextPart(text="x"))
