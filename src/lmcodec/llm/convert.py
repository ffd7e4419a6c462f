"""llm records <-> canonical Turns: :func:`to_turn` and :func:`from_turn`.

An llm ``ResponseDict`` is one turn: the whole input chain, options, the output messages
and audit fields. The canonical :class:`lmcodec.Turn` splits it into a ``Request`` and a
``Response`` (``reference/llm-mapping.md``; ``notes/llm-conversion.md`` has the full rules).
Two side channels make the conversion lossless, one per direction, never mixed:

- llm -> canonical: ``ContinuationState(provider="llm", kind=..., data=...)`` markers on
  parts and messages, ``Turn.metadata["llm"]`` for the record, and
  ``Config.extensions["llm"]["options"]`` for options the typed Config fields do not restore;
- canonical -> llm: ``provider_metadata["lm15"]`` on llm parts and messages (the turn-level
  data on the first output message), which llm and its plugins keep verbatim and ignore.

Identities (compared as JSON values with key order, not with ``==``):

- ``from_turn(to_turn(r))`` writes the same JSON as ``r`` for every record ``to_turn``
  accepts (``r`` as ``lc.llm.decode`` returns it, i.e. already normalized the llm way);
- ``to_turn(from_turn(t))`` is ``t`` for every Turn (``from_turn`` never raises for a valid
  Turn: markers it cannot honour ride along verbatim instead);
- provider_metadata (Anthropic ``signature``, Gemini ``thoughtSignature``, OpenAI
  ``encrypted_content`` reasoning items) survives byte-exact both ways, as native lm15
  continuation kinds where an lm15 adapter reads them.

What cannot be carried (``to_turn`` raises :class:`lmcodec.ValidationError` with the path):

1. non-finite numbers (NaN, Infinity, also written by Python's ``json.dumps``) anywhere in
   tool arguments, provider_metadata, options or usage details: canonical values are strict
   JSON, so no channel can hold them;
2. a ``model`` that is not a non-empty string;
3. ``provider_metadata["lm15"]`` that ``from_turn`` did not write (the key is lmcodec's
   channel: a record carrying one is checked against ``from_turn`` of the result, answered
   from the turn channel alone where that is the same answer: ``llm/_turn_channel.py``);
4. an attachment part whose attachment is empty (``AttachmentPart(Attachment())``, or what
   ``lc.llm.decode`` reads from e.g. ``{"attachment": {"": null}}``): llm writes it as
   ``"attachment": {}`` and reads that back as no attachment, so it survives no JSON round
   trip (``"attachment": {}`` itself reads as no attachment and converts fine);
5. on the canonical side, MessagePack caps integers at 64 bits (JSON does not), and canonical
   JSON cannot spell a lone surrogate (llm's ``json.dumps`` can): the Turn holds it in memory.

Everything else is carried, a non-finite logprob (lm15 writes one) as llm's ``json.dumps``
spells it in the lm15 channel (``llm/_logprobs.py``), and llm values of the wrong JSON type (a part whose
``text`` is a number travels whole in a marker, a message ``role`` that is a number, list or object
in a ``role`` marker on a ``developer`` message) and the items of unknown tags that
``unknown="keep"`` reads (UnknownPart, UnknownTool: in the lm15 channel as their JSON value;
to_turn gives back an equal item, which re-encodes as msgspec writes that value). Semantic,
not data, differences: a missing MIME type is inferred without I/O (magic bytes, file
suffix); ``finish_reason`` is inferred (``"tool_call"`` when the output calls a client tool,
else ``"stop"``); a canonical hidden
ThinkingPart becomes llm 0.36's metadata-only reasoning (not ``redacted``); canonical-only
data (tools, tool_choice, citations, ...) is invisible to llm plugins; options are emitted
under llm's common names (``max_tokens``, ``temperature``, ...), and llm's ``Options`` is
``extra="forbid"``, so a model that does not declare one of them refuses the record.
"""

