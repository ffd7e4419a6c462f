"""Media parts of an answer through ``lc.encode_response`` (red team 9 F01): each is written in the
dialect's own form that lm15 1.5.0's reader of that dialect reads back, or refused with
``lc.ValidationError`` at its path; before, every writer left some out with no error (Responses
images and audio, Gemini media by url, documents and video, every Chat and Anthropic media part).
The table: ``providers/_media_forms.py``, docs/writers.md "Media parts"."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .provider_support import (
    assert_same_outcome,
    assert_same_response,
    lc_response,
    lc_stream,
    lm15_response,
    lm15_stream,
    requests_for,
)

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
_USAGE = lc.Usage(input_tokens=1, output_tokens=2, total_tokens=3)
IMG = "iVBORw0KGgo="
PARTS: dict[str, Any] = {
    "image_data": lc.ImagePart(media_type="image/png", data=IMG),
    "image_jpeg_data": lc.ImagePart(media_type="image/jpeg", data=IMG),
    "image_url": lc.ImagePart(media_type="image/png", url="gs://bucket/a.png"),
    "image_file_id": lc.ImagePart(media_type="image/png", file_id="file-1"),
    "audio_data": lc.AudioPart(media_type="audio/wav", data=IMG),
    "audio_mpeg_data": lc.AudioPart(media_type="audio/mpeg", data=IMG),
    "audio_url": lc.AudioPart(media_type="audio/mpeg", url="https://x/a.mp3"),
    "document_data": lc.DocumentPart(media_type="application/pdf", data="JVBE"),
    "document_url": lc.DocumentPart(media_type="application/pdf", url="gs://bucket/d.pdf"),
    "video_data": lc.VideoPart(media_type="video/mp4", data="AAAA"),
    "video_url": lc.VideoPart(media_type="video/mp4", url="gs://bucket/v.mp4"),
    "binary_data": lc.BinaryPart(media_type="application/octet-stream", data="AAAA"),
}

# (dialect, part) -> the part lm15 reads back; absent: refused
_READ_BACK: dict[tuple[str, str], Any] = {
    ("openai", "image_data"): PARTS["image_data"],
    # ("openai", "image_jpeg_data"), ("openai", "audio_mpeg_data"): refused, Responses output_image /
    # output_audio carry no media type and lm15 reads image/png, audio/wav (review 8, F5)
    ("openai", "audio_data"): PARTS["audio_data"],
    ("gemini", "image_data"): PARTS["image_data"],
    ("gemini", "image_jpeg_data"): PARTS["image_jpeg_data"],
    ("gemini", "image_url"): PARTS["image_url"],
    ("gemini", "audio_data"): PARTS["audio_data"],
    ("gemini", "audio_mpeg_data"): PARTS["audio_mpeg_data"],
    ("gemini", "audio_url"): PARTS["audio_url"],
    ("gemini", "document_data"): PARTS["document_data"],
    ("gemini", "document_url"): PARTS["document_url"],
    # lm15 reads a media type that is neither image/* nor audio/* as a document
    ("gemini", "video_data"): lc.DocumentPart(media_type="video/mp4", data="AAAA"),
    ("gemini", "video_url"): lc.DocumentPart(media_type="video/mp4", url="gs://bucket/v.mp4"),
    ("gemini", "binary_data"): lc.DocumentPart(media_type="application/octet-stream", data="AAAA"),
}


def _answer(part: Any) -> lc.Response:
    return lc.Response(
        id="r1",
        model="m-1",
        message=lc.Message(role="assistant", parts=(lc.TextPart(text="here:"), part)),
        finish_reason="stop",
        usage=_USAGE,
    )


@pytest.mark.parametrize("name", sorted(PARTS))
@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_media_part_is_written_so_lm15_reads_it_back_or_refused(dialect: str, name: str) -> None:
    answer = _answer(PARTS[name])
    expected = _READ_BACK.get((dialect, name))
    if expected is None:
        with pytest.raises(lc.ValidationError, match="no form") as refused:
            lc.encode_response(dialect, answer)
        assert refused.value.path == "$.message.parts[1]"
        return
    body = lc.encode_response(dialect, answer)
    lm15_request, request = requests_for("m-1")
    read = lc_response(dialect, body, request)
    assert_same_response(read, lm15_response(dialect, body, lm15_request), f"{dialect}/{name}")
    assert [p for p in read.message.parts if not isinstance(p, lc.TextPart)] == [expected]


DELTAS: dict[str, Any] = {
    "image_data": lc.ImageDelta(data=IMG, media_type="image/png", part_index=1),
    "image_url": lc.ImageDelta(url="https://x/a.png", media_type="image/png", part_index=1),
    "image_file_id": lc.ImageDelta(file_id="file-1", part_index=1),
    "audio_data": lc.AudioDelta(data=IMG, media_type="audio/wav", part_index=1),
    "audio_url": lc.AudioDelta(url="https://x/a.wav", part_index=1),
}
_STREAMED = {
    ("openai", "image_data"),
    ("openai", "audio_data"),
    ("gemini", "image_data"),
    ("gemini", "audio_data"),
}


@pytest.mark.parametrize("name", sorted(DELTAS))
@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_media_delta_is_streamed_so_lm15_reads_it_back_or_refused(dialect: str, name: str) -> None:
    """The stream Encoders: an image or audio delta is written where lm15's stream reader of the
    dialect reads it back (base64 data on Responses and Gemini), else refused with
    ``lc.ValidationError`` (``translate`` then ends with the dialect's error event); before, the
    Chat and Anthropic writers, and every writer for media by url or file id, wrote nothing."""
    events = [
        lc.StreamStartEvent(id="r1", model="m-1"),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="here:", part_index=0)),
        lc.StreamDeltaEvent(delta=DELTAS[name]),
        lc.StreamEndEvent(
            finish_reason="stop", usage=lc.Usage(input_tokens=1, output_tokens=2, total_tokens=3)
        ),
    ]
    if (dialect, name) not in _STREAMED:
        with pytest.raises(lc.ValidationError, match="no form"):
            b"".join(lc.stream.encode(dialect, events))
        return
    body = b"".join(lc.stream.encode(dialect, events))
    lm15_request, request = requests_for("m-1")
    read = lc_stream(dialect, [body], request)
    assert_same_outcome(read, lm15_stream(dialect, body, lm15_request), f"{dialect}/{name}")
    media = [
        e for e in lc.stream.decode(dialect, [body], request=request) if isinstance(e, lc.StreamDeltaEvent)
    ]
    assert [type(e.delta).__name__ for e in media if not isinstance(e.delta, lc.TextDelta)] == [
        type(DELTAS[name]).__name__
    ]


_CITED = [
    lc.StreamStartEvent(id="r1", model="m-1"),
    lc.StreamDeltaEvent(delta=lc.TextDelta(text="It works.", part_index=0)),
    lc.StreamDeltaEvent(
        delta=lc.CitationDelta(part_index=0, url="https://example.com/a", title="A", text="works")
    ),
    lc.StreamDeltaEvent(delta=lc.TextDelta(text=" More.", part_index=0)),
    lc.StreamEndEvent(finish_reason="stop", usage=_USAGE),
]


@pytest.mark.parametrize("feed", ["encode", "feed_all"])
def test_gemini_stream_citations_are_the_grounding_metadata_the_body_writes(feed: str) -> None:
    """Red team 9 F01: the Gemini stream Encoder dropped CitationDelta, which encode_response writes
    as the candidate's groundingMetadata. The stream writes that same object on the chunk it goes
    out with (google-genai reads it; lm15's stream reader reads no grounding, as before)."""
    from google.genai import types

    if feed == "encode":
        body = b"".join(lc.stream.encode("gemini", _CITED))
    else:
        encoder = lc.stream.Encoder("gemini")
        body = b"".join(encoder.feed_all([e]) for e in _CITED) + encoder.close()
    chunks: list[Any] = [
        types.GenerateContentResponse.model_validate_json(line[6:])
        for line in body.split(b"\r\n")
        if line.startswith(b"data: ")
    ]
    grounding = [c.candidates[0].grounding_metadata for c in chunks if c.candidates[0].grounding_metadata]
    assert len(grounding) == 1
    web = grounding[0].grounding_chunks[0].web
    assert (web.uri, web.title, grounding[0].grounding_supports[0].segment.text) == (
        "https://example.com/a",
        "A",
        "works",
    )
    assert (
        "".join(p.text or "" for c in chunks for p in c.candidates[0].content.parts or [])
        == "It works. More."
    )
    cited = lc.CitationPart(url="https://example.com/a", title="A", text="works")
    answer = lc.replace(
        _answer(cited), message=lc.Message(role="assistant", parts=(lc.TextPart(text="x"), cited))
    )
    written = json.loads(lc.encode_response("gemini", answer))
    kept = json.loads(next(line for line in body.split(b"\r\n") if b"groundingMetadata" in line)[6:])
    assert kept["candidates"][0]["groundingMetadata"] == written["candidates"][0]["groundingMetadata"]


def _sdk_final_media(body: bytes) -> list[tuple[str, Any]]:
    """The media content of the openai SDK's final response for a Responses stream (its client, its
    ``ResponseStreamState``): what ``responses.stream()`` hands its caller."""
    import openai
    from openai.lib.streaming.responses import ResponseStreamState

    from ..stream.write_support import _client

    state: Any = ResponseStreamState(input_tools=openai.omit, text_format=openai.omit)
    with _client(body).responses.create(model="m-1", input="hi", stream=True) as stream:
        for event in stream:
            state.handle_event(event)
    out = []
    for item in state._completed_response.output:
        for content in getattr(item, "content", None) or []:
            raw = content if isinstance(content, dict) else content.to_dict()
            if raw.get("type") in ("output_image", "output_audio"):
                out.append((raw["type"], raw.get("b64_json") or raw.get("audio", {}).get("data")))
    return out


def test_responses_stream_media_reach_the_openai_sdks_final_response() -> None:
    """Red team 9 F01: the Responses stream wrote an image as ``response.output_image.delta`` only,
    which the openai SDK's ``responses.stream()`` passes by: its final response (the
    ``response.completed`` object) held the text message alone. The final response now lists each
    media slot as a message item holding the content ``encode_response`` writes (the slot's last
    image, the audio joined as ``lc.assemble`` joins it), while lm15 still reads the delta events."""
    events = [
        lc.StreamStartEvent(id="resp_1", model="m-1"),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="here:", part_index=0)),
        lc.StreamDeltaEvent(delta=lc.ImageDelta(data=IMG, media_type="image/png", part_index=1)),
        lc.StreamDeltaEvent(
            delta=lc.AudioDelta(data="UklGRiQAAABXQVZF", media_type="audio/wav", part_index=2)
        ),
        lc.StreamEndEvent(finish_reason="stop", usage=_USAGE),
    ]
    body = b"".join(lc.stream.encode("openai", events))
    request = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
    response = lc.assemble(lc.stream.decode("openai", [body], request=request), request=request)
    media = [p for p in response.message.parts if isinstance(p, (lc.ImagePart, lc.AudioPart))]
    assert [(type(p).__name__, p.data) for p in media] == [
        ("ImagePart", IMG),
        ("AudioPart", "UklGRiQAAABXQVZF"),
    ]
    assert _sdk_final_media(body) == [("output_image", IMG), ("output_audio", "UklGRiQAAABXQVZF")]
    written = json.loads(lc.encode_response("openai", lc.replace(response, provider_data=None)))
    in_body = [c for item in written["output"] for c in item.get("content", []) if c["type"] != "output_text"]
    assert [(c["type"], c.get("b64_json") or c["audio"]["data"]) for c in in_body] == _sdk_final_media(body)


