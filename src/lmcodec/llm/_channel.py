"""The two side channels of the llm <-> canonical conversion (internal to lmcodec.llm).

- llm -> canonical: ``ContinuationState(provider="llm", kind=<marker>, data={...})`` on
  canonical parts and messages (:data:`PART_RANKS`, :data:`MESSAGE_RANKS`).
- canonical -> llm: ``provider_metadata["lm15"]`` on llm parts and messages, whose shapes
  are the Structs below (field order = the key order written).

and the bijection between llm's ``provider_metadata`` and continuation states: one state
per top-level key, native lm15 kinds where an lm15 adapter reads them
(:func:`native_state`), the generic ``llm_provider_metadata`` kinds otherwise.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

import msgspec

from lmcodec.codecs._hooks import HOSTILE
from lmcodec.errors import ValidationError
from lmcodec.wire._checks import is_json_value, wire_path
from lmcodec.wire.parts import ContinuationState
from lmcodec.wire.unknown import Unknown

__all__ = [
    "CHANNEL",
    "MARKER",
    "MESSAGE_RANKS",
    "PART_RANKS",
    "CarriedPart",
    "CarriedState",
    "MessageChannel",
    "PartChannel",
    "Split",
    "build",
    "carried_states",
    "channel_value",
    "fast",
    "has_markers",
    "locate",
    "make_state",
    "native_state",
    "not_json",
    "parse_channel",
    "pm_states",
    "pm_value",
    "split",
    "strict_equal",
]

MARKER = "llm"
"""Provider of the marker states that carry llm-only data on canonical objects."""
CHANNEL = "lm15"
"""``provider_metadata`` key that carries canonical-only data on llm objects."""

# Marker kinds and the order in which to_turn writes them (after the provider_metadata
# states). "provider_metadata" carries a whole provider_metadata that is not a dict of
# provider keys; "part" (repeatable) carries an llm part the canonical message cannot hold.
PART_RANKS: dict[str, int] = {
    "provider_metadata": 0,
    "reasoning_redacted": 1,
    "tool_call_id": 2,
    "tool_name": 3,
    "arguments": 4,
    "tool_exception": 5,
    "attachment": 6,
}
MESSAGE_RANKS: dict[str, int] = {"provider_metadata": 0, "role": 1, "placeholder": 2, "part": 3}

_OPENAI_REASONING = frozenset(
    {
        ("id",),
        ("encrypted_content",),
        ("id", "encrypted_content"),
        ("id", "summary"),
        ("encrypted_content", "summary"),
        ("id", "encrypted_content", "summary"),
    }
)


class CarriedState(msgspec.Struct, forbid_unknown_fields=True):
    """A continuation state kept verbatim in the lm15 channel, at its index in the tuple."""

    index: int
    provider: str
    kind: str
    data: dict[str, Any]


class CarriedPart(msgspec.Struct, forbid_unknown_fields=True):
    """A canonical part with no llm form (citation, file_id media), at its index in the message."""

    index: int
    part: dict[str, Any]


class PartChannel(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """``provider_metadata["lm15"]`` of an llm part."""

    type: str | None = None
    value: Any = msgspec.UNSET
    probabilities: dict[str, Any] | None = None
    method: str | None = None
    detail: str | None = None
    data: str | None = None
    content: list[dict[str, Any]] | None = None
    is_error: bool = False
    continuation: list[CarriedState] = msgspec.field(default_factory=list)


class MessageChannel(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """``provider_metadata["lm15"]`` of an llm message (``turn`` only on the first output message)."""

    parts: list[CarriedPart] = msgspec.field(default_factory=list)
    continuation: list[CarriedState] = msgspec.field(default_factory=list)
    system_parts: bool = False
    turn: dict[str, Any] | None = None


_ARRAYS = (list, tuple)  # msgspec.to_builtins keeps a tuple; both are one JSON array


def _same(a: Any, b: Any) -> bool:
    """Same JSON value, compared with a stack of pairs: a payload as deep as the decoders read
    (~1,000 levels) must not run out of Python frames here."""
    pairs = [(a, b)]
    while pairs:
        x, y = pairs.pop()
        tx = type(x)
        if tx in _ARRAYS and type(y) in _ARRAYS:
            if len(x) != len(y):
                return False
            pairs.extend(zip(x, y, strict=True))
            continue
        if tx is not type(y):
            return False
        if tx is dict:
            if list(x) != list(y):
                return False
            pairs.extend((v, y[k]) for k, v in x.items())
        elif tx is float and x != x:
            if y == y:
                return False
        elif not x == y:
            return False
    return True


def builtins_hook(obj: Any) -> Any:
    """``msgspec.to_builtins``'s enc_hook for canonical values (paths as lm15 writes them; an
    item of an unknown tag as its value, as ``lc.to_builtins`` gives it)."""
    if isinstance(obj, PurePath):
        return wire_path(obj)
    if isinstance(obj, Unknown):
        return obj.value
    return float(obj) if isinstance(obj, float) else str(obj)


_pack = msgspec.msgpack.Encoder(enc_hook=builtins_hook).encode


def strict_equal(a: Any, b: Any) -> bool:
    """Same JSON value, types and key order included (``1 != 1.0 != True``); Structs compare by
    their builtins. Unlike comparing encoded bytes, lone surrogates and NaN are fine.

    Equal MessagePack bytes answer at once (in C): MessagePack keeps what the comparison tells
    apart (int, float and bool, key order, a float's bits, the keys' types), so equal bytes are
    equal values. Any other answer (bytes that differ: ``0.0`` and ``-0.0`` are equal here; a
    value MessagePack refuses: a lone surrogate, an int past 64 bits) is the walk's."""
    if a is b:
        return True
    try:
        if _pack(a) == _pack(b):
            return True
    except (TypeError, ValueError, OverflowError, RecursionError):
        pass
    return _same(
        msgspec.to_builtins(a, enc_hook=builtins_hook), msgspec.to_builtins(b, enc_hook=builtins_hook)
    )


