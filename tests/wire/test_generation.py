"""The generation types' single-class fields require their items' tag, as lm15 does (H11).

ImageGenerationRequest.images, VideoGenerationRequest.images, ImageGenerationResponse.images and
SpeechGenerationResponse.audio hold one tagged class (ImagePart, AudioPart). msgspec requires the
tag only of a union of tagged Structs, so an item without ``"type"`` was read as that class; lm15
reads each item with ``part_from_dict``, which needs the tag (KeyError). Every reader now refuses
it at the item's path; the types, their constructors and ``lc.schema`` are as they were.
"""

from __future__ import annotations

import json
from typing import Any

import lm15.serde as ls
import msgspec
import pytest

import lmcodec as lc

IMAGE = {"type": "image", "media_type": "image/png", "url": "https://example.com/cat.png"}
AUDIO = {"type": "audio", "media_type": "audio/wav", "url": "https://example.com/a.wav"}
UNTAGGED_IMAGE = {k: v for k, v in IMAGE.items() if k != "type"}
UNTAGGED_AUDIO = {k: v for k, v in AUDIO.items() if k != "type"}


def _values(image: dict[str, Any], audio: dict[str, Any]) -> list[tuple[Any, Any, dict[str, Any], str]]:
    """(type, lm15's reader, a record, the path of its item under test), items as given."""
    return [
        (
            lc.ImageGenerationRequest,
            ls.image_generation_request_from_dict,
            {"model": "m", "prompt": "p", "images": [IMAGE, image]},
            "$.images[1]",
        ),
        (
            lc.VideoGenerationRequest,
            ls.video_generation_request_from_dict,
            {"model": "m", "prompt": "p", "images": [image]},
            "$.images[0]",
        ),
        (
            lc.ImageGenerationResponse,
            ls.image_generation_response_from_dict,
            {"images": [image]},
            "$.images[0]",
        ),
        (lc.SpeechGenerationResponse, ls.speech_generation_response_from_dict, {"audio": audio}, "$.audio"),
    ]


CASES = _values(UNTAGGED_IMAGE, UNTAGGED_AUDIO)
TAGGED = _values(IMAGE, AUDIO)


def _readers(tp: Any, value: dict[str, Any]) -> dict[str, Any]:
    text = json.dumps(value).encode()
    return {
        "decode": lambda: lc.decode(text, tp),
        "decode lenient": lambda: lc.decode(text, tp, lenient=True),
        "decode keep": lambda: lc.decode(text, tp, unknown="keep"),
        "from_builtins": lambda: lc.from_builtins(value, tp),
        "from_builtins lenient": lambda: lc.from_builtins(value, tp, lenient=True),
        "msgpack": lambda: lc.msgpack.decode(msgspec.msgpack.encode(value), tp),
        "jsonl": lambda: list(lc.jsonl.read(text + b"\n", tp, lenient=True)),
    }


@pytest.mark.parametrize(
    ("tp", "lm15_read", "value", "path"), CASES, ids=lambda c: getattr(c, "__name__", "")
)
def test_an_item_without_its_tag_is_refused_at_its_path(
    tp: Any, lm15_read: Any, value: Any, path: str
) -> None:
    with pytest.raises(KeyError, match="type"):
        lm15_read(value)
    for name, read in _readers(tp, value).items():
        with pytest.raises(lc.LmcodecError) as caught:
            read()
        error = caught.value
        if isinstance(error, lc.RecordError):  # jsonl names the line; the record's error is its cause
            error = error.__cause__
        assert isinstance(error, lc.ValidationError), name
        assert "Object missing required field `type`" in str(error), name
        assert error.path == path, name


@pytest.mark.parametrize(
    ("tp", "lm15_read", "value", "path"), TAGGED, ids=lambda c: getattr(c, "__name__", "")
)
def test_tagged_items_read_as_before(tp: Any, lm15_read: Any, value: Any, path: str) -> None:
    to_dict = getattr(ls, lm15_read.__name__.replace("from_dict", "to_dict"))
    expected = json.dumps(to_dict(lm15_read(value)))
    for name, read in _readers(tp, value).items():
        got = read()
        obj = got[0] if name == "jsonl" else got
        assert json.dumps(json.loads(lc.encode(obj))) == expected, name


def test_another_part_type_is_refused_at_its_tag() -> None:
    """As before: a tag of another part is an invalid value of the item's tag."""
    value = {"model": "m", "prompt": "p", "images": [AUDIO]}
    with pytest.raises(lc.ValidationError) as caught:
        lc.decode(json.dumps(value).encode(), lc.ImageGenerationRequest)
    assert caught.value.path == "$.images[0].type" and "Invalid value 'audio'" in str(caught.value)


def test_the_schema_and_the_constructors_are_unchanged() -> None:
    schema = lc.schema(lc.ImageGenerationRequest)
    assert schema["$defs"]["ImageGenerationRequest"]["properties"]["images"] == {
        "type": "array",
        "items": {"$ref": "#/$defs/ImagePart"},
        "default": (),
    }
    assert set(schema["$defs"]) == {"ImageGenerationRequest", "ImagePart", "ContinuationState"}
    assert "type" in schema["$defs"]["ImagePart"]["required"]
    speech = lc.schema(lc.SpeechGenerationResponse)["$defs"]["SpeechGenerationResponse"]["properties"]
    assert speech["audio"] == {"$ref": "#/$defs/AudioPart"}
    audio = lc.AudioPart(media_type="audio/wav", url="u")
    with pytest.raises(TypeError, match=r"ImageGenerationRequest\.images must be ImagePart$"):
        lc.ImageGenerationRequest("m", "p", images=[audio])
    with pytest.raises(TypeError, match=r"SpeechGenerationResponse\.audio must be AudioPart$"):
        lc.SpeechGenerationResponse(lc.ImagePart(media_type="image/png", url="u"))
    with pytest.raises(TypeError, match="sequence, not a single ImagePart"):
        lc.ImageGenerationRequest("m", "p", images=lc.ImagePart(media_type="image/png", url="u"))
