"""Provider frames of an event type the adapter does not know: counted, and surfaced raw on request.

lm15 skips them (they map to nothing). What counts as *unknown*:

- OpenAI Responses and Anthropic Messages: a JSON object whose ``type`` is
  none of the event types the adapter reads or deliberately ignores
  (``response.in_progress``, ``ping``, ... are known): the mapper's
  ``known_types``, built by :func:`known_types` from its view Structs' tags;
- Chat Completions and Gemini, whose frames carry no event type (``known_types``
  is ``None``): a frame whose JSON value is not an object (every object is a
  chunk; its unknown keys are ignored).

Such frames always reach the provider's port (lm15's dict code), so the check
costs nothing on the typed path of the known frames: ``MapperBase.port`` counts
them and, with ``unknown="keep"``, hands each on as an :class:`lmcodec.UnknownEvent`
holding the frame's JSON in place of nothing — if that JSON is strict (what lmcodec
itself reads back): a frame holding NaN, Infinity, a number out of range or a lone
surrogate is only counted, as lm15 skips it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["is_unknown", "known_types"]


def known_types(views: Iterable[Any], *extra: str) -> frozenset[str]:
    """The ``type`` tags of some view Structs, plus ``extra`` types the port reads."""
    return frozenset(view.__struct_config__.tag for view in views) | frozenset(extra)


def is_unknown(known: frozenset[str] | None, payload: Any) -> bool:
    """True when a decoded frame is of an event type the adapter (knowing ``known``) does not know."""
    if known is None:
        return not isinstance(payload, dict)
    if not isinstance(payload, dict):
        return False
    tag = payload.get("type")
    return not isinstance(tag, str) or tag not in known
