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

The output cap: OpenAI's ``max_completion_tokens`` / ``max_output_tokens`` and Anthropic's
``max_tokens`` cap the whole generation, reasoning included, while lm15's canonical ``max_tokens``
is the visible answer, and its builders add (Anthropic) or leave out (the others) the thinking
budget; with reasoning on, the cap a destination is sent may differ from the one the client asked
for (Chat 2,000 with effort high is Anthropic's 18,384; Anthropic's 4,096 with a 2,048 budget is
OpenAI's 2,048). ``build_request`` stays lm15's; :func:`output_cap_change` names the change
(``substituted``, the client's cap as ``asked``, the destination's as ``applied``).

An Anthropic client's ``thinking``: ``decode_request`` maps it onto ``Config.reasoning`` only where
lm15's builder gives the body back (a manual budget for a model outside lm15's adaptive class,
``adaptive`` with ``output_config.effort`` for one inside it) and keeps every other spelling in
``Config.extensions`` (its documented round trip). To another dialect,
:func:`anthropic_thinking_in` reads those by meaning, whatever the model's name
(``substituted``): ``enabled`` with a budget as that budget and the effort of it (the visible cap
the body's ``max_tokens`` less the budget, as ``decode_request`` reads it for the older names);
``adaptive`` as the effort ``output_config`` names, else ``high``, the effort Anthropic applies
when none is named.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.wire import Adaptation, Reasoning, Request, effort_for_budget

__all__ = ["anthropic_thinking_in", "output_cap_change", "service_tier_out"]

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


class _ChatCap(msgspec.Struct):
    max_completion_tokens: Any = None
    max_tokens: Any = None


class _ResponsesCap(msgspec.Struct):
    max_output_tokens: Any = None


class _AnthropicCap(msgspec.Struct):
    max_tokens: Any = None


class _GeminiSettings(msgspec.Struct):
    maxOutputTokens: Any = None
    max_output_tokens: Any = None


class _GeminiCap(msgspec.Struct):
    generationConfig: _GeminiSettings | None = None
    generation_config: _GeminiSettings | None = None


_CAPS: Final[dict[str, tuple[Any, str]]] = {
    "openai_chat": (msgspec.json.Decoder(_ChatCap), "max_completion_tokens"),
    "openai": (msgspec.json.Decoder(_ResponsesCap), "max_output_tokens"),
    "anthropic": (msgspec.json.Decoder(_AnthropicCap), "max_tokens"),
    "gemini": (msgspec.json.Decoder(_GeminiCap), "generationConfig.maxOutputTokens"),
}
"""Each dialect's total output cap: a decoder that reads only it from a body, and its name."""


def _cap(dialect: str, body: bytes | bytearray | memoryview) -> Any:
    decoder, _ = _CAPS[dialect]
    try:
        read = decoder.decode(body)
    except (msgspec.DecodeError, UnicodeDecodeError):
        return None  # a body the reader took but msgspec does not (NaN, ...): the cap is not named
    if dialect == "openai_chat":
        return read.max_completion_tokens if read.max_completion_tokens is not None else read.max_tokens
    if dialect == "gemini":
        settings = read.generationConfig or read.generation_config
        if settings is None:
            return None
        return (
            settings.maxOutputTokens if settings.maxOutputTokens is not None else settings.max_output_tokens
        )
    return read.max_output_tokens if dialect == "openai" else read.max_tokens


def output_cap_change(
    source: str, destination: str, request: Request, client_body: bytes | bytearray | memoryview, sent: bytes
) -> tuple[Adaptation, ...]:
    """One Adaptation when reasoning is on and the cap in ``sent`` (``destination``'s body) is
    not the one ``client_body`` asked for; nothing else is read (no reasoning: the builders pass
    the cap through)."""
    if request.config.reasoning is None:
        return ()
    asked = _cap(source, client_body)
    if not isinstance(asked, int):
        return ()
    applied = _cap(destination, sent)
    if applied == asked:
        return ()
    reason = (
        f"{source}'s {_CAPS[source][1]} is sent as {destination}'s {_CAPS[destination][1]}: lm15's "
        "canonical max_tokens is the visible answer, and its builders count the thinking budget in "
        "or out of the cap by their own provider's rule"
    )
    return (
        Adaptation(
            field="config.max_tokens", action="substituted", reason=reason, asked=asked, applied=applied
        ),
    )


_ANTHROPIC_EFFORTS: Final = frozenset({"low", "medium", "high", "xhigh", "max"})
"""``output_config.effort``'s values (the anthropic SDK's ``OutputConfigParam``)."""
_ADAPTIVE_DEFAULT: Final = "high"
"""The effort Anthropic's adaptive thinking applies when ``output_config`` names none."""


def anthropic_thinking_in(request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` (read from an Anthropic body) with the ``thinking`` its extensions kept as
    ``Config.reasoning`` where it has a meaning (see the module docstring), one Adaptation per
    extension read; ``request`` itself otherwise."""
    config = request.config
    extensions = config.extensions or {}
    thinking = extensions.get("thinking")
    if config.reasoning is not None or not isinstance(thinking, dict):
        return request, ()
    output = extensions.get("output_config")
    changes: dict[str, Any] = {}
    used = {"thinking"}
    kind, budget = thinking.get("type"), thinking.get("budget_tokens")
    if kind == "enabled" and type(budget) is int and budget >= 1:
        reasoning = Reasoning(effort=effort_for_budget(budget), thinking_budget=budget)  # type: ignore[arg-type]
        visible = config.max_tokens
        if visible is not None and visible - budget >= 1:
            changes["max_tokens"] = visible - budget
    elif kind == "adaptive":
        effort = output.get("effort") if isinstance(output, dict) else None
        if effort in _ANTHROPIC_EFFORTS and isinstance(output, dict) and set(output) == {"effort"}:
            used.add("output_config")
        reasoning = Reasoning(effort=effort if effort in _ANTHROPIC_EFFORTS else _ADAPTIVE_DEFAULT)
    else:
        return request, ()
    applied = msgspec.to_builtins(reasoning)
    notes = [
        Adaptation(
            field=f"extensions.{key}",
            action="substituted",
            reason="Anthropic's thinking, read as the canonical reasoning it means",
            asked=extensions[key],
            applied=applied,
        )
        for key in ("thinking", "output_config")
        if key in used
    ]
    kept = {key: value for key, value in extensions.items() if key not in used}
    changes.update(reasoning=reasoning, extensions=kept or None)
    return msgspec.structs.replace(request, config=msgspec.structs.replace(config, **changes)), tuple(notes)
