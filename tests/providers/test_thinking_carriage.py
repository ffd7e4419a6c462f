"""The carriage of another provider's signed thinking in a Responses reasoning item's
``encrypted_content`` (``providers/openai/_thinking_carriage.py``): its documented format, read by
the test itself; what a tampered, malformed or huge carriage gives (an Adaptation, never a bare
exception, in linear time); hypothesis over the thinking text and the signed state's contents,
through both Responses writers and ``translate_request`` to Anthropic and Gemini."""

from __future__ import annotations

import base64
import json
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from ..stream.write_support import CARRIAGE, opened_carriage
from .gateway_support import anthropic_accepts, notes

TEXT = "Need the weather tool."
SIGNATURE = "EqQBCkYIBxgCKkBsig=="
CALL = {
    "type": "function_call",
    "call_id": "toolu_01",
    "name": "get_weather",
    "arguments": '{"city":"Paris"}',
}
RESULT = {"type": "function_call_output", "call_id": "toolu_01", "output": "18C"}


def _signed(text: str, signature: str) -> lc.ThinkingPart:
    return lc.ThinkingPart(
        text, continuation=[lc.ContinuationState("anthropic", "thinking_signature", {"signature": signature})]
    )


def _redacted(data: str) -> lc.ThinkingPart:
    return lc.ThinkingPart(
        "", continuation=[lc.ContinuationState("anthropic", "redacted_thinking", {"data": data})]
    )


def _response(*thinking: lc.ThinkingPart) -> lc.Response:
    call = lc.ToolCallPart(id="toolu_01", name="get_weather", input={"city": "Paris"})
    message = lc.Message(role="assistant", parts=[*thinking, call])
    return lc.Response(
        id="msg_1", model="claude-sonnet-4-5", message=message, finish_reason="tool_call", usage=lc.Usage()
    )


def _events(*thinking: lc.ThinkingPart) -> list[Any]:
    events: list[Any] = [lc.StreamStartEvent(id="msg_1", model="claude-sonnet-4-5")]
    for index, part in enumerate(thinking):
        events.append(lc.StreamDeltaEvent(delta=lc.ThinkingDelta(text=part.text, part_index=index)))
        for state in part.continuation:
            delta = lc.ContinuationDelta(
                provider=state.provider, kind=state.kind, data=state.data, part_index=index
            )
            events.append(lc.StreamDeltaEvent(delta=delta))
    call = lc.ToolCallDelta(
        input='{"city":"Paris"}', part_index=len(thinking), id="toolu_01", name="get_weather"
    )
    events += [lc.StreamDeltaEvent(delta=call), lc.StreamEndEvent(finish_reason="tool_call")]
    return events


def _written_items(body: bytes) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = json.loads(body)["output"]
    return items


def _streamed_items(sse: bytes) -> list[dict[str, Any]]:
    for line in sse.split(b"\n"):
        if line.startswith(b"data: ") and b'"response.completed"' in line:
            items: list[dict[str, Any]] = json.loads(line[6:])["response"]["output"]
            return items
    raise AssertionError("no response.completed")


def _turn_2(items: list[dict[str, Any]]) -> bytes:
    history = [{"role": "user", "content": "Weather in Paris?"}, *items, RESULT]
    body = {"model": "claude-sonnet-4-5", "input": history, "reasoning": {"effort": "medium"}}
    return json.dumps(body).encode()


def _reasoning(encrypted: str, summary: str = TEXT) -> dict[str, Any]:
    return {
        "type": "reasoning",
        "id": "rs_1",
        "summary": [{"type": "summary_text", "text": summary}] if summary else [],
        "encrypted_content": encrypted,
    }


def _carriage(record: Any) -> str:
    raw = json.dumps(record).encode() if not isinstance(record, bytes) else record
    return CARRIAGE + base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


# ── the format ────────────────────────────────────────────────────────────────


