"""What :func:`lmcodec.stream.translate` reads of a Chat Completions stream beyond lm15's adapter.

lm15 1.5.0's Chat stream adapter reads ``content``, the reasoning fields and ``tool_calls`` of a
chunk's delta; lmcodec's decoder and assembler keep that reading. Five more fields carry what a
gateway's client must not lose:

- ``delta.refusal``: OpenAI's refusal (its safety refusal, a structured-outputs refusal) streams
  there, not in ``content``. Unread, every client got an empty ``stop`` answer (an Anthropic
  client ``content: []``, whose next turn is refused), where the same refusal non-streamed
  (``message.refusal``) is read as a RefusalPart and written. :class:`ChatExtras` hands each
  fragment to the sink's ``refusal``, which the destination writes as it writes that RefusalPart
  (Chat ``refusal``, Responses a ``refusal`` content part, Anthropic text with ``stop_reason:
  "refusal"``, Gemini text).
- ``delta.thinking_blocks``: Anthropic's signed thinking, as LiteLLM and lmcodec's own Chat writer
  stream it (``providers/openai_chat/_thinking_blocks.py``) from a backend fronting Claude. Unread,
  every signature was lost and Claude refused the client's next tool turn. A signed entry is
  handed on as the Anthropic ``thinking_signature`` state of the thinking streamed before it
  (``reasoning_content``), a redacted entry as a ``redacted_thinking`` state; after either, the
  thinking that follows goes to the next slot (the sink's ``next_thinking``), so each Anthropic
  block is a block (a reasoning item) of its own, as Claude issued it. An entry without a
  signature (LiteLLM's copy of each thinking fragment) is the ``reasoning_content`` beside it.

- ``delta.audio``: an audio answer (``modalities: ["text", "audio"]``): an ``{id, transcript}``
  fragment, then ``{data}`` fragments (base64), the last with ``expires_at``; ``content`` stays
  ``null``. Unread, a Chat client got an empty ``stop`` answer and nothing said so. Each fragment is
  handed to the sink's ``chat_audio`` as it came: a Chat writer writes it as its ``delta.audio``
  (the openai SDK's ``ChoiceDelta.audio``); another dialect has no form for it (the data's format is
  the request's ``audio.format``, which the stream does not name), so its stream ends with an error
  naming the audio (docs/writers.md, "A Chat audio answer, a Chat source's annotations").

- ``delta.function_call``: the legacy form of a call (a backend sent ``functions=``; OpenAI still
  serves it), ``finish_reason: "function_call"``, which lm15 reads as a ``tool_call`` end with no
  call. Unread, every client got an empty answer (red team 44 F02). Each fragment is handed to the
  sink's ``chat_function_call``: a Chat writer writes it as its ``delta.function_call``, as it came
  (the openai SDK's ``message.function_call``); another client's writer gets it as a call without
  an id (named ``tool_call_<slot>`` as lmcodec names one) at a slot of its own, beside the answer's
  ``tool_calls`` (red team 45 F02: at slot 0 it joined the call there), its tool call
  (docs/writers.md, "A Chat legacy ``function_call``").

- ``delta.annotations``: a search model's ``url_citation`` annotations (a url, a title and
  character offsets into the content). Unread, a Chat client's message had none (red team 14 F11).
  Each list is handed to the sink's ``chat_annotations`` as it came: a Chat writer writes it as its
  ``delta.annotations``; other dialects leave it out, as before (their citations cannot carry
  offsets into a Chat content; docs/writers.md, "A Chat audio answer, a Chat source's annotations").

The fields are looked for only in a chunk that spells their key (a ``refusal`` other than
``null``: OpenAI sends ``"refusal": null`` in every logprobs object), and
read with a view of their own after lm15's reading of the chunk; a chunk whose field the view
refuses (not a string, not a list of blocks) keeps lm15's reading alone, as does a chunk the typed
view refused. A chunk is read once, by :class:`_ExtrasChunk` (the mapper's view with each
choice's ``index`` and the five fields): the mapper maps that reading, and the scans of the bytes
(another choice's index, the fields' keys) run only on a chunk whose reading names another choice
or a field (red team 39 F05: they cost a translate from Chat more than the mapper did). A chunk
that view refuses is read as before: the scans, the mapper's view (or its port), then the fields'
view. ``decode_response`` keeps lm15's reading of a Chat body (its ``thinking_blocks``
unread: lm15 parity); a non-streamed gateway that names the source gets them from encode_response
(``usage_from="openai_chat"``, ``providers/openai_chat/_thinking_blocks.answer_thinking``).
"""

