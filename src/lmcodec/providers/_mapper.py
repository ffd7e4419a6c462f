"""What every provider's stream mapper shares: the sink hand-off, the fast-path/port rule, unknown frames.

Two paths map a frame (one SSE event's ``data``):

- the **typed path**: the bytes are decoded once, by a ``msgspec.json.Decoder``
  built at import, into small view Structs that declare only what lm15 reads,
  with types strict enough that every frame they accept maps exactly as lm15's
  dict code maps it. Each view Struct has its handler; the hottest delta is
  mapped inline in :meth:`MapperBase.frames`. Its content goes straight to the
  :class:`~lmcodec.providers._sink.Sink`.
- the **port** (``port_frame``, in ``providers/<name>/port.py``): lm15's
  ``parse_stream_events`` line for line over plain values, with the checked
  constructors, for a frame the views refuse (an unknown type, a field of an
  unexpected JSON type, a value lm15 coerces with ``str()``/``int()``, malformed
  JSON). Real provider streams almost never take it.

:meth:`MapperBase.port` is the only place where an exception lm15 would crash
with (``ValueError``, ``TypeError``, ``AttributeError``, ``KeyError``,
``IndexError``, ``OverflowError``, ``RecursionError``) becomes a
:class:`StreamDecodeError`; the typed path is not wrapped, so a bug in it shows
as the bug it is. The error is raised, with ``frame`` set to the frame's
position in the batch :meth:`MapperBase.frames` was mapping (the decoder turns
it into the stream position).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, ClassVar, Final

import msgspec

from lmcodec.codecs._odd_values import checked_model
from lmcodec.errors import StreamDecodeError
from lmcodec.providers._json import load_frame
from lmcodec.providers._sink import Sink
from lmcodec.providers._unknown import is_unknown
from lmcodec.wire import ContinuationDelta, Part, Request, StreamDeltaEvent, StreamStartEvent, Usage
from lmcodec.wire._float_literals import decode_any
from lmcodec.wire.telemetry import FinishReason
from lmcodec.wire.unknown import UnknownEvent

__all__ = [
    "LM15_CRASHES",
    "NO_USAGE",
    "REFUSED",
    "SHORT_FRAME_BYTES",
    "EndFrame",
    "LoneAnswer",
    "MapperBase",
    "OnePassMapper",
    "continuation_event",
    "load_strict",
    "new",
    "replace",
    "wire_model",
]

new: Final[Callable[..., Any]] = msgspec.StructMeta.__call__
"""Build a wire Struct without the lm15-style checks of its class call.

Only for values whose types the typed views already guarantee; the port
constructs through the class call, which checks like lm15 does."""

replace: Final[Callable[..., Any]] = msgspec.structs.replace
"""Copy a template Struct with some fields changed (about 3x faster than a keyword construction)."""

_EVENT: Final = new(StreamDeltaEvent, delta=new(ContinuationDelta, provider="", kind="", data={}))

NO_USAGE: Final = new(Usage)
"""The all-``None`` Usage: ``replace(NO_USAGE, **counts)`` is ``new(Usage, **counts)`` (its
``__post_init__`` run too), about twice as fast (a keyword call of ``StructMeta.__call__`` goes
through its slot wrapper)."""

REFUSED: Final = (msgspec.ValidationError, msgspec.DecodeError, RecursionError)
"""What a typed view's decoder raises on a frame it refuses (the frame then goes to the port)."""

LM15_CRASHES: Final = (
    ValueError,
    TypeError,
    AttributeError,
    KeyError,
    IndexError,
    OverflowError,
    RecursionError,
)
"""What lm15's dict code raises on a frame it cannot read (and what the port therefore raises)."""


_INT_DIGITS: Final[int] = getattr(sys, "get_int_max_str_digits", lambda: 0)()
"""The longest integer literal ``json.loads`` reads (CPython's int string limit; 0: no limit)."""

_DIGIT_BLOCK: Final = (_INT_DIGITS + 2) // 2
"""A run of more than ``_INT_DIGITS`` digits holds a whole block of this size at a multiple of it."""

