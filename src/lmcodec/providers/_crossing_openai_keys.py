"""The request keys both OpenAI dialects have, carried between Chat Completions and Responses.

The openai SDK's ``chat.completions.create`` and ``responses.create`` share these keys (red team 9
F07; red team 2 F13 was ``metadata``); those without a canonical field ride in ``Config.extensions``
and would be dropped as foreign by ``translate_request``. Between the two dialects they are sent on:

- same name, same shape (:data:`SAME`): ``metadata``, ``moderation``, ``prompt_cache_retention``
  (``"in_memory"``; ``"24h"`` is the canonical long retention), sent as they came;
- same name, the destination's shape a subset (:data:`SUBKEYS`): ``prompt_cache_options`` (Chat takes
  ``mode`` and ``ttl: "30m"``; Responses also ``prewarm``, ``comparison_response_id`` and ``ttl:
  "12h"``) and ``stream_options`` (Chat takes ``include_usage`` and ``include_obfuscation``,
  Responses ``include_obfuscation``): what the destination takes is sent, the rest ``dropped``
  (a Chat ``include_usage`` ``satisfied``: Responses streams end with the usage); ``stream_options`` is
  merged into what the Chat builder writes (``include_usage`` for a stream), and goes only with a
  stream: OpenAI refuses it in a body not streamed ("only allowed when 'stream' is enabled"), so a
  request built without one has it ``dropped`` (review 8, F1);
- another spelling: Chat's ``verbosity`` is Responses' ``text.verbosity`` (merged into the ``text``
  the Responses builder writes for a response format), each way ``substituted``; the rest of a
  Responses ``text`` (its ``format`` aside, carried as the canonical response_format) ``dropped``.

Keys with a canonical field (``temperature``, ``top_p``, ``tools``, ``tool_choice``,
``parallel_tool_calls``, ``prompt_cache_key``, ``safety_identifier``/``user``, ``service_tier``,
``store``, ``top_logprobs``) cross as that field (both end-user keys given, each under its own name;
Responses' ``include`` with ``top_logprobs`` as Chat's ``logprobs``: ``_crossing_carried_keys.py``);
``stream`` is the call's.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.wire import Adaptation, Request
from lmcodec.wire._float_literals import decode_any

__all__ = ["OPENAI_DIALECTS", "SAME", "SUBKEYS", "merged_in", "openai_keys_across"]

OPENAI_DIALECTS: Final = frozenset({"openai", "openai_chat"})
"""The two OpenAI dialects, which share request keys (this module's passes)."""
SAME: Final = frozenset({"metadata", "moderation", "prompt_cache_retention"})
"""Top-level keys both OpenAI dialects take under the same name with the same shape."""

SUBKEYS: Final[dict[str, dict[str, dict[str, frozenset[Any] | None]]]] = {
    "prompt_cache_options": {
        "openai_chat": {"mode": None, "ttl": frozenset({"30m"})},
        "openai": {"mode": None, "ttl": None, "prewarm": None, "comparison_response_id": None},
    },
    "stream_options": {
        "openai_chat": {"include_usage": None, "include_obfuscation": None},
        "openai": {"include_obfuscation": None},
    },
}
"""Objects both dialects take under one name: the keys each destination takes (with the values it
takes, None for any), per the openai SDK's request types."""

_MERGED: Final = frozenset({"stream_options"})
"""Shared objects the destination's builder may write itself: merged into its value."""

_WHY_NOT: Final[dict[str, str]] = {
    "include_usage": "Responses streams end with the usage without it",
}
"""Sub-keys the destination has no slot for because it does what they ask anyway (``satisfied``)."""


def openai_keys_across(
    source: str, destination: str, request: Request, stream: bool
) -> tuple[Request, dict[str, dict[str, Any]], tuple[Adaptation, ...]]:
    """``request`` (read from ``source``, one OpenAI dialect, for the other) with the shared keys of
    its extensions in ``destination``'s spelling: the top-level ones left in its extensions (the
    builder writes extensions over its own keys), the ones to merge into an object the builder
    writes taken out and returned (for :func:`merged_in`); one Adaptation per key respelled or
    partly dropped; ``stream`` says whether the built request streams. A key both dialects do not
    share is left for ``foreign_extensions_out``."""
    extensions = request.config.extensions or {}
    kept = dict(extensions)
    merge: dict[str, dict[str, Any]] = {}
    notes: list[Adaptation] = []
    for key, value in extensions.items():
        if key == "stream_options" and not stream:
            del kept[key]
            notes.append(_note(f"extensions.{key}", "dropped", _NOT_STREAMED, value))
        elif key in SUBKEYS and isinstance(value, dict):
            takes = SUBKEYS[key][destination]
            sent = {k: v for k, v in value.items() if k in takes and _takes(takes[k], v)}
            rest = {k: v for k, v in value.items() if k not in sent}
            del kept[key]
            if sent:
                if key in _MERGED:
                    merge[key] = sent
                else:
                    kept[key] = sent
            if rest:
                why = "; ".join(
                    _WHY_NOT.get(k, f"{destination}'s {key} has no {k}: {v!r}") for k, v in rest.items()
                )
                action = "satisfied" if set(rest) <= set(_WHY_NOT) else "dropped"
                notes.append(_note(f"extensions.{key}", action, why, rest, sent or None))
        elif key == "verbosity" and source == "openai_chat":
            del kept[key]
            merge["text"] = {"verbosity": value}
            notes.append(_note("extensions.verbosity", "substituted", _AS_TEXT, value, {"verbosity": value}))
        elif key == "text" and source == "openai" and isinstance(value, dict) and "verbosity" in value:
            del kept[key]
            kept["verbosity"] = value["verbosity"]
            notes.append(_note("extensions.text", "substituted", _AS_VERBOSITY, value, value["verbosity"]))
            fmt = value.get("format")
            carried = fmt is None or request.config.response_format is not None or fmt == {"type": "text"}
            rest = {k: v for k, v in value.items() if k != "verbosity" and (k != "format" or not carried)}
            if rest:
                why = f"Chat has no such field beside verbosity: {sorted(rest)}"
                notes.append(_note("extensions.text", "dropped", why, rest))
    if kept == extensions:
        return request, merge, tuple(notes)
    config = msgspec.structs.replace(request.config, extensions=kept or None)
    return msgspec.structs.replace(request, config=config), merge, tuple(notes)


_NOT_STREAMED: Final = "stream_options go only with stream: true, and this request is not streamed"
_AS_TEXT: Final = "Chat's verbosity is Responses' text.verbosity"
_AS_VERBOSITY: Final = (
    "Responses' text.verbosity is Chat's verbosity (the format goes as the canonical response_format)"
)


def _takes(values: frozenset[Any] | None, value: Any) -> bool:
    """Whether a sub-key taking ``values`` (None: any) takes ``value``."""
    try:
        return values is None or value in values
    except TypeError:  # an unhashable value is none of a set of strings
        return False


def merged_in(body: bytes, merge: dict[str, dict[str, Any]]) -> bytes:
    """``body`` (a built JSON object) with each object of ``merge`` merged into the object the
    builder wrote at its key (set when it wrote none); ``body`` itself when there is nothing."""
    if not merge:
        return body
    tree = decode_any(body)
    for key, value in merge.items():
        built = tree.get(key)
        tree[key] = {**built, **value} if isinstance(built, dict) else value
    return msgspec.json.encode(tree)


def _note(field: str, action: Any, reason: str, asked: Any, applied: Any = None) -> Adaptation:
    return Adaptation(field=field, action=action, reason=reason, asked=asked, applied=applied)
