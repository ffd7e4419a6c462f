"""What :func:`lmcodec.stream.translate` reads of a Chat Completions stream beyond lm15's adapter.

lm15 1.5.0's Chat stream adapter reads ``content``, the reasoning fields and ``tool_calls`` of a
chunk's delta; lmcodec's decoder and assembler keep that reading. Two more fields carry what a
gateway's client must not lose:

- ``delta.refusal``: OpenAI's refusal (its safety refusal, a structured-outputs refusal) streams
  there, not in ``content``. Unread, every client got an empty ``stop`` answer (an Anthropic
  client ``content: []``, whose next turn is refused), where the same refusal non-streamed
  (``message.refusal``) is read as a RefusalPart and written. :class:`ChatExtras` hands each
  fragment to the sink's ``refusal``, which the destination writes as it writes that RefusalPart
  (Chat ``refusal``, Responses a ``refusal`` content part, Anthropic text with ``stop_reason:
  "refusal"``, Gemini text).

The fields are looked for only in a chunk that spells their key (one ``in`` test a chunk), and
read with a view of their own after lm15's reading of the chunk; a chunk whose field the view
refuses (not a string) keeps lm15's reading alone, as does a chunk the typed view refused.
"""

from __future__ import annotations

from typing import Final, Protocol, cast

import msgspec

from lmcodec.providers.openai_chat.stream import StreamMapper
from lmcodec.stream.sink import Sink

__all__ = ["ChatExtras", "RefusalSink"]

_REFUSAL_KEY: Final = b'"refusal"'


class RefusalSink(Sink, Protocol):
    """A sink that also takes a refusal's fragments (the translator's)."""

    def refusal(self, part_index: int, text: str) -> None:
        """A refusal fragment of slot ``part_index`` (a Chat ``delta.refusal``)."""


class _Delta(msgspec.Struct, frozen=True, gc=False):
    refusal: str | None = None


class _Choice(msgspec.Struct, frozen=True, gc=False):
    delta: _Delta | None = None


class _Chunk(msgspec.Struct, frozen=True, gc=False):
    choices: list[_Choice] | None = None


_decoder: Final = msgspec.json.Decoder(_Chunk)


class ChatExtras(StreamMapper):
    """The Chat mapper, also handing a chunk's ``delta.refusal`` to the sink's ``refusal``."""

    __slots__ = ()

    def _chunk(self, data: bytes) -> int:
        skipped = super()._chunk(data)
        if _REFUSAL_KEY not in data:
            return skipped
        try:
            choices = _decoder.decode(data).choices
        except (msgspec.ValidationError, msgspec.DecodeError):
            return skipped
        delta = choices[0].delta if choices else None
        if delta is None or not delta.refusal:
            return skipped
        cast(RefusalSink, self.sink).refusal(0, delta.refusal)
        return 0
