"""Request settings whose value vocabulary each provider owns, crossed by meaning
(``lc.translate_request``; the rest of the crossing is ``providers/crossing.py``).

``service_tier``: lm15 keeps it as an open string the provider defines, and the vocabularies
differ (the SDKs' request types): OpenAI (Chat and Responses) ``auto | default | flex | scale |
priority | fast`` (Responses also ``ultrafast``; ``fast`` is served, and reported, as
``priority``), Anthropic ``auto | standard_only``, Gemini ``unspecified | standard | flex |
priority`` (google-genai's ``ServiceTier``; ``unspecified`` is the default). Sent verbatim, a
tier of one is a 400 from another. A tier is read as its meaning in the source's vocabulary and
written as the destination's spelling of that meaning (``substituted``): "the provider's
default" (``auto``, ``unspecified``), standard capacity (``default``, ``standard_only``,
``standard``), flex, priority; a tier with no spelling at the destination (flex or priority
to Anthropic, scale, ultrafast) or none at the source is ``dropped``, so the destination serves
the request at its default tier. The same value with the same meaning crosses as it is.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.wire import Adaptation, Request

__all__ = ["service_tier_out"]

_OPENAI_TIERS: Final = {
    "auto": "the provider's default",
    "default": "standard",
    "flex": "flex",
    "scale": "scale",
    "priority": "priority",
    "fast": "priority",
}
_TIERS: Final[dict[str, dict[str, str]]] = {
    "openai": {**_OPENAI_TIERS, "ultrafast": "ultrafast"},
    "openai_chat": _OPENAI_TIERS,
    "anthropic": {"auto": "the provider's default", "standard_only": "standard"},
    "gemini": {
        "unspecified": "the provider's default",
        "standard": "standard",
        "flex": "flex",
        "priority": "priority",
    },
}
"""Each dialect's service tiers -> what each means (the first spelling of a meaning is the one written)."""
_SPELLINGS: Final = {
    dialect: {meaning: tier for tier, meaning in reversed(tiers.items())} for dialect, tiers in _TIERS.items()
}


def service_tier_out(
    source: str, destination: str, request: Request
) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` with its service tier in ``destination``'s vocabulary, or without it where
    ``destination`` has no tier of that meaning; one Adaptation when the tier changed or went."""
    config = request.config
    tier = config.service_tier
    if tier is None:
        return request, ()
    key = tier.lower() if source == "gemini" else tier  # google-genai's enum is case-insensitive
    meaning = _TIERS[source].get(key)
    if meaning is not None and _TIERS[destination].get(tier) == meaning:
        return request, ()  # the destination's word for the same tier
    spelling = _SPELLINGS[destination].get(meaning) if meaning is not None else None
    if meaning is None:
        reason = f"not one of {source}'s service tiers ({', '.join(_TIERS[source])}): its meaning is unknown"
    elif spelling is None:
        reason = (
            f"{destination} has no {meaning} service tier ({', '.join(_TIERS[destination])}): "
            "it serves the request at its default tier"
        )
    else:
        reason = f"{source}'s {meaning} tier, in {destination}'s spelling"
    action: Any = "dropped" if spelling is None else "substituted"
    note = Adaptation(field="config.service_tier", action=action, reason=reason, asked=tier, applied=spelling)
    changed = msgspec.structs.replace(config, service_tier=spelling)
    return msgspec.structs.replace(request, config=changed), (note,)
