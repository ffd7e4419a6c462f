"""Message conversion llm <-> canonical, both directions (internal to lmcodec.llm.convert).

A message's llm-only data rides in marker states on the canonical Message (``role``,
``placeholder``, ``part``, ``provider_metadata``); its canonical-only data (citations,
``file_id`` media, states with no provider slot) in ``provider_metadata["lm15"]`` of the llm
message. from_turn consumes a message's markers only when to_turn gives the message back
exactly from the result (checked, only for messages that have markers).
"""

from __future__ import annotations

import binascii
from typing import Any

import msgspec

from lmcodec.codecs.json import from_builtins as lc_from_builtins
from lmcodec.codecs.json import to_builtins as lc_to_builtins
from lmcodec.errors import LmcodecError, ValidationError
from lmcodec.llm import types as L
from lmcodec.llm._channel import (
    MARKER,
    MESSAGE_RANKS,
    CarriedPart,
    MessageChannel,
    carried_states,
    channel_value,
    fast,
    has_markers,
    make_state,
    parse_channel,
    pm_states,
    split,
    strict_equal,
)
from lmcodec.llm._parts import Seen, part_from, part_to, to_channel
from lmcodec.llm._struct import unchecked
from lmcodec.llm.codec import from_builtins as llm_from_builtins
from lmcodec.llm.codec import to_builtins as llm_to_builtins
from lmcodec.wire import parts as W
from lmcodec.wire.messages import Message
from lmcodec.wire.unknown import UnknownPart

__all__ = [
    "message_from",
    "message_to",
    "plain_message_from",
    "plain_message_to",
    "system_from",
    "system_to",
]

_PROMPT_CLASSES = frozenset(
    {W.TextPart, W.ImagePart, W.AudioPart, W.VideoPart, W.DocumentPart, W.BinaryPart, W.DataPart}
)
SYSTEM_ROLE = "developer"
"""The canonical role whose part rules apply to the parts of llm's system message."""
_NO_ROLE: Any = object()
Located = list[tuple[Any, str]]
"""llm parts with the JSON path of each (for error messages)."""


_LLM_TEXT: Any = L.TextPart(text="")
_LLM_MESSAGE: Any = L.Message(role="user", parts=[])
_TEXT: Any = W.TextPart(text="")
_MESSAGE: Any = Message(role="user", parts=(_TEXT,))
_replace = msgspec.structs.replace
_PLAIN_ROLES = ("user", "assistant")
"""A tuple, not a set: a role of any JSON type (a list, an object) is compared, never hashed."""


def plain_message_from(m: Message) -> L.Message | None:
    """The llm message of ``m`` when it is text parts only and neither it nor any part carries
    continuation state (most of a conversation), else None: copies of built templates, equal to
    what :func:`message_from` builds part by part through llm's checked constructors at several
    times the cost (red team 13 F06)."""
    if m.continuation:
        return None
    parts: list[Any] = []
    for p in m.parts:
        if type(p) is not W.TextPart or p.continuation:
            return None
        parts.append(_replace(_LLM_TEXT, text=p.text))
    result: L.Message = _replace(_LLM_MESSAGE, role=m.role, parts=parts)
    return result


def plain_message_to(m: L.Message) -> Message | None:
    """The canonical message of a prompt message ``m`` of role user or assistant, text parts only
    (a str each) and no provider_metadata on it or them, else None: copies of built templates,
    equal to what :func:`message_to` builds through its channels (red team 13 F06)."""
    role = m.role
    if m.provider_metadata is not None or role not in _PLAIN_ROLES or not m.parts:
        return None
    parts: list[Any] = []
    for q in m.parts:
        if type(q) is not L.TextPart or q.provider_metadata is not None or type(q.text) is not str:
            return None
        parts.append(_replace(_TEXT, text=q.text))
    result: Message = _replace(_MESSAGE, role=role, parts=tuple(parts))
    return result


def _channel(pm: Any, path: str, seen: Seen) -> tuple[list[W.ContinuationState], MessageChannel]:
    states, raw = pm_states(pm, f"{path}.provider_metadata")
    if raw is None:
        return states, MessageChannel()
    seen.channels += 1
    channel: MessageChannel = parse_channel(raw, MessageChannel, f"{path}.provider_metadata")
    return states, channel


def _insert_parts(parts: list[Any], ch: MessageChannel, path: str) -> None:
    for i, c in enumerate(ch.parts):
        try:
            parts.insert(c.index, lc_from_builtins(c.part, W.Part, unknown="keep"))
        except ValidationError as e:
            raise ValidationError(e.message, f"{path}.provider_metadata.lm15.parts[{i}]") from None


def _convert(parts: Located, role: str, index: Any, seen: Seen) -> tuple[list[Any], list[tuple[int, Any]]]:
    converted: list[Any] = []
    carried: list[tuple[int, Any]] = []
    for j, (q, path) in enumerate(parts):
        p = part_to(q, role, (index, j), path, seen)
        if p is None:
            carried.append((j, q))
        else:
            converted.append(p)
    return converted, carried


