"""An ``output_text`` block holding ``"parsed": null`` (red team 14 F14): the openai SDK's
``responses.stream()`` / ``responses.parse()`` helpers return ``ParsedResponseOutputText``, whose
``to_dict()`` / ``model_dump()`` hold ``parsed`` beside the text, null where no text format was
parsed. History kept as JSON from them was refused by ``decode_request`` and ``translate_request``,
where README promises a null ``parsed`` reads as absent. lm15 1.5.0 has no Responses request reader
(its only ingest is Chat's ``request_from_openai_chat``), so no lm15 reading changes: the null key
reads as absent, a parsed value is still refused by ``decode_request`` and left out by the gateway
(``dropped``), as the block's annotations are."""

from __future__ import annotations

import json
from typing import Any

import pytest
from openai.types.responses import ParsedResponseOutputText

import lmcodec as lc


def _body(block: dict[str, Any]) -> bytes:
    item = {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed", "content": [block]}
    history = [{"role": "user", "content": "hi"}, item, {"role": "user", "content": "and?"}]
    return json.dumps({"model": "gpt-5", "input": history}).encode()


def _sdk_block(dump: str, parsed: Any = None) -> dict[str, Any]:
    block = ParsedResponseOutputText[Any](
        type="output_text", text="Hello.", annotations=[], logprobs=[], parsed=parsed
    )
    value: dict[str, Any] = block.to_dict() if dump == "to_dict" else block.model_dump()
    return value


PLAIN = _body({"type": "output_text", "text": "Hello."})


@pytest.mark.parametrize("dump", ["to_dict", "model_dump"])
def test_a_null_parsed_reads_as_absent(dump: str) -> None:
    block = _sdk_block(dump)
    assert "parsed" in block and block["parsed"] is None  # the SDK's own dump holds the key
    assert lc.decode_request("openai", _body(block)) == lc.decode_request("openai", PLAIN)


@pytest.mark.parametrize("destination", ["openai_chat", "anthropic", "gemini"])
def test_a_null_parsed_crosses_with_no_note(destination: str) -> None:
    sent = lc.translate_request("openai", destination, _body(_sdk_block("to_dict")))
    plain = lc.translate_request("openai", destination, PLAIN)
    assert sent.body == plain.body
    assert sent.adaptations == plain.adaptations


@pytest.mark.parametrize("dump", ["to_dict", "model_dump"])
def test_a_null_parsed_is_left_out_of_the_message_sent_back_to_responses(dump: str) -> None:
    """Responses -> Responses sends the replayed message back as the client wrote it (its id,
    status, empty annotations and logprobs) but for the null ``parsed``, which the SDK's input type
    (``ResponseOutputTextParam``) has no key for."""
    body = _body(_sdk_block(dump))
    sent = lc.translate_request("openai", "openai", body)
    item = json.loads(body)["input"][1]
    expected = {**item, "content": [{k: v for k, v in item["content"][0].items() if k != "parsed"}]}
    assert json.loads(sent.body)["input"][1] == expected
    assert sent.adaptations == lc.translate_request("openai", "openai", PLAIN).adaptations


def test_a_parsed_value_is_refused_by_decode_request() -> None:
    with pytest.raises(lc.ValidationError) as refused:
        lc.decode_request("openai", _body(_sdk_block("to_dict", {"city": "Paris"})))
    assert refused.value.path == "$.input[1].content[0].parsed"


@pytest.mark.parametrize("destination", ["openai", "anthropic"])
def test_a_parsed_value_is_left_out_by_the_gateway(destination: str) -> None:
    sent = lc.translate_request("openai", destination, _body(_sdk_block("to_dict", {"city": "Paris"})))
    assert b"Paris" not in sent.body and b"Hello." in sent.body
    dropped = [a for a in sent.adaptations if a.field == "$.input[1].content[0].parsed"]
    assert [(a.action, a.asked) for a in dropped] == [("dropped", {"city": "Paris"})]