from __future__ import annotations

import sys
from typing import Any

from lmcodec.codecs._odd_values import refuse_odd
from lmcodec.codecs.json import read_builtins
from lmcodec.errors import ValidationError
from lmcodec.llm import types as L
from lmcodec.llm._channel import fast, locate, not_json, strict_equal
from lmcodec.llm._logprobs import logprobs_as_floats
from lmcodec.llm._messages import (
    message_from,
    message_to,
    plain_message_from,
    plain_message_to,
    system_from,
    system_to,
)
from lmcodec.llm._options import config_of, options_of, usage_of, valid_count
from lmcodec.llm._parts import Seen, Subclassed
from lmcodec.llm._struct import unchecked
from lmcodec.llm._turn_channel import (
    TurnChannel,
    channel_builtins,
    finish_of,
    response_channel,
    restates_turn,
)
from lmcodec.llm.codec import to_builtins as llm_to_builtins
from lmcodec.llm.reading import read_usage
from lmcodec.wire._checks import is_json_value
from lmcodec.wire._exact import as_exact
from lmcodec.wire.messages import Message
from lmcodec.wire.parts import TextPart
from lmcodec.wire.requests import Request, Response
from lmcodec.wire.telemetry import EMPTY_USAGE, Usage
from lmcodec.wire.turn import Turn

__all__ = ["from_turn", "to_turn"]

_META_KEYS = (
    "system",
    "system_message",
    "empty_prompt",
    "messages",
    "usage",
    "usage_details",
    "id",
    "datetime_utc",
)
_SPEC_KEYS = ("parts", "role", "provider_metadata")


def _json(value: Any, path: str) -> Any:
    if not is_json_value(value):
        raise not_json(locate(value, path))
    return value


def _located(m: L.Message, path: str) -> list[tuple[Any, str]]:
    return [(q, f"{path}.parts[{j}]") for j, q in enumerate(m.parts)]


def to_turn(record: L.Response) -> Turn:
    """The canonical Turn of an llm record (``lc.llm.Response``, e.g. from ``lc.llm.decode``).

    Raises :class:`lmcodec.ValidationError` (with the JSON path in the record) for what no
    channel can carry; see the module docstring.
    """
    if not isinstance(record, L.Response):
        raise TypeError(f"to_turn() takes an lc.llm.Response, not {type(record).__name__}")
    try:
        return _to_turn(record)
    except RecursionError:
        # Only a record built in Python gets here: what the decoders read is no deeper than the
        # stack, and the comparisons walk without recursion.
        raise ValidationError(
            "nested too deeply to be converted (deeper than the interpreter's recursion limit, "
            f"sys.getrecursionlimit() = {sys.getrecursionlimit()})"
        ) from None


def _to_turn(record: L.Response) -> Turn:
    turn, channels = converted(record)
    if channels and not unedited(record, turn, channels):
        raise ValidationError(
            "provider_metadata['lm15'] is lmcodec's side channel, and this record's is not what "
            "lc.llm.from_turn writes for its content (edited, or written by something else)"
        )
    return turn


