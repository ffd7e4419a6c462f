"""Items of a tag this version does not know, kept verbatim (forward compatibility).

``lc.decode(data, T, unknown="keep")`` (and ``lc.msgpack.decode``,
``lc.from_builtins``, ``lc.jsonl.read`` with the same option) reads a part,
delta, stream event or tool whose ``type`` tag no lmcodec type claims as an
:class:`UnknownPart`, :class:`UnknownDelta`, :class:`UnknownEvent` or
:class:`UnknownTool` instead of failing, wherever it sits (a part inside a
Message inside a Request inside a Turn, a delta inside a StreamDeltaEvent, ...).

An unknown item keeps the exact bytes it was read from and the format of
those bytes. Encoding it again in the same format writes those bytes
unchanged (byte-exact round trip); encoding it in the other format (JSON read,
MessagePack written, or the reverse) writes its decoded value instead, so a
JSON ``Raw`` never lands in MessagePack output and MessagePack bytes never land
in JSON. ``lc.to_builtins`` gives the decoded value.

Unknown items take no part in the rules of their container (a user Message
may hold an UnknownPart; role rules apply to the known parts only), except
that an UnknownTool's ``name`` counts for the tool-name rules of a Request. The constructors
take them back where the decoder puts them, so ``lc.replace`` works on what ``unknown="keep"`` read.
``lc.assemble`` skips unknown events and deltas. A ``lc.stream.Decoder`` built
with ``unknown="keep"`` surfaces provider frames of an event type the adapter
does not know as UnknownEvents holding the raw frame (the provider's JSON,
not canonical JSON).

The static types do not include them: ``lc.decode(data, lc.StreamEvent, unknown="keep")`` is typed
as the four known events and ``Message.parts`` as ``tuple[Part, ...]``, yet either may hold an
Unknown* item (a union target read at the top level may return one). Code that reads with
``unknown="keep"`` ends a ``match`` over a union with a case for ``lc.Unknown``, not ``assert_never``.

Unknown items are plain immutable objects, not msgspec Structs: the codecs
write them through their ``enc_hook``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

import msgspec

from lmcodec.errors import DecodeError, ValidationError
from lmcodec.wire._float_literals import float_literal

__all__ = ["Unknown", "UnknownDelta", "UnknownEvent", "UnknownPart", "UnknownTool"]

Format = Literal["json", "msgpack"]

_JSON = msgspec.json.Decoder(float_hook=float_literal)
_MSGPACK = msgspec.msgpack.Decoder()
_REPR_BYTES = 80


class Unknown:
    """Base class of the unknown items: a value of an unknown ``type`` tag, kept as read.

    ``Unknown*(value)`` builds one from a JSON text (``bytes``/``str``), from
    MessagePack bytes (``format="msgpack"``) or from a decoded mapping.

    - ``type``: the tag (``None`` when the value has no string ``type``);
    - ``value``: the decoded value (a dict for canonical data);
    - ``raw``: the exact bytes it was read from, or ``None`` when built from a mapping;
    - ``format``: ``"json"`` or ``"msgpack"`` (the format of ``raw``), or ``None``.

    Equality compares the class and the decoded value; objects are immutable.
    """

    __slots__ = ("_format", "_raw", "_value")
    family: ClassVar[str] = "item"

    _format: Format | None
    _raw: bytes | None
    _value: Any

    def __init__(
        self,
        value: Mapping[str, Any] | bytes | bytearray | memoryview | str,
        *,
        format: Format = "json",
    ) -> None:
        if isinstance(value, Mapping):
            _init(self, None, None, dict(value))
            return
        if format not in ("json", "msgpack"):
            raise ValueError(f"format must be 'json' or 'msgpack', not {format!r}")
        raw = value.encode("utf-8", "surrogatepass") if isinstance(value, str) else bytes(value)
        try:
            decoded = (_JSON if format == "json" else _MSGPACK).decode(raw)
        except msgspec.DecodeError as exc:
            raise DecodeError(f"{type(self).__name__}: {exc}") from exc
        except RecursionError as exc:
            raise DecodeError(f"{type(self).__name__}: the value is nested too deeply") from exc
        if not isinstance(decoded, dict):
            raise ValidationError(f"{type(self).__name__} must hold an object, got {type(decoded).__name__}")
        _init(self, raw, format, decoded)

    @classmethod
    def _kept(cls, raw: bytes | None, format: Format | None, value: Any) -> Any:
        """An unknown item from already-checked parts (the codecs' path: no re-decoding)."""
        obj = cls.__new__(cls)
        _init(obj, raw, format, value)
        return obj

    @property
    def type(self) -> str | None:
        """The ``type`` tag of the value, or ``None`` when it has no string tag."""
        value = self._value
        tag = value.get("type") if type(value) is dict else None
        return tag if isinstance(tag, str) else None

    @property
    def value(self) -> Any:
        """The decoded value (JSON-compatible builtins)."""
        return self._value

    @property
    def raw(self) -> bytes | None:
        """The exact bytes the item was read from (in :attr:`format`), or ``None``."""
        return self._raw

    @property
    def format(self) -> Format | None:
        """``"json"`` or ``"msgpack"``: the format of :attr:`raw` (``None`` without raw bytes)."""
        return self._format

    def json_form(self) -> Any:
        """What a JSON encoder writes: the raw JSON bytes as read, else the value."""
        if self._format == "json":
            return msgspec.Raw(self._raw)  # type: ignore[arg-type]
        return self._value

    def msgpack_form(self) -> Any:
        """What a MessagePack encoder writes: the raw MessagePack bytes as read, else the value."""
        if self._format == "msgpack":
            return msgspec.Raw(self._raw)  # type: ignore[arg-type]
        return self._value

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return bool(self._value == other._value)

    def __hash__(self) -> int:
        return hash((type(self), self.type))

    def __repr__(self) -> str:
        if self._raw is None:
            return f"{type(self).__name__}({self._value!r})"
        raw = self._raw if len(self._raw) <= _REPR_BYTES else self._raw[:_REPR_BYTES] + b"..."
        fmt = "" if self._format == "json" else f", format={self._format!r}"
        return f"{type(self).__name__}(type={self.type!r}, raw={raw!r}{fmt})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self)._kept, (self._raw, self._format, self._value))


def _init(obj: Unknown, raw: bytes | None, format: Format | None, value: Any) -> None:
    object.__setattr__(obj, "_raw", raw)
    object.__setattr__(obj, "_format", format)
    object.__setattr__(obj, "_value", value)


class UnknownPart(Unknown):
    """A part whose ``type`` is none of the Part tags (text, image, ..., data)."""

    __slots__ = ()
    family: ClassVar[str] = "part"


class UnknownDelta(Unknown):
    """A delta whose ``type`` is none of the Delta tags."""

    __slots__ = ()
    family: ClassVar[str] = "delta"


class UnknownEvent(Unknown):
    """A stream event whose ``type`` is none of start/delta/end/error.

    From a ``lc.stream.Decoder(..., unknown="keep")`` it holds a provider frame
    of an event type the adapter does not know (the frame's JSON as sent).
    """

    __slots__ = ()
    family: ClassVar[str] = "stream event"


class UnknownTool(Unknown):
    """A tool whose ``type`` is neither ``function`` nor ``builtin``."""

    __slots__ = ()
    family: ClassVar[str] = "tool"

    @property
    def name(self) -> str | None:
        """The tool's ``name`` when it has a string one (it counts for the Request tool rules)."""
        value = self._value
        name = value.get("name") if type(value) is dict else None
        return name if isinstance(name, str) else None
