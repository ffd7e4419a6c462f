"""The Assembler's state for the rare deltas: audio, images, citations and continuation states.

Text, thinking and tool-call fragments make up nearly all of a stream and live in the
:class:`lmcodec.Assembler` itself; the other deltas are folded here, in an object the
assembler creates at the first of them, so a stream that carries none builds none of it.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers._streamed_audio import audio_part
from lmcodec.wire import (
    AudioDelta,
    CitationDelta,
    CitationPart,
    ContinuationDelta,
    ContinuationState,
    ImageDelta,
    ImagePart,
    Part,
)
from lmcodec.wire._exact import subclassed
from lmcodec.wire.unknown import UnknownDelta

__all__ = ["OTHER_DELTAS", "OtherParts", "checked", "citation_part", "continuation_state"]

OTHER_DELTAS: Final = frozenset({AudioDelta, ImageDelta, CitationDelta, ContinuationDelta})
_STATE: Final = msgspec.StructMeta.__call__(ContinuationState, provider="-", kind="-", data={})
_CITATION: Final = msgspec.StructMeta.__call__(CitationPart, url="-")


def checked(cls: Any, **kwargs: Any) -> Any:
    """``cls(**kwargs)`` through lm15's constructor checks; a rejection is a ValidationError."""
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise ValidationError(str(exc)) from exc


def continuation_state(provider: Any, kind: Any, data: Any) -> ContinuationState:
    """``checked(ContinuationState, provider=..., kind=..., data=...)``; the common state (a
    non-empty ``str`` provider and kind, data an object of ``str`` keys and values: every mapper's
    signature) passes its checks unchanged, so it is copied from a template instead (the class
    call's checks cost some ten times the copy)."""
    if type(provider) is str and provider and type(kind) is str and kind and type(data) is dict:
        for key, value in data.items():
            if type(key) is not str or type(value) is not str:
                break
        else:
            state: ContinuationState = msgspec.structs.replace(
                _STATE, provider=provider, kind=kind, data=data
            )
            return state
    checked_state: ContinuationState = checked(ContinuationState, provider=provider, kind=kind, data=data)
    return checked_state


def citation_part(text: Any, url: Any, title: Any) -> CitationPart:
    """``checked(CitationPart, text=..., url=..., title=...)``; when each is a non-empty ``str`` or
    None, one at least (what every mapper gives), it passes its checks unchanged, so it is copied
    from a template instead, as :func:`continuation_state` does."""
    if (
        (text is None or (type(text) is str and text))
        and (url is None or (type(url) is str and url))
        and (title is None or (type(title) is str and title))
        and (text is not None or url is not None or title is not None)
    ):
        part: CitationPart = msgspec.structs.replace(_CITATION, text=text, url=url, title=title)
        return part
    checked_part: CitationPart = checked(CitationPart, text=text, url=url, title=title)
    return checked_part


class OtherParts:
    """Per slot: audio chunks and media type, the last image, citations, continuation states;
    and the message's own continuation states."""

    __slots__ = ("audio", "audio_media", "citations", "images", "message_cont", "slot_cont")

    def __init__(self) -> None:
        self.audio: dict[int, list[str]] = {}
        self.audio_media: dict[int, str | None] = {}
        self.images: dict[int, ImagePart] = {}
        self.citations: dict[int, list[CitationPart]] = {}
        self.message_cont: list[ContinuationState] = []
        self.slot_cont: dict[int, list[ContinuationState]] = {}

    def push(self, delta: Any) -> None:
        """Fold one delta that is not text, thinking or a tool-call fragment (an unknown one is skipped)."""
        kind = type(delta)
        if kind not in OTHER_DELTAS:
            if kind is UnknownDelta:  # an unknown delta carries nothing assembly knows: skipped
                return
            exact = subclassed(delta)
            if exact is not None:  # a user's subclass of a delta: folded as its kind
                self.push(exact)
                return
            raise ValidationError(f"StreamDeltaEvent.delta is not a Delta: {kind.__name__}")
        idx: int = delta.part_index
        if kind is AudioDelta:
            chunks = self.audio.get(idx)
            if chunks is None:
                self.audio[idx] = [delta.data or ""]
                self.audio_media[idx] = delta.media_type
            else:
                chunks.append(delta.data or "")
        elif kind is ImageDelta:
            media_type = delta.media_type or "image/png"
            if delta.data is not None:
                image = checked(ImagePart, media_type=media_type, data=delta.data)
            elif delta.url is not None:
                image = checked(ImagePart, media_type=media_type, url=delta.url)
            elif delta.file_id is not None:
                image = checked(ImagePart, media_type=media_type, file_id=delta.file_id)
            else:
                return
            self.images[idx] = image
        elif kind is CitationDelta:
            part = citation_part(delta.text, delta.url, delta.title)
            cites = self.citations.get(idx)
            if cites is None:
                self.citations[idx] = [part]
            else:
                cites.append(part)
        else:  # ContinuationDelta
            state = continuation_state(delta.provider, delta.kind, delta.data)
            if delta.part_index is None:
                self.message_cont.append(state)
            else:
                states = self.slot_cont.get(delta.part_index)
                if states is None:
                    self.slot_cont[delta.part_index] = [state]
                else:
                    states.append(state)

    def slots(self) -> set[int]:
        """The slots holding anything here."""
        slots = set(self.images)
        slots.update(self.audio, self.citations, self.slot_cont)
        return slots

    def media_parts(self, idx: int, cont: tuple[ContinuationState, ...], parts: list[Part]) -> bool:
        """Append slot ``idx``'s image, audio and citations (in that order) to ``parts``; True if any."""
        content = False
        image = self.images.get(idx)
        if image is not None:
            parts.append(replace_cont(image, cont))
            content = True
        if idx in self.audio:
            parts.append(audio_part(self.audio[idx], self.audio_media[idx], cont))
            content = True
        cites = self.citations.get(idx)
        if cites is not None:
            for cite in cites:
                parts.append(replace_cont(cite, cont))
            content = True
        return content


def replace_cont(part: Any, cont: tuple[ContinuationState, ...]) -> Any:
    """``part`` carrying the slot's continuation states (itself when there are none)."""
    return msgspec.structs.replace(part, continuation=cont) if cont else part
