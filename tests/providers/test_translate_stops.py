"""Stop sequences through ``lc.translate_request`` under the destination's rules (red team 9 F08):
Chat takes up to 4 (the openai SDK's ``stop``), Gemini up to 5 (google-genai's ``stop_sequences``),
Anthropic no sequence of white space alone (LiteLLM leaves those out). The destination gets what it
takes; the rest is a ``client_side`` Adaptation that ``lc.stream.translate`` cuts the answer at."""

from __future__ import annotations

import json

import pytest

import lmcodec as lc

from .gateway_support import anthropic_body, chat_accepts, chat_body
from .provider_support import sse_body

STOPS = ["Observation:", "\nHuman:", "</tool>", "END", "###", "STOP"]
HI = [{"role": "user", "content": "hi"}]


def _sent_stops(dialect: str, body: bytes) -> list[str]:
    sent = json.loads(body)
    if dialect == "gemini":
        return list(sent.get("generationConfig", {}).get("stopSequences", []))
    return list(sent.get("stop_sequences" if dialect == "anthropic" else "stop", []))


def _client_side(built: lc.ProviderRequest) -> list[lc.Adaptation]:
    return [a for a in built.adaptations if a.field == "config.stop"]


@pytest.mark.parametrize(("dst", "limit"), [("openai_chat", 4), ("gemini", 5)])
def test_over_the_destinations_limit_the_rest_is_client_side(dst: str, limit: int) -> None:
    body = anthropic_body(model="claude-sonnet-4-5", max_tokens=100, messages=HI, stop_sequences=STOPS)
    built = lc.translate_request("anthropic", dst, body)
    assert _sent_stops(dst, built.body) == STOPS[:limit]
    [note] = _client_side(built)
    assert (note.action, note.asked, note.applied) == ("client_side", STOPS, STOPS[limit:])
    if dst == "openai_chat":
        chat_accepts(built.body)


def test_within_the_limits_nothing_changes() -> None:
    body = anthropic_body(model="claude-sonnet-4-5", max_tokens=100, messages=HI, stop_sequences=STOPS[:4])
    for dst in ("openai_chat", "gemini"):
        built = lc.translate_request("anthropic", dst, body)
        assert _sent_stops(dst, built.body) == STOPS[:4] and not _client_side(built)


def test_white_space_alone_is_not_sent_to_anthropic() -> None:
    body = chat_body(model="gpt-4o", messages=HI, stop=["\n\n", "Human:", " \t"])
    built = lc.translate_request("openai_chat", "anthropic", body)
    assert _sent_stops("anthropic", built.body) == ["Human:"]
    [note] = _client_side(built)
    assert (note.action, note.applied) == ("client_side", ["\n\n", " \t"])
    only = lc.translate_request(
        "openai_chat", "anthropic", chat_body(model="gpt-4o", messages=HI, stop="\n\n")
    )
    assert "stop_sequences" not in json.loads(only.body) and _client_side(only)[0].applied == ["\n\n"]


def _anthropic_answer(text: str) -> bytes:
    message = {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
        "content": [], "stop_reason": None, "usage": {"input_tokens": 3, "output_tokens": 0},
    }  # fmt: skip
    frames = [
        {"type": "message_start", "message": message},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 5}},
        {"type": "message_stop"},
    ]
    return sse_body(frames, events=[f["type"] for f in frames])


def test_the_gateway_cuts_the_answer_where_the_client_asked() -> None:
    body = chat_body(model="gpt-4o", messages=HI, stop=["\n\n", "Human:"])
    built = lc.translate_request("openai_chat", "anthropic", body)
    request = lc.decode_request("openai_chat", body)
    out = b"".join(
        lc.stream.translate(
            "anthropic",
            "openai_chat",
            [_anthropic_answer("Hi.\n\nMore")],
            request=request,
            adaptations=built.adaptations,
        )
    )
    answer = lc.assemble(lc.stream.decode("openai_chat", [out], request=request), request=request)
    assert (answer.text, answer.finish_reason) == ("Hi.", "stop")
