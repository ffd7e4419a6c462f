"""Which media parts of an answer each dialect's writers can write, and the refusal of the others.

The stream writers follow the same table for image and audio deltas, where lm15's stream readers
read less: a Responses ``response.output_image.delta`` / ``response.output_audio.delta`` (base64
data of the media type lm15 reads it as, by the same rule and in the same words as the part: an
image delta of ``image/png`` or none, which lm15 assembles as ``image/png``; an audio delta of
``audio/wav``; raw PCM, which lm15 assembles as WAV, reads back as WAV data without its header), a
Gemini ``inlineData`` part (lm15's Gemini stream reader reads no ``fileData``); a media delta by url
or file id, one of another media type on the Responses stream, and any on the Chat and Anthropic
streams, is refused by :func:`unwritable_media_delta`.

A part is written where the dialect has a form for it that lm15 1.5.0's reader of that dialect
reads back (red team 9 F01): Responses ``output_image`` / ``output_audio`` message content (base64
data of ``image/png`` / ``audio/wav`` only: the form has no media type, lm15 reads every image as
``image/png`` and every audio as ``audio/wav``, so a JPEG or an MP3 would come back relabelled;
review 8 F5), Gemini ``inlineData``
(base64 data) and ``fileData`` (a url; lm15 reads a media type that is not ``image/*`` or
``audio/*`` as a document). Everything else (Chat Completions and Anthropic answers carry no media;
media by file id or local path; Responses video, documents, binaries, media by url) is refused with
:class:`~lmcodec.ValidationError` at the part's path: left out, it was lost silently.
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.errors import ValidationError
from lmcodec.providers._errors import a_or_an
from lmcodec.wire import AudioPart, BinaryPart, DocumentPart, ImagePart, VideoPart

__all__ = ["MEDIA_PARTS", "refuse_unwritable_media", "unwritable_media_delta"]

MEDIA_PARTS: Final = (ImagePart, AudioPart, VideoPart, DocumentPart, BinaryPart)

_WIRE_NAMES: Final[dict[str, str]] = {
    "openai": "Responses",
    "openai_chat": "Chat Completions",
    "anthropic": "Messages",
    "gemini": "Gemini",
}


def _reason(provider: str, part: Any) -> str | None:
    """Why ``provider`` cannot write media ``part`` (None: it can)."""
    source = "data" if part.data is not None else "url" if part.url is not None else None
    if provider == "openai":
        if not (isinstance(part, (ImagePart, AudioPart)) and source == "data"):
            return "its answers carry images and audio as base64 data only"
        return _relabelled("image" if isinstance(part, ImagePart) else "audio", part.media_type)
    if provider == "gemini":
        if source is not None:
            return None
        return "its answers carry media as base64 data (inlineData) or a url (fileData) only"
    return "its answers carry no media"


def _relabelled(kind: str, media_type: str | None) -> str | None:
    """Why a Responses answer cannot hold ``kind`` content of ``media_type`` (None: it can):
    the form has no media type, and lm15 reads every image as image/png, every audio as audio/wav."""
    read_as = "image/png" if kind == "image" else "audio/wav"
    if media_type == read_as:
        return None
    return f"its {kind} content has no media type: it reads back as {read_as}, not {media_type or 'raw PCM'}"


def refuse_unwritable_media(provider: str, index: int, part: Any) -> None:
    """Raise :class:`ValidationError` at ``$.message.parts[index]`` when ``provider`` cannot write
    media ``part`` (one of :data:`MEDIA_PARTS`)."""
    reason = _reason(provider, part)
    if reason is not None:
        raise ValidationError(
            f"{a_or_an(part.type)} part has no form in a {_WIRE_NAMES.get(provider, provider)} response "
            f"({reason}); leaving it out would lose it silently: remove it or convert it first",
            f"$.message.parts[{index}]",
        )


def unwritable_media_delta(provider: str, delta: Any) -> ValidationError | None:
    """The refusal of image or audio ``delta`` on ``provider``'s stream, or None where the writer
    writes it (base64 data on the Responses and Gemini streams) or it holds nothing to lose."""
    if delta.data:
        if provider == "gemini":
            return None
        if provider == "openai":
            # lm15 assembles an image delta of no media type as image/png
            media_type = delta.media_type or "image/png" if delta.type == "image" else delta.media_type
            why = _relabelled(delta.type, media_type)
            if why is None:
                return None
            reason = why
        else:
            reason = "its streams carry no media"
    elif delta.url or delta.file_id:
        reason = (
            "its streams carry media as base64 data only"
            if provider in ("openai", "gemini")
            else ("its streams carry no media")
        )
    else:
        return None
    return ValidationError(
        f"an {delta.type} delta (part {delta.part_index}) has no form in a "
        f"{_WIRE_NAMES.get(provider, provider)} stream ({reason}); leaving it out would lose it "
        "silently: remove it or convert it first"
    )
