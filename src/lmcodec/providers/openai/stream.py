"""OpenAI Responses API wire (lm15 1.5.0 ``providers/openai.py``, ``OpenAILM``): the stream mapper.

Stream: ``parse_stream_events`` / ``_parse_single_stream_event``
(openai.py:1233-1381). Complete body: ``parse_response`` (openai.py:1118),
in :mod:`lmcodec.providers.openai.body`; the frame views and error maps are
in :mod:`lmcodec.providers.openai.views`, lm15's dict code for the frames the
views refuse in :mod:`lmcodec.providers.openai.port`. See ``notes/providers.md``
§1 for the mapping this module reproduces.

Each SSE ``data`` payload is decoded once into a tagged union of frame
Structs (the ``type`` tag picks the Struct); each Struct has its handler in
``_HANDLERS`` and the text delta, most of a stream, is mapped inline.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final

from lmcodec.errors import StreamDecodeError
from lmcodec.providers._mapper import REFUSED, MapperBase, continuation_event, new
from lmcodec.providers._unknown import known_types
from lmcodec.providers.openai import port
from lmcodec.providers.openai.body import parse_response
from lmcodec.providers.openai.views import (
    FRAME_TYPES,
    IGNORED,
    PROVIDER,
    RESPONSE_ERROR_CODES,
    STREAM_ERROR_CODES,
    AnnotationFrame,
    ArgsFrame,
    AudioFrame,
    CreatedFrame,
    ImageFrame,
    ImageFrame2,
    ItemAddedFrame,
    ItemDoneFrame,
    ReasoningTextFrame,
    RefusalFrame,
    TextFrame,
    ThinkingFrame,
    citation_fields,
    frame_decoder,
    response_error,
    stream_error_detail,
    typed_token_logprobs,
)
from lmcodec.wire import AudioDelta, CitationDelta, ImageDelta, StreamDeltaEvent

__all__ = [
    "PROVIDER",
    "RESPONSE_ERROR_CODES",
    "STREAM_ERROR_CODES",
    "StreamMapper",
    "parse_response",
    "response_error",
    "stream_error_detail",
    "typed_token_logprobs",
]


_PORT_TYPES: Final = (
    "response.completed",
    "response.error",
    "error",
)


class StreamMapper(MapperBase):
    """Maps OpenAI Responses SSE frames onto a sink, as lm15's adapter maps them."""

    provider: ClassVar[str] = PROVIDER
    done_ends: ClassVar[bool] = True
    known_types: ClassVar[frozenset[str] | None] = known_types(FRAME_TYPES, *_PORT_TYPES)
    __slots__ = ()

    def frames(self, datas: list[bytes]) -> int:
        skipped = 0
        decode = frame_decoder.decode
        text = self.sink.text
        n = 0
        try:
            for n, data in enumerate(datas):  # noqa: B007 (n: the failing frame's position)
                try:
                    f = decode(data)
                except REFUSED:
                    skipped += self.refused(data)
                    continue
                if type(f) is TextFrame and not f.logprobs:
                    text(f.output_index, f.delta or "")
                    continue
                skipped += _HANDLERS[type(f)](self, f)
        except StreamDecodeError as exc:
            exc.frame = n
            raise
        return skipped

    def port_frame(self, payload: Any, out: list[Any]) -> None:
        port.port_frame(payload, self.model, out)

    def _text(self, f: TextFrame) -> int:
        if f.logprobs:
            self.sink.text_with_logprobs(f.output_index, f.delta or "", typed_token_logprobs(f.logprobs))
        else:
            self.sink.text(f.output_index, f.delta or "")
        return 0

    def _refusal(self, f: RefusalFrame) -> int:
        """A refusal fragment, read as lm15 reads it: text. The translator's mapper
        (``stream/_foreign_items.py``) hands it on as a refusal instead."""
        return self._text(f)

    def _thinking(self, f: ThinkingFrame) -> int:
        self.sink.thinking(f.output_index, f.delta or "")
        return 0

    def _arguments(self, f: ArgsFrame) -> int:
        self.sink.tool_input(f.output_index, f.delta or "", f.call_id or f.id or None, f.name or None)
        return 0

    def _item_added(self, f: ItemAddedFrame) -> int:
        item = f.item
        if item is not None and item.type == "reasoning":
            self.sink.thinking(f.output_index, "")
        elif item is not None and item.type == "function_call":
            call_id = item.call_id or item.id or None
            self.sink.tool_input(f.output_index, item.arguments or "", call_id, item.name or None)
        else:
            return 1
        return 0

    def _item_done(self, f: ItemDoneFrame) -> int:
        done = f.item
        state: dict[str, Any] = {}
        if done is not None and done.type == "reasoning":
            if done.id:
                state["id"] = done.id
            if done.encrypted_content:
                state["encrypted_content"] = done.encrypted_content
        if not state:
            return 1
        self.sink.event(continuation_event(f.output_index, "openai", "reasoning_item", state))
        return 0

    def _created(self, f: CreatedFrame) -> int:
        resp = f.response
        if resp is None:
            self.sink.start(None, self.model)
        else:
            self.sink.start(resp.id or None, resp.model or self.model)
        return 0

    def _audio(self, f: AudioFrame) -> int:
        audio = new(AudioDelta, part_index=f.output_index, data=f.delta or "", media_type="audio/wav")
        self.sink.event(new(StreamDeltaEvent, delta=audio))
        return 0

    def _image(self, f: ImageFrame) -> int:
        image = new(ImageDelta, part_index=f.output_index, data=f.delta or "", media_type="image/png")
        self.sink.event(new(StreamDeltaEvent, delta=image))
        return 0

    def _annotation(self, f: AnnotationFrame) -> int:
        """The port's mapping of a citation (the same :func:`citation_fields`), its delta built
        unchecked: the fields are non-empty strings or None, one at least."""
        annotation = f.annotation
        if type(annotation) is not dict:
            return 1
        fields = citation_fields(annotation, None)
        if fields is None:
            return 1
        url, title, text = fields
        delta = new(CitationDelta, part_index=f.output_index, text=text, url=url, title=title)
        self.sink.event(new(StreamDeltaEvent, delta=delta))
        return 0

    def _ignored(self, f: Any) -> int:
        return 1


_HANDLERS: Final[dict[type, Callable[[StreamMapper, Any], int]]] = {
    TextFrame: StreamMapper._text,
    RefusalFrame: lambda mapper, f: mapper._refusal(f),  # (a subclass's reading, looked up per mapper)
    ThinkingFrame: StreamMapper._thinking,
    ReasoningTextFrame: StreamMapper._thinking,
    ArgsFrame: StreamMapper._arguments,
    ItemAddedFrame: StreamMapper._item_added,
    ItemDoneFrame: lambda mapper, f: mapper._item_done(f),  # (a subclass's reading, as a refusal's)
    CreatedFrame: StreamMapper._created,
    AudioFrame: StreamMapper._audio,
    ImageFrame: StreamMapper._image,
    ImageFrame2: StreamMapper._image,
    AnnotationFrame: StreamMapper._annotation,
    **dict.fromkeys(IGNORED, StreamMapper._ignored),
}