SHORT_FRAME_BYTES: Final[int] = _INT_DIGITS or sys.maxsize
"""A frame of at most this many bytes holds no integer literal ``json.loads`` refuses (tested
inline before :func:`has_long_digit_run`: a call costs more than the test)."""


def load_strict(data: bytes) -> tuple[Any, bool]:
    """A frame's JSON value as :func:`load_frame` reads it, and whether msgspec read it: then
    it is strict JSON (str keys, finite numbers), which the assembler need not walk again."""
    try:
        return decode_any(data), True
    except (msgspec.DecodeError, RecursionError):
        return load_frame(data), False


def has_long_digit_run(data: bytes) -> bool:
    """True when ``data`` may hold an integer literal ``json.loads`` refuses (more digits than
    ``_INT_DIGITS``): some block of ``_DIGIT_BLOCK`` bytes at a multiple of it is all digits.
    Linear, one C-level test per block; a digit run inside a string also counts (the port,
    lm15's own reading, then decides). A block is copied out and tested only when its first and
    last bytes are digits (two indexes): a long frame of base64 or text copied ~2% of itself,
    not all of it (red team 39 F03: 2.2M instructions of a 1 MB image)."""
    if not _INT_DIGITS or len(data) <= _INT_DIGITS:
        return False
    block = _DIGIT_BLOCK
    last = block - 1
    return any(
        48 <= data[i] <= 57 and 48 <= data[i + last] <= 57 and data[i : i + block].isdigit()
        for i in range(0, len(data) - last, block)
    )


def _is_strict_json(data: bytes) -> bool:
    """True when msgspec reads ``data`` (no NaN/Infinity, no out-of-range number, no lone surrogate)."""
    try:
        decode_any(data)
    except (msgspec.DecodeError, RecursionError):
        return False
    return True


def usage_of(**counts: Any) -> Usage:
    """``Usage(**counts)``, built without the class call when every count is ``None`` or a
    non-negative ``int`` (what its checks accept unchanged); else the class call, which
    coerces or refuses as lm15 does."""
    for value in counts.values():
        if value is not None and (type(value) is not int or value < 0):
            return Usage(**counts)
    usage: Usage = replace(NO_USAGE, **counts)
    return usage


def continuation_event(part_index: int, provider: str, kind: str, data: dict[str, Any]) -> Any:
    """A ContinuationDelta event from typed values."""
    delta = new(ContinuationDelta, part_index=part_index, provider=provider, kind=kind, data=data)
    return replace(_EVENT, delta=delta)


LoneAnswer = tuple[tuple[Part, ...], FinishReason, Usage, "dict[str, Any] | None", "str | None", "str | None"]
"""What a short body said, as :meth:`MapperBase.lone_answer` reads it: the message's parts (one a
slot, each with its slot's continuation states, as the Assembler builds them), its end's finish
reason, usage and ``provider_data`` (read by msgspec: strict JSON; None for a bare end), and the id
and model its start frame named (None, None for a wire without one: the model is then the
stream's). A plain tuple: a NamedTuple's construction is a Python call."""


class EndFrame:
    """An end event as the port builds it, before the sink merges it (``Sink.end``'s arguments)."""

    __slots__ = ("finish_reason", "provider_data", "usage")

    def __init__(self, finish_reason: str | None, usage: Usage | None, provider_data: Any) -> None:
        self.finish_reason = finish_reason
        self.usage = usage
        self.provider_data = provider_data


def wire_model(request: Request | None, provider: str) -> str | None:
    """lm15 ``BaseProviderLM._wire_request(request).model``: the request model
    without a ``"<provider>:"`` prefix naming this adapter (``_`` read as ``-``). A model that is
    no non-empty str (a Request changed past its checks) is a ValidationError at ``$.model``."""
    if request is None:
        return None
    model = checked_model(request, "request")
    if ":" not in model:  # (no prefix: what the partition below returns)
        return model
    head, sep, rest = model.partition(":")
    if sep and rest and head.replace("_", "-") == provider.replace("_", "-"):
        return rest
    return model