from __future__ import annotations

from typing import Any, Final, Protocol, cast

import msgspec

from lmcodec.providers._mapper import REFUSED
from lmcodec.providers.openai_chat.stream import StreamMapper
from lmcodec.providers.openai_chat.views import Chunk, ChunkChoice, ChunkDelta
from lmcodec.stream.sink import Sink
from lmcodec.wire import ContinuationDelta, StreamDeltaEvent
from lmcodec.wire._float_literals import float_literal

__all__ = ["ChatExtras", "ExtrasSink"]

_REFUSAL_KEY: Final = b'"refusal"'
_BLOCKS_KEY: Final = b'"thinking_blocks"'
_AUDIO_KEY: Final = b'"audio"'
_ANNOTATIONS_KEY: Final = b'"annotations"'
_FUNCTION_CALL_KEY: Final = b'"function_call"'
_INDEX_KEY: Final = b'"index":'
_FIRST: Final = (None, 0, "0")
"""A first choice's ``index``: absent, 0 (0.0 and False compare equal), or the text the SDK reads as 0."""


class ExtrasSink(Sink, Protocol):
    """A sink that also takes what :class:`ChatExtras` reads (the translator's)."""

    def refusal(self, part_index: int, text: str) -> None:
        """A refusal fragment of slot ``part_index`` (a Chat ``delta.refusal``)."""

    def next_thinking(self) -> None:
        """The thinking that follows goes to the next slot (a thinking block of its own)."""

    def chat_audio(self, audio: dict[str, Any]) -> None:
        """One ``delta.audio`` fragment of a Chat answer, as it came."""

    def chat_function_call(self, call: dict[str, str]) -> None:
        """One ``delta.function_call`` fragment of a Chat answer (its ``name`` and ``arguments``)."""

    def chat_annotations(self, annotations: list[dict[str, Any]]) -> None:
        """One ``delta.annotations`` list of a Chat answer (``url_citation`` entries), as it came."""

    def other_choice(self, index: Any) -> None:
        """The backend streams a choice other than the first (``index``, the request's ``n > 1``)."""


class _Block(msgspec.Struct, frozen=True, gc=False):
    type: str = ""
    signature: str | None = None
    data: str | None = None


class _LegacyCall(msgspec.Struct, frozen=True, gc=False):
    """A ``delta.function_call`` fragment (the legacy form of an answer to ``functions=``)."""

    name: str | None = None
    arguments: str | None = None


class _Delta(msgspec.Struct, frozen=True, gc=False):
    function_call: _LegacyCall | None = None
    refusal: str | None = None
    thinking_blocks: list[_Block] | None = None
    audio: dict[str, Any] | None = None
    annotations: list[dict[str, Any]] | None = None


class _Choice(msgspec.Struct, frozen=True, gc=False):
    delta: _Delta | None = None


class _ContentDelta(msgspec.Struct, frozen=True, gc=False):
    """What a choice's delta may carry of an answer (a finish-only chunk carries none of it)."""

    content: Any = None
    tool_calls: Any = None
    function_call: Any = None
    refusal: Any = None
    reasoning_content: Any = None
    reasoning: Any = None
    thinking_blocks: Any = None
    audio: Any = None
    annotations: Any = None

    def carries(self) -> bool:
        return any(
            value not in (None, "", [])
            for value in (
                self.content,
                self.tool_calls,
                self.function_call,
                self.refusal,
                self.reasoning_content,
                self.reasoning,
                self.thinking_blocks,
                self.audio,
                self.annotations,
            )
        )


