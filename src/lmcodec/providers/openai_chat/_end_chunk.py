"""Whether the Chat stream writer may write an end's ``provider_data`` chunk as it came.

A stream decoded from Chat Completions ends with the backend's last chunk in ``provider_data``
(its usage, service tier, fingerprint ...). The stream writer (``write.StreamWriter``, at the end)
copies it only where these say it is a Chat chunk of the one choice the writer writes, naming the
stream's id and model, carrying no content to repeat (and then only if it reads back as the end it
stands for): else the writer writes its own finish and usage chunks.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["is_chunk", "names_stream", "no_content", "one_choice_at_0"]

_CONTENT_KEYS: Final = (
    "content",
    "tool_calls",
    "reasoning_content",
    "reasoning",
    "refusal",
    "thinking_blocks",
)
"""Delta keys that carry content: a chunk holding any of them is not copied (it would repeat it)."""


def is_chunk(data: dict[str, Any]) -> bool:
    """Whether an end's ``provider_data`` is a Chat chunk (its ``object`` says so, or it has no
    ``object`` and a list of ``choices``: a backend's minimal usage chunk)."""
    kind = data.get("object")
    return kind == "chat.completion.chunk" or (kind is None and isinstance(data.get("choices"), list))


def one_choice_at_0(chunk: dict[str, Any]) -> bool:
    """Whether every choice of ``chunk`` is choice 0 (``"index": 0``, an int), the one choice the
    writer writes: lmcodec's mapper (as lm15's) ignores the index, and a copied chunk without it
    (or with null, ``"0"``, 1) breaks the openai SDK's accumulator (a bare TypeError, or a second
    choice and choice 0 left without a finish_reason)."""
    choices = chunk.get("choices")
    return not isinstance(choices, list) or all(
        isinstance(choice, dict) and type(choice.get("index")) is int and choice["index"] == 0
        for choice in choices
    )


def names_stream(chunk: dict[str, Any], id: str, model: str) -> bool:
    """Whether ``chunk`` names the id and model every chunk written names (a key it lacks says
    nothing): a gateway that renamed the response (its own id, the alias its client asked for) is
    not contradicted by the backend's last chunk, and a stream whose start named no id (lm15 gives a
    decoded Chat stream none) does not end under the backend's id after chunks under the writer's
    (red team 9 F02: one id per stream, as OpenAI sends it)."""
    return bool(chunk.get("id", id) == id and chunk.get("model", model) == model)


def no_content(chunk: dict[str, Any]) -> bool:
    """True when no choice of ``chunk`` carries content (writing it verbatim repeats nothing)."""
    choices = chunk.get("choices")
    if choices is None:
        return True
    if not isinstance(choices, list):
        return False
    for choice in choices:
        if not isinstance(choice, dict):
            return False
        delta = choice.get("delta")
        if delta is None:
            continue
        if not isinstance(delta, dict) or any(delta.get(key) for key in _CONTENT_KEYS):
            return False
        if choice.get("logprobs"):
            return False
    return True
