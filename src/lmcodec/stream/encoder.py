"""Canonical StreamEvents -> a provider's SSE bytes, event by event.

The work is done by the provider's ``StreamWriter`` (``providers/<name>/write.py``,
registered in :data:`lmcodec.providers.WRITERS`), one per stream:

- ``feed(event) -> bytes``: what the event writes, as soon as it arrives (a writer
  may hold back at most what its wire must put together: a Gemini chunk's parts,
  signature and finish travel together, a Gemini tool call is written whole);
- ``flush() -> bytes``: what the writer holds that its wire lets it write now
  (Gemini: the pending chunk, unless it holds a call whose arguments may still
  grow; the other writers hold nothing, and say so with ``holds = False``, so
  that :func:`lmcodec.stream.translate` skips the call). :meth:`Encoder.feed_all`
  and :func:`lmcodec.stream.translate` call it at the end of each input chunk, so
  the output of a chunk is written before the next chunk is read;
- ``close() -> bytes``: what ends the stream once the input is exhausted;
- optionally ``write_text(part_index, text)``, ``write_thinking(part_index, text)``
  and ``write_tool_input(part_index, fragment, id, name)``: the bytes ``feed``
  writes for that delta, without the event object, for a stream that has
  started. :func:`lmcodec.stream.translate` calls them where a writer has them.

The rules every writer keeps (``tests/providers/test_write_rules.py`` holds the four to them):

- **After the end.** An event fed after the end event raises
  :class:`lmcodec.ValidationError`: the stream is over, and what follows would make
  a stream no client reads as one response (a caller's mistake, not data to drop).
  After an error event, what follows is dropped: an error ends the stream on
  every wire, and a decoded stream carries the merged end after an in-band
  error (``decode`` yields errors in place and the end at the close), which
  ``encode(dst, decode(src))`` must accept.
- **UnknownEvent** (a frame the source adapter did not know, from
  ``decode(..., unknown="keep")``) is dropped: it is the source wire's JSON, not a
  canonical event, and no writer copies frames it did not build (a Responses
  stream numbers its events). Anything else that is not a StreamEvent raises
  :class:`lmcodec.ValidationError`, and so does an **UnknownDelta** (a delta of an unknown
  type kept by ``decode``): it is canonical content no wire has a form for, which writing
  nothing would lose.
- **Tool calls without an id** (a Gemini source) get one deterministic id per
  dialect: on the free-form wires (Chat Completions, Responses) ``tool_call_<slot>``,
  the id lmcodec's assembler gives the call, so the client and the canonical
  Response of the same stream name it alike; on Anthropic, whose ``tool_use`` ids
  are ``toolu_`` ids unique within a conversation, ``toolu_`` + a digest of the
  message id and the slot; on Gemini none (the wire has none). A call's own id is
  always written verbatim.
- **Tool calls without a name** are refused (:class:`lmcodec.ValidationError` at the call's
  first fragment), as :func:`lmcodec.assemble` refuses them (MAP-9): every wire would carry
  it as a call of the tool ``""``, which a client tries to run or echoes back to an API that
  refuses it. lm15 reads a hosted tool's call (Anthropic's ``server_tool_use``) so; its
  results are not a function call's either. :func:`lmcodec.stream.translate` writes the
  refusal as the destination's error event, except for an Anthropic source, whose unnamed
  calls are its server tools' and are left out (the answer around them written).

Each writer's module says what its wire cannot carry and where the ids, model
and usage it writes come from.

What leaves an Encoder (and :func:`lmcodec.stream.translate`) spells U+0085, U+2028 and
U+2029 as JSON escapes: they are valid raw in a JSON string, but line breaks to
Python's ``str.splitlines``, and an SSE client that splits lines that way (google-genai)
cut an event in two at them. The JSON value is the same.
"""

from __future__ import annotations

import copy
from collections.abc import AsyncIterable, AsyncIterator, Callable, Iterable, Iterator
from typing import Any, TypeVar

import msgspec

from lmcodec.codecs._odd_values import refuse_odd
from lmcodec.errors import EncodeError, LmcodecError, ValidationError
from lmcodec.providers import WRITERS
from lmcodec.providers._errors import unknown_provider
from lmcodec.providers._json import unwritable
from lmcodec.providers._usage_meaning import usage_restatement
from lmcodec.wire import StreamEndEvent, StreamEvent, Usage
from lmcodec.wire.dialects import Provider

__all__ = ["Encoder", "aencode", "encode", "line_safe", "restated_end"]

_NEL = "\x85".encode()
_SEPARATORS = "\u2028".encode()[:2]  # U+2028 and U+2029 share their first two bytes


