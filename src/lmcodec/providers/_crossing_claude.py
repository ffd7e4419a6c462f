"""What Claude refuses in a request another dialect's client sent, changed before it is built
(``lc.translate_request`` to Anthropic; ``build_request`` stays lm15's and writes what it is given).

Manual extended thinking (``thinking: {"type": "enabled"}``, what lm15's builder sends for a
model outside the adaptive class) needs the assistant turn of the tool loop in progress to start
with a thinking block the API issued (Anthropic: "Expected `thinking` or `redacted_thinking`, but
found `tool_use`"). The loop in progress is what follows the last turn of the user's own (a turn
of tool results continues it); its first assistant turn starts with a thinking part that carries
Anthropic's state, or the request cannot keep thinking on. A google-genai client (its wire has no
field for Anthropic's signature), a Chat client that rebuilds its assistant message without
``thinking_blocks``, a conversation that began on another backend: none has it. The request goes
without thinking (as LiteLLM does), ``config.reasoning`` ``dropped``: the conversation goes on,
thinking again from the next question. Adaptive thinking (the model decides whether to think)
takes a tool turn without thinking and is left as it is.

Beside thinking (manual or adaptive), Claude refuses more of what a client of another dialect
may send (Anthropic's extended-thinking docs, "feature compatibility"); the gateway keeps what
the client most plainly asked for:

- a ``tool_choice`` that forces a call (``any``, a named ``tool``) with manual thinking ("Thinking
  may not be enabled when tool_choice forces tool use"): the client asked for a call (often its
  way of getting structured output), so the call is kept and thinking goes for that request
  (``config.reasoning`` ``dropped``); adaptive thinking takes a forced call (it skips thinking);
- ``temperature`` below 1 and ``top_k`` (thinking "isn't compatible with temperature or top_k
  modifications"): ``dropped``, the answer sampled at Claude's default (a temperature above 1 lm15's
  builder clamps to 1, which thinking takes); ``top_p`` below 0.95 (thinking takes 0.95 to 1):
  ``clamped`` to 0.95, the nearest value it takes.

A manual thinking budget under 1,024 tokens (Gemini 2.5 takes budgets from 0, 128 or 512; an
OpenRouter-style Chat ``reasoning: {"max_tokens": 500}``), which the Messages API refuses
(the anthropic SDK's ``ThinkingConfigEnabledParam``: "Must be ≥1024 and less than max_tokens";
lm15's builder has no rule and sends it): ``clamped`` to 1,024, the nearest it takes (red team 11
F05). Adaptive thinking has no budget (lm15's builder drops it with its own note).

And Claude from Opus 4.1 on (the 4.5 models, 4.6, later) refuses ``temperature`` and ``top_p``
together, thinking or not ("cannot both be specified for this model"): ``temperature`` is kept
(the setting clients most often mean), ``top_p`` ``dropped``. Older Claude and names that are
not Claude's take both. Claude from Opus 4.7 on (4.8, the 5 family, Fable, Mythos) takes no
sampling parameter at all ("temperature is deprecated for this model", a 400): ``temperature``,
``top_p`` and ``top_k`` are each ``dropped`` (the model samples as it decides).

And Claude refuses an output cap above the model's output ceiling ("max_tokens: 200000 > 64000,
which is the maximum allowed number of output tokens"): a Chat or Gemini client asks for a cap its
own backend takes. lm15's builder sends the cap it is given; the gateway sends the model's ceiling
instead (lm15's table, ``_build_tables.OUTPUT_CEILINGS``: what its builder sends when no cap is set),
``config.max_tokens`` ``clamped``; with manual thinking the answer's cap is what the budget leaves of
the ceiling (a budget that alone reaches it is left to the API's 400, as lm15 leaves it). A name
that is not Claude's keeps its cap: lm15 knows no ceiling for that server. With reasoning set, the
one note on the field is ``_crossing_settings.output_cap_change``'s (the client's cap as ``asked``,
the body's as ``applied``, the ceiling named), as for every cap a thinking budget changes.

Anthropic to Anthropic, the client's own body goes as it wrote it, for the model it named; routed
by ``translate_request(..., model=)`` to another Claude model (:func:`claude_routed`; red team 43
F01) it gets what the other dialects' bodies get toward that model: the rules above, and the
client's ``max_tokens`` kept as the whole generation. The body is read by its own model's class
(a manual budget taken out of the cap, an adaptive effort not), so toward an adaptive-class model
the cap is the client's again (``_crossing_settings.whole_cap_in``: that builder adds no budget),
and a ``thinking`` in the other class's words (``adaptive`` to a manual-class model, ``enabled`` to
an adaptive one: lm15 writes each class its own) is read by its meaning
(``reasoning_extensions_in``, ``substituted``) for the builder to write in the model's words. An
adaptive effort toward a manual-class model goes as lm15 builds it (the effort's budget added to
the cap, as from Chat), which ``output_cap_change`` names, as it names a cap clamped to the ceiling.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

import msgspec

from lmcodec.providers._build_common import adaptation
from lmcodec.providers._crossing_settings import reasoning_extensions_in, whole_cap_in
from lmcodec.providers._memo import remember_by_name
from lmcodec.providers.anthropic._build_tables import output_ceiling, takes_adaptive_thinking
from lmcodec.wire import (
    EFFORT_THINKING_BUDGETS,
    Adaptation,
    Config,
    Message,
    Request,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
)
from lmcodec.wire._float_literals import float_literal

__all__ = ["claude_refusals_out", "claude_routed", "routed_elsewhere", "unsigned_loop_out"]

_ONE_SAMPLER: Final = (
    "opus-4-1",
    "opus-4-5",
    "sonnet-4-5",
    "haiku-4-5",
    "opus-4-6",
    "sonnet-4-6",
    "opus-4-7",
    "opus-4-8",
    "opus-5",
    "sonnet-5",
    "haiku-5",
    "fable",
    "mythos",
)
"""Model-name markers of the Claude models that refuse temperature and top_p together."""
_ONE_SAMPLER_NAME: Final = re.compile("|".join(_ONE_SAMPLER))
_NO_SAMPLING: Final = ("opus-4-7", "opus-4-8", "opus-5", "sonnet-5", "haiku-5", "fable", "mythos")
"""Model-name markers of the Claude models that refuse temperature, top_p and top_k."""
_NO_SAMPLING_NAME: Final = re.compile("|".join(_NO_SAMPLING))
_NO_SAMPLING_REASON: Final = (
    "this Claude model takes no sampling parameter (temperature is deprecated for this model): "
    "it samples as it decides"
)
_TOP_P_FLOOR: Final = 0.95
"""The lowest top_p Claude takes beside thinking."""
_BUDGET_FLOOR: Final = 1024
"""The smallest budget_tokens the Messages API takes."""
_BUDGET: Final = (
    "the Messages API refuses a thinking budget under 1024 tokens (budget_tokens must be >= 1024): "
    "the nearest it takes"
)
_FORCED: Final = (
    "manual extended thinking refuses a tool_choice that forces tool use (Thinking may not be "
    "enabled when tool_choice forces tool use): the client asked for a call, kept, and the "
    "request goes without thinking"
)
_TEMPERATURE: Final = "Claude refuses a temperature other than 1 beside thinking: sampled at its default"
_TOP_K: Final = "Claude refuses top_k beside thinking: sampled without it"
_TOP_P: Final = "Claude takes a top_p from 0.95 to 1 beside thinking: the nearest it takes"
_PAIR: Final = (
    "this Claude model refuses temperature and top_p together (cannot both be specified for "
    "this model): temperature kept"
)
_OVER_CEILING: Final = (
    "Claude refuses max_tokens above the model's output ceiling (max_tokens: N > ceiling, which "
    "is the maximum allowed number of output tokens): sent as the ceiling"
)
_UNSIGNED_LOOP: Final = (
    "manual extended thinking needs the tool loop in progress to start with the thinking block "
    "Claude issued (the API refuses the request: expected thinking, found tool_use), and the "
    "client's turn carries none: sent without thinking, thinking again from the next question"
)


def claude_refusals_out(request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` without what Claude refuses beside the rest of it (see the module docstring),
    one Adaptation per change; ``request`` itself when there is none."""
    config = request.config
    reasoning = config.reasoning
    sampled = config.temperature is not None or config.top_p is not None or config.top_k is not None
    if reasoning is None and not sampled:  # no thinking, no sampling: only the cap to check
        cap = config.max_tokens  # a cap within the ceiling (the usual request) is all as it was
        if cap is None or (ceiling := output_ceiling(request.model)) is None or cap <= ceiling:
            return request, ()
        return _within_ceiling(request, config, (), changed=False)
    changes: dict[str, Any] = {}
    notes: list[Adaptation] = []
    if sampled and _sampling_rules(request.model)[0]:
        for name in ("temperature", "top_p", "top_k"):
            if getattr(config, name) is not None:
                changes[name] = None
                notes.append(_note(f"config.{name}", "dropped", _NO_SAMPLING_REASON, getattr(config, name)))
        config = msgspec.structs.replace(config, **changes)
    thinking = reasoning is not None and reasoning.effort != "off"
    if thinking and not takes_adaptive_thinking(request.model):
        choice = config.tool_choice
        why = _FORCED if choice is not None and choice.mode == "required" else None
        if why is None and not _loop_starts_signed(request):
            why = _UNSIGNED_LOOP
        if why is not None:
            changes["reasoning"] = None
            notes.append(_note("config.reasoning", "dropped", why, msgspec.to_builtins(reasoning)))
            thinking = False
        elif reasoning is not None and (reasoning.thinking_budget or _BUDGET_FLOOR) < _BUDGET_FLOOR:
            budget = reasoning.thinking_budget
            changes["reasoning"] = msgspec.structs.replace(reasoning, thinking_budget=_BUDGET_FLOOR)
            notes.append(_note("config.reasoning.thinking_budget", "clamped", _BUDGET, budget, _BUDGET_FLOOR))
    temperature, top_p = config.temperature, config.top_p
    if thinking:
        if temperature is not None and temperature < 1.0:
            changes["temperature"] = temperature = None
            notes.append(_note("config.temperature", "dropped", _TEMPERATURE, config.temperature))
        if top_p is not None and top_p < _TOP_P_FLOOR:
            changes["top_p"] = top_p = _TOP_P_FLOOR
            notes.append(_note("config.top_p", "clamped", _TOP_P, config.top_p, _TOP_P_FLOOR))
        if config.top_k is not None:
            changes["top_k"] = None
            notes.append(_note("config.top_k", "dropped", _TOP_K, config.top_k))
    if temperature is not None and top_p is not None:
        if _sampling_rules(request.model)[1]:
            changes["top_p"] = None
            notes.append(_note("config.top_p", "dropped", _PAIR, config.top_p))
    if changes:
        config = msgspec.structs.replace(config, **changes)
    return _within_ceiling(request, config, tuple(notes), changed=bool(changes))


