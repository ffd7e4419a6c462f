"""The part each canonical delta makes in the Gemini stream writer's pending chunk: text (its
logprobs on the chunk's first text part), thought, a call, a thought signature beside its part,
inline image or audio; citations are held for the next chunk's ``groundingMetadata``.

Mixed into :class:`lmcodec.providers.gemini.write.StreamWriter` over the part placement
(:class:`._write_positions.PartPlacing`, which puts each part at its position).
"""

from __future__ import annotations

from lmcodec.providers._errors import unwritable_unknown_delta
from lmcodec.providers._media_forms import unwritable_media_delta
from lmcodec.providers.gemini import _frames as f
from lmcodec.providers.gemini._write_positions import PartPlacing
from lmcodec.wire import (
    AudioDelta,
    CitationDelta,
    ContinuationDelta,
    ImageDelta,
    StreamDeltaEvent,
    TextDelta,
    ThinkingDelta,
    TokenLogprob,
    ToolCallDelta,
)
from lmcodec.wire.unknown import UnknownDelta

__all__ = ["DeltaParts"]


class DeltaParts(PartPlacing):
    """The deltas of :class:`lmcodec.providers.gemini.write.StreamWriter` (mixed into it: the
    pending chunk, its logprobs and citations are the writer's)."""

    __slots__ = ("_citations", "_logprobs")

    _logprobs: tuple[TokenLogprob, ...]
    _citations: list[CitationDelta]

    def _delta(self, event: StreamDeltaEvent) -> bytes:
        """The bytes one delta event writes: most often none (its part joins the pending chunk)."""
        delta = event.delta
        if isinstance(delta, CitationDelta):  # the next chunk's groundingMetadata, as the body writes it
            self._citations.append(delta)
            return b""
        if isinstance(delta, TextDelta):
            out = b""
            if delta.logprobs and (self._logprobs or self._has_text()):
                out = self._write_for_part()  # a chunk's logprobs belong to its first text part
            out += self._put((delta.part_index, "text"), f.Part(text=delta.text), event)
            if delta.logprobs:
                self._logprobs = delta.logprobs
            return out
        if isinstance(delta, ThinkingDelta):
            if not delta.text and (delta.part_index, "thinking") not in self._positions:
                return b""  # an opening with no text yet: Gemini sends no empty thought part
            return self._put((delta.part_index, "thinking"), f.Part(text=delta.text, thought=True), event)
        if isinstance(delta, ToolCallDelta):
            return self._tool_call(delta, event)
        if isinstance(delta, ContinuationDelta):
            return self._signature(delta, event)
        if isinstance(delta, (ImageDelta, AudioDelta)):
            refused = unwritable_media_delta("gemini", delta)  # by url or file id: lm15 reads none
            if refused is not None:
                raise refused
            if delta.data is None:
                return b""
            media = "image" if isinstance(delta, ImageDelta) else "audio"
            mime = delta.media_type or ("image/png" if media == "image" else "audio/pcm")
            part = f.Part(inlineData=f.InlineData(mimeType=mime, data=delta.data))
            return self._put((delta.part_index, media), part, event)
        if isinstance(delta, UnknownDelta):
            raise unwritable_unknown_delta("GenerateContent", delta)
        return b""

    def _signature(self, delta: ContinuationDelta, event: StreamDeltaEvent) -> bytes:
        if delta.provider != "gemini" or delta.kind != "thought_signature" or delta.part_index is None:
            return b""  # other providers' state is not Gemini's to carry
        value = delta.data.get("value")
        if not isinstance(value, str):
            return b""
        idx = delta.part_index
        slot = self._by_index.get(idx)
        if slot is None and self._late and (idx, "tool") in self._late:
            slot = self._late[(idx, "tool")].slot  # (its event is the late call's: _fed is the chunk's)
        if slot is not None and slot.part.thoughtSignature is f.UNSET:
            slot.part.thoughtSignature = value
            self._fed.append(event)
            return b""
        thought = (idx, "thinking") in self._positions and (idx, "text") not in self._positions
        part = f.Part(text="", thought=True if thought else f.UNSET, thoughtSignature=value)
        return self._put((idx, "thinking" if thought else "text"), part, event)

    def _has_text(self) -> bool:
        return any(slot.part.text is not f.UNSET and slot.part.thought is f.UNSET for slot in self._pending)
