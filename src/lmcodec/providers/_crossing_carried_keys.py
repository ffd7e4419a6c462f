"""Source wire keys kept in ``Config.extensions`` whose content reaches another dialect by other
fields (``lc.translate_request``; red team 34 F01, F02, F03, F05).

``decode_request`` keeps these keys as sent, so that ``build_request`` of the same dialect gives
the body back; :func:`carried_keys_out` takes them out before ``crossing.foreign_extensions_out``
drops the rest, so that none is noted ``dropped`` for content that was sent, and what is sent is:

- a Responses ``include`` holding ``"message.output_text.logprobs"`` (a stateless ``store: false``
  client also asks for ``"reasoning.encrypted_content"``) is the canonical logprobs request, its
  ``top_logprobs`` the count (0 without one): Chat ``logprobs: true`` (+ ``top_logprobs``),
  Gemini ``responseLogprobs`` (+ ``logprobs``); to Anthropic (no logprobs) the one note is its
  builder's ``config.logprobs`` ``dropped``, none saying the request or its count was sent (red
  team 37 F02), as for a body whose ``include`` the reader itself read as config.logprobs;
  the other entries ask Responses for output items of its own, ``dropped`` with that reason, and so
  is a ``top_logprobs`` without the logprobs entry (it asks for nothing then); a null or empty
  ``include`` asks nothing and is not noted;
- between Chat and Responses, a body with both ``user`` and ``safety_identifier`` sends each under
  its own name (both APIs take both; the canonical user_id is the destination's canonical key);
  elsewhere the one end-user id the destination takes is the canonical one, the other noted;
- an Anthropic ``system`` of text blocks is sent as the canonical system prompt, its blocks'
  texts joined with newlines (one ``substituted`` note for the block boundaries when there are
  several), a block's key beside ``type``, ``text`` and ``cache_control`` ``dropped`` at its path
  unless null or an empty list (cache marks are noted by ``_crossing_cache_marks``); a string or
  empty system is sent or asks nothing;
- a Responses ``tool_choice`` naming its custom tool is the canonical choice of the builtin tool
  ``"custom"``, which ``_crossing_tools.hosted_tools_out`` sends as the function tool it becomes;
  a name that is not the custom tool's is refused at its path.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers._build_common import adaptation
from lmcodec.wire import Adaptation, BuiltinTool, Request

__all__ = ["asks_nothing", "carried_keys_out"]

LOGPROBS_ENTRY: Final = "message.output_text.logprobs"
_NO_LOGPROBS: Final = frozenset({"anthropic"})
"""The dialects whose builder sends no logprobs request (it notes config.logprobs dropped)."""
_OWN_USER_KEY: Final = {"openai_chat": "user", "openai": "safety_identifier"}
"""The end-user key each OpenAI dialect reads as the canonical user_id (the other in extensions)."""
_SYSTEM_BLOCK_KEYS: Final = frozenset({"type", "text", "cache_control"})
_LOGPROBS: Final = "the logprobs request (include {entry!r}), sent as {destination}'s"
_TOP: Final = "the count of alternatives per token, sent with {destination}'s logprobs request"
_INCLUDE_REST: Final = (
    "include entries ask Responses for output of its own ({entries}); {destination} has no such request"
)
_TOP_ALONE: Final = "top_logprobs without include {entry!r} asks for no logprobs, and none are asked for"
_TOP_NOT_COUNT: Final = "top_logprobs is not a count (a non-negative integer): the logprobs go without it"
_ONE_USER: Final = (
    "{destination} takes one end-user id, which carries the client's {carried} (the canonical user_id)"
)
_USER_NOT_TEXT: Final = "an end-user id is a non-empty string"
_BLOCKS: Final = (
    "the system prompt's {count} text blocks, sent as {destination}'s one system text, joined with "
    "newlines: the block boundaries are not sent"
)
_BLOCK_KEY: Final = "a system block's {key}: {destination}'s system prompt is text alone"
_CUSTOM_NAME: Final = "the tool choice names a custom tool the request does not declare ({name!r})"


def asks_nothing(value: Any) -> bool:
    """Whether a wire value is null or an empty list: it asks for nothing, so leaving it out is not
    noted (red team 36 F02: SDKs send ``include: []`` and ``citations: []`` when they ask nothing)."""
    return value is None or (type(value) is list and not value)


def _count(value: Any) -> bool:
    return type(value) is int and value >= 0


def _logprobs(
    extensions: dict[str, Any], logprobs: int | None, destination: str, notes: list[Adaptation]
) -> int | None:
    """Config.logprobs for a Responses body's ``include`` / ``top_logprobs`` (taken out of
    ``extensions``); ``logprobs`` where those ask for none."""
    include = extensions.pop("include", None)
    has_top = "top_logprobs" in extensions
    top = extensions.pop("top_logprobs", None)
    entries = include if type(include) is list else []
    asked = LOGPROBS_ENTRY in entries and logprobs is None
    sent = destination not in _NO_LOGPROBS
    if asked:
        logprobs = top if _count(top) else 0
    if asked and sent:
        reason = _LOGPROBS.format(entry=LOGPROBS_ENTRY, destination=destination)
        notes.append(
            adaptation("extensions.include", "substituted", reason, [LOGPROBS_ENTRY], {"logprobs": logprobs})
        )
    rest = [entry for entry in entries if entry != LOGPROBS_ENTRY] if asked else entries
    if rest or not (asked or asks_nothing(include)):
        reason = _INCLUDE_REST.format(entries=", ".join(map(repr, rest)), destination=destination)
        notes.append(adaptation("extensions.include", "dropped", reason, rest if asked else include))
    if has_top and top is not None:
        if not asked:
            notes.append(
                adaptation("extensions.top_logprobs", "dropped", _TOP_ALONE.format(entry=LOGPROBS_ENTRY), top)
            )
        elif not _count(top):
            notes.append(adaptation("extensions.top_logprobs", "dropped", _TOP_NOT_COUNT, top))
        elif sent:  # (else the builder's config.logprobs note says the count is not sent)
            reason = _TOP.format(destination=destination)
            notes.append(adaptation("extensions.top_logprobs", "substituted", reason, top, {"logprobs": top}))
    return logprobs


def _system_blocks(value: Any, destination: str, notes: list[Adaptation]) -> None:
    """Notes for what of an Anthropic ``system`` kept as sent its canonical system prompt leaves."""
    if type(value) is not list:  # a string is the system prompt; null or "" asks nothing
        return
    texts = 0
    for index, block in enumerate(value):
        if type(block) is not dict:
            continue
        texts += 1
        for key, item in block.items():
            if key not in _SYSTEM_BLOCK_KEYS and not asks_nothing(item):
                reason = _BLOCK_KEY.format(key=key, destination=destination)
                notes.append(adaptation(f"$.system[{index}].{key}", "dropped", reason, item))
    if texts > 1:
        reason = _BLOCKS.format(count=texts, destination=destination)
        notes.append(adaptation("extensions.system", "substituted", reason, texts, 1))


def _custom_choice_checked(value: Any, request: Request) -> None:
    """Refuse a Responses ``tool_choice`` naming a custom tool other than the request's own."""
    tool = next((t for t in request.tools if type(t) is BuiltinTool and t.name == "custom"), None)
    declared = (tool.config or {}).get("name") if tool is not None else None
    choice = value if type(value) is dict else {}
    in_list = choice.get("type") == "allowed_tools"
    refs = choice.get("tools") if in_list else [choice]
    for index, ref in enumerate(refs if type(refs) is list else ()):
        if type(ref) is dict and ref.get("type") == "custom" and ref.get("name") != declared:
            path = f"$.tool_choice.tools[{index}].name" if in_list else "$.tool_choice.name"
            raise ValidationError(_CUSTOM_NAME.format(name=ref.get("name")), path)