_NEW = msgspec.StructMeta.__call__


def fast(cls: Any, path: str, /, **kwargs: Any) -> Any:
    """``cls(**kwargs)`` without lm15's argument checks and coercions, for values whose types
    the caller has established (``__post_init__`` still runs; ten times cheaper)."""
    try:
        return _NEW(cls, **kwargs)
    except (TypeError, ValueError) as exc:
        raise ValidationError(f"cannot be converted to a canonical {cls.__name__}: {exc}", path) from None


def build(cls: Any, path: str, /, **kwargs: Any) -> Any:
    """``cls(**kwargs)`` with lm15's checks; their failure becomes a ValidationError at ``path``."""
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, ValidationError):
            raise
        raise ValidationError(f"cannot be converted to a canonical {cls.__name__}: {exc}", path) from None


def locate(value: Any, path: str) -> str:
    """The JSON path of the first value in ``value`` that is not strict JSON (else ``path``)."""
    t = type(value)
    if t is dict:
        for k, v in value.items():
            if type(k) is not str:
                return path
            if not is_json_value(v):
                key = f".{k}" if k.isidentifier() else f"[{msgspec.json.encode(k).decode()}]"
                return locate(v, path + key)
    elif t is list or t is tuple:
        for i, v in enumerate(value):
            if not is_json_value(v):
                return locate(v, f"{path}[{i}]")
    return path


def not_json(path: str) -> ValidationError:
    return ValidationError(
        "cannot be carried into the canonical types: not strict JSON (NaN, Infinity or a non-string key)",
        path,
    )


def make_state(
    provider: str, kind: str, data: dict[str, Any], path: str, inner: Any = None
) -> ContinuationState:
    """A ContinuationState; non-JSON data (NaN, Infinity) cannot be carried: the error points
    into ``inner`` (the llm value at ``path`` that ``data`` holds) when given."""
    if not is_json_value(data):
        raise not_json(locate(data if inner is None else inner, path))
    if not provider or not kind:
        raise ValidationError("a continuation state needs a non-empty provider and kind", path)
    state: ContinuationState = fast(ContinuationState, path, provider=provider, kind=kind, data=data)
    return state


def native_state(key: str, value: Any) -> tuple[str, dict[str, Any]]:
    """(kind, data) of the state for ``provider_metadata[key] = value``."""
    if type(value) is dict:
        if len(value) == 1:
            if key == "anthropic" and "signature" in value:
                return "thinking_signature", value
            if key == "gemini" and "thoughtSignature" in value:
                return "thought_signature", {"value": value["thoughtSignature"]}
        if key == "openai" and tuple(value) in _OPENAI_REASONING:
            return "reasoning_item", value
        return "llm_provider_metadata", value
    return "llm_provider_metadata_value", {"value": value}


_NO: Any = object()


