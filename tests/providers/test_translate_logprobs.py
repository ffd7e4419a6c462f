"""A Chat client's logprobs ask through ``lc.decode_request`` and ``lc.translate_request`` (red team 9
F05): ``{"logprobs": true, "top_logprobs": 0}``, what the openai SDK sends for ``logprobs=True,
top_logprobs=0``, is read as lm15's ``request_from_openai_chat`` reads it (Config.logprobs=0), comes
back whole from ``build_request("openai_chat")``, and asks the other dialects' backends for the
chosen tokens' logprobs as ``logprobs: true`` alone does."""

from __future__ import annotations

import json

import pytest

import lmcodec as lc

from .gateway_support import chat_body

lm15_chat = pytest.importorskip("lm15.providers.openai_chat", reason="lm15 1.5.0 is a test dependency")

HI = [{"role": "user", "content": "hi"}]
ASKS = [{"logprobs": True}, {"logprobs": True, "top_logprobs": 0}, {"logprobs": True, "top_logprobs": 2}]


@pytest.mark.parametrize("ask", ASKS, ids=json.dumps)
def test_decode_reads_logprobs_as_lm15_reads_them(ask: dict[str, object]) -> None:
    body = chat_body(model="gpt-4o", messages=HI, **ask)
    request = lc.decode_request("openai_chat", body)
    assert request.config.logprobs == lm15_chat.request_from_openai_chat(json.loads(body)).config.logprobs
    assert json.loads(lc.build_request("openai_chat", request).body) == json.loads(body)


@pytest.mark.parametrize("ask", ASKS, ids=json.dumps)
def test_every_ask_reaches_the_other_backends(ask: dict[str, object]) -> None:
    body = chat_body(model="gpt-4o", messages=HI, **ask)
    top = ask.get("top_logprobs", 0)
    responses = lc.translate_request("openai_chat", "openai", body)
    sent = json.loads(responses.body)
    assert sent["top_logprobs"] == top and sent["include"] == ["message.output_text.logprobs"]
    gemini = json.loads(lc.translate_request("openai_chat", "gemini", body).body)["generationConfig"]
    assert gemini["responseLogprobs"] is True and gemini.get("logprobs", 0) == top
    assert not [a for a in responses.adaptations if a.action == "dropped"]