class MapperBase:
    """A provider's stream mapper: :meth:`frames` maps SSE ``data`` payloads onto :attr:`sink`.

    ``model`` is the request model without this adapter's ``"<provider>:"``
    prefix (the adapters' own fallbacks read it); ``generic`` counts the frames
    the port mapped; ``unknown`` counts frames of an event type the adapter
    does not know (see :mod:`lmcodec.providers._unknown`), which are handed on
    as :class:`lmcodec.UnknownEvent` when ``keep_unknown``.
    """

    provider: ClassVar[str] = ""
    done_ends: ClassVar[bool] = False  # the OpenAI wires end a stream with a "[DONE]" frame
    reads_lone_answers: ClassVar[bool] = False  # lone_answer reads a short body (Gemini, Anthropic, Chat)
    known_types: ClassVar[frozenset[str] | None] = None  # the event types the adapter knows (_unknown)
    __slots__ = ("generic", "keep_unknown", "model", "sink", "unknown")

    def __init__(self, model: str | None, sink: Sink, keep_unknown: bool = False) -> None:
        self.model = model
        self.sink = sink
        self.keep_unknown = keep_unknown
        self.generic = 0
        self.unknown = 0

    def frames(self, datas: list[bytes]) -> int:
        """Map the payloads in order; return how many mapped to nothing. A frame lm15
        would crash on raises :class:`StreamDecodeError` (``frame``: its position in ``datas``)."""
        raise NotImplementedError

    def map_frames(self, datas: list[bytes]) -> int:
        """:meth:`frames`, but a frame that may hold an integer of more digits than ``json.loads``
        reads goes to the port: the typed views skip fields they do not declare, so such an
        integer there would pass where lm15's ``json.loads`` of the frame raises ValueError."""
        # (measured: one frame's len() is a quarter of max(map(...)), max's default= keyword 2k)
        n = len(datas)
        longest = len(datas[0]) if n == 1 else max(map(len, datas)) if n else 0
        if not _INT_DIGITS or longest <= _INT_DIGITS:
            return self.frames(datas)
        skipped, start = 0, 0
        for i, data in enumerate(datas):
            if has_long_digit_run(data):
                skipped += self._frames_from(datas[start:i], start)
                try:
                    skipped += self.port(data)
                except StreamDecodeError as exc:
                    exc.frame = i
                    raise
                start = i + 1
        return skipped + self._frames_from(datas[start:], start)

    def map_body(self, datas: list[bytes]) -> int:
        """:meth:`map_frames` of the frames of a body held whole (``engine.map_whole``), every
        frame complete: a mapper may read the frame that ends such a body its own way."""
        return self.map_frames(datas)

    def _frames_from(self, datas: list[bytes], offset: int) -> int:
        if not datas:
            return 0
        try:
            return self.frames(datas)
        except StreamDecodeError as exc:
            exc.frame = (exc.frame or 0) + offset
            raise

    @staticmethod
    def read_last(last: bytes) -> Any:
        """The last frame of a body held whole read as :meth:`map_body` would read it, handed to
        :meth:`map_read_body` (a mapper that sets ``reads_lone_answers`` reads it; the default
        reads nothing)."""
        return None

    @classmethod
    def lone_chunk(cls, data: bytes, stream_request: Request | None, request: Request | None) -> Any:
        """A body of one frame ``data`` (``stream/_lone.lone_frames``' cut), for
        ``lc.assemble(lc.stream.decode(p, [body], request=stream_request), request=request)``: a
        Response where the mapper builds that body's straight in the pass that reads it (Gemini's
        common answer), else its reading by :meth:`read_last` (the default), which the decoder
        hands to :meth:`lone_answer` and, failing that, to :meth:`map_read_body`."""
        return cls.read_last(data)

    @classmethod
    def read_body(cls, frames: list[bytes]) -> Any:
        """The frames of a body held whole read for :meth:`lone_answer` and :meth:`map_read_body`
        (the default: the last frame, by :meth:`read_last`)."""
        return cls.read_last(frames[-1])

    def map_read_body(self, datas: list[bytes], read: Any) -> int:
        """:meth:`map_body`, the frames read already by :meth:`read_body` or the last by
        :meth:`read_last` (as ``read``)."""
        return self.map_body(datas)

    @staticmethod
    def lone_answer(read: Any, n_frames: int) -> LoneAnswer | None:
        """The answer of a body of ``n_frames`` frames read by :meth:`read_body` as ``read``, when
        :meth:`map_read_body` maps it to sink calls an Assembler builds a Response of without
        failing: the parts it would build of them, what the end carries and what the start named,
        for a consumer that needs no sink to assemble them; else ``None``. Only a mapper whose
        ``reads_lone_answers`` is set reads one (Gemini: one answer and its end; Anthropic and
        Chat: a short answer, ``providers/anthropic/_lone.py``, ``providers/openai_chat/_lone.py``)."""
        return None

    @staticmethod
    def named_model(data: bytes) -> str | None:
        """The model a frame names, for a stream decoded without a request (Chat ``model``,
        Gemini ``modelVersion``); ``None`` where the wire has a start frame of its own."""
        return None

    @classmethod
    def named_model_read(cls, data: bytes, read: Any) -> str | None:
        """:meth:`named_model` of a body's one frame ``data``, which :meth:`read_last` read as
        ``read`` (not None): a mapper whose reading holds the frame's value reads the model there
        (Gemini), the default decodes the frame again."""
        return cls.named_model(data)

    def port_frame(self, payload: Any, out: list[Any]) -> None:
        """lm15's ``parse_stream_events`` over a frame's plain JSON value, line for line,
        appending its events (:class:`EndFrame` for ends) to ``out``."""
        raise NotImplementedError

    def refused(self, data: bytes) -> int:
        """A frame the typed views refuse: ``[DONE]`` (a bare end where ``done_ends``), nothing
        for empty data, else the port; 1 when it mapped to nothing."""
        if data == b"[DONE]" and self.done_ends:
            self.sink.end(None, None, None)
            return 0
        return self.port(data) if data else 1

    def port(self, data: bytes) -> int:
        """Map one frame by the port; 1 when it mapped to nothing. The one place where what
        lm15 would crash with becomes a :class:`StreamDecodeError` (its events before the crash
        handed on first, as lm15's generator yields them)."""
        self.generic += 1
        out: list[Any] = []
        strict = False
        try:
            payload, strict = load_strict(data)
            self.port_frame(payload, out)
        except LM15_CRASHES as exc:
            self._hand_on(out, strict)
            raise StreamDecodeError(f"{type(exc).__name__}: {exc}") from exc
        if out:
            self._hand_on(out, strict)
            return 0
        if is_unknown(self.known_types, payload):
            self.unknown += 1
            if self.keep_unknown and _is_strict_json(data):
                self.sink.event(UnknownEvent._kept(bytes(data), "json", payload))
                return 0
        return 1

    def _hand_on(self, out: list[Any], strict: bool) -> None:
        """Hand the port's events on (``strict``: the frame was strict JSON, and so is every end's
        provider_data, a part of it)."""
        sink = self.sink
        for ev in out:
            kind = type(ev)
            if kind is EndFrame:
                sink.end(ev.finish_reason, ev.usage, ev.provider_data, strict_json=strict)
            elif kind is StreamStartEvent:
                sink.start(ev.id, ev.model)
            else:
                sink.event(ev)


class OnePassMapper(MapperBase):
    """A mapper whose ``read_body`` reads a short body to its answer in one pass, the reading the
    answer or None (Anthropic's and Chat's, ``_lone.read_body``)."""

    reads_lone_answers: ClassVar[bool] = True
    __slots__ = ()

    @staticmethod
    def lone_answer(read: Any, n_frames: int) -> LoneAnswer | None:
        """What :meth:`read_body` read (a one-frame body is read by :meth:`read_last`: None, as
        these mappers do not read one)."""
        answer: LoneAnswer | None = read
        return answer
