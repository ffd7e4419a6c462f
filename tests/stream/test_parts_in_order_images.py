"""translate from Gemini to a Responses client keeps every image of an image model's stream (red
team 31 F01).

A Gemini image model interleaves text and images one part a chunk, so every image comes at part
index 0. The Responses writer keeps one message item per (slot, image) holding the slot's last image
(lm15's reading of a slot), so the client's final response (``response.completed``, what the openai
SDK's ``responses.stream().get_final_response()`` returns) held the last image only, and its two
media message items shared one id. The oracle is google-genai's reading (every chunk's parts
appended in order) against the openai SDK's final response; the protocol check is
``test_parts_in_order.responses_protocol_breaks`` and unique item ids. Chat and Anthropic clients
keep their refusal of an image (an error event: their streams carry no media).
"""

from __future__ import annotations

import base64
import warnings
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .test_parts_in_order import gemini_stream, responses_protocol_breaks, sse_events

openai = pytest.importorskip("openai", reason="the openai SDK's stream accumulator is the client")
genai_types = pytest.importorskip("google.genai.types", reason="google-genai's reading is the oracle")

REQUEST = lc.Request(model="gemini-2.5-flash-image", messages=(lc.Message.user("a cat, then a dog"),))
CAT, DOG, BIRD = (
    "iVBORw0KGgoAAAANSUhEUgAAAAE=",
    "iVBORw0KGgoAAAANSUhEUgAAAAI=",
    "iVBORw0KGgoAAAANSUhEUgAAAAM=",
)
INTERLEAVED: list[list[dict[str, Any]]] = [  # red team 31 F01's reproducer
    [{"text": "A cat:"}],
    [{"inlineData": {"mimeType": "image/png", "data": CAT}}],
    [{"text": " and a dog:"}],
    [{"inlineData": {"mimeType": "image/png", "data": DOG}}],
]


def translated(dst: str, chunks: list[list[dict[str, Any]]]) -> bytes:
    return b"".join(lc.stream.translate("gemini", dst, gemini_stream(chunks), request=REQUEST))


def genai_parts(chunks: list[list[dict[str, Any]]]) -> list[tuple[Any, ...]]:
    """google-genai's reading of the stream: its texts, images and calls in order (adjacent texts
    joined, as a client reads them); the code execution parts lm15 does not read left out."""
    out: list[tuple[Any, ...]] = []
    for event in gemini_stream(chunks):
        chunk = genai_types.GenerateContentResponse.model_validate_json(event[len(b"data: ") :])
        for part in chunk.candidates[0].content.parts or []:
            if part.inline_data is not None:
                out.append(("image", base64.b64encode(part.inline_data.data or b"").decode()))
            elif part.function_call is not None:
                out.append(("call", part.function_call.name, part.function_call.args or {}))
            elif part.text is not None:
                _add_text(out, part.text)
    return out


def _add_text(out: list[tuple[Any, ...]], text: str) -> None:
    if out and out[-1][0] == "text":
        out[-1] = ("text", out[-1][1] + text)
    elif text:
        out.append(("text", text))


def sdk_final_output(body: bytes) -> list[dict[str, Any]]:
    """The output of the openai SDK's final response (``responses.stream().get_final_response()``)."""

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=body)

    http = httpx.Client(transport=httpx.MockTransport(handler))
    client = openai.OpenAI(api_key="k", http_client=http, max_retries=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (pydantic's serializer warns on an output_image content part)
        with client.responses.stream(model="m", input="hi") as stream:
            final = stream.get_final_response()
        output: list[dict[str, Any]] = final.model_dump()["output"]
    return output


def output_parts(output: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """A final response's texts, images and calls in order (adjacent texts joined)."""
    import json

    out: list[tuple[Any, ...]] = []
    for item in output:
        if item["type"] == "function_call":
            out.append(("call", item["name"], json.loads(item["arguments"])))
        elif item["type"] == "message":
            for content in item["content"]:
                if content["type"] == "output_image":
                    out.append(("image", content["b64_json"]))
                elif content["type"] == "output_text":
                    _add_text(out, content["text"])
    return out


def responses_id_breaks(body: bytes) -> list[str]:
    """Item ids the stream repeats: in its ``output_item.added`` events, or its final response (a
    ``function_call`` item has none: its ``call_id``, the source's call id, names it)."""
    events = sse_events(body)
    added = [
        data["item"]["id"]
        for name, data in events
        if name == "response.output_item.added" and "id" in data["item"]
    ]
    final = [
        item["id"]
        for name, data in events
        if name == "response.completed"
        for item in data["response"]["output"]
        if "id" in item
    ]
    return [
        f"{where} repeats {ids}"
        for where, ids in (("added", added), ("final", final))
        if len(set(ids)) != len(ids)
    ]


def test_every_image_of_the_interleaved_stream_reaches_the_responses_client_in_order() -> None:
    body = translated("openai", INTERLEAVED)
    assert output_parts(sdk_final_output(body)) == [
        ("text", "A cat:"),
        ("image", CAT),
        ("text", " and a dog:"),
        ("image", DOG),
    ]
    assert output_parts(sdk_final_output(body)) == genai_parts(INTERLEAVED)
    assert responses_protocol_breaks(body) == []
    assert responses_id_breaks(body) == []


def test_two_images_of_one_chunk_and_one_at_an_index_written_before() -> None:
    chunks: list[list[dict[str, Any]]] = [
        [
            {"inlineData": {"mimeType": "image/png", "data": CAT}},
            {"inlineData": {"mimeType": "image/png", "data": DOG}},
        ],
        [{"inlineData": {"mimeType": "image/png", "data": BIRD}}],
    ]
    body = translated("openai", chunks)
    assert output_parts(sdk_final_output(body)) == [("image", CAT), ("image", DOG), ("image", BIRD)]
    assert responses_protocol_breaks(body) == []
    assert responses_id_breaks(body) == []


@pytest.mark.parametrize("dst", ["anthropic", "openai_chat"])
def test_chat_and_anthropic_clients_still_refuse_the_image(dst: str) -> None:
    """Their streams carry no media: an error event says so rather than losing the image silently."""
    body = translated(dst, INTERLEAVED)
    assert b"has no form in a" in body
    assert CAT.encode() not in body and DOG.encode() not in body


_WORDS = st.text(alphabet="abcxyz ", min_size=1, max_size=5)
_IMAGES = st.sampled_from([CAT, DOG, BIRD]).map(
    lambda data: {"inlineData": {"mimeType": "image/png", "data": data}}
)
_PARTS = st.one_of(
    _WORDS.map(lambda text: {"text": text}),
    _IMAGES,
    st.just({"executableCode": {"language": "PYTHON", "code": "print(1)"}}),
    st.just({"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1\n"}}),
    st.integers(0, 9).map(lambda n: {"functionCall": {"name": f"tool_{n % 3}", "args": {"n": n}}}),
)
_STREAMS = st.lists(st.lists(_PARTS, min_size=1, max_size=3), min_size=1, max_size=6)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_STREAMS)
def test_a_responses_client_reads_every_gemini_part_in_order(chunks: list[list[dict[str, Any]]]) -> None:
    """Texts, images, calls and code execution parts in any chunking: the SDK's final response holds
    google-genai's texts, images and calls in its order; items added 0, 1, 2, ..., each written to
    while it is the last added, ids unique."""
    body = translated("openai", chunks)
    assert output_parts(sdk_final_output(body)) == genai_parts(chunks)
    assert responses_protocol_breaks(body) == []
    assert responses_id_breaks(body) == []
