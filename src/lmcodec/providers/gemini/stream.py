"""Gemini generateContent wire (lm15 1.5.0 ``providers/gemini.py``, ``GeminiLM``): the stream mapper.

Stream: ``streamGenerateContent?alt=sse``, one whole ``GenerateContentResponse``
chunk per SSE event; ``parse_stream_events`` (gemini.py:1035). Complete body:
``parse_response`` (gemini.py:1001), in :mod:`lmcodec.providers.gemini.body`. A
``streamGenerateContent`` body without ``alt=sse`` (a JSON array of chunks) is
framed by :mod:`lmcodec.providers.gemini.framing`. The chunk views and the maps
shared with the complete body are in :mod:`lmcodec.providers.gemini.views`,
lm15's dict code for the chunks the views leave to it in
:mod:`lmcodec.providers.gemini.port`. See ``notes/providers.md`` §4.

The common chunk, its parts and nothing else, is decoded by a view that accepts
only it; one answer-text (or thought) part is mapped inline, several parts or any
other part (a function call, inline data) as the general view's parts are. Any
other chunk is decoded once more, into the general view (logprobs included). A chunk that carries
the end (``finishReason``, once per stream) is mapped there too, its parts
before its end: the whole chunk, decoded again untyped, is the end's
``provider_data`` and its usage is read from it as lm15 reads it. A usage-only
end (usage with no delta), an in-band refusal, an error, no candidate or a
usage lm15 would crash on goes to the port.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import msgspec

from lmcodec.errors import StreamDecodeError
from lmcodec.providers._json import load_head
from lmcodec.providers._mapper import (
    LM15_CRASHES,
    NO_USAGE,
    REFUSED,
    SHORT_FRAME_BYTES,
    MapperBase,
    has_long_digit_run,
    load_strict,
    new,
    replace,
)
from lmcodec.providers._response import answer_model, parts_response
from lmcodec.providers.gemini import port
from lmcodec.providers.gemini._lone import NO_TEXTS, TEXT, lone_answer, plain_text
from lmcodec.providers.gemini.body import parse_response
from lmcodec.providers.gemini.views import (
    CANDIDATE_FINISH_ERRORS,
    ERROR_STATUSES,
    FINISH_REASONS,
    PROVIDER,
    UNSET,
    EndChunk,
    chunk_decoder,
    compact_json,
    counted_usage,
    finish_reason,
    gemini_token_logprobs,
    gemini_usage,
    stream_error_detail,
    text_chunk_decoder,
    typed_token_logprobs,
)
from lmcodec.wire import AudioDelta, ContinuationDelta, ImageDelta, Request, StreamDeltaEvent
from lmcodec.wire._float_literals import decode_any, float_literal

__all__ = [
    "CANDIDATE_FINISH_ERRORS",
    "ERROR_STATUSES",
    "PROVIDER",
    "StreamMapper",
    "finish_reason",
    "gemini_token_logprobs",
    "gemini_usage",
    "parse_response",
    "signature_event",
    "stream_error_detail",
]

_EVENT: Final = new(StreamDeltaEvent, delta=new(AudioDelta, part_index=0, data=""))


class _Named(msgspec.Struct, gc=False):
    modelVersion: Any = None


_named_decoder: Final = msgspec.json.Decoder(_Named, float_hook=float_literal)
_decode: Final = decode_any
_convert: Final = msgspec.convert
_COMMON_FINISH: Final[dict[Any, Any]] = {"STOP": "stop", "MAX_TOKENS": "length"}
"""The commonest finish reasons, neither an in-band refusal: one lookup where ``read_last`` reads an end."""
_END_REFUSED: Final = (*REFUSED, UnicodeEncodeError)  # (a lone surrogate met by a Literal of the usage)
_CHUNK: Final = chunk_decoder.type  # the view _chunk decodes a chunk into


_SIGNATURE: Final = new(ContinuationDelta, part_index=0, provider=PROVIDER, kind="thought_signature", data={})


def signature_event(signature: str, idx: int) -> Any:
    """The thought signature's continuation event, copied from templates (a view's signature is a str)."""
    return replace(_EVENT, delta=replace(_SIGNATURE, part_index=idx, data={"value": signature}))


class StreamMapper(MapperBase):
    """Maps Gemini SSE chunks onto a sink, as lm15's adapter maps them."""

    provider: ClassVar[str] = PROVIDER
    __slots__ = ()

    @staticmethod
    def named_model(data: bytes) -> str | None:
        """The chunk's ``modelVersion`` (a non-empty string), else ``None``; a chunk holding NaN
        or ``-Infinity`` is read as lm15's ``json.loads`` reads it."""
        named = load_head(_named_decoder, data)
        model = named.modelVersion if named is not None else None
        return model if isinstance(model, str) and model else None

    @staticmethod
    def named_model_read(data: bytes, read: Any) -> str | None:
        """:meth:`named_model` of the one chunk ``data`` of a body, read by :meth:`read_last` as
        ``read``: from its untyped value (``read[0]``, strict JSON), not a second decode of its
        bytes (what the typed read of ``_Named`` gives for that value: a ``modelVersion`` that is a
        non-empty str, the last of repeated keys)."""
        payload = read[0]
        model = payload.get("modelVersion") if type(payload) is dict else None
        return model if type(model) is str and model else None

    def frames(self, datas: list[bytes]) -> int:
        skipped = 0
        decode = text_chunk_decoder.decode
        sink = self.sink
        add_text = sink.text
        unset = UNSET
        n = 0
        try:
            for n, data in enumerate(datas):  # noqa: B007 (n: the failing frame's position)
                try:
                    candidate = decode(data).candidates[0]
                except REFUSED:
                    skipped += self._chunk(data)
                    continue
                if candidate.finishReason:  # the end (once per stream), its parts before it
                    skipped += self._end(data, candidate)
                    continue
                parts = candidate.content.parts
                part = parts[0]
                text = part.text
                if text is unset or len(parts) > 1:  # a call, several parts, ...: as _chunk maps them
                    if not self._parts(candidate):
                        skipped += self.port(data)
                    continue
                if part.thought:
                    sink.thinking(0, text)
                elif candidate.logprobsResult is None:
                    add_text(0, text)
                else:  # as _chunk: the logprobs ride the text when there are any
                    logprobs = typed_token_logprobs(candidate.logprobsResult)
                    if logprobs:
                        sink.text_with_logprobs(0, text, logprobs)
                    else:
                        add_text(0, text)
                if part.thoughtSignature is not None:
                    sink.event(signature_event(part.thoughtSignature, 0))
        except StreamDecodeError as exc:
            exc.frame = n
            raise
        return skipped

    def map_body(self, datas: list[bytes]) -> int:
        """:meth:`map_frames` of a body held whole. Its last chunk is where Gemini ends the stream,
        and an end chunk is read untyped anyway (it is the end's provider_data): that chunk is
        decoded once, untyped, and typed from the value (one ``msgspec.convert`` into
        :class:`EndChunk`, its usage included) instead of decoded twice (:meth:`read_last`). A last
        chunk that view refuses or that does not end the stream, and every other chunk, go to
        :meth:`map_frames`."""
        return self.map_read_body(datas, self.read_last(datas[-1] if datas else b""))

    reads_lone_answers: ClassVar[bool] = True

    @staticmethod
    def read_last(last: bytes) -> Any:
        """The last chunk of a body held whole read as :meth:`map_body` reads it: ``(payload,
        chunk, (), end)`` (``_lone``'s reading: its untyped value, that value converted into
        :class:`EndChunk` (``None`` where the view refuses it), and, where it ends the stream with
        one answer-text part and nothing else that maps, that answer, built in the same pass), or
        ``None`` where the chunk is left to :meth:`map_frames` (empty, not strict JSON, or long
        with a digit run ``json.loads`` may refuse). The third item, the texts of the chunks before
        it, is :meth:`read_body`'s."""
        return StreamMapper.lone_chunk(last, None, None, False)

    @staticmethod
    def lone_chunk(
        data: bytes, stream_request: Request | None, request: Request | None, build: bool = True
    ) -> Any:
        """A body of the one chunk ``data``: the Response ``lc.assemble`` makes of it where it is
        the common answer (one answer-text part and its end: what :meth:`read_last` reads to its
        fourth item) and the Assembler would take a model and judge nothing (``request`` asks for
        no response format), built in the same pass as the chunk's reading; else (or not
        ``build``: :meth:`read_last`) that reading, for :meth:`lone_answer` and
        :meth:`map_read_body`. A staticmethod over the base's classmethod: it needs no class (the
        model is read from the decoded chunk), and a classmethod's call binds one (~0.3k)."""
        if not data or (len(data) > SHORT_FRAME_BYTES and has_long_digit_run(data)):
            return None
        try:
            payload = _decode(data)
        except _END_REFUSED:
            return None
        try:
            chunk = _convert(payload, EndChunk)
        except _END_REFUSED:
            return payload, None, NO_TEXTS, None
        # the common end (what _ended maps inline, then its end): read here, once
        candidate = chunk.candidates[0]
        finish = candidate.finishReason
        # (STOP compared first: a str compare, ~0.3k instructions under the dict's get method call)
        reason: Any = "stop" if finish == "STOP" else _COMMON_FINISH.get(finish)
        if reason is None:
            if not finish or finish in CANDIDATE_FINISH_ERRORS:
                return payload, chunk, NO_TEXTS, None
            reason = FINISH_REASONS.get(finish) or finish_reason(finish)
        parts = candidate.content.parts
        part = parts[0]
        text = part.text
        if (
            len(parts) != 1
            or text is UNSET
            or part.thought
            or part.thoughtSignature is not None
            or candidate.logprobsResult is not None
        ):
            return payload, chunk, NO_TEXTS, None
        counts = chunk.usageMetadata
        if counts is not None and payload["usageMetadata"]:
            output = counts.candidatesTokenCount  # (views.counted_usage inline: a call is ~0.5k)
            usage = replace(
                NO_USAGE,
                input_tokens=counts.promptTokenCount,
                output_tokens=counts.responseTokenCount if output is UNSET else output,
                total_tokens=counts.totalTokenCount,
                cache_read_tokens=counts.cachedContentTokenCount,
                reasoning_tokens=counts.thoughtsTokenCount,
            )
        else:
            usage = NO_USAGE
        answer = (replace(TEXT, text=text),)
        if build and (
            request is None or (type(request) is Request and request.config.response_format is None)
        ):
            # the stream request's model, where a non-empty str, is answer_model's first answer (no
            # call: ~0.9k instructions; __class__, not type(): ~60 fewer, on a Response of ~48k);
            # without a stream request the model the chunk names is read from the value decoded
            # here (named_model's reading, not a second decode of the bytes)
            model = stream_request.model if stream_request is not None else None
            if not model or model.__class__ is not str:
                named = payload.get("modelVersion") if stream_request is None else None
                model = answer_model(stream_request, named if type(named) is str else None, request)
            if model is not None:
                return parts_response(model, answer, reason, usage, payload)
        return payload, chunk, NO_TEXTS, (answer, reason, usage, payload, None, None)

    @staticmethod
    def read_body(frames: list[bytes]) -> Any:
        """:meth:`read_last` of the last chunk; when it ends the stream with one answer-text part
        and chunks come before it, those chunks read by the text view in order as far as each is
        one answer text and nothing else (what :meth:`frames` maps to ``text(0, text)``): their
        texts are the reading's third item. :meth:`map_read_body` maps them as such and the
        chunks after them as :meth:`map_frames` does (the one the reading stopped at decoded
        again: the only chunk read twice); :meth:`lone_answer` joins them."""
        n = len(frames)
        read = StreamMapper.read_last(frames[n - 1])
        if n == 1 or read is None or read[3] is None:
            return read
        decode = text_chunk_decoder.decode
        texts: list[str] = []
        for i in range(n - 1):
            data = frames[i]
            if len(data) > SHORT_FRAME_BYTES and has_long_digit_run(data):
                break
            try:
                candidate = decode(data).candidates[0]
            except REFUSED:
                break
            if candidate.finishReason:
                break
            text = plain_text(candidate)
            if text is None:
                break
            texts.append(text)
        return (read[0], read[1], texts, read[3]) if texts else read

    def map_read_body(self, datas: list[bytes], read: Any) -> int:
        """:meth:`map_body`, its chunks read already (``read``: :meth:`read_body`'s or
        :meth:`read_last`'s)."""
        if read is None:
            return self.map_frames(datas)
        payload, chunk, texts, end = read
        if chunk is None:
            return self._many_parts_end(datas, payload)
        candidate = chunk.candidates[0]
        if end is None:
            finish = candidate.finishReason
            if not finish or finish in CANDIDATE_FINISH_ERRORS:
                return self.map_frames(datas)
        skipped = 0
        if texts:  # the first chunks, read as one answer text each (read_body)
            add_text = self.sink.text
            for text in texts:
                add_text(0, text)
            read_n = len(texts)
            if len(datas) - 1 > read_n:
                try:
                    skipped = self.map_frames(datas[read_n:-1])
                except StreamDecodeError as exc:
                    exc.frame = (exc.frame or 0) + read_n
                    raise
        elif len(datas) > 1:
            skipped = self.map_frames(datas[:-1])
        if end is not None:  # one answer text (as _ended maps it), its finish reason and usage read
            self.sink.text(0, end[0][0].text)
            self.sink.end(end[1], end[2], payload, strict_json=True)
            return skipped
        counts = chunk.usageMetadata
        usage = counted_usage(counts) if counts is not None and payload["usageMetadata"] else NO_USAGE
        self._ended(candidate, usage, payload, True)
        return skipped

    lone_answer = staticmethod(lone_answer)

    def _many_parts_end(self, datas: list[bytes], payload: Any) -> int:
        """:meth:`map_body` of a last chunk :class:`EndChunk` refuses (several parts: parallel
        calls arrive so, red team 13 F05), typed from its untyped value as :meth:`_chunk` types
        its bytes, where it ends the stream as :meth:`_end` maps it; else :meth:`map_frames`.
        Saves the typed decodes of :meth:`frames` and :meth:`_chunk` and the untyped one of
        :meth:`_end`, each of the whole chunk."""
        try:
            chunk = _convert(payload, _CHUNK)
        except _END_REFUSED:
            return self.map_frames(datas)
        candidates = chunk.candidates
        if (
            not candidates
            or chunk.error is not UNSET
            or (chunk.promptFeedback is not None and chunk.promptFeedback.blockReason)
            or not candidates[0].finishReason
            or candidates[0].finishReason in CANDIDATE_FINISH_ERRORS
        ):
            return self.map_frames(datas)
        try:
            usage = gemini_usage(payload.get("usageMetadata"))
        except LM15_CRASHES:
            return self.map_frames(datas)
        skipped = self.map_frames(datas[:-1]) if len(datas) > 1 else 0
        self._ended(candidates[0], usage, payload, True)
        return skipped

    def port_frame(self, payload: Any, out: list[Any]) -> None:
        port.port_frame(payload, out)

    def _chunk(self, data: bytes) -> int:
        """Map any chunk but the common one; 1 if it mapped to nothing."""
        try:
            chunk = chunk_decoder.decode(data)
        except REFUSED:
            return self.refused(data)
        candidates = chunk.candidates
        if (
            not candidates
            or chunk.error is not UNSET
            or (chunk.promptFeedback is not None and chunk.promptFeedback.blockReason)
        ):
            # no candidate, an error or a (possible) prompt block: rare, the port maps it
            return self.port(data)
        candidate = candidates[0]
        if candidate.finishReason:
            return self._end(data, candidate)
        if not self._parts(candidate):  # a usage-only end depends on the usageMetadata key: the port reads it
            return self.port(data)
        return 0

    def _end(self, data: bytes, candidate: Any) -> int:
        """A chunk that carries the end (once per stream; no error, no prompt block): its parts,
        then the end, whose provider_data is the whole chunk; 1 if it mapped to nothing."""
        finish = candidate.finishReason
        if finish in CANDIDATE_FINISH_ERRORS:  # an in-band refusal: the port maps it
            return self.port(data)
        try:  # read as the port reads it; a usage lm15 would crash on is left to the port
            try:
                payload, strict = _decode(data), True
            except REFUSED:  # not strict JSON (NaN, 1e400, ...): read as json.loads reads it
                payload, strict = load_strict(data)
            usage = gemini_usage(payload.get("usageMetadata"))
        except LM15_CRASHES:
            return self.port(data)
        self._ended(candidate, usage, payload, strict)
        return 0

    def _ended(self, candidate: Any, usage: Any, payload: Any, strict: bool) -> None:
        """The end chunk's parts, then its end (no in-band refusal; the chunk read untyped as
        ``payload``, its usage read). One answer-text part and no logprobs (the common end) is
        mapped inline, as :meth:`_parts` maps it, without its loop."""
        finish = candidate.finishReason
        parts = candidate.content.parts if candidate.content is not None else None
        part = parts[0] if parts is not None and len(parts) == 1 else None
        if (
            part is not None
            and type(part.text) is str
            and not part.thought
            and part.thoughtSignature is None
            and candidate.logprobsResult is None
        ):
            self.sink.text(0, part.text)
        elif self._parts(candidate) > 1:
            self.sink.end("tool_call", usage, payload, strict_json=strict)
            return
        # (the wire's own spellings looked up first: a call of finish_reason is dear)
        reason: Any = FINISH_REASONS.get(finish) or finish_reason(finish)
        self.sink.end(reason, usage, payload, strict_json=strict)

    def _call(self, idx: int, part: Any) -> None:
        """A function-call part that names no call or streams its arguments (Vertex's
        ``partialArgs`` / ``willContinue``), read as lm15 reads any call: a whole call, then its
        signature (``_parts`` maps the common call inline; stream.translate's mapper joins
        Vertex's streamed arguments here)."""
        fc = part.functionCall
        args = {} if fc.args is UNSET else fc.args
        self.sink.tool_input(idx, compact_json(args), fc.id or None, fc.name or None)
        signature = part.thoughtSignature or fc.thoughtSignature
        if signature is not None:
            self.sink.event(signature_event(signature, idx))

    def _parts(self, candidate: Any) -> int:
        """Map a candidate's parts as the port maps them: 0 if none yielded a delta,
        2 if a function call was among them, else 1."""
        result = candidate.logprobsResult
        logprobs = typed_token_logprobs(result) if result is not None else ()  # for the first answer text
        content = candidate.content
        parts = content.parts if content is not None else None
        yielded = 0
        if parts:
            sink = self.sink
            for idx, part in enumerate(parts):
                text = part.text
                if text is not UNSET:
                    yielded = yielded or 1
                    if part.thought:
                        sink.thinking(idx, text or "")
                    elif logprobs:
                        sink.text_with_logprobs(idx, text or "", logprobs)
                        logprobs = ()
                    else:
                        sink.text(idx, text or "")
                    if part.thoughtSignature is not None:
                        sink.event(signature_event(part.thoughtSignature, idx))
                elif part.functionCall is not None:
                    fc = part.functionCall
                    yielded = 2
                    if fc.name and fc.partialArgs is UNSET and fc.willContinue is UNSET:  # a whole call
                        args = {} if fc.args is UNSET else fc.args
                        # a sink that takes a call's decoded arguments (the Assembler: Sink.tool_call_value;
                        # looked up here, not for every candidate: most have only text)
                        whole_call = getattr(sink, "tool_call_value", None)
                        if whole_call is not None:
                            whole_call(idx, args, fc.id or None, fc.name)
                        else:
                            sink.tool_input(idx, compact_json(args), fc.id or None, fc.name)
                        signature = part.thoughtSignature or fc.thoughtSignature
                        if signature is not None:
                            sink.event(signature_event(signature, idx))
                    else:  # nameless, or Vertex's streamed arguments (stream.translate joins them)
                        self._call(idx, part)
                elif part.inlineData is not None:
                    inline = part.inlineData
                    mime = inline.mimeType or "application/octet-stream"
                    if mime.startswith("audio/"):
                        yielded = yielded or 1
                        audio = new(AudioDelta, part_index=idx, data=inline.data or "", media_type=mime)
                        sink.event(replace(_EVENT, delta=audio))
                    elif mime.startswith("image/"):
                        yielded = yielded or 1
                        image = new(ImageDelta, part_index=idx, data=inline.data or "", media_type=mime)
                        sink.event(replace(_EVENT, delta=image))
        return yielded