class _IndexedChoice(msgspec.Struct, frozen=True, gc=False):
    index: Any = None
    delta: _ContentDelta | None = None

    def carries(self) -> bool:
        return self.delta is not None and self.delta.carries()


class _IndexedChunk(msgspec.Struct, frozen=True, gc=False):
    choices: list[_IndexedChoice] | None = None


class _Chunk(msgspec.Struct, frozen=True, gc=False):
    choices: list[_Choice] | None = None


class _ExtrasDelta(ChunkDelta, frozen=True, gc=False):
    function_call: _LegacyCall | None = None
    refusal: str | None = None
    thinking_blocks: list[_Block] | None = None
    audio: dict[str, Any] | None = None
    annotations: list[dict[str, Any]] | None = None


class _ExtrasChoice(ChunkChoice, frozen=True, gc=False):
    index: Any = None
    delta: _ExtrasDelta | None = None


class _ExtrasChunk(Chunk, frozen=True, gc=False):
    """The mapper's view of a chunk with each choice's ``index`` and the delta's five fields: the
    one decode of a chunk it takes (its fields typed as :class:`_Chunk` types them)."""

    choices: list[_ExtrasChoice] | None = None


_decoder: Final = msgspec.json.Decoder(_Chunk, float_hook=float_literal)
_extras_decoder: Final = msgspec.json.Decoder(_ExtrasChunk, float_hook=float_literal)
_indexed_decoder: Final = msgspec.json.Decoder(_IndexedChunk, float_hook=float_literal)


def _spells_a_refusal(data: bytes) -> bool:
    """Whether a ``"refusal"`` key of ``data`` has a value other than ``null``: OpenAI writes
    ``"refusal": null`` in a first delta and in every ``logprobs`` object, which need no second read."""
    at = data.find(_REFUSAL_KEY)
    while at >= 0:
        after = data[at + len(_REFUSAL_KEY) : at + len(_REFUSAL_KEY) + 16].lstrip()
        if not (after[:1] == b":" and after[1:].lstrip().startswith(b"null")):
            return True
        at = data.find(_REFUSAL_KEY, at + len(_REFUSAL_KEY))
    return False


def _spells_extras(data: bytes) -> bool:
    """Whether ``data`` spells a key of the five fields (a refusal other than ``null``)."""
    # find, not `in`: bytes.__contains__ tries an int first (stream/encoder.py's line_safe)
    return (
        data.find(_BLOCKS_KEY) >= 0
        or data.find(_AUDIO_KEY) >= 0
        or data.find(_ANNOTATIONS_KEY) >= 0
        or data.find(_FUNCTION_CALL_KEY) >= 0
        or _spells_a_refusal(data)
    )