def test_both_writers_write_the_documented_record() -> None:
    parts = (_signed(TEXT, SIGNATURE), _redacted("REDACTED+/=="))
    want = [
        {
            "text": TEXT,
            "states": [
                {"provider": "anthropic", "kind": "thinking_signature", "data": {"signature": SIGNATURE}}
            ],
        },
        {
            "text": "",
            "states": [
                {"provider": "anthropic", "kind": "redacted_thinking", "data": {"data": "REDACTED+/=="}}
            ],
        },
    ]
    body_items = _written_items(lc.encode_response("openai", _response(*parts)))
    stream_items = _streamed_items(b"".join(lc.stream.encode("openai", _events(*parts))))
    for items in (body_items, stream_items):
        reasoning = [item for item in items if item["type"] == "reasoning"]
        assert [opened_carriage(item["encrypted_content"]) for item in reasoning] == want
        assert all("=" not in item["encrypted_content"][len(CARRIAGE) :] for item in reasoning)


def test_openai_s_own_encrypted_content_is_written_as_it_came() -> None:
    own = lc.ThinkingPart(
        TEXT,
        continuation=[
            lc.ContinuationState("openai", "reasoning_item", {"id": "rs_9", "encrypted_content": "gAAAAABo"})
        ],
    )
    items = _written_items(lc.encode_response("openai", _response(own)))
    assert items[0]["encrypted_content"] == "gAAAAABo" and items[0]["id"] == "rs_9"


def test_thinking_without_a_carried_state_is_marked_as_lmcodec_s_item() -> None:
    """No state to carry, and an id the writer made up: the item is marked as no provider's (the
    carriage of no text and no state), so a gateway never sends that id to OpenAI."""
    unsigned = lc.ThinkingPart(TEXT)
    call_signed = lc.ThinkingPart(
        TEXT, continuation=[lc.ContinuationState("gemini", "other", {"value": "x"})]
    )
    unsigned_record = CARRIAGE + base64.urlsafe_b64encode(b'{"text":"","states":[]}').rstrip(b"=").decode()
    for part in (unsigned, call_signed):
        written = _written_items(lc.encode_response("openai", _response(part)))[0]
        streamed = _streamed_items(b"".join(lc.stream.encode("openai", _events(part))))[0]
        for item in (written, streamed):
            assert item["encrypted_content"] == unsigned_record and item["id"].startswith("rs_")


def test_openai_s_own_state_without_encrypted_content_is_not_marked() -> None:
    stored = lc.ThinkingPart(
        TEXT, continuation=[lc.ContinuationState("openai", "reasoning_item", {"id": "rs_9"})]
    )
    written = _written_items(lc.encode_response("openai", _response(stored)))[0]
    streamed = _streamed_items(b"".join(lc.stream.encode("openai", _events(stored))))[0]
    assert "encrypted_content" not in written and "encrypted_content" not in streamed
    assert written["id"] == "rs_9"


# ── what a gateway reads back ───────────────────────────────────────────────────


def _to_anthropic(encrypted: str, summary: str = TEXT) -> tuple[dict[str, Any], Any]:
    built = lc.translate_request("openai", "anthropic", _turn_2([_reasoning(encrypted, summary), CALL]))
    anthropic_accepts(built.body)
    return json.loads(built.body), built


def test_the_carried_text_is_sent_not_the_summary() -> None:
    carried = _carriage(
        {
            "text": TEXT,
            "states": [
                {"provider": "anthropic", "kind": "thinking_signature", "data": {"signature": SIGNATURE}}
            ],
        }
    )
    sent, _ = _to_anthropic(carried, summary="a summary the client trimmed")
    assert sent["messages"][1]["content"][0] == {"type": "thinking", "thinking": TEXT, "signature": SIGNATURE}