def converted(record: L.Response) -> tuple[Turn, int]:
    """(the Turn of ``record``, how many lm15 channels it read), the channels not yet checked."""
    seen = Seen()
    model = record.model
    if type(model) is not str or not model:
        raise ValidationError("model must be a non-empty string to become a canonical Turn", "$.model")
    meta: dict[str, Any] = {}
    chain = record.prompt.messages
    system: Any = None
    start = 0
    if chain:
        found = system_to(chain[0], "$.prompt.messages[0]", seen)
        if found is not None:
            system, raw_pm = found
            start = 1
            if raw_pm:
                sm = {"provider_metadata": raw_pm}
                meta["system_message"] = _json(sm, "$.prompt.messages[0].provider_metadata")
    messages = []
    for i in range(start, len(chain)):
        path = f"$.prompt.messages[{i}]"
        m = chain[i]
        plain = plain_message_to(m)
        if plain is None:
            plain = message_to(m.role, _located(m, path), m.provider_metadata, i, path, seen)[0]
        messages.append(plain)
    prompt_system = record.prompt.system
    derived = system if isinstance(system, str) else None
    if not strict_equal(prompt_system, derived):
        meta["system"] = _json(False if prompt_system is None else prompt_system, "$.prompt.system")
    if not messages:
        messages.append(Message(role="user", parts=(TextPart(text=""),)))
        meta["empty_prompt"] = True

    outs = record.messages
    located = [loc for k, m in enumerate(outs) for loc in _located(m, f"$.messages[{k}]")]
    first_pm = outs[0].provider_metadata if outs else None
    message, raw_turn = message_to("assistant", located, first_pm, "out", "$.messages[0]", seen)
    if len(outs) != 1 or outs[0].role != "assistant":
        specs = []
        for k, m in enumerate(outs):
            spec: dict[str, Any] = {"parts": len(m.parts)}
            if m.role != "assistant":
                spec["role"] = m.role
            if k and m.provider_metadata is not None:
                spec["provider_metadata"] = m.provider_metadata
            specs.append(_json(spec, f"$.messages[{k}]"))
        meta["messages"] = specs
    ch = TurnChannel()
    if raw_turn is not None:
        try:
            # an UnknownTool comes back; a non-finite logprob as lc.from_builtins takes one
            ch = read_builtins(logprobs_as_floats(raw_turn), TurnChannel, unknown="keep")
        except ValidationError as e:
            turn_path = "$.messages[0].provider_metadata.lm15.turn" + e.path[1:]
            raise ValidationError(f"not what lc.llm.from_turn writes: {e.message}", turn_path) from None

    usage = EMPTY_USAGE
    u = record.usage
    if u is not None:
        if valid_count(u.input) and valid_count(u.output):
            usage = usage_of(u.input, u.output, u.details)
            if u.details is not None:
                meta["usage_details"] = _json(u.details, "$.usage.details")
        else:
            meta["usage"] = _json(llm_to_builtins(u), "$.usage")
    turn_id = record.id
    if turn_id is not None and (type(turn_id) is not str or not turn_id):
        meta["id"] = _json(turn_id, "$.id")
        turn_id = None
    created = record.datetime_utc
    if created is not None and (type(created) is not str or not created):
        meta["datetime_utc"] = _json(created, "$.datetime_utc")
        created = None

    if ch.config is not None:
        config = ch.config
    else:
        options = record.prompt.options
        try:
            config = config_of(_json(options, "$.prompt.options") if options else None)
        except (TypeError, ValueError) as exc:
            raise ValidationError(
                f"cannot be converted to a canonical Config: {exc}", "$.prompt.options"
            ) from None
    request = fast(
        Request,
        "$.prompt",
        model=model,
        messages=tuple(messages),
        system=system,
        tools=ch.tools,
        config=config,
    )
    response = fast(
        Response,
        "$.messages",
        id=ch.response_id,
        model=ch.response_model or model,
        message=message,
        finish_reason=ch.finish_reason or finish_of(message),
        usage=ch.usage if ch.usage is not None else usage,
        logprobs=ch.logprobs,
        logprobs_complete=ch.logprobs_complete,
        adaptations=ch.adaptations,
        provider_data=ch.provider_data,
    )
    metadata = dict(ch.metadata) if ch.metadata is not None else None
    if meta:
        meta = {k: meta[k] for k in _META_KEYS if k in meta}
        if metadata is None:
            metadata = {"llm": meta}
        elif "llm" in metadata:
            raise ValidationError("the lm15 channel's metadata holds an 'llm' key", "$.messages[0]")
        else:
            metadata["llm"] = meta
    turn: Turn = fast(
        Turn, "$", id=turn_id, created_at=created, request=request, response=response, metadata=metadata
    )
    return turn, seen.channels


