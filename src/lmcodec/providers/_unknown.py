"""Provider frames of an event type the adapter does not know: counted, and surfaced raw on request.

lm15 skips them (they map to nothing). What counts as *unknown*:

- OpenAI Responses and Anthropic Messages: a JSON object whose ``type`` is
  none of the event types the adapter reads or deliberately ignores
  (``response.in_progress``, ``ping``, ... are known);
- Chat Completions and Gemini, whose frames carry no event type: a frame
  whose JSON value is not an object (every object is a chunk; its unknown
  keys are ignored).

Such frames always reach the provider's generic (lm15 dict-code) path, so
the check costs nothing on the typed path of the known frames.
:func:`mapper_class` gives the mapper subclass used by the stream decoder:
it counts unknown frames in ``unknown`` and, when keeping, appends an
:class:`lmcodec.UnknownEvent` holding the frame's JSON in place of nothing.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from lmcodec.providers._base import load_frame
from lmcodec.providers.anthropic import views as anthropic_views
from lmcodec.providers.openai import views as openai_views
from lmcodec.wire.unknown import UnknownEvent

__all__ = ["KNOWN_TYPES", "is_unknown", "mapper_class"]


def _tags(types: Any) -> frozenset[str]:
    return frozenset(t.__struct_config__.tag for t in types)


KNOWN_TYPES: Final[dict[str, frozenset[str]]] = {
    "openai": _tags(openai_views.FRAME_TYPES)
    | {"response.output_text.annotation.added", "response.error", "error"},
    "anthropic": _tags(anthropic_views.FRAME_TYPES),
}


def is_unknown(provider: str, payload: Any) -> bool:
    """True when a decoded frame is of an event type ``provider``'s adapter does not know."""
    known = KNOWN_TYPES.get(provider)
    if known is None:
        return not isinstance(payload, dict)
    if not isinstance(payload, dict):
        return False
    tag = payload.get("type")
    return not isinstance(tag, str) or tag not in known


@cache
def mapper_class(base: Any, keep: bool) -> Any:
    """``base`` (a provider's StreamMapper) counting unknown frames, and keeping them if ``keep``."""

    class Mapper(base):  # type: ignore[misc]
        __slots__ = ("unknown",)

        def __init__(self, model: str | None) -> None:
            super().__init__(model)
            self.unknown = 0

        def generic_frame(self, data: bytes, out: list[Any]) -> None:
            n = len(out)
            super().generic_frame(data, out)
            if len(out) == n:
                payload = load_frame(data)
                if is_unknown(self.provider, payload):
                    self.unknown += 1
                    if keep:
                        out.append(UnknownEvent._kept(bytes(data), "json", payload))

    Mapper.__name__ = Mapper.__qualname__ = f"{base.__name__}{'Keeping' if keep else 'Counting'}"
    return Mapper