def line_safe(data: bytes) -> bytes:
    """``data`` with U+0085, U+2028 and U+2029 written as JSON escapes (they occur only inside
    JSON strings of SSE bytes, where the escape is the same character).

    ASCII bytes hold none of them; otherwise ``find``, not ``in``: ``bytes.__contains__`` first
    tries its argument as an int and formats the TypeError it catches (~1,700 instructions)."""
    if data.isascii():
        return data
    if data.find(_NEL) >= 0:
        data = data.replace(_NEL, b"\\u0085")
    if data.find(_SEPARATORS) >= 0:
        data = data.replace("\u2028".encode(), b"\\u2028").replace("\u2029".encode(), b"\\u2029")
    return data


_AFTER_CLOSE = "lc.stream.Encoder fed after close(): one Encoder writes one stream"
_AFTER_FAILURE = (
    "lc.stream.Encoder used after an EncodeError: the refused event was half written, and what "
    "followed would be a stream no client reads (the first error: {})"
)


class Encoder:
    """Writes one stream in ``provider``'s dialect: ``feed(event)`` gives SSE bytes, ``close()`` the end.

    ``include_usage`` is the Chat Completions client's ``stream_options.include_usage``: without
    it OpenAI sends no ``choices: []`` usage chunk, and neither does the Chat writer. The other
    wires carry the usage in their end frame and write it either way.

    ``usage_from`` is the dialect the events were decoded from, where it is not ``provider``: the
    end's token counts, which keep the source's meaning (Anthropic's input count leaves out the
    cache reads and writes the others count in it; Gemini's output count leaves out the thoughts
    the others count in it), are written in ``provider``'s meaning, as ``translate`` writes them
    (docs/writers.md, "Usage"). ``None`` writes the counts as the Usage holds them. One Encoder per stream: a
    :meth:`feed` or :meth:`feed_all` after :meth:`close` raises :class:`lmcodec.ValidationError`
    (an Encoder closed before any event would otherwise write a whole second stream).

    After an :class:`lmcodec.EncodeError` (a string no UTF-8 JSON carries, a value the wire
    cannot hold) the Encoder is spent, as a Decoder is after its StreamDecodeError: every later
    :meth:`feed`, :meth:`feed_all`, :meth:`flush` and :meth:`close` raises an EncodeError naming
    the first. The writer had begun the refused event (a block opened, an output index taken, a
    Gemini chunk held), and what it wrote next was a stream the SDKs fail on or read short (red
    team 48 F04). A gateway ends the client's stream there, as :func:`lmcodec.stream.translate`
    does.

    ``copy.copy`` gives an independent Encoder, as ``copy.deepcopy`` and pickle do (the writer's
    state copied, not shared: red team 48 F03)."""

    def __init__(
        self, provider: Provider, *, include_usage: bool = True, usage_from: Provider | None = None
    ) -> None:
        cls = WRITERS.get(provider) if isinstance(provider, str) else None
        if cls is None:
            raise unknown_provider(provider, WRITERS)
        if not isinstance(include_usage, bool):
            raise ValidationError(f"include_usage must be a bool, not {type(include_usage).__name__}")
        restate: Callable[[Usage], Usage] | None = None
        if usage_from is not None:
            if not isinstance(usage_from, str) or usage_from not in WRITERS:
                raise ValidationError(
                    f"unknown usage_from {usage_from!r}; expected None or one of {sorted(WRITERS)}"
                )
            restate = usage_restatement(usage_from, provider)
        self._provider: Provider = provider  # (annotated: an inferred attribute type drops the Literal)
        self._writer: Any = cls() if include_usage or provider != "openai_chat" else cls(include_usage=False)
        # what events are fed to: the writer, or (told a source of another meaning) the writer
        # behind the usage restatement; chosen once, so an Encoder without one pays nothing per event
        self._feeder: Any = self._writer if restate is None else _UsageRestating(self._writer, restate)
        self._closed = False  # (also after an EncodeError: the one test of feed and feed_all)
        self._failure: EncodeError | None = None  # the first EncodeError: every later call refused

    def __copy__(self) -> Encoder:
        return copy.deepcopy(self)

    @property
    def provider(self) -> Provider:
        """The dialect this Encoder writes (as given: one of :data:`lmcodec.Provider`)."""
        return self._provider

    @property
    def writer(self) -> Any:
        """The provider's StreamWriter (what :func:`lmcodec.stream.translate` hands the mapper's calls to)."""
        return self._writer

    def feed(self, event: StreamEvent) -> bytes:
        """The SSE bytes ``event`` writes now, possibly ``b""``: a writer holds what its wire
        must put together (Gemini's writer holds each chunk's parts until the next event or the
        end, and a tool call until it is whole), so write what each call returns, empty or not;
        :meth:`feed_all` (or :meth:`flush`) writes what is held at the end of an input chunk. An
        event after the end event, an :class:`~lmcodec.UnknownDelta`, or anything but a
        StreamEvent raises :class:`lmcodec.ValidationError`; an UnknownEvent writes nothing."""
        if self._closed:
            raise self._refusal()
        try:
            return line_safe(self._feeder.feed(event))
        except UnicodeEncodeError as exc:
            raise self._failing(unwritable(exc, self._provider)) from None
        except (TypeError, AttributeError, KeyError) as exc:  # an event changed past its checks
            if isinstance(exc, EncodeError):  # (a value the writer refused: an EncodeError is a TypeError)
                self._failing(exc)
            refuse_odd(event, "event")
            raise

    def _failing(self, exc: EncodeError) -> EncodeError:
        """``exc``, kept as the reason every later call is refused."""
        self._failure = exc
        self._closed = True
        return exc

    def _refusal(self) -> LmcodecError:
        """The error of a call after :meth:`close` or after an EncodeError."""
        if self._failure is None:
            return ValidationError(_AFTER_CLOSE)
        refusal = EncodeError(_AFTER_FAILURE.format(self._failure))
        refusal.__cause__ = self._failure
        return refusal

    def flush(self) -> bytes:
        """What the writer holds that its wire lets it write now (see the module's rules)."""
        if self._failure is not None:
            raise self._refusal()
        try:
            return line_safe(self._writer.flush())
        except UnicodeEncodeError as exc:
            raise self._failing(unwritable(exc, self._provider)) from None

    def feed_all(self, events: Iterable[StreamEvent]) -> bytes:
        """The bytes of the events one input chunk gave (e.g. ``Decoder.feed(chunk)``), all of them
        written now: each event fed, then :meth:`flush`."""
        if self._closed:
            raise self._refusal()
        feed = self._feeder.feed
        try:
            out = [feed(event) for event in events]
            out.append(self._writer.flush())
        except UnicodeEncodeError as exc:
            raise self._failing(unwritable(exc, self._provider)) from None
        except (TypeError, AttributeError, KeyError) as exc:  # an event changed past its checks
            if isinstance(exc, EncodeError):
                self._failing(exc)
            for event in events if isinstance(events, (list, tuple)) else ():  # (an iterator is spent)
                refuse_odd(event, "event")
            raise
        return line_safe(b"".join(out))

    def close(self) -> bytes:
        """What is left once the events are exhausted (call it once, at the end, and write it).

        After an end or error event: ``b""``, the end already written by :meth:`feed`. A stream
        cut short (no end event) is left without an end, as it came: Gemini's writer gives its
        held chunk, Anthropic's the held arguments of an open tool block, Chat and Responses
        nothing (no ``[DONE]``, no ``response.completed``). The Encoder is spent: a later
        :meth:`feed` raises :class:`lmcodec.ValidationError`. After an EncodeError it raises one
        naming it (the class's docstring)."""
        if self._failure is not None:
            raise self._refusal()
        self._closed = True
        try:
            return line_safe(self._writer.close())
        except UnicodeEncodeError as exc:
            raise self._failing(unwritable(exc, self._provider)) from None
        except EncodeError as exc:
            self._failing(exc)
            raise


