"""OpenAI Chat Completions wire, incl. vLLM, SGLang, Groq and the other compatible servers
(lm15 1.5.0 ``providers/openai_chat.py``, ``OpenAIChatLM``, provider string ``"openai-chat"``):
the stream mapper.

Stream: ``parse_stream_events`` (openai_chat.py:2101). Complete body:
``parse_response`` (openai_chat.py:947), in :mod:`lmcodec.providers.openai_chat.body`;
the chunk view in :mod:`lmcodec.providers.openai_chat.views`, lm15's dict code for the
chunks the view refuses in :mod:`lmcodec.providers.openai_chat.port`. See
``notes/providers.md`` §2. The server variant (``compat``) does not affect parsing.

A chunk carrying an end (``finish_reason`` or ``usage``) is also read as a plain
dict, before anything of it is handed on: the whole chunk is the end's
``provider_data``; a chunk whose plain reading fails (an integer of thousands
of digits, ...) goes to the port, which fails on it as lm15 does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final

from lmcodec.errors import StreamDecodeError
from lmcodec.providers._mapper import REFUSED, OnePassMapper, load_strict
from lmcodec.providers.openai.views import typed_token_logprobs
from lmcodec.providers.openai_chat import _lone, port
from lmcodec.providers.openai_chat.body import parse_response
from lmcodec.providers.openai_chat.views import (
    FINISH_REASONS,
    PROVIDER,
    Chunk,
    chunk_decoder,
    error_event,
    named_model,
    typed_usage,
)

__all__ = ["FINISH_REASONS", "PROVIDER", "StreamMapper", "parse_response"]

_PLAIN_FAILURES: Final = (ValueError, RecursionError)


class StreamMapper(OnePassMapper):
    """Maps Chat Completions SSE chunks onto a sink, as lm15's adapter maps them."""

    provider: ClassVar[str] = PROVIDER
    done_ends: ClassVar[bool] = True
    __slots__ = ()

    named_model = staticmethod(named_model)

    @staticmethod
    def read_body(frames: list[bytes]) -> Any:
        """The chunks of a short body read and mapped to its answer in one pass (``_lone.read_body``)."""
        return _lone.read_body(frames)

    def frames(self, datas: list[bytes]) -> int:
        skipped = 0
        n = 0
        # A stream's last frame, "[DONE]", is its bare end (what `refused` makes of it), told before
        # the view refuses it: a refusal raises (~5k instructions, 3% of a one-word stream).
        done = datas[-1] == b"[DONE]" if datas else False
        try:
            for n, data in enumerate(datas[:-1] if done else datas):  # noqa: B007 (n: the failing frame's position)
                skipped += self._frame(data)
        except StreamDecodeError as exc:
            exc.frame = n
            raise
        if done:
            self.sink.end(None, None, None)
        return skipped

    def port_frame(self, payload: Any, out: list[Any]) -> None:
        port.port_frame(payload, out)

    def _chunk(self: StreamMapper, data: bytes, chunk: Chunk | None = None) -> int:
        """Map one chunk; 1 if it mapped to nothing. ``chunk`` is ``data`` already read by a view
        extending :class:`Chunk` (a subclass's ``_frame``: ``stream/_chat_extras.py`` reads its
        fields in the same decode), else it is read here."""
        if chunk is None:
            try:
                chunk = chunk_decoder.decode(data)
            except REFUSED:
                return self.refused(data)
        sink = self.sink
        if chunk.error is not None and type(chunk.error) is dict:
            sink.event(error_event(chunk.error))
            return 0
        choices = chunk.choices
        choice = choices[0] if choices else None
        finish = choice.finish_reason if choice is not None else None
        usage = chunk.usage
        payload, strict = None, False
        if finish or usage is not None:
            try:
                payload, strict = load_strict(data)
            except _PLAIN_FAILURES:
                return self.port(data)
        mapped = False
        if choice is not None:
            delta = choice.delta
            if delta is not None:
                content = delta.content
                reasoning = delta.reasoning_content or delta.reasoning
                if reasoning:
                    mapped = True
                    sink.thinking(0, reasoning)
                if content:
                    mapped = True
                    lp = choice.logprobs
                    if lp is not None and lp.content:
                        sink.text_with_logprobs(0, content, typed_token_logprobs(lp.content))
                    else:
                        sink.text(0, content)
                calls = delta.tool_calls
                if calls:
                    mapped = True
                    for call in calls:
                        fn = call.function
                        if fn is None:
                            sink.tool_input(call.index, "", call.id or None, None)
                        else:
                            sink.tool_input(call.index, fn.arguments or "", call.id or None, fn.name or None)
        if finish:
            usage_value = typed_usage(usage) if usage is not None else None
            sink.end(FINISH_REASONS.get(finish, "stop"), usage_value, payload, strict_json=strict)
        elif usage is not None:
            sink.end(None, typed_usage(usage), payload, strict_json=strict)
        elif not mapped:
            return 1
        return 0

    _frame: ClassVar[Callable[[StreamMapper, bytes], int]] = _chunk
    """What :meth:`frames` calls for each chunk (a subclass reading more of a chunk replaces it)."""