def message_to(
    role: Any, parts: Located, pm: Any, index: Any, path: str, seen: Seen
) -> tuple[Message, dict[str, Any] | None]:
    """(canonical Message, the lm15 turn channel if any) of an llm message at ``index``
    (``"out"``: the output messages, concatenated, with the first one's provider_metadata)."""
    states, ch = _channel(pm, path, seen)
    if ch.turn is not None and index != "out":
        raise ValidationError("the lm15 turn channel belongs on the first output message", path)
    marker: Any = _NO_ROLE
    if index == "out" or role in ("user", "assistant", "developer", "tool"):
        crole = "assistant" if index == "out" else role
    else:
        crole, marker = "developer", role
    converted, carried = _convert(parts, crole, index, seen)
    if crole == "tool" and not converted:  # no client tool result: a developer message
        crole, marker = "developer", role
        converted, carried = _convert(parts, crole, index, seen)
    _insert_parts(converted, ch, path)
    if marker is not _NO_ROLE:
        states.append(make_state(MARKER, "role", {"role": marker}, f"{path}.role"))
    if not converted:
        converted.append(W.TextPart(text=""))
        states.append(make_state(MARKER, "placeholder", {}, path))
    for j, q in carried:
        part = llm_to_builtins(q)
        states.append(make_state(MARKER, "part", {"index": j, "part": part}, parts[j][1], part))
    continuation = carried_states(states, ch.continuation, f"{path}.provider_metadata")
    message = fast(Message, path, role=crole, parts=tuple(converted), continuation=continuation)
    return message, ch.turn


def system_to(msg: L.Message, path: str, seen: Seen) -> tuple[Any, dict[str, Any] | None] | None:
    """(Request.system, the message's provider_metadata minus the channel) when llm's first
    prompt message is a system message the canonical ``Request.system`` can hold, else None."""
    if msg.role != "system":
        return None
    pm = msg.provider_metadata
    raw: dict[str, Any] | None = None
    ch = MessageChannel()
    if pm is not None:
        if type(pm) is not dict or any(type(k) is not str or not k for k in pm):
            return None
        raw = {k: v for k, v in pm.items() if k != "lm15"} or None
        if "lm15" in pm:
            seen.channels += 1
            ch = parse_channel(pm["lm15"], MessageChannel, f"{path}.provider_metadata")
            if ch.continuation or ch.turn is not None:
                return None
    parts: list[Any] = []
    for j, q in enumerate(msg.parts):
        p = part_to(q, SYSTEM_ROLE, (0, j), f"{path}.parts[{j}]", seen)
        if p is None:
            return None
        parts.append(p)
    _insert_parts(parts, ch, path)
    if not parts or any(type(p) not in _PROMPT_CLASSES and type(p) is not UnknownPart for p in parts):
        return None
    first = parts[0]
    if len(parts) == 1 and type(first) is W.TextPart and first.text and not first.continuation:
        if not ch.system_parts:
            return first.text, raw
    return tuple(parts), raw


def system_from(system: Any, pm: dict[str, Any] | None) -> L.Message:
    """The llm system message of ``Request.system`` (``pm``: its recorded provider_metadata)."""
    if isinstance(system, str):
        return unchecked(
            L.Message, role="system", parts=[unchecked(L.TextPart, text=system)], provider_metadata=pm
        )
    ch = MessageChannel()
    mapped = []
    for i, p in enumerate(system):
        if to_channel(p):
            ch.parts.append(CarriedPart(i, lc_to_builtins(p)))
        else:
            mapped.append(p)
    parts = [part_from(p, SYSTEM_ROLE, (0, j)) for j, p in enumerate(mapped)]
    first = system[0]
    if len(system) == 1 and type(first) is W.TextPart and first.text and not first.continuation:
        ch.system_parts = True
    out = dict(pm or {})
    value = channel_value(ch)
    if value:
        out["lm15"] = value
    return unchecked(L.Message, role="system", parts=parts, provider_metadata=out or None)


Emitted = tuple[Any, list[Any], Any]
"""An llm message as (role, parts, provider_metadata)."""


def _from(m: Message, index: Any, consume: bool) -> Emitted:
    s = split(m.continuation, MESSAGE_RANKS if consume else None)
    role = s.markers["role"]["role"] if "role" in s.markers else m.role
    skip = "placeholder" in s.markers
    ch = MessageChannel()
    layout: list[tuple[bool, Any]] = []
    for i, p in enumerate(m.parts):
        if skip and i == 0:
            continue
        if to_channel(p):
            ch.parts.append(CarriedPart(i, lc_to_builtins(p)))
        else:
            layout.append((True, p))
    for d in s.parts:
        layout.insert(d["index"], (False, llm_from_builtins(d["part"], L.Part)))
    parts = [part_from(x, m.role, (index, j)) if mine else x for j, (mine, x) in enumerate(layout)]
    if "provider_metadata" in s.markers:  # verbatim: the lm15 turn channel cannot join it
        return role, parts, _Verbatim(s.markers["provider_metadata"]["value"])
    ch.continuation = s.carried
    pm: dict[str, Any] = dict(s.pm)
    value = channel_value(ch)
    if value:
        pm["lm15"] = value
    return role, parts, pm or None


class _Verbatim:
    """A provider_metadata value restored whole from a ``provider_metadata`` marker."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def _gives_back(got: Emitted, m: Message, index: Any, need_room: bool) -> bool:
    role, parts, pm = got
    if type(pm) is _Verbatim:
        if need_room:
            return False
        pm = pm.value
    msg = unchecked(L.Message, role=role, parts=parts, provider_metadata=pm)
    if index == 0 and system_to(msg, "$", Seen()) is not None:
        return False
    back, turn = message_to(role, [(q, "$") for q in msg.parts], msg.provider_metadata, index, "$", Seen())
    return turn is None and strict_equal(back, m)


def message_from(m: Message, index: Any, *, need_room: bool = False) -> Emitted:
    """The llm message of canonical message ``m`` at llm ``index`` (``"out"`` for the output;
    ``need_room``: the caller adds the lm15 turn channel to its provider_metadata)."""
    if has_markers(m.continuation, MESSAGE_RANKS):
        try:
            got = _from(m, index, True)
            if _gives_back(got, m, index, need_room):
                role, parts, pm = got
                return role, parts, pm.value if type(pm) is _Verbatim else pm
        except (TypeError, ValueError, KeyError, IndexError, LmcodecError, binascii.Error):
            pass
    return _from(m, index, False)