class _Named(msgspec.Struct):
    model: Any = None


_NAMED: Final = msgspec.json.Decoder(_Named, float_hook=float_literal)
_OTHER_CLASS_WORD: Final = {True: "enabled", False: "adaptive"}
"""By whether a model is of the adaptive class: the ``thinking`` type lm15 writes for the other class."""


def routed_elsewhere(request: Request, client_body: bytes | bytearray | memoryview) -> bool:
    """Whether an Anthropic client's body, read as ``request`` (its model ``translate_request``'s
    ``model=``), goes to another model than it names (:func:`claude_routed`'s case), asked only
    where that model's rules could change the request: reasoning, a ``thinking`` kept as spelled,
    sampling the model refuses, a cap over its ceiling. Reading the body's model again costs ~10
    instructions a byte (25k on benchmarks/requests_callgrind.py's 2.6 kB body)."""
    config = request.config
    if config.reasoning is None and not (config.extensions and "thinking" in config.extensions):
        temperature, top_p = config.temperature, config.top_p
        if temperature is not None or top_p is not None or config.top_k is not None:
            refuses_all, refuses_pair = _sampling_rules(request.model)
            refused = refuses_all or (refuses_pair and temperature is not None and top_p is not None)
        else:
            refused = False
        cap = config.max_tokens
        if not refused and (
            cap is None or (ceiling := output_ceiling(request.model)) is None or cap <= ceiling
        ):
            return False  # (claude_routed would give the request back)
    try:
        named = _NAMED.decode(client_body).model
    except (msgspec.DecodeError, UnicodeDecodeError):
        return False  # (the reader took the body: not reached)
    return isinstance(named, str) and named != request.model


