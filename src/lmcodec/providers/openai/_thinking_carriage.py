"""Another provider's signed thinking carried through a Responses client in ``encrypted_content``.

A gateway serving a Responses client from an Anthropic backend with thinking and tools must get
each signed thinking block back, verbatim, before the tool call of the next turn (the Messages
API refuses the turn without it). The Responses wire has one field a client returns unread: a
reasoning item's ``encrypted_content`` (the openai SDK keeps it on the output item; an agent loop
replays ``response.output`` as it is). The Responses writers put there, for thinking signed by
another provider, the carriage::

    lmcodec.thinking.v1:<base64url, unpadded, of {"text": ..., "states": [{"provider", "kind", "data"}]}>

the thinking text the signature covers and each carried state as the canonical ContinuationState
holds it: Anthropic's ``thinking_signature`` (``{"signature"}``) and ``redacted_thinking``
(``{"data"}``), Gemini's ``thought_signature`` on a thought part (``{"value"}``). The prefix holds
``.`` and ``:``, which base64 (OpenAI's own encrypted content is a base64url token) never does,
so the two cannot be confused.

``lc.translate_request`` from ``"openai"`` reads the carriage back (:func:`carried_thinking_in`):
the reasoning item becomes the ThinkingPart its provider's builder writes as the block it issued
(an Anthropic ``thinking`` block with its signature, a ``redacted_thinking`` block, a Gemini
thought part with its ``thoughtSignature``), where the item stood, so before the tool call. The
carried text is the one sent, not the item's summary (the signature covers it; a client may trim
summaries). A destination that is not the state's provider leaves the part out as any foreign
thinking (``providers/_crossing_parts.py``): an OpenAI backend never receives it. A carriage that
does not read (bad base64, a record of another shape, an unknown state) is no one's state: the
part loses it, with a ``dropped`` Adaptation, and is left out as unsigned thinking.

Thinking no provider signed (a Chat backend's ``reasoning_content``, Gemini's unsigned thought
summaries) has no state to carry, but its reasoning item needs an id (the openai SDK's models
require one) and OpenAI never issued the one the writers make up: sent back to OpenAI, the item is
refused (unknown item id). Its ``encrypted_content`` is :data:`UNSIGNED`, the carriage of no text
and no state, which marks the item as lmcodec's: ``translate_request`` leaves it out for every
destination (a ``dropped`` Adaptation; the summary is then unsigned thinking, left out as such).

``lc.decode_request("openai", body)`` does not open the carriage: it is the item's
``encrypted_content``, read as OpenAI continuation state like any other, so
``build_request("openai", decode_request("openai", body))`` gives the body back.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterable
from typing import Any, Final

import msgspec

from lmcodec.codecs._hooks import builtin_value
from lmcodec.errors import ValidationError
from lmcodec.wire import Adaptation, ContinuationState, Request, ThinkingPart
from lmcodec.wire._float_literals import float_literal

__all__ = ["CARRIED", "PREFIX", "UNSIGNED", "carriage", "carried_thinking_in", "opened"]

PREFIX: Final = "lmcodec.thinking.v1:"
"""What starts every carriage (never a base64 character: no OpenAI encrypted_content starts so)."""

CARRIED: Final[dict[tuple[str, str], str]] = {
    ("anthropic", "thinking_signature"): "signature",
    ("anthropic", "redacted_thinking"): "data",
    ("gemini", "thought_signature"): "value",
}
"""The states a carriage takes, by (provider, kind), and the one key of their data the builders read."""

_BASE64URL: Final = re.compile(r"[A-Za-z0-9_-]*")


class _State(msgspec.Struct, forbid_unknown_fields=True):
    provider: str
    kind: str
    data: dict[str, str]


class _Record(msgspec.Struct, forbid_unknown_fields=True):
    text: str
    states: list[_State]


_ENCODE: Final = msgspec.json.Encoder(enc_hook=builtin_value).encode
"""A state's str subclass (a tagged signature) is written as its str: msgspec calls the hook only
for such values."""
_DECODE: Final = msgspec.json.Decoder(_Record, float_hook=float_literal).decode


UNSIGNED: Final = PREFIX + base64.urlsafe_b64encode(_ENCODE({"text": "", "states": []})).rstrip(b"=").decode()
"""The ``encrypted_content`` of a reasoning item written for thinking no provider signed, under an
id the writer made up: lmcodec's item, never OpenAI's (no other carriage holds no state)."""


def carried_states(states: Iterable[ContinuationState]) -> list[ContinuationState]:
    """The states of ``states`` a carriage takes (each with its key's non-empty string)."""
    out = []
    for state in states:
        key = CARRIED.get((state.provider, state.kind))
        if key is not None and isinstance(value := state.data.get(key), str) and value:
            out.append(ContinuationState(provider=state.provider, kind=state.kind, data={key: value}))
    return out


def carriage(text: str, states: Iterable[ContinuationState]) -> str | None:
    """The ``encrypted_content`` carrying thinking ``text`` and its signed ``states`` (those of
    them a carriage takes); None when it takes none."""
    carried = carried_states(states)
    if not carried:
        return None
    record = {
        "text": text,
        "states": [{"provider": s.provider, "kind": s.kind, "data": s.data} for s in carried],
    }
    return PREFIX + base64.urlsafe_b64encode(_ENCODE(record)).rstrip(b"=").decode("ascii")


def opened(encrypted: str) -> ThinkingPart:
    """The ThinkingPart a carriage holds; a ValidationError when ``encrypted`` is none that reads."""
    if not encrypted.startswith(PREFIX):
        raise ValidationError("not lmcodec's thinking carriage (its prefix is missing)")
    payload = encrypted[len(PREFIX) :]
    if _BASE64URL.fullmatch(payload) is None or len(payload) % 4 == 1:
        raise ValidationError("the thinking carriage is not unpadded base64url")
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        record = _DECODE(raw)
    except (binascii.Error, msgspec.DecodeError) as exc:
        raise ValidationError(f"the thinking carriage does not read: {exc}") from None
    if not record.states:
        raise ValidationError("the thinking carriage holds no state")
    states = []
    for state in record.states:
        key = CARRIED.get((state.provider, state.kind))
        if key is None or set(state.data) != {key} or not state.data[key]:
            raise ValidationError(
                f"the thinking carriage holds a state it does not take ({state.provider!r}, {state.kind!r})"
            )
        states.append(ContinuationState(provider=state.provider, kind=state.kind, data=dict(state.data)))
    return ThinkingPart(text=record.text, continuation=tuple(states))


def _carried(part: ThinkingPart) -> str | None:
    """The carriage of a ThinkingPart read from a Responses reasoning item, else None."""
    for state in part.continuation:
        if state.provider == "openai" and state.kind == "reasoning_item":
            encrypted = state.data.get("encrypted_content")
            if isinstance(encrypted, str) and encrypted.startswith(PREFIX):
                return encrypted
    return None


def _any_carried(request: Request) -> bool:
    """Whether a part of ``request`` holds a carriage: the usual request, which holds none, costs
    one plain pass (about a microsecond for twenty parts)."""
    for message in request.messages:
        for part in message.parts:
            if type(part) is ThinkingPart and _carried(part) is not None:
                return True
    return False


def carried_thinking_in(request: Request, destination: str) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` (read from a Responses body) with each reasoning item that holds a carriage as
    the ThinkingPart the carriage holds. To OpenAI, the part keeps its text alone, the carried
    state a ``dropped`` Adaptation (``messages[i].parts[j].continuation``): OpenAI is never sent
    another provider's state. A carriage that does not read, and :data:`UNSIGNED`, leave the item's
    summary alone, without state, and a ``dropped`` Adaptation saying why."""
    if not _any_carried(request):
        return request, ()
    notes: list[Adaptation] = []
    messages: list[Any] = []
    for i, message in enumerate(request.messages):
        parts: list[Any] = []
        touched = False
        for j, part in enumerate(message.parts):
            if type(part) is not ThinkingPart or (encrypted := _carried(part)) is None:
                parts.append(part)
                continue
            touched = True
            where = f"messages[{i}].parts[{j}].continuation"
            if encrypted == UNSIGNED:
                parts.append(ThinkingPart(text=part.text))
                why = "a reasoning item lmcodec wrote for thinking no provider signed, under an id of its own"
                notes.append(_dropped(where, f"{why}: no provider issued it, OpenAI would refuse its id"))
                continue
            try:
                thinking = opened(encrypted)
            except ValidationError as exc:
                parts.append(ThinkingPart(text=part.text))
                why = f"a reasoning item's encrypted_content starts as lmcodec's thinking carriage but {exc}"
                notes.append(_dropped(where, f"{why}: no provider can take it back"))
                continue
            if destination == "openai":
                parts.append(ThinkingPart(text=thinking.text))
                owners = sorted({state.provider for state in thinking.continuation})
                why = f"lmcodec's carriage of {' and '.join(owners)}'s signed thinking in encrypted_content"
                notes.append(_dropped(where, f"{why}: OpenAI is never sent another provider's state"))
            else:
                parts.append(thinking)
        messages.append(msgspec.structs.replace(message, parts=tuple(parts)) if touched else message)
    return msgspec.structs.replace(request, messages=tuple(messages)), tuple(notes)


def _dropped(field: str, reason: str) -> Adaptation:
    return Adaptation(field=field, action="dropped", reason=reason, asked="reasoning_item")