def unedited(record: L.Response, turn: Turn, channels: int) -> bool:
    """Whether ``from_turn(turn)`` writes ``record``, the record holding ``channels`` lm15 channels:
    from its turn channel alone when that answers it, else by converting the whole Turn back."""
    answer = restates_turn(record, turn, channels)
    return strict_equal(from_turn(turn), record) if answer is None else answer


class _Inconsistent(Exception):
    """Turn.metadata['llm'] does not describe this Turn: from_turn carries it verbatim instead."""


def _llm_meta(metadata: dict[str, Any]) -> dict[str, Any] | None:
    """``metadata["llm"]`` when its shape is one to_turn writes, else None."""
    if list(metadata)[-1] != "llm":
        return None
    lm = metadata["llm"]
    if type(lm) is not dict or not lm or ("usage" in lm and "usage_details" in lm):
        return None
    ranks = [_META_KEYS.index(k) if k in _META_KEYS else -1 for k in lm]
    if -1 in ranks or ranks != sorted(ranks):
        return None
    v = lm.get("system", True)
    if v is not False and not v:
        return None
    sm = lm.get("system_message", {"provider_metadata": {"_": 1}})
    if type(sm) is not dict or list(sm) != ["provider_metadata"]:
        return None
    pm = sm["provider_metadata"]
    if type(pm) is not dict or not pm or "lm15" in pm or any(type(k) is not str or not k for k in pm):
        return None
    if lm.get("empty_prompt", True) is not True or lm.get("usage_details", 0) is None:
        return None
    specs = lm.get("messages", [])
    if type(specs) is not list:
        return None
    for k, spec in enumerate(specs):
        if type(spec) is not dict or [key for key in _SPEC_KEYS if key in spec] != list(spec):
            return None
        if type(spec.get("parts")) is not int or spec["parts"] < 0 or spec.get("role") == "assistant":
            return None
        if "provider_metadata" in spec and (k == 0 or not spec["provider_metadata"]):
            return None
    if len(specs) == 1 and "role" not in specs[0]:
        return None
    if "id" in lm and (not lm["id"] or type(lm["id"]) is str):
        return None
    dt = lm.get("datetime_utc", 0)
    if dt is None or (type(dt) is str and dt):
        return None
    return lm


def _is_blank(parts: tuple[Any, ...]) -> bool:
    return len(parts) == 1 and type(parts[0]) is TextPart and not parts[0].text and not parts[0].continuation


def _prompt(turn: Turn, lm: dict[str, Any], options: dict[str, Any] | None) -> L.Prompt:
    req = turn.request
    chain: list[L.Message] = []
    system = req.system
    sm = lm.get("system_message")
    if system is not None:
        chain.append(system_from(system, sm["provider_metadata"] if sm else None))
    elif sm is not None:
        raise _Inconsistent
    if lm.get("empty_prompt"):
        m = req.messages[0]
        if len(req.messages) != 1 or m.role != "user" or m.continuation or not _is_blank(m.parts):
            raise _Inconsistent
    else:
        offset = len(chain)
        for k, m in enumerate(req.messages):
            plain = plain_message_from(m)
            if plain is not None:
                chain.append(plain)
                continue
            role, parts, pm = message_from(m, offset + k)
            chain.append(unchecked(L.Message, role=role, parts=parts, provider_metadata=pm))
    derived = system if isinstance(system, str) else None
    prompt_system = derived
    if "system" in lm:
        prompt_system = None if lm["system"] is False else lm["system"]
        if strict_equal(prompt_system, derived):
            raise _Inconsistent
    return unchecked(L.Prompt, messages=chain, options=options, system=prompt_system)