def claude_routed(
    request: Request, client_body: bytes | bytearray | memoryview
) -> tuple[Request, tuple[Adaptation, ...]]:
    """An Anthropic client's ``request`` (read from ``client_body``, by the class of the model the
    body names) routed to ``request.model``, another Claude model: see the module docstring. The
    caller names the cap change (``output_cap_change``) once the body is built."""
    adaptive = takes_adaptive_thinking(request.model)
    notes: tuple[Adaptation, ...] = ()
    config = request.config
    spelled = config.extensions.get("thinking") if config.extensions else None
    word = spelled.get("type") if isinstance(spelled, dict) else None
    if config.reasoning is None and word == _OTHER_CLASS_WORD[adaptive]:  # in the model's own words
        request, notes = reasoning_extensions_in("anthropic", request)
    reasoning = request.config.reasoning
    if reasoning is not None and adaptive:  # that builder adds no budget: the client's whole cap
        request = whole_cap_in(request, client_body)
    changed, refused = claude_refusals_out(request)
    if reasoning is not None and changed.config.reasoning is None:  # the budget no longer in the cap
        changed, refused_again = claude_refusals_out(whole_cap_in(changed, client_body))
        refused = (*(note for note in refused if note.field != "config.max_tokens"), *refused_again)
    return changed, (*notes, *refused)