def carried_keys_out(
    source: str, destination: str, request: Request
) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` (read from ``source``, for another dialect ``destination``) with the keys of its
    extensions whose content other fields carry taken out (onto those fields), and one Adaptation
    per part of them changed or left out; ``request`` itself when it has none."""
    config = request.config
    extensions = config.extensions or {}
    notes: list[Adaptation] = []
    changes: dict[str, Any] = {}
    kept = dict(extensions)
    if source == "openai" and ("include" in kept or "top_logprobs" in kept):
        logprobs = _logprobs(kept, config.logprobs, destination, notes)
        if logprobs != config.logprobs:
            changes["logprobs"] = logprobs
    if source == "openai" and "tool_choice" in kept and config.tool_choice is not None:
        _custom_choice_checked(kept.pop("tool_choice"), request)
    if source == "anthropic" and "system" in kept:
        _system_blocks(kept.pop("system"), destination, notes)
    own = _OWN_USER_KEY.get(source)
    other = _OWN_USER_KEY.get(destination)
    if own is not None and config.user_id is not None:
        key = next(k for k in _OWN_USER_KEY.values() if k != own)  # the source's other end-user key
        if key in kept:
            value = kept.pop(key)
            if type(value) is not str or not value:
                notes.append(adaptation(f"extensions.{key}", "dropped", _USER_NOT_TEXT, value))
            elif other is not None:  # both OpenAI dialects: each under its own name
                changes["user_id"] = value  # (the destination's canonical key is the source's other)
                kept[own] = config.user_id
            else:
                reason = _ONE_USER.format(destination=destination, carried=own)
                notes.append(adaptation(f"extensions.{key}", "dropped", reason, value))
    if kept == extensions and not changes:
        return request, tuple(notes)
    changes["extensions"] = kept or None
    return msgspec.structs.replace(request, config=msgspec.structs.replace(config, **changes)), tuple(notes)