def _usage(usage: Usage, lm: dict[str, Any]) -> tuple[L.Usage | None, Usage]:
    """(llm usage, the canonical Usage to_turn derives from it)."""
    if "usage" in lm:
        raw = lm["usage"]
        got = read_usage(raw) if type(raw) is dict else None
        if got is None or not strict_equal(llm_to_builtins(got), raw):
            raise _Inconsistent
        if (got.input is None and got.output is None) or (valid_count(got.input) and valid_count(got.output)):
            raise _Inconsistent
        return got, EMPTY_USAGE
    i, o = usage.input_tokens, usage.output_tokens
    details = lm.get("usage_details")
    if i is None and o is None:
        if "usage_details" in lm:
            raise _Inconsistent
        return None, EMPTY_USAGE
    return unchecked(L.Usage, input=i, output=o, details=details), usage_of(i, o, details)


def _from_turn(turn: Turn, lm: dict[str, Any] | None) -> L.Response:
    req, resp = turn.request, turn.response
    meta = lm or {}
    options, whole_config = options_of(req.config)
    prompt = _prompt(turn, meta, options)
    llm_usage, derived = _usage(resp.usage, meta)
    c = response_channel(turn)
    if resp.usage != derived:
        c.usage = resp.usage
    if whole_config:
        c.config = req.config
    md = turn.metadata
    if md is not None:
        c.metadata = md if lm is None else ({k: v for k, v in md.items() if k != "llm"} or None)
    channel = channel_builtins(c)
    role, parts, pm = message_from(resp.message, "out", need_room=bool(channel))
    if channel:
        pm = dict(pm or {})
        pm["lm15"] = {**pm.get("lm15", {}), "turn": channel}
    specs = meta.get("messages")
    if specs is None:
        outs = [unchecked(L.Message, role=role, parts=parts, provider_metadata=pm)]
    elif not specs:
        if parts or pm is not None:
            raise _Inconsistent
        outs = []
    else:
        if sum(s["parts"] for s in specs) != len(parts):
            raise _Inconsistent
        outs, at = [], 0
        for k, s in enumerate(specs):
            n = s["parts"]
            spm = pm if k == 0 else s.get("provider_metadata")
            outs.append(
                unchecked(
                    L.Message,
                    role=s.get("role", "assistant"),
                    parts=parts[at : at + n],
                    provider_metadata=spm,
                )
            )
            at += n
    turn_id: Any = turn.id
    if "id" in meta:
        if turn_id is not None:
            raise _Inconsistent
        turn_id = meta["id"]
    created: Any = turn.created_at
    if "datetime_utc" in meta:
        if created is not None:
            raise _Inconsistent
        created = meta["datetime_utc"]
    return unchecked(
        L.Response,
        model=req.model,
        prompt=prompt,
        messages=outs,
        id=turn_id,
        usage=llm_usage,
        datetime_utc=created,
    )


def from_turn(turn: Turn) -> L.Response:
    """The llm record (``lc.llm.Response``) of a canonical Turn; ``to_turn`` gives ``turn`` back.

    Canonical data llm has no slot for rides in ``provider_metadata["lm15"]``; the llm-only
    data ``to_turn`` recorded (markers, ``metadata["llm"]``) is honoured when it still
    describes the Turn, and otherwise carried verbatim like any other canonical data.
    """
    if not isinstance(turn, Turn):
        raise TypeError(f"from_turn() takes an lc.Turn, not {type(turn).__name__}")
    try:
        md = turn.metadata
        if md and "llm" in md:
            lm = _llm_meta(md)
            if lm is not None:
                try:
                    return _from_turn(turn, lm)
                except _Inconsistent:
                    pass
        return _from_turn(turn, None)
    except Subclassed:  # a user's subclass of a kind in it: converted as the Turn of lmcodec classes
        return from_turn(as_exact(turn))
    except (TypeError, AttributeError, KeyError, IndexError):  # a value of another type than its field's
        refuse_odd(turn, "turn")
        raise