def unsigned_loop_out(request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """Anthropic -> Anthropic (red team 20 F02): ``request`` without manual thinking when the tool
    loop in progress does not start with thinking Claude issued (an Anthropic client failed over
    from another backend, whose unsigned thinking the gateway left out), one ``dropped`` note; the
    rest of what :func:`claude_refusals_out` changes is the client's own body, sent as it is.
    Manual thinking is ``config.reasoning`` (lm15's builder writes it as ``enabled`` outside the
    adaptive class) or, for an adaptive-class name, the client's ``thinking`` kept as it spelled it."""
    config = request.config
    reasoning = config.reasoning
    extensions = config.extensions or {}
    spelled = extensions.get("thinking")
    manual = (
        reasoning is not None and reasoning.effort != "off" and not takes_adaptive_thinking(request.model)
    )
    enabled = isinstance(spelled, dict) and spelled.get("type") == "enabled"
    if not (manual or enabled) or _loop_starts_signed(request):
        return request, ()
    if manual:
        note = _note("config.reasoning", "dropped", _UNSIGNED_LOOP, msgspec.to_builtins(reasoning))
        config = msgspec.structs.replace(config, reasoning=None)
    else:
        rest = {key: value for key, value in extensions.items() if key != "thinking"}
        note = _note("config.extensions.thinking", "dropped", _UNSIGNED_LOOP, spelled)
        config = msgspec.structs.replace(config, extensions=rest or None)
    return msgspec.structs.replace(request, config=config), (note,)


def _within_ceiling(
    request: Request, config: Config, notes: tuple[Adaptation, ...], *, changed: bool
) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` with ``config`` (``changed``: not its own) and the cap clamped to the model's
    output ceiling (see the module docstring); ``request`` itself when neither changes it."""
    cap = config.max_tokens
    ceiling = output_ceiling(request.model) if cap is not None else None
    if cap is not None and ceiling is not None:
        reasoning = config.reasoning
        budget = 0
        if reasoning is not None and reasoning.effort != "off" and not takes_adaptive_thinking(request.model):
            budget = reasoning.thinking_budget or EFFORT_THINKING_BUDGETS[reasoning.effort]
        if budget + cap > ceiling and budget < ceiling:
            config = msgspec.structs.replace(config, max_tokens=ceiling - budget)
            if reasoning is None:  # else output_cap_change's one note, naming the ceiling
                notes = (*notes, _note("config.max_tokens", "clamped", _OVER_CEILING, cap, ceiling))
            changed = True
    if not changed:
        return request, notes
    return msgspec.structs.replace(request, config=config), notes


_RULES: Final[dict[str, tuple[bool, bool]]] = {}  # model name -> its sampling rules


def _sampling_rules(model: str) -> tuple[bool, bool]:
    """Whether ``model`` refuses every sampling parameter, and temperature and top_p together,
    remembered by name (``_memo.remember_by_name``: names of the usual length only): the two
    searches of the lowered name cost ~5.9k instructions a sampled request (benchmarks/NOTES.md,
    gateway eighth round), for the few names a gateway's clients send."""
    rules = _RULES.get(model)
    if rules is None:
        rules = rules_by_name(model)
        remember_by_name(_RULES, model, rules)
    return rules


def rules_by_name(model: str) -> tuple[bool, bool]:
    """:func:`_sampling_rules` read from the markers."""
    lowered = model.lower()
    return _NO_SAMPLING_NAME.search(lowered) is not None, _ONE_SAMPLER_NAME.search(lowered) is not None


def _note(field: str, action: Any, reason: str, asked: Any, applied: Any = None) -> Adaptation:
    return adaptation(field, action, reason, asked, applied)


def _loop_starts_signed(request: Request) -> bool:
    """Whether the tool loop in progress (if any) starts with Anthropic-signed thinking.

    The API joins consecutive user-side turns (tool results, then a user's nudge) into one: such
    a run continues the loop when any of it holds a tool result, and ends it otherwise."""
    messages = request.messages
    start = len(messages)
    while start > 0:
        run = start
        while run > 0 and messages[run - 1].role != "assistant":
            run -= 1
        if run < start and not _holds(messages[run:start], ToolResultPart):
            break  # the user's own turn: the loop (if any) starts after it
        before = run
        while before > 0 and messages[before - 1].role == "assistant":
            before -= 1
        if before == run:
            break
        start = before
    assistant = [message for message in messages[start:] if message.role == "assistant"]
    if not _holds(assistant, ToolCallPart):
        return True  # no tool loop in progress: nothing to start
    head = assistant[0].parts[0] if assistant[0].parts else None
    if type(head) is not ThinkingPart:
        return False
    for state in head.continuation:
        if state.provider == "anthropic":
            return True
    return False


def _holds(messages: Sequence[Message], kind: type) -> bool:
    """Whether a part of ``messages`` is a ``kind`` (loops: ``any`` of a generator costs a tool loop
    of eight turns ~45k instructions more; benchmarks/NOTES.md, gateway twelfth round)."""
    for message in messages:
        for part in message.parts:
            if type(part) is kind:
                return True
    return False