class ChatExtras(StreamMapper):
    """The Chat mapper, also handing a chunk's ``delta.refusal``, ``delta.thinking_blocks``,
    ``delta.audio`` and ``delta.annotations`` on."""

    __slots__ = ("_thinking_slot",)

    def __init__(self, model: str | None, sink: Sink, keep_unknown: bool = False) -> None:
        super().__init__(model, sink, keep_unknown)
        self._thinking_slot = 0  # the slot the thinking streamed now goes to (the sink's)

    def _other_choice(self, data: bytes) -> Any:
        """The index of a choice of ``data`` other than the first (1 for a second choice without
        one), or None. Only a chunk spelling an ``"index":`` other than ``0`` is decoded (tool
        calls' indexes included): an ``n = 1`` stream's chunks spell ``"index":0``."""
        at = data.find(_INDEX_KEY)
        while at >= 0:
            at += len(_INDEX_KEY)
            if data[at : at + 1] != b"0" or data[at + 1 : at + 2].isdigit():
                break
            at = data.find(_INDEX_KEY, at)
        else:
            return None
        try:
            choices = _indexed_decoder.decode(data).choices
        except REFUSED:  # RecursionError too: a value nested past msgspec's bound
            return None
        if not choices:
            return None
        # A choice that carries nothing of an answer (a finish chunk spelling index 1, null, "0":
        # written as the one choice's finish, tests/providers/test_write_openai_chat.py) is not
        # another answer; one that carries text, calls, thinking, audio... is.
        first = choices[0]
        if first.index not in _FIRST and first.carries():  # the SDK reads "0" and 0.0 as the first
            return first.index
        others = [choice.index for choice in choices[1:] if choice.carries()]
        if not others:
            return None
        named = [index for index in others if index not in _FIRST]
        return named[0] if named else 1

    def _frame(self, data: bytes) -> int:
        try:
            viewed = _extras_decoder.decode(data)
        except REFUSED:
            return self._chunk_apart(data)
        choices = viewed.choices
        # Only a reading naming another choice can be one (_other_choice's scan then decides, as
        # for a chunk read apart): one choice at the first index never is.
        if choices and (len(choices) > 1 or choices[0].index not in _FIRST):
            other = self._other_choice(data)
            if other is not None:
                cast(ExtrasSink, self.sink).other_choice(other)
                return 0
        skipped = self._chunk(data, viewed)
        delta = choices[0].delta if choices else None
        if (
            delta is None
            or not (
                delta.refusal
                or delta.thinking_blocks
                or delta.audio
                or delta.annotations
                or delta.function_call
            )
            or not _spells_extras(data)
        ):
            return skipped
        return self._extras(delta, skipped)

    def _chunk_apart(self, data: bytes) -> int:
        """A chunk :class:`_ExtrasChunk` refuses: the scans, the mapper's own reading (its view or
        its port), then the fields' view, each on its own."""
        other = self._other_choice(data)
        if other is not None:  # lm15's reading would put its text into the first choice's
            cast(ExtrasSink, self.sink).other_choice(other)
            return 0
        skipped = self._chunk(data)
        if not _spells_extras(data):
            return skipped
        try:
            choices = _decoder.decode(data).choices
        except REFUSED:  # RecursionError too: a value nested past msgspec's bound
            return skipped
        delta = choices[0].delta if choices else None
        if delta is None:
            return skipped
        return self._extras(delta, skipped)

    def _extras(self, delta: _Delta | _ExtrasDelta, skipped: int) -> int:
        """Hand the five fields of a chunk's first delta on; 0 if any was, else ``skipped``."""
        sink = cast(ExtrasSink, self.sink)
        call = delta.function_call
        if call is not None and (call.name or call.arguments):
            skipped = 0
            fields = (("name", call.name), ("arguments", call.arguments))
            sink.chat_function_call({key: value for key, value in fields if value is not None})
        if delta.refusal:
            skipped = 0
            sink.refusal(0, delta.refusal)
        if delta.audio:
            skipped = 0
            sink.chat_audio(delta.audio)
        if delta.annotations:
            skipped = 0
            sink.chat_annotations(delta.annotations)
        for block in delta.thinking_blocks or ():
            if block.type == "thinking" and block.signature:
                state = ContinuationDelta(
                    part_index=self._thinking_slot,
                    provider="anthropic",
                    kind="thinking_signature",
                    data={"signature": block.signature},
                )
            elif block.type == "redacted_thinking" and block.data:
                state = ContinuationDelta(
                    part_index=self._thinking_slot,
                    provider="anthropic",
                    kind="redacted_thinking",
                    data={"data": block.data},
                )
            else:  # LiteLLM's unsigned copy of a thinking fragment: the reasoning_content beside it
                continue
            skipped = 0
            sink.event(StreamDeltaEvent(delta=state))
            sink.next_thinking()
            self._thinking_slot += 1
        return skipped