def test_chat_writers_keep_the_cited_text_and_leave_the_citation_out() -> None:
    """docs/writers.md 'Media parts': Chat has no citation form lm15 reads, so the Chat writers keep
    the text and leave a citation out rather than refuse the answer (the one documented drop); the
    body and the stream read back by the openai SDK carry the text and no citation."""
    from openai.types.chat import ChatCompletion, ChatCompletionChunk

    cited = lc.CitationPart(url="https://example.com/a", title="A", text="works")
    body = lc.encode_response("openai_chat", _answer(cited))
    message = ChatCompletion.model_validate_json(body).choices[0].message
    assert message.content == "here:"
    assert not (message.annotations or [])
    streamed = b"".join(lc.stream.encode("openai_chat", _CITED))
    chunks = [
        ChatCompletionChunk.model_validate_json(line[6:])
        for line in streamed.split(b"\n")
        if line.startswith(b"data: {")
    ]
    assert "".join(c.choices[0].delta.content or "" for c in chunks if c.choices) == "It works. More."


def test_a_gemini_image_translated_for_a_responses_client_reaches_the_sdks_final_response() -> None:
    """Review 8, F7 (fixed on main by the writer change above, red team 9 F01): a Gemini image-model
    answer (text, then inlineData) through ``lc.stream.translate`` to a Responses client: the
    openai SDK's final response holds the image beside the text."""
    chunks = [
        {"candidates": [{"content": {"role": "model", "parts": [{"text": "Here it is"}]}, "index": 0}]},
        {
            "candidates": [
                {
                    "content": {
                        "role": "model",
                        "parts": [{"inlineData": {"mimeType": "image/png", "data": IMG}}],
                    },
                    "finishReason": "STOP",
                    "index": 0,
                }
            ],
            "usageMetadata": {"promptTokenCount": 3, "candidatesTokenCount": 5, "totalTokenCount": 8},
        },
    ]
    source = b"".join(
        b"data: " + json.dumps({**chunk, "modelVersion": "gemini-2.5-flash-image"}).encode() + b"\r\n\r\n"
        for chunk in chunks
    )
    translated = b"".join(lc.stream.translate("gemini", "openai", [source]))
    assert _sdk_final_media(translated) == [("output_image", IMG)]
    assembled = lc.assemble(lc.stream.decode("openai", [translated])).message
    assert [p.type for p in assembled.parts] == [
        p.type for p in lc.assemble(lc.stream.decode("gemini", [source])).message.parts
    ]