_GOOD = {
    "text": TEXT,
    "states": [{"provider": "anthropic", "kind": "thinking_signature", "data": {"signature": SIGNATURE}}],
}
_VALID = _carriage(_GOOD)
TAMPERED = {
    "bad base64": CARRIAGE + "!!not*base64!!",
    "standard base64 alphabet": CARRIAGE
    + base64.b64encode(json.dumps(_GOOD).encode() + b"\xfb\xff").decode(),
    "padded": _VALID + "==",
    "one character too many": _VALID + "A" * (5 - len(_VALID[len(CARRIAGE) :]) % 4),
    "truncated": _VALID[: len(CARRIAGE) + 30],
    "truncated late": _VALID[:-7],
    "empty": CARRIAGE,
    "not JSON": _carriage(b"\x00\x01binary"),
    "not an object": _carriage([1, 2]),
    "text not a string": _carriage({**_GOOD, "text": 1}),
    "no states": _carriage({**_GOOD, "states": []}),
    "missing states": _carriage({"text": TEXT}),
    "an extra key": _carriage({**_GOOD, "id": "x"}),
    "openai's own state": _carriage(
        {
            **_GOOD,
            "states": [{"provider": "openai", "kind": "reasoning_item", "data": {"encrypted_content": "g"}}],
        }
    ),
    "an unknown kind": _carriage(
        {**_GOOD, "states": [{"provider": "anthropic", "kind": "tool_use", "data": {"signature": "s"}}]}
    ),
    "an extra data key": _carriage(
        {
            **_GOOD,
            "states": [
                {"provider": "anthropic", "kind": "thinking_signature", "data": {"signature": "s", "x": "y"}}
            ],
        }
    ),
    "an empty signature": _carriage(
        {
            **_GOOD,
            "states": [{"provider": "anthropic", "kind": "thinking_signature", "data": {"signature": ""}}],
        }
    ),
    "a signature not a string": _carriage(
        {
            **_GOOD,
            "states": [{"provider": "anthropic", "kind": "thinking_signature", "data": {"signature": 7}}],
        }
    ),
    "a lone surrogate escape": _carriage(json.dumps(_GOOD).replace("Need", "\\ud800").encode()),
    "deeply nested": _carriage(b'{"text":"t","states":' + b"[" * 100_000 + b"]" * 100_000 + b"}"),
    "huge": CARRIAGE + "A" * 6_000_001,
}


@pytest.mark.parametrize("case", list(TAMPERED))
def test_a_tampered_carriage_is_a_dropped_state_and_no_thinking_block(case: str) -> None:
    sent, built = _to_anthropic(TAMPERED[case])
    assert [b["type"] for b in sent["messages"][1]["content"]] == ["tool_use"]
    dropped = [a for a in built.adaptations if a.field == "messages[1].parts[0].continuation"]
    assert len(dropped) == 1 and dropped[0].action == "dropped" and "carriage" in dropped[0].reason
    assert ("messages[1].parts[0]", "dropped", TEXT, None) in notes(
        built, "messages"
    )  # the summary: unsigned


@pytest.mark.parametrize("case", ["bad base64", "truncated", "an unknown kind"])
@pytest.mark.parametrize("destination", ["openai", "openai_chat", "gemini"])
def test_a_tampered_carriage_is_dropped_for_every_destination(case: str, destination: str) -> None:
    built = lc.translate_request("openai", destination, _turn_2([_reasoning(TAMPERED[case]), CALL]))
    assert b"lmcodec.thinking" not in built.body and TEXT.encode() not in built.body
    assert [a.action for a in built.adaptations if a.field == "messages[1].parts[0].continuation"][:1] == [
        "dropped"
    ]


def test_another_prefix_is_openai_s_encrypted_content_as_before() -> None:
    other = "lmcodec.thinking.v2:" + _VALID[len(CARRIAGE) :]
    sent, built = _to_anthropic(other)
    assert [b["type"] for b in sent["messages"][1]["content"]] == ["tool_use"]
    assert ("messages[1].parts[0].continuation", "dropped", "reasoning_item", None) in notes(
        built, "messages"
    )
    assert "only openai can replay it" in next(
        a.reason for a in built.adaptations if a.field.endswith("continuation")
    )
    same = lc.translate_request("openai", "openai", _turn_2([_reasoning(other), CALL]))
    assert other.encode() in same.body  # OpenAI's own state (as far as anyone can tell) goes to OpenAI


def test_opening_a_carriage_is_linear_in_its_size() -> None:
    def seconds(size: int) -> float:
        carried = _carriage({**_GOOD, "text": "x" * size})
        body = _turn_2([_reasoning(carried, summary=""), CALL])
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            built = lc.translate_request("openai", "anthropic", body)
            best = min(best, time.perf_counter() - start)
        assert len(built.body) > size
        return best

    # Both sizes above the caches: from 250 kB to 1 MB the cost per byte of the C passes (base64,
    # msgspec, the regex) steps up ~3.5x on a loaded 2-core machine, a cache effect, flat after it.
    small, large = seconds(1_000_000), seconds(4_000_000)
    assert large / small < 4 * 3  # 4x the bytes: linear, with room for a loaded machine


