"""An image's ``detail: "original"`` through ``lc.translate_request`` (red team 27 F04).

The openai SDK types ``original`` as a detail of a Responses ``input_image`` (``ImageDetail``, in a
message and in a function call output) and of a Chat ``image_url``; Anthropic and Gemini images
have no detail. lm15's ``ImagePart.detail`` is low, high or auto, so the canonical part stays
lm15's: ``decode_request`` refuses ``original``, now at its path in the client's body (it named a
path in the canonical Request), and the gateway carries it beside the Request: back to either
OpenAI dialect on the same image, the same dialect getting its images as it sent them; to
Anthropic and Gemini ``dropped`` with a note at the client's path. Before, every pair refused the
body, Responses -> Responses and Chat -> Chat included. Only the two OpenAI dialects can be the
source of such a detail, so the ordered pairs are theirs to each of the four dialects.
"""

from __future__ import annotations

import json
import typing
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._crossing_image_detail import original_details_back
from lmcodec.providers.openai._read_lenient import ORIGINAL_DETAIL

from ..budget import examples
from .gateway_support import anthropic_accepts, chat_accepts, chat_body, responses_accepts, responses_body

SOURCES = ("openai", "openai_chat")
DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
URL = "https://example.com/cat.png"
DATA = "data:image/png;base64,iVBORw0KGgo="
READ_AT = {
    "openai": "$.input[0].content[1].detail",
    "openai_chat": "$.messages[0].content[1].image_url.detail",
}


def _responses_details() -> tuple[str, ...]:
    """The details the installed openai SDK types for a Responses ``input_image``."""
    image_detail = pytest.importorskip("openai.types.responses.image_detail")
    return typing.get_args(image_detail.ImageDetail)


def _chat_details() -> tuple[str, ...]:
    """The details the installed openai SDK types for a Chat ``image_url``."""
    part = pytest.importorskip("openai.types.chat.chat_completion_content_part_image_param")
    return typing.get_args(typing.get_type_hints(part.ImageURL)["detail"])


def _image(dialect: str, url: str, detail: str | None) -> dict[str, Any]:
    if dialect == "openai_chat":
        spec = {"url": url} if detail is None else {"url": url, "detail": detail}
        return {"type": "image_url", "image_url": spec}
    block = {"type": "input_image", "image_url": url}
    return block if detail is None else {**block, "detail": detail}


def _text(dialect: str) -> dict[str, Any]:
    return {"type": "text" if dialect == "openai_chat" else "input_text", "text": "what is it?"}


def _body(dialect: str, images: list[tuple[str, str | None]]) -> bytes:
    """The reproducer's body: one user message, a text then ``images`` (url, detail)."""
    content = [_text(dialect), *(_image(dialect, url, detail) for url, detail in images)]
    if dialect == "openai_chat":
        return json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": content}]}).encode()
    return json.dumps({"model": "gpt-5", "input": [{"role": "user", "content": content}]}).encode()


def _conversation(dialect: str, body: bytes) -> Any:
    value = json.loads(body)
    return value["messages"] if dialect == "openai_chat" else value["input"]


def _images_sent(dialect: str, body: bytes) -> list[tuple[str, str | None]]:
    """The (url, detail) of each image of a built OpenAI body, in order."""
    out: list[tuple[str, str | None]] = []
    for item in _conversation(dialect, body):
        blocks = item.get("output" if item.get("type") == "function_call_output" else "content")
        for block in blocks if isinstance(blocks, list) else ():
            if block.get("type") == "image_url":
                out.append((block["image_url"]["url"], block["image_url"].get("detail")))
            elif block.get("type") == "input_image":
                out.append((block["image_url"], block.get("detail")))
    return out


def _accepts(dialect: str, body: bytes) -> None:
    if dialect == "openai":
        responses_accepts(body)
    elif dialect == "openai_chat":
        chat_accepts(body)
    elif dialect == "anthropic":
        anthropic_accepts(body)


@pytest.mark.parametrize("dialect", SOURCES)
def test_decode_request_refuses_it_at_the_client_s_path(dialect: str) -> None:
    """lm15's ImagePart refuses ``original``; the refusal names the key in the client's body."""
    with pytest.raises(lc.ValidationError) as refused:
        lc.decode_request(dialect, _body(dialect, [(URL, "original")]))
    assert refused.value.path == READ_AT[dialect]
    assert "original" in refused.value.message


@pytest.mark.parametrize("destination", DIALECTS)
@pytest.mark.parametrize("source", SOURCES)
def test_a_detail_no_sdk_types_is_refused_at_the_client_s_path(source: str, destination: str) -> None:
    with pytest.raises(lc.ValidationError) as refused:
        lc.translate_request(source, destination, _body(source, [(URL, "ultra")]))
    assert refused.value.path == READ_AT[source]


@pytest.mark.parametrize("destination", DIALECTS)
@pytest.mark.parametrize("source", SOURCES)
def test_the_reproducer_in_each_pair(source: str, destination: str) -> None:
    """F04's body: to the same dialect as sent, to the other OpenAI dialect with its detail, to
    Anthropic and Gemini without it, ``dropped`` at the client's path."""
    body = _body(source, [(URL, "original")])
    sent = lc.translate_request(source, destination, body)
    notes = [(a.field, a.action, a.asked) for a in sent.adaptations if "detail" in a.field]
    _accepts(destination, sent.body)
    if destination == source:
        assert _conversation(source, sent.body) == _conversation(source, body)
        assert notes == []
    elif destination in SOURCES:
        assert _images_sent(destination, sent.body) == [(URL, "original")]
        assert notes == []
    else:
        assert notes == [(READ_AT[source], "dropped", "original")]
        assert "detail" not in sent.body.decode()


