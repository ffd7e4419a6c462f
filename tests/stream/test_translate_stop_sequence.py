"""An Anthropic client's stop sequence cut gateway-side is answered as Anthropic answers it
(red team 5, F17).

``stop_sequences`` sent to a backend with no stop field (Responses) is a ``client_side``
Adaptation: ``translate`` cuts the stream as lm15's runtime does (``stream/_stop.py``). The
Anthropic client was answered ``stop_reason: "end_turn"``, ``stop_sequence: null``, where Anthropic
answers ``"stop_sequence"`` and the sequence that matched (a ReAct loop stopping at
"Observation:" branches on it; a client with several sequences learns which fired only there).
Read by the anthropic SDK; lm15's reading of the cut (finish ``stop``) is unchanged."""

from __future__ import annotations

import json

import anthropic

import lmcodec as lc

from ..providers.sdk_readers import _transport
from .test_translate_stop import SYNTHETIC, _synthetic
from .write_support import REQUEST


def _client_side(body: dict[str, object]) -> tuple[lc.Request, tuple[lc.Adaptation, ...]]:
    built = lc.translate_request("anthropic", "openai", json.dumps(body).encode(), stream=True)
    assert [(a.field, a.action) for a in built.adaptations if a.field == "config.stop"] == [
        ("config.stop", "client_side")
    ]
    return lc.decode_request("openai", built.body), built.adaptations


def _final(sse: bytes) -> anthropic.types.Message:
    client = anthropic.Anthropic(api_key="x", http_client=_transport(sse, "text/event-stream"), max_retries=0)
    with client.messages.stream(model="m", max_tokens=16, messages=[{"role": "user", "content": "hi"}]) as s:
        return s.get_final_message()


def _cut(backend: bytes, stops: list[str]) -> anthropic.types.Message:
    body = {
        "model": "gpt-5",
        "max_tokens": 100,
        "stop_sequences": stops,
        "messages": [{"role": "user", "content": "go"}],
    }
    request, adaptations = _client_side(body)
    out = lc.stream.translate("openai", "anthropic", [backend], request=request, adaptations=adaptations)
    return _final(b"".join(out))


def test_the_cut_is_a_stop_sequence_stop_naming_the_sequence() -> None:
    message = _cut(_synthetic(["Thought: check\nAction: search\nObserv", "ation: nothing"]), ["Observation:"])
    assert [b.text for b in message.content if b.type == "text"] == ["Thought: check\nAction: search\n"]
    assert (message.stop_reason, message.stop_sequence) == ("stop_sequence", "Observation:")


def test_of_several_sequences_the_one_that_fired_is_named() -> None:
    message = _cut(SYNTHETIC["across-deltas"], ["four", "END", "never"])
    assert (message.stop_reason, message.stop_sequence) == ("stop_sequence", "END")


def test_a_stream_the_sequence_never_cuts_ends_as_the_backend_ended() -> None:
    message = _cut(SYNTHETIC["never"], ["END"])
    assert (message.stop_reason, message.stop_sequence) == ("end_turn", None)


def test_lm15s_reading_of_the_cut_is_still_stop() -> None:
    request, adaptations = _client_side(
        {
            "model": "gpt-5",
            "max_tokens": 100,
            "stop_sequences": ["END"],
            "messages": [{"role": "user", "content": "go"}],
        }
    )
    out = b"".join(
        lc.stream.translate(
            "openai", "anthropic", [SYNTHETIC["across-deltas"]], request=request, adaptations=adaptations
        )
    )
    got = lc.assemble(lc.stream.decode("anthropic", [out], request=REQUEST), request=REQUEST)
    assert (got.text, got.finish_reason) == ("one two ", "stop")
