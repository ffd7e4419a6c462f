"""Token counts read from one dialect restated in another's meaning, for a gateway's client.

The canonical Usage keeps each wire's own counters, as lm15 decodes them, and the wires mean
different things by them:

- **Anthropic**: ``input_tokens`` is the uncached input only; ``cache_read_input_tokens`` and
  ``cache_creation_input_tokens`` are counted beside it; ``output_tokens`` includes thinking.
  The wire has no total (lm15's is ``input_tokens + output_tokens``).
- **OpenAI Responses and Chat Completions**: ``input_tokens`` / ``prompt_tokens`` include the
  cached tokens (``cached_tokens`` and ``cache_write_tokens`` are parts of them); the output count
  includes ``reasoning_tokens``; ``total_tokens`` is input + output.
- **Gemini**: ``promptTokenCount`` includes ``cachedContentTokenCount``; ``candidatesTokenCount``
  excludes ``thoughtsTokenCount``; ``totalTokenCount`` counts all of them and
  ``toolUsePromptTokenCount`` (a tool's output fed back to the model), which lm15 does not read.

A writer given the source's dialect restates a Usage through the OpenAI meaning: input +=
cache reads and writes from Anthropic, output += thoughts and input += the tool-use prompt (the
total's count beyond prompt, candidates and thoughts) from Gemini; and back: input -= cache
reads and writes to Anthropic, output -= reasoning to Gemini (what LiteLLM's Anthropic and Gemini
transformations do). A total moves with the input or output it counts. A count the source did not
report stays unreported (INV-029), and nothing is added or subtracted for one; a subtraction never
goes below 0 (a source whose cached count exceeds its input: LiteLLM clamps alike). Between two
dialects of one meaning (the same one, or the two OpenAI ones) the Usage is the same object.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import msgspec

from lmcodec.wire import Usage

__all__ = ["restated_usage", "usage_restatement"]

_replace: Final = msgspec.structs.replace

# what each dialect means by its counts (the two OpenAI dialects mean the same)
_MEANINGS: Final[dict[str, str]] = {
    "openai": "openai",
    "openai_chat": "openai",
    "anthropic": "anthropic",
    "gemini": "gemini",
}


def _cache_counts(usage: Usage) -> int:
    return (usage.cache_read_tokens or 0) + (usage.cache_write_tokens or 0)


def _from_anthropic(usage: Usage) -> Usage:
    """Anthropic's counts in the OpenAI meaning: the cache reads and writes join the input."""
    cached = _cache_counts(usage)
    if not cached or usage.input_tokens is None:
        return usage
    total = usage.total_tokens
    restated: Usage = _replace(
        usage,
        input_tokens=usage.input_tokens + cached,
        total_tokens=None if total is None else total + cached,
    )
    return restated


def _to_anthropic(usage: Usage) -> Usage:
    """OpenAI-meaning counts as Anthropic's: the cache reads and writes leave the input."""
    cached = _cache_counts(usage)
    if not cached or usage.input_tokens is None:
        return usage
    uncached = max(usage.input_tokens - cached, 0)
    total = usage.total_tokens
    restated: Usage = _replace(
        usage,
        input_tokens=uncached,
        total_tokens=None if total is None else max(total - (usage.input_tokens - uncached), 0),
    )
    return restated


def _from_gemini(usage: Usage) -> Usage:
    """Gemini's counts in the OpenAI meaning: the thoughts join the output, and the tool-use
    prompt (``toolUsePromptTokenCount``: what the code-execution or URL-context tool fed the model)
    joins the input, as LiteLLM counts it. lm15's Usage has no slot for that count, but Gemini's
    total counts it beside the prompt, candidates and thoughts, so it is what the total holds
    beyond them. Gemini's own total already counts all of them; a total that is prompt +
    candidates (lm15's, where the wire gave none) gets the thoughts too."""
    thoughts = usage.reasoning_tokens
    output = usage.output_tokens
    if output is None:
        return usage
    total = usage.total_tokens
    given = usage.input_tokens
    tool_use = 0
    if total is not None and given is not None:
        tool_use = max(total - given - output - (thoughts or 0), 0)
    if not thoughts and not tool_use:
        return usage
    if total is not None and given is not None and total == given + output:
        total += thoughts or 0
    restated: Usage = _replace(
        usage,
        input_tokens=given if given is None else given + tool_use,
        output_tokens=output + (thoughts or 0),
        total_tokens=total,
    )
    return restated


def _to_gemini(usage: Usage) -> Usage:
    """OpenAI-meaning counts as Gemini's: the reasoning leaves the candidates (the total, which
    counts the thoughts on Gemini too, stays)."""
    reasoning = usage.reasoning_tokens
    output = usage.output_tokens
    if not reasoning or output is None:
        return usage
    restated: Usage = _replace(usage, output_tokens=max(output - reasoning, 0))
    return restated


_TO_OPENAI: Final[dict[str, Callable[[Usage], Usage]]] = {
    "anthropic": _from_anthropic,
    "gemini": _from_gemini,
}
_FROM_OPENAI: Final[dict[str, Callable[[Usage], Usage]]] = {
    "anthropic": _to_anthropic,
    "gemini": _to_gemini,
}


def usage_restatement(source: str, destination: str) -> Callable[[Usage], Usage] | None:
    """The function restating a Usage read from ``source`` in ``destination``'s meaning, or
    ``None`` where the two dialects mean the same by every count (both must be known dialects)."""
    src, dst = _MEANINGS[source], _MEANINGS[destination]
    if src == dst:
        return None
    if src == "openai":
        return _FROM_OPENAI[dst]
    if dst == "openai":
        return _TO_OPENAI[src]
    into, out = _TO_OPENAI[src], _FROM_OPENAI[dst]

    def restate(usage: Usage) -> Usage:
        return out(into(usage))

    return restate


def restated_usage(usage: Usage, source: str, destination: str) -> Usage:
    """``usage``, read from ``source``, in ``destination``'s meaning (see the module)."""
    restate = usage_restatement(source, destination)
    return usage if restate is None else restate(usage)