@pytest.mark.parametrize("detail", _responses_details())
def test_every_responses_detail_the_sdk_types_goes_back_as_sent(detail: str) -> None:
    """What the openai SDK sends for a message image and a function call output's image with each
    detail its types list, Responses -> Responses: the input as the client sent it."""
    tools = [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}]
    image = {"type": "input_image", "image_url": URL, "detail": detail}
    items = [
        {"role": "user", "content": [_text("openai"), image]},
        {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": [{**image, "image_url": DATA}]},
    ]
    body = responses_body(model="gpt-5", input=items, tools=tools)
    sent = lc.translate_request("openai", "openai", body)
    assert json.loads(sent.body)["input"] == json.loads(body)["input"]
    assert [a for a in sent.adaptations if "detail" in a.field] == []
    responses_accepts(sent.body)


@pytest.mark.parametrize("detail", _chat_details())
def test_every_chat_detail_the_sdk_types_goes_back_as_sent(detail: str) -> None:
    """What the openai SDK sends for an image_url with each detail its types list, Chat -> Chat."""
    messages = [{"role": "user", "content": [_text("openai_chat"), _image("openai_chat", URL, detail)]}]
    body = chat_body(model="gpt-4o", messages=messages)
    sent = lc.translate_request("openai_chat", "openai_chat", body)
    assert json.loads(sent.body)["messages"] == json.loads(body)["messages"]
    assert [a for a in sent.adaptations if "detail" in a.field] == []
    chat_accepts(sent.body)


_DETAILS = st.sampled_from([None, "low", "high", "auto", "original"])
_IMAGES = st.lists(
    st.tuples(st.sampled_from([URL, DATA, "https://example.com/b.jpg"]), _DETAILS), min_size=1, max_size=4
)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SOURCES), st.sampled_from(DIALECTS), st.lists(_IMAGES, min_size=1, max_size=3))
def test_each_image_keeps_its_detail_where_the_destination_has_one(
    source: str, destination: str, turns: list[list[tuple[str, str | None]]]
) -> None:
    """User turns of images by URL and data URI with every detail (or none): to an OpenAI dialect
    each image goes with the client's detail, in order (the same dialect: the conversation as
    sent); to Anthropic and Gemini each ``original`` is ``dropped`` at its path."""
    rows = [
        {"role": "user", "content": [_text(source), *(_image(source, *i) for i in turn)]} for turn in turns
    ]
    key, model = ("messages", "gpt-4o") if source == "openai_chat" else ("input", "gpt-5")
    body = json.dumps({"model": model, key: rows}).encode()
    sent = lc.translate_request(source, destination, body)
    asked = [image for turn in turns for image in turn]
    if destination != "openai" or all(detail is not None for _, detail in asked):
        _accepts(destination, sent.body)  # (the SDK's input_image requires a detail; lm15 writes none)
    if destination == source:
        assert _conversation(source, sent.body) == rows
    if destination in SOURCES:
        assert _images_sent(destination, sent.body) == asked
        assert [a for a in sent.adaptations if "detail" in a.field] == []
        return
    spelled = ".image_url.detail" if source == "openai_chat" else ".detail"
    originals = [
        (f"$.{key}[{i}].content[{j + 1}]{spelled}", "dropped", "original")
        for i, turn in enumerate(turns)
        for j, (_, detail) in enumerate(turn)
        if detail == "original"
    ]
    assert [(a.field, a.action, a.asked) for a in sent.adaptations if a.field.startswith("$.")] == originals


def test_images_that_do_not_pair_leave_the_body_and_its_notes() -> None:
    """Where the built body's images are not the client's (another URL, another count), nothing is
    written and the notes stand: a detail goes on no image but its own."""
    note = lc.Adaptation(field=READ_AT["openai"], action="dropped", reason=ORIGINAL_DETAIL, asked="original")
    client = _body("openai", [(URL, "original")])
    for built in (_body("openai", [(DATA, None)]), _body("openai", [(URL, None), (URL, None)])):
        assert original_details_back("openai", "openai", client, built, (note,)) == (built, (note,))


@pytest.mark.parametrize("destination", ["openai", "anthropic"])
def test_a_custom_call_output_s_image_keeps_its_detail(destination: str) -> None:
    """A Codex tool loop: a custom (freeform) call's output holding an image with ``original``. To
    Responses it goes back as sent (it went without its detail and without a note: its image was
    left out of the pairing, its note withdrawn with the message's); elsewhere both notes stand."""
    image = {"type": "input_image", "image_url": URL, "detail": "original"}
    items = [
        {"role": "user", "content": [image]},
        {"type": "custom_tool_call", "call_id": "p", "name": "apply_patch", "input": "x"},
        {"type": "custom_tool_call_output", "call_id": "p", "output": [image]},
    ]
    tools = [{"type": "custom", "name": "apply_patch"}]
    body = json.dumps({"model": "gpt-5", "input": items, "tools": tools}).encode()
    sent = lc.translate_request("openai", destination, body)
    notes = [(a.field, a.action) for a in sent.adaptations if a.field.endswith(".detail")]
    if destination == "openai":
        assert json.loads(sent.body)["input"] == items
        assert notes == []
        responses_accepts(sent.body)
    else:
        assert notes == [
            ("$.input[0].content[0].detail", "dropped"),
            ("$.input[2].output[0].detail", "dropped"),
        ]
