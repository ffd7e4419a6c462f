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

Stop sequences: each destination has its own rules (red team 9 F08): Chat takes "up to 4
sequences" (the openai SDK's ``CompletionCreateParams.stop``; LiteLLM cuts a longer list at 4),
Gemini up to 5 (``stopSequences``, google-genai's ``GenerationConfig``), and Anthropic refuses a
sequence of white space alone (LiteLLM leaves those out: ``AnthropicConfig._map_stop_sequences``,
``str.isspace``). :func:`stops_out` sends what the destination takes (the first 4 or 5; to Anthropic
every sequence with a character that is not white space) and leaves the rest to the gateway: one
``client_side`` Adaptation on ``config.stop`` whose ``applied`` are those sequences, which
``lc.stream.translate`` cuts the answer at (as lm15's runtime cuts a Responses answer, whose wire has
no stop field), so the client's answer stops where it asked.

The output cap: OpenAI's ``max_completion_tokens`` / ``max_output_tokens`` and Anthropic's
``max_tokens`` cap the whole generation, reasoning included, while lm15's canonical ``max_tokens``
is the visible answer, and its builders add (Anthropic) or leave out (the others) the thinking
budget; with reasoning on, the cap a destination is sent may differ from the one the client asked
for (Chat 2,000 with effort high is Anthropic's 18,384). An Anthropic client's ``max_tokens`` is
the whole generation, the budget within it, as the caps of OpenAI and Gemini (whose
``maxOutputTokens`` counts the thoughts) are: :func:`whole_cap_in` sends it to them (and to an
adaptive-class Claude model the body is routed to: ``_crossing_claude.claude_routed``) as the client
wrote it (4,096 with a 2,048 budget is OpenAI's 4,096; lm15's canonical reading, 4,096 less the
budget, sent 2,048, and 1,025 with a 1,024 budget left a cap of 1 for the thinking and the answer
together). ``build_request`` stays lm15's; :func:`output_cap_change` names a change
(``substituted``, the client's cap as ``asked``, the destination's as ``applied``). A cap above the
model's output ceiling is sent as the ceiling only to Claude (``_crossing_claude``: lm15 has that
table; with reasoning on, this is the one note on the field, ``clamped`` when the client asked for
more, its reason naming the ceiling); toward OpenAI and Gemini it goes as the client asked, as lm15
sends it: lm15 knows no ceiling of theirs, and their 400 names the model's limit.

A client's reasoning request kept in ``Config.extensions``: ``decode_request`` maps a dialect's
reasoning onto ``Config.reasoning`` only where lm15's builder gives the body back, and keeps every
other spelling as it came (its documented round trip). To another dialect,
:func:`reasoning_extensions_in` reads those by meaning, whatever the model's name
(``substituted``; a ``Config.reasoning`` already set wins, and the extension is dropped as before):

- Anthropic ``thinking`` (a budget on lm15's adaptive-class names, ``claude-opus-4-6``;
  ``adaptive`` on the older ones): ``enabled`` with a budget as that budget and the effort of it
  (the visible cap the body's ``max_tokens`` less the budget, as ``decode_request`` reads the older
  names); ``adaptive`` as the effort ``output_config`` names, else ``high``, the effort Anthropic
  applies when none is named; ``output_config.effort`` alone as that effort; ``between_tools``
  (thinking off, the model's short progress notes between tool calls sent back as thinking
  blocks: the anthropic SDK's ``ThinkingTypes``) as ``off``, as ``disabled`` reads: no other
  dialect writes such notes, which the note says (its ``output_config`` effort is then the
  answer's, not read as reasoning);
- Gemini's ``thinkingConfig`` with dynamic thinking (``thinkingBudget: -1``, or
  ``includeThoughts`` with no budget: the model decides) as ``medium``, the middle effort (OpenAI's
  default), a ``thinkingLevel`` (kept for a model outside Gemini 3) as that level;
  ``includeThoughts`` as summary ``auto``;
- Chat's ecosystem spellings (no key of the openai SDK): LiteLLM's Anthropic-style ``thinking``
  as Anthropic's; OpenRouter's ``reasoning``: ``effort`` as that effort (``none`` is off),
  ``max_tokens`` as a budget, ``enabled: true`` as ``medium``.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers.anthropic._build_tables import output_ceiling
from lmcodec.wire import Adaptation, Reasoning, Request, effort_for_budget
from lmcodec.wire._float_literals import float_literal

__all__ = ["output_cap_change", "reasoning_extensions_in", "service_tier_out", "stops_out", "whole_cap_in"]

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


_STOP_LIMITS: Final = {"openai_chat": 4, "gemini": 5}
"""How many stop sequences a destination takes (module docstring); Anthropic sets no number."""


def stops_out(destination: str, request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` with the stop sequences ``destination`` takes, one ``client_side`` Adaptation
    naming the others (the gateway cuts the answer at them); ``request`` itself when it takes all."""
    stops = request.config.stop
    limit = _STOP_LIMITS.get(destination)
    if limit is not None:
        sent, rest = stops[:limit], list(stops[limit:])
        reason = f"{destination} takes at most {limit} stop sequences"
    elif destination == "anthropic":
        sent = tuple(stop for stop in stops if stop.strip())
        rest = [stop for stop in stops if not stop.strip()]
        reason = "Anthropic refuses a stop sequence of white space alone"
    else:
        return request, ()
    if not rest:
        return request, ()
    reason += ": the others are applied by the gateway, which cuts the answer at the first one"
    note = Adaptation(
        field="config.stop", action="client_side", reason=reason, asked=list(stops), applied=rest
    )
    changed = msgspec.structs.replace(request.config, stop=sent)
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
    "openai_chat": (msgspec.json.Decoder(_ChatCap, float_hook=float_literal), "max_completion_tokens"),
    "openai": (msgspec.json.Decoder(_ResponsesCap, float_hook=float_literal), "max_output_tokens"),
    "anthropic": (msgspec.json.Decoder(_AnthropicCap, float_hook=float_literal), "max_tokens"),
    "gemini": (
        msgspec.json.Decoder(_GeminiCap, float_hook=float_literal),
        "generationConfig.maxOutputTokens",
    ),
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


def whole_cap_in(request: Request, client_body: bytes | bytearray | memoryview) -> Request:
    """``request`` with an Anthropic client's own ``max_tokens`` as its cap: decode_request and
    :func:`reasoning_extensions_in` read the visible answer's cap (the body's less the thinking
    budget, which lm15's Anthropic builder adds back); the other dialects' caps hold the thinking
    too, so the client's whole cap is what they are sent (see the module docstring)."""
    whole = _cap("anthropic", client_body)
    if not isinstance(whole, int) or isinstance(whole, bool) or whole == request.config.max_tokens:
        return request
    return msgspec.structs.replace(request, config=msgspec.structs.replace(request.config, max_tokens=whole))


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
    action: Any = "substituted"
    if destination == "anthropic" and applied is not None and applied == output_ceiling(request.model):
        reason += (
            "; Claude refuses max_tokens above the model's output ceiling (max_tokens: N > ceiling, "
            "which is the maximum allowed number of output tokens): sent as the ceiling, the thinking "
            "and the answer within it"
        )
        if asked > applied:
            action = "clamped"
    return (
        Adaptation(field="config.max_tokens", action=action, reason=reason, asked=asked, applied=applied),
    )


_ANTHROPIC_EFFORTS: Final = frozenset({"low", "medium", "high", "xhigh", "max"})
"""``output_config.effort``'s values (the anthropic SDK's ``OutputConfigParam``)."""
_ADAPTIVE_DEFAULT: Final = "high"
"""The effort Anthropic's adaptive thinking applies when ``output_config`` names none."""
_DYNAMIC: Final = "medium"
"""The effort a dynamic (model-decided) thinking request is sent as: the middle one."""
_GEMINI_LEVELS: Final = frozenset({"minimal", "low", "medium", "high"})
_OPENROUTER_EFFORTS: Final = frozenset({"minimal", "low", "medium", "high", "xhigh"})
_GONE: Final = object()
"""An extension key read whole (nothing of it left)."""


class _Found:
    """A reasoning read from extensions: the Reasoning, each key read (its value left, or _GONE)
    with the field its Adaptation names, and the visible cap where the budget came out of it."""

    __slots__ = ("reason", "reasoning", "taken", "visible")

    def __init__(
        self,
        reasoning: Reasoning,
        taken: dict[str, tuple[str, Any]],
        visible: int | None = None,
        reason: str | None = None,
    ):
        self.reasoning = reasoning
        self.taken = taken
        self.visible = visible
        self.reason = reason  # what the notes say, where the generic reason says too little


def reasoning_extensions_in(source: str, request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` with the reasoning its extensions kept as ``Config.reasoning`` where it has a
    meaning (see the module docstring), one Adaptation per extension read; else ``request``."""
    config = request.config
    extensions = config.extensions
    if config.reasoning is not None or not extensions:
        return request, ()
    if source == "anthropic":
        found = _anthropic(extensions, config.max_tokens)
    elif source == "gemini":
        found = _gemini(extensions)
    elif source == "openai_chat":
        found = _chat(extensions)
    else:
        return request, ()
    if found is None:
        return request, ()
    applied = msgspec.to_builtins(found.reasoning)
    reason = found.reason or f"{source}'s reasoning request, read as the canonical reasoning it means"
    notes = tuple(
        Adaptation(
            field=field,
            action="substituted",
            reason=reason,
            asked=_value_at(extensions, field),
            applied=applied,
        )
        for _, (field, _) in found.taken.items()
    )
    kept = {key: value for key, value in extensions.items() if key not in found.taken}
    kept.update({key: left for key, (_, left) in found.taken.items() if left is not _GONE})
    changes: dict[str, Any] = {"reasoning": found.reasoning, "extensions": kept or None}
    if found.visible is not None:
        changes["max_tokens"] = found.visible
    return msgspec.structs.replace(request, config=msgspec.structs.replace(config, **changes)), notes


def _value_at(extensions: dict[str, Any], field: str) -> Any:
    value: Any = extensions
    for key in field.split(".")[1:]:
        value = value[key]
    return value


def _budgeted(budget: Any) -> Reasoning | None:
    if type(budget) is int and budget >= 1:
        return Reasoning(effort=effort_for_budget(budget), thinking_budget=budget)  # type: ignore[arg-type]
    return None


def _anthropic_thinking(thinking: Any, effort: Any) -> Reasoning | None:
    """Anthropic's ``thinking`` object (and ``output_config``'s effort) as a Reasoning."""
    if not isinstance(thinking, dict):
        return None
    kind = thinking.get("type")
    if kind == "enabled":
        return _budgeted(thinking.get("budget_tokens"))
    if kind == "adaptive":
        return Reasoning(effort=effort if effort in _ANTHROPIC_EFFORTS else _ADAPTIVE_DEFAULT)
    if kind == "between_tools":
        return Reasoning(effort="off")
    return None


_BETWEEN_TOOLS: Final = (
    "anthropic's between_tools thinking: thinking off, the model's short progress notes between tool "
    "calls sent back as thinking blocks; read as reasoning off, as 'disabled' is (no other dialect "
    "writes such notes: none come back)"
)


def _anthropic(extensions: dict[str, Any], max_tokens: int | None) -> _Found | None:
    thinking, output = extensions.get("thinking"), extensions.get("output_config")
    effort: Any = output.get("effort") if isinstance(output, dict) else None
    effort = effort if type(effort) is str else None  # (an object is unhashable: red team 37 F01)
    effort_alone = isinstance(output, dict) and set(output) == {"effort"} and effort in _ANTHROPIC_EFFORTS
    taken: dict[str, tuple[str, Any]] = {}
    between = isinstance(thinking, dict) and thinking.get("type") == "between_tools"
    if thinking is not None:
        reasoning = _anthropic_thinking(thinking, effort)
        taken["thinking"] = ("extensions.thinking", _GONE)
        effort_alone = effort_alone and reasoning is not None and reasoning.thinking_budget is None
        effort_alone = effort_alone and not between  # with thinking off, the answer's effort
    else:
        reasoning = Reasoning(effort=effort) if effort_alone else None
    if reasoning is None:
        return None
    if effort_alone:  # the effort read, nothing else in output_config
        taken["output_config"] = ("extensions.output_config", _GONE)
    budget, visible = reasoning.thinking_budget, None
    if budget is not None and max_tokens is not None and max_tokens - budget >= 1:
        visible = max_tokens - budget
    return _Found(reasoning, taken, visible, _BETWEEN_TOOLS if between else None)


def _gemini(extensions: dict[str, Any]) -> _Found | None:
    settings = extensions.get("generationConfig")
    thinking = settings.get("thinkingConfig") if isinstance(settings, dict) else None
    if not isinstance(thinking, dict) or not isinstance(settings, dict):
        return None
    budget, level = thinking.get("thinkingBudget"), thinking.get("thinkingLevel")
    shown = thinking.get("includeThoughts") is True
    if level is None and (budget == -1 or (budget is None and shown)):
        effort = _DYNAMIC
    elif budget is None and isinstance(level, str) and level.lower() in _GEMINI_LEVELS:
        effort = level.lower()
    else:
        return None
    reasoning = Reasoning(effort=effort, summary="auto" if shown else None)  # type: ignore[arg-type]
    left = {key: value for key, value in settings.items() if key != "thinkingConfig"}
    return _Found(
        reasoning, {"generationConfig": ("extensions.generationConfig.thinkingConfig", left or _GONE)}
    )


def _chat(extensions: dict[str, Any]) -> _Found | None:
    thinking, wanted = extensions.get("thinking"), extensions.get("reasoning")
    if thinking is not None:
        reasoning = _anthropic_thinking(thinking, None)
        return None if reasoning is None else _Found(reasoning, {"thinking": ("extensions.thinking", _GONE)})
    if not isinstance(wanted, dict):
        return None
    effort = wanted.get("effort")
    if effort == "none":
        found: Reasoning | None = Reasoning(effort="off")
    elif effort in _OPENROUTER_EFFORTS:
        found = Reasoning(effort=effort)
    elif effort is None and wanted.get("max_tokens") is not None:
        found = _budgeted(wanted.get("max_tokens"))
    elif effort is None and wanted.get("enabled") is True:
        found = Reasoning(effort=_DYNAMIC)
    else:
        found = None
    return None if found is None else _Found(found, {"reasoning": ("extensions.reasoning", _GONE)})