# ── hypothesis: any text and state crosses unchanged ───────────────────────────

_TEXTS = st.text(st.characters(blacklist_categories=("Cs",)), max_size=300)
_LONG = st.integers(0, 20_000).map(lambda n: "Ünïcode \U0001f600 " * (n // 16))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    texts=st.lists(st.one_of(_TEXTS, _LONG), min_size=1, max_size=3),
    signatures=st.lists(_TEXTS.filter(bool), min_size=3, max_size=3),
    redacted=st.one_of(st.none(), _TEXTS.filter(bool)),
    stream=st.booleans(),
)
def test_any_signed_thinking_reaches_anthropic_as_it_was_issued(
    texts: list[str], signatures: list[str], redacted: str | None, stream: bool
) -> None:
    parts = [
        _signed(text, signature) for text, signature in zip(texts, signatures[: len(texts)], strict=True)
    ]
    if redacted is not None:
        parts.insert(1, _redacted(redacted))
    if stream:
        items = _streamed_items(b"".join(lc.stream.encode("openai", _events(*parts))))
    else:
        items = _written_items(lc.encode_response("openai", _response(*parts)))
    for item in items:
        if item["type"] == "reasoning":
            assert item["encrypted_content"].startswith(CARRIAGE)
    built = lc.translate_request("openai", "anthropic", _turn_2(items))
    anthropic_accepts(built.body)
    sent = json.loads(built.body)["messages"][1]["content"]
    want = [
        {"type": "redacted_thinking", "data": p.continuation[0].data["data"]}
        if p.continuation[0].kind == "redacted_thinking"
        else {"type": "thinking", "thinking": p.text, "signature": p.continuation[0].data["signature"]}
        for p in parts
    ]
    assert sent[: len(parts)] == want
    assert sent[len(parts)]["type"] == "tool_use"
    assert notes(built, "messages") == []


# ── Gemini's signed thought parts ──────────────────────────────────────────────


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "body"])
def test_a_gemini_thought_signature_crosses_back_to_gemini_on_its_thought(stream: bool) -> None:
    from google.genai import types

    chunk = {
        "candidates": [
            {
                "content": {
                    "role": "model",
                    "parts": [
                        {"text": TEXT, "thought": True, "thoughtSignature": "CiQBdGhvdWdodA=="},
                        {
                            "functionCall": {"name": "get_weather", "args": {"city": "Paris"}},
                            "thoughtSignature": "CiQBY2FsbA==",
                        },
                    ],
                },
                "finishReason": "STOP",
                "index": 0,
            }
        ],
        "modelVersion": "gemini-2.5-flash",
        "usageMetadata": {"promptTokenCount": 5, "candidatesTokenCount": 5, "totalTokenCount": 10},
    }
    body = json.dumps(chunk).encode()
    if stream:
        items = _streamed_items(
            b"".join(lc.stream.translate("gemini", "openai", [b"data: " + body + b"\n\n"]))
        )
    else:
        items = _written_items(lc.encode_response("openai", lc.decode_response("gemini", body)))
    call = next(item for item in items if item["type"] == "function_call")
    result = {**RESULT, "call_id": call["call_id"]}
    history = [{"role": "user", "content": "Weather?"}, *items, result]
    turn_2 = json.dumps({"model": "gemini-2.5-flash", "input": history}).encode()
    built = lc.translate_request("openai", "gemini", turn_2)
    model_turn = json.loads(built.body)["contents"][1]
    types.Content.model_validate(model_turn)
    assert model_turn["parts"][0] == {"text": TEXT, "thought": True, "thoughtSignature": "CiQBdGhvdWdodA=="}
    assert "thoughtSignature" not in model_turn["parts"][1]  # a call's signature has no Responses field
    assert not [a for a in built.adaptations if a.field.startswith("messages[1].parts[0]")]