def pm_value(state: ContinuationState) -> Any:
    """The ``provider_metadata[state.provider]`` value that gives back exactly ``state``, or _NO."""
    provider, kind, data = state.provider, state.kind, state.data
    if provider == CHANNEL:
        return _NO
    if kind == "thought_signature":
        if provider != "gemini" or list(data) != ["value"]:
            return _NO
        value: Any = {"thoughtSignature": data["value"]}
    elif kind == "llm_provider_metadata_value":
        if list(data) != ["value"] or type(data["value"]) is dict:
            return _NO
        value = data["value"]
    elif kind in ("llm_provider_metadata", "thinking_signature", "reasoning_item"):
        value = data
    else:
        return _NO
    back_kind, back_data = native_state(provider, value)
    if back_kind != kind or not (back_data is data or strict_equal(back_data, data)):
        return _NO
    return value


def pm_states(pm: Any, path: str) -> tuple[list[ContinuationState], Any]:
    """llm ``provider_metadata`` -> (states in key order, the lm15 channel value or None)."""
    if pm is None:
        return [], None
    if type(pm) is not dict or any(type(k) is not str or not k for k in pm):
        return [make_state(MARKER, "provider_metadata", {"value": pm}, path, pm)], None
    states: list[ContinuationState] = []
    channel = None
    for key, value in pm.items():
        if key == CHANNEL:
            channel = value
            continue
        kind, data = native_state(key, value)
        states.append(make_state(key, kind, data, f"{path}.{key}", value))
    return states, channel


def parse_channel(value: Any, target: Any, path: str) -> Any:
    """The lm15 channel as ``target`` (PartChannel/MessageChannel); anything else is an error,
    also a value msgspec cannot take (a lone surrogate, which llm's JSON reading keeps, or a
    value nested past its depth bound)."""
    try:
        return msgspec.convert(value, target)
    except (msgspec.ValidationError, *HOSTILE) as exc:
        raise ValidationError(
            f"provider_metadata['lm15'] is reserved for lmcodec's side channel and this one is not "
            f"what lc.llm.from_turn writes ({exc})",
            f"{path}.lm15",
        ) from None


def carried_states(base: list[ContinuationState], carried: list[CarriedState], path: str) -> tuple[Any, ...]:
    """``base`` with the carried states re-inserted at their indices."""
    if carried:
        base = list(base)
        for c in carried:
            base.insert(c.index, make_state(c.provider, c.kind, c.data, f"{path}.lm15.continuation"))
    return tuple(base)


def has_markers(states: tuple[ContinuationState, ...], ranks: dict[str, int]) -> bool:
    """True when a marker state of this level is among ``states``."""
    return any(s.provider == MARKER and s.kind in ranks for s in states)


class Split:
    """A continuation tuple divided for from_turn: provider_metadata, consumed markers, carried."""

    __slots__ = ("carried", "markers", "parts", "pm")

    def __init__(self) -> None:
        self.pm: dict[str, Any] = {}
        self.markers: dict[str, dict[str, Any]] = {}
        self.parts: list[dict[str, Any]] = []
        self.carried: list[CarriedState] = []


def split(states: tuple[ContinuationState, ...], ranks: dict[str, int] | None) -> Split:
    """Divide ``states``: what becomes provider_metadata, which markers are consumed (``ranks``;
    None consumes none), what is carried verbatim in the lm15 channel with its index.

    to_turn writes provider_metadata states first, then markers in rank order, then re-inserts
    the carried states at their indices; only states that fit that order are placed or consumed,
    so the original tuple comes back exactly.
    """
    out = Split()
    last = -1
    for index, s in enumerate(states):
        if ranks is not None and s.provider == MARKER and s.kind in ranks:
            rank = ranks[s.kind]
            if rank > last or (rank == last and s.kind == "part"):
                last = rank
                if s.kind == "part":
                    out.parts.append(s.data)
                else:
                    out.markers[s.kind] = s.data
                continue
        elif last < 0 and s.provider not in out.pm:
            value = pm_value(s)
            if value is not _NO:
                out.pm[s.provider] = value
                continue
        out.carried.append(CarriedState(index, s.provider, s.kind, s.data))
    return out


def channel_value(channel: msgspec.Struct) -> dict[str, Any]:
    """The builtins of a channel Struct (empty when every field is at its default)."""
    value: dict[str, Any] = msgspec.to_builtins(channel)
    return value
