"""An Anthropic client's document of a ``content`` source (the anthropic SDK's ``DocumentBlockParam``
with a ``ContentBlockSourceParam``: a string, or text and image blocks of its own, which Claude
cites block by block) through ``lc.translate_request``. It was refused for every destination,
Anthropic included ("a 'content' source cannot be represented"). Now Anthropic gets the block as
the client sent it, with no note (carried as leftover12 carried ``search_result``:
``providers/anthropic/_read_carried.py``); another dialect gets its text blocks as text and its
images as images, the document ``substituted`` and its title / context / citation request
``dropped``. ``decode_request`` still refuses it: the canonical Request cannot rebuild it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from anthropic.types import (
    ContentBlockSourceParam,
    DocumentBlockParam,
    ImageBlockParam,
    SearchResultBlockParam,
    TextBlockParam,
    ToolResultBlockParam,
)

import lmcodec as lc

from .gateway_support import anthropic_accepts, anthropic_body, chat_accepts, responses_accepts

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
FIRST: TextBlockParam = {"type": "text", "text": "The warranty lasts two years."}
CHART: ImageBlockParam = {
    "type": "image",
    "source": {"type": "base64", "media_type": "image/png", "data": PNG},
}
LAST: TextBlockParam = {"type": "text", "text": "Parts are included."}
SOURCE: ContentBlockSourceParam = {"type": "content", "content": [FIRST, CHART, LAST]}
DOCUMENT: DocumentBlockParam = {
    "type": "document",
    "source": SOURCE,
    "title": "Warranty",
    "context": "the product manual",
    "citations": {"enabled": True},
}
PLAIN: DocumentBlockParam = {"type": "document", "source": {"type": "content", "content": "Two years."}}
SEARCH: SearchResultBlockParam = {
    "type": "search_result",
    "source": "https://kb.example/1",
    "title": "KB",
    "content": [{"type": "text", "text": "Parts included."}],
}
QUESTION: TextBlockParam = {"type": "text", "text": "How long is the warranty?"}
CALL = {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "kb", "input": {}}]}


def _body(*messages: Any) -> bytes:
    """What the anthropic SDK sends for these messages."""
    return anthropic_body(model="claude-sonnet-4-5", max_tokens=512, messages=list(messages))


def _user(*blocks: Any) -> dict[str, Any]:
    return {"role": "user", "content": list(blocks)}


def _result(*blocks: Any) -> ToolResultBlockParam:
    return {"type": "tool_result", "tool_use_id": "toolu_1", "content": list(blocks)}


@pytest.mark.parametrize(
    "blocks",
    [[DOCUMENT, QUESTION], [PLAIN], [QUESTION, DOCUMENT, SEARCH, DOCUMENT, QUESTION]],
    ids=["first", "string-content", "among-carried-blocks"],
)
def test_anthropic_gets_the_document_as_sent(blocks: list[Any]) -> None:
    body = _body(_user(*blocks))
    built = lc.translate_request("anthropic", "anthropic", body)
    assert json.loads(built.body)["messages"] == json.loads(body)["messages"]
    assert [a for a in built.adaptations if a.field.startswith("$.")] == []
    anthropic_accepts(built.body)


def test_anthropic_gets_a_tool_results_document_as_sent() -> None:
    body = _body(_user(QUESTION), CALL, _user(_result(DOCUMENT, QUESTION, PLAIN)))
    built = lc.translate_request("anthropic", "anthropic", body)
    assert json.loads(built.body)["messages"] == json.loads(body)["messages"]
    assert [a for a in built.adaptations if a.field.startswith("$.")] == []
    anthropic_accepts(built.body)


def test_many_documents_each_go_back_in_place() -> None:
    """Each content list is rebuilt once (a block of several parts moves the ones after it)."""
    documents = [
        {
            "type": "document",
            "source": {"type": "content", "content": [FIRST, {"type": "text", "text": str(i)}]},
        }
        for i in range(300)
    ]
    blocks = [block for document in documents for block in (document, SEARCH)]
    body = _body(_user(*blocks, QUESTION), CALL, _user(_result(*documents[:50], QUESTION)))
    built = lc.translate_request("anthropic", "anthropic", body)
    assert json.loads(built.body)["messages"] == json.loads(body)["messages"]
    assert built.adaptations == ()


def test_the_cache_mark_stays_on_the_document() -> None:
    marked = {**DOCUMENT, "cache_control": {"type": "ephemeral"}}
    built = lc.translate_request("anthropic", "anthropic", _body(_user(marked)))
    assert json.loads(built.body)["messages"] == [_user(marked)]
    assert built.adaptations == ()


def test_decode_request_still_refuses_it() -> None:
    with pytest.raises(lc.ValidationError) as refused:
        lc.decode_request("anthropic", _body(_user(DOCUMENT, QUESTION)))
    assert refused.value.path == "$.messages[0].content[0].source"


def _notes(built: lc.ProviderRequest) -> list[tuple[str, str]]:
    return sorted((a.field, a.action) for a in built.adaptations if a.field.startswith("$."))


AT = "$.messages[0].content[0]"
NOTES = [(AT, "substituted"), *((f"{AT}.{name}", "dropped") for name in ("citations", "context", "title"))]


def test_responses_gets_its_text_and_its_image() -> None:
    built = lc.translate_request("anthropic", "openai", _body(_user(DOCUMENT, QUESTION)))
    content = json.loads(built.body)["input"][0]["content"]
    assert content == [
        {"type": "input_text", "text": FIRST["text"]},
        {"type": "input_image", "image_url": f"data:image/png;base64,{PNG}"},
        {"type": "input_text", "text": LAST["text"]},
        {"type": "input_text", "text": QUESTION["text"]},
    ]
    assert _notes(built) == sorted(NOTES)
    assert "Warranty" not in built.body.decode()


def test_responses_takes_a_string_contents_document() -> None:
    """(The SDK's params type wants an image's ``detail``, which lm15's builder never writes.)"""
    built = lc.translate_request("anthropic", "openai", _body(_user(PLAIN)))
    responses_accepts(built.body)
    assert json.loads(built.body)["input"][0]["content"] == [{"type": "input_text", "text": "Two years."}]


def test_chat_gets_its_text_and_its_image() -> None:
    built = lc.translate_request("anthropic", "openai_chat", _body(_user(DOCUMENT, QUESTION)))
    chat_accepts(built.body)
    content = json.loads(built.body)["messages"][0]["content"]
    assert [block["type"] for block in content] == ["text", "image_url", "text", "text"]
    assert content[1]["image_url"]["url"] == f"data:image/png;base64,{PNG}"
    assert _notes(built) == sorted(NOTES)


def test_gemini_gets_its_text_and_its_image() -> None:
    built = lc.translate_request("anthropic", "gemini", _body(_user(DOCUMENT, QUESTION)))
    parts = json.loads(built.body)["contents"][0]["parts"]
    assert parts == [
        {"text": FIRST["text"]},
        {"inlineData": {"mimeType": "image/png", "data": PNG}},
        {"text": LAST["text"]},
        {"text": QUESTION["text"]},
    ]
    assert _notes(built) == sorted(NOTES)


def test_a_tool_results_document_crosses_as_its_parts() -> None:
    body = _body(_user(QUESTION), CALL, _user(_result(PLAIN)))
    built = lc.translate_request("anthropic", "openai_chat", body)
    chat_accepts(built.body)
    assert json.loads(built.body)["messages"][2] == {
        "role": "tool",
        "tool_call_id": "toolu_1",
        "content": "Two years.",
    }


def test_an_inner_blocks_mark_and_citations_are_named() -> None:
    inner = [{**FIRST, "cache_control": {"type": "ephemeral"}, "citations": []}, CHART]
    document = {"type": "document", "source": {"type": "content", "content": inner}}
    built = lc.translate_request("anthropic", "openai", _body(_user(document)))
    assert _notes(built) == [
        (AT, "substituted"),
        (f"{AT}.source.content[0].cache_control", "dropped"),
        (f"{AT}.source.content[0].citations", "dropped"),
    ]
    back = lc.translate_request("anthropic", "anthropic", _body(_user(document)))
    assert json.loads(back.body)["messages"] == [_user(document)]
    assert back.adaptations == ()


@pytest.mark.parametrize(
    "content",
    [[], [{"type": "document", "source": {"type": "text", "data": "x"}}], [{"type": "text"}], 3],
    ids=["empty", "nested-document", "text-without-text", "not-a-list"],
)
@pytest.mark.parametrize("destination", ["anthropic", "openai"])
def test_a_malformed_content_is_refused_at_its_path(content: Any, destination: str) -> None:
    raw = json.dumps(
        {
            "model": "claude-sonnet-4-5",
            "max_tokens": 8,
            "messages": [_user({"type": "document", "source": {"type": "content", "content": content}})],
        }
    ).encode()
    with pytest.raises(lc.ValidationError) as refused:
        lc.translate_request("anthropic", destination, raw)
    assert refused.value.path.startswith(f"{AT}.source")
