"""A Gemini body's calls without an id, written to an Anthropic client by ``lc.translate_response``
(red team 46 F01): ``toolu_``, 24 hex digits of blake2b(message id), ``_`` and the slot, as the stream writer
names them (docs/writers.md's id table), so that each answer's ids are its own; a call's own id
kept."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

import lmcodec as lc

REQUEST = lc.Request(model="claude-sonnet-4-5", messages=(lc.Message.user("x"),))


def _call(name: str, **more: Any) -> dict[str, Any]:
    return {"functionCall": {"name": name, "args": {"a": 1}, **more}}


def _gemini(parts: list[Any], response_id: str | None = "resp-1") -> bytes:
    body: dict[str, Any] = {
        "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP"}],
        "modelVersion": "gemini-3-pro-preview",
    }
    if response_id is not None:
        body["responseId"] = response_id
    return json.dumps(body).encode()


def _digest(message: str, slot: int) -> str:
    return f"toolu_{hashlib.blake2b(message.encode(), digest_size=12).hexdigest()}_{slot}"


def _body_ids(body: bytes) -> tuple[str, list[str]]:
    out = json.loads(lc.translate_response("gemini", "anthropic", body, request=REQUEST))
    return out["id"], [b["id"] for b in out["content"] if b["type"] == "tool_use"]


def _stream_ids(body: bytes) -> list[str]:
    sse = b"data: " + body + b"\r\n\r\n"
    out = b"".join(lc.stream.translate("gemini", "anthropic", [sse], request=REQUEST))
    frames = [json.loads(line[6:]) for line in out.split(b"\n") if line.startswith(b"data: ")]
    return [
        f["content_block"]["id"]
        for f in frames
        if f.get("type") == "content_block_start" and f["content_block"]["type"] == "tool_use"
    ]


SHAPES = {
    "text then two calls": [{"text": "t"}, _call("a"), _call("b")],
    "thought and text between": [{"text": "th", "thought": True}, _call("a"), {"text": "x"}, _call("b")],
    "a part lm15 skips first": [
        {"executableCode": {"code": "1", "language": "PYTHON"}},
        _call("a"),
        _call("b"),
    ],
    "an empty image first": [{"inlineData": {"mimeType": "image/png", "data": ""}}, _call("a"), _call("b")],
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_body_calls_get_the_ids_the_stream_gives(shape: str) -> None:
    body = _gemini(SHAPES[shape])
    message, ids = _body_ids(body)
    slots = [at for at, part in enumerate(SHAPES[shape]) if "functionCall" in part]
    assert message == "resp-1"
    assert ids == [_digest("resp-1", slot) for slot in slots] == _stream_ids(body)


def test_each_turn_gets_its_own_ids() -> None:
    parts = [_call("a"), _call("b")]
    first = _body_ids(_gemini(parts, "resp-1"))[1]
    second = _body_ids(_gemini(parts, "resp-2"))[1]
    assert len(set(first + second)) == 4


def test_a_call_with_its_own_id_keeps_it() -> None:
    _, ids = _body_ids(_gemini([_call("a", id="own"), _call("b"), _call("c", id="")]))
    assert ids == ["own", _digest("resp-1", 1), _digest("resp-1", 2)]


def test_a_body_without_response_id_names_its_calls_under_the_message_id_it_is_given() -> None:
    message, ids = _body_ids(_gemini([_call("a"), _call("b")], None))
    assert message.startswith("msg_")
    assert ids == [_digest(message, 0), _digest(message, 1)]


def test_other_clients_keep_lm15s_ids() -> None:
    body = _gemini([_call("a"), _call("b")])
    chat = json.loads(lc.translate_response("gemini", "openai_chat", body, request=REQUEST))
    assert [c["id"] for c in chat["choices"][0]["message"]["tool_calls"]] == ["tool_call_0", "tool_call_1"]


def test_a_lone_surrogate_response_id_is_an_lc_error_on_both_routes() -> None:
    """Red team 52 F05: the made-up ids hash the message id's bytes (a lone surrogate as
    ``surrogatepass`` writes it), and the writer refuses the id itself: lmcodec's EncodeError, as
    the stream route gives, not a bare UnicodeEncodeError."""
    body = _gemini([_call("f")], response_id="\ud800")
    with pytest.raises(lc.EncodeError, match="lone surrogate"):
        lc.translate_response("gemini", "anthropic", body, request=REQUEST)
    with pytest.raises(lc.EncodeError, match="lone surrogate"):
        b"".join(
            lc.stream.translate("gemini", "anthropic", [b"data: " + body + b"\r\n\r\n"], request=REQUEST)
        )
