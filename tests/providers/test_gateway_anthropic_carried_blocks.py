"""An Anthropic client's RAG inputs through ``lc.translate_request`` (red team 14 F17): a
``search_result`` block (the anthropic SDK's ``SearchResultBlockParam``, in a user turn or a
tool_result) was refused for every destination, Anthropic included, and a document's ``title`` /
``context`` / ``citations`` request was dropped even toward Anthropic, so Claude answered without
the citations the client asked for. Now Anthropic gets each block as the client sent it, with no
note; another dialect gets the text of the passages (a document: its part or its text), each loss
named. ``decode_request`` still refuses them: the canonical Request cannot rebuild them."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, anthropic_body, chat_accepts, responses_accepts

E = {"type": "ephemeral"}
PASSAGES = [
    {"type": "text", "text": "The warranty lasts two years."},
    {"type": "text", "text": "Parts included."},
]
SEARCH = {
    "type": "search_result",
    "source": "https://kb.example/1",
    "title": "KB article",
    "content": PASSAGES,
    "citations": {"enabled": True},
}
TEXT_DOC = {
    "type": "document",
    "source": {"type": "text", "media_type": "text/plain", "data": "The warranty lasts two years."},
    "title": "Warranty",
    "citations": {"enabled": True},
}
PDF_DOC = {
    "type": "document",
    "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0xLjQKJSVFT0YK"},
    "title": "Q3",
    "context": "board deck",
    "citations": {"enabled": True},
}
URL_DOC = {
    "type": "document",
    "source": {"type": "url", "url": "https://x.test/d.pdf"},
    "citations": {"enabled": True},
}
QUESTION = {"type": "text", "text": "How long is the warranty?"}
CALL = {
    "role": "assistant",
    "content": [{"type": "tool_use", "id": "toolu_1", "name": "kb", "input": {"q": "w"}}],
}


def _body(*messages: dict[str, Any]) -> bytes:
    return json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 512, "messages": list(messages)}).encode()


def _user(*blocks: dict[str, Any]) -> dict[str, Any]:
    return {"role": "user", "content": list(blocks)}


def _result(*blocks: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_result", "tool_use_id": "toolu_1", "content": list(blocks)}


BLOCKS = {
    "search_result": SEARCH,
    "text document": TEXT_DOC,
    "pdf document": PDF_DOC,
    "url document": URL_DOC,
}


@pytest.mark.parametrize("name", sorted(BLOCKS))
def test_anthropic_gets_a_user_turns_block_as_sent(name: str) -> None:
    block = BLOCKS[name]
    body = _body(_user(block, QUESTION))
    with pytest.raises(lc.ValidationError):  # the canonical Request cannot give it back
        lc.decode_request("anthropic", body)
    built = lc.translate_request("anthropic", "anthropic", body)
    assert json.loads(built.body)["messages"] == [_user(block, QUESTION)]
    assert [a for a in built.adaptations if a.field.startswith("$.")] == []
    anthropic_accepts(built.body)


@pytest.mark.parametrize(
    "inner", [[SEARCH], [SEARCH, QUESTION], [QUESTION, TEXT_DOC]], ids=["alone", "first", "last"]
)
def test_anthropic_gets_a_tool_results_block_as_sent(inner: list[dict[str, Any]]) -> None:
    body = _body(_user(QUESTION), CALL, _user(_result(*inner)))
    built = lc.translate_request("anthropic", "anthropic", body)
    assert json.loads(built.body)["messages"][2] == _user(_result(*inner))
    assert [a for a in built.adaptations if a.field.startswith("$.")] == []
    anthropic_accepts(built.body)


def test_the_sdks_own_body_goes_back_as_sent() -> None:
    body = anthropic_body(
        model="claude-sonnet-4-5",
        max_tokens=512,
        messages=[_user(SEARCH, TEXT_DOC, QUESTION)],
    )
    built = lc.translate_request("anthropic", "anthropic", body)
    assert json.loads(built.body)["messages"] == json.loads(body)["messages"]


def test_a_kept_cache_mark_stays_on_the_block_and_an_earlier_one_goes() -> None:
    body = _body(
        _user({**SEARCH, "cache_control": E}, {"type": "text", "text": "one"}),
        {"role": "assistant", "content": [{"type": "text", "text": "two"}]},
        _user({**TEXT_DOC, "cache_control": {**E, "ttl": "1h"}}),
    )
    built = lc.translate_request("anthropic", "anthropic", body)
    messages = json.loads(built.body)["messages"]
    assert messages[0]["content"][0] == SEARCH  # the API caches at the client's last mark only
    assert messages[2]["content"] == [{**TEXT_DOC, "cache_control": {**E, "ttl": "1h"}}]
    assert [(a.field, a.action) for a in built.adaptations] == [
        ("$.messages[0].content[0].cache_control", "dropped")
    ]
    anthropic_accepts(built.body)


def _notes(built: lc.ProviderRequest) -> list[tuple[str, str]]:
    return [(a.field, a.action) for a in built.adaptations if a.field.startswith(("$.", "messages"))]


@pytest.mark.parametrize("destination", ["openai", "openai_chat", "gemini"])
def test_another_dialect_gets_the_passages_each_loss_named(destination: str) -> None:
    body = _body(_user(SEARCH, QUESTION), CALL, _user(_result({**SEARCH, "citations": {"enabled": False}})))
    built = lc.translate_request(
        "anthropic", destination, body, model="m" if destination == "gemini" else None
    )
    sent = built.body.decode()
    assert "search_result" not in sent and "kb.example" not in sent
    assert json.dumps("The warranty lasts two years.\nParts included.")[1:-1] in sent
    at = ("$.messages[0].content[0]", "$.messages[2].content[0].content[0]")
    expected = [
        (path + suffix, action)
        for path in at
        for suffix, action in (
            (".source", "dropped"),
            (".title", "dropped"),
            (".citations", "dropped"),
            ("", "substituted"),
        )
    ]
    assert sorted(_notes(built)) == sorted(expected)  # and no carriage state named: it never leaves
    {"openai": responses_accepts, "openai_chat": chat_accepts}.get(destination, lambda _: None)(built.body)


def test_a_document_to_another_dialect_is_its_part_its_fields_named() -> None:
    built = lc.translate_request("anthropic", "openai", _body(_user(PDF_DOC, QUESTION)))
    content = json.loads(built.body)["input"][0]["content"]
    assert content[0]["type"] == "input_file" and "Q3" not in built.body.decode()
    assert sorted(_notes(built)) == [
        ("$.messages[0].content[0].citations", "dropped"),
        ("$.messages[0].content[0].context", "dropped"),
        ("$.messages[0].content[0].title", "dropped"),
    ]


def test_many_blocks_each_go_back_in_place() -> None:
    blocks = [{**SEARCH, "source": f"https://kb.example/{i}"} for i in range(300)]
    body = _body(_user(*blocks, QUESTION))
    built = lc.translate_request("anthropic", "anthropic", body)
    assert json.loads(built.body)["messages"] == [_user(*blocks, QUESTION)]
    assert built.adaptations == ()