_Event = TypeVar("_Event", bound=StreamEvent)


def restated_end(event: _Event, restate: Callable[[Usage], Usage]) -> _Event:
    """``event`` with its usage restated, if it is an end that has one."""
    if isinstance(event, StreamEndEvent) and event.usage is not None:
        restated: _Event = msgspec.structs.replace(event, usage=restate(event.usage))
        return restated
    return event


class _UsageRestating:
    """A writer's ``feed`` given each end event with its usage restated (:class:`Encoder`'s
    ``usage_from``)."""

    __slots__ = ("_feed", "_restate")

    def __init__(self, writer: Any, restate: Callable[[Usage], Usage]) -> None:
        self._feed: Callable[[StreamEvent], bytes] = writer.feed
        self._restate = restate

    def feed(self, event: StreamEvent) -> bytes:
        return self._feed(restated_end(event, self._restate))


def encode(
    provider: Provider, events: Iterable[StreamEvent], *, usage_from: Provider | None = None
) -> Iterator[bytes]:
    """The SSE bytes of ``events`` in ``provider``'s dialect, one chunk per event that writes any.

    Each event is one input: a Gemini chunk is written when the next event shows it complete
    (one event of delay). To write everything an input chunk gave at once, feed its events to
    :meth:`Encoder.feed_all` (what :func:`lmcodec.stream.translate` does). ``usage_from``: the
    dialect the events were decoded from (:class:`Encoder`)."""
    encoder = Encoder(provider, usage_from=usage_from)
    for event in events:
        out = encoder.feed(event)
        if out:
            yield out
    tail = encoder.close()
    if tail:
        yield tail


async def aencode(
    provider: Provider, events: AsyncIterable[StreamEvent], *, usage_from: Provider | None = None
) -> AsyncIterator[bytes]:
    """The async twin of :func:`encode`."""
    encoder = Encoder(provider, usage_from=usage_from)
    async for event in events:
        out = encoder.feed(event)
        if out:
            yield out
    tail = encoder.close()
    if tail:
        yield tail
