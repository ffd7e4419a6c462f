"""Gemini's short bodies as one answer (``stream/_lone.py``'s straight path): what
:meth:`~lmcodec.providers.gemini.stream.StreamMapper.lone_answer` makes of a body's reading.

The reading (``StreamMapper.read_last`` / ``read_body``) is ``(payload, chunk, texts, end)``: the
last chunk's untyped value, that value typed as :class:`~lmcodec.providers.gemini.views.EndChunk`
(None where the view refuses it), the texts of the chunks before it read as one answer text each,
and ``end``: where the last chunk ends the stream with one answer-text part and nothing else that
maps (no thought, signature or logprobs; no in-band refusal), its answer alone (the TextPart, finish
reason, usage and provider_data the Assembler builds of it), read in the same pass as the chunk;
else None. The common answer is then ``end`` as it is; text chunks before it join its text; an end
of other parts (thoughts, whole function calls with their signatures) is built here."""

from __future__ import annotations

from typing import Any, Final

from lmcodec.providers._mapper import NO_USAGE, LoneAnswer, new, replace
from lmcodec.providers.gemini.views import (
    CANDIDATE_FINISH_ERRORS,
    FINISH_REASONS,
    PROVIDER,
    UNSET,
    counted_usage,
    finish_reason,
)
from lmcodec.wire import ContinuationState, TextPart, ThinkingPart, ToolCallPart

__all__ = ["NO_TEXTS", "TEXT", "lone_answer", "plain_text"]

TEXT: Final = new(TextPart, text="")
_THINKING: Final = new(ThinkingPart, text="")
_TOOL_CALL: Final = new(ToolCallPart, id="-", name="-", input={})
_SIGNATURE: Final = new(ContinuationState, provider=PROVIDER, kind="thought_signature", data={})
NO_TEXTS: Final[tuple[str, ...]] = ()
_NO_STATES: Final[tuple[Any, ...]] = ()


def lone_answer(read: Any, n_frames: int) -> LoneAnswer | None:
    """``StreamMapper.map_read_body`` of a body of ``n_frames`` chunks read as ``read``, when the last
    ends the stream (no in-band refusal) and the sink would be handed one delta a part of it, each an
    answer text, a thought or a named whole function call with its signature if any (no logprobs, no
    inline data), or, after chunks of one answer text each, one answer text: the parts the
    Assembler builds of those calls, the finish reason, usage and provider_data of the end; else
    None."""
    if read is None:
        return None
    payload, chunk, texts, end = read
    if end is not None:  # the last chunk one answer text (the common answer: as it was read)
        if n_frames == 1:
            answer: LoneAnswer = end
            return answer
        if len(texts) != n_frames - 1:
            return None
        joined = replace(TEXT, text="".join(texts) + end[0][0].text)
        return (joined,), end[1], end[2], payload, None, None
    if chunk is None or n_frames != 1:  # (texts are read only before a plain end)
        return None
    candidate = chunk.candidates[0]
    finish = candidate.finishReason
    if not finish or finish in CANDIDATE_FINISH_ERRORS:
        return None
    built = _answer_parts(candidate)
    if built is None:
        return None
    answer_parts, calls = built
    counts = chunk.usageMetadata
    usage = counted_usage(counts) if counts is not None and payload["usageMetadata"] else NO_USAGE
    reason: Any = "tool_call" if calls else FINISH_REASONS.get(finish) or finish_reason(finish)
    return answer_parts, reason, usage, payload, None, None


def plain_text(candidate: Any) -> str | None:
    """The text of a candidate of the text view that is one answer-text part and nothing else (no
    thought, signature or logprobs; its finish reason is the caller's: what ``StreamMapper.frames``
    maps to ``text(0, text)`` and ``StreamMapper._ended`` inline), else None."""
    parts = candidate.content.parts
    if len(parts) != 1 or candidate.logprobsResult is not None:
        return None
    part = parts[0]
    text = part.text
    if type(text) is not str or part.thought or part.thoughtSignature is not None:
        return None
    return text


def _answer_parts(candidate: Any) -> tuple[tuple[Any, ...], bool] | None:
    """The parts the Assembler builds of an end candidate's parts as ``StreamMapper._parts`` hands
    them to it (one slot a part), and whether a call is among them, when each part is an answer
    text, a thought or a named whole function call (its signature a continuation state of its
    slot) and the candidate has no logprobs; else None.

    Each part is a template's copy (what ``_proven_parts`` makes, without its checks): the view
    types a text, a signature, a call's name and id as str, the call's ``args`` are what msgspec
    decoded (strict JSON), a call's id is non-empty (``tool_call_<slot>`` where it is empty or
    absent, as the Assembler names it) and its name tested non-empty here."""
    if candidate.logprobsResult is not None:
        return None
    out: list[Any] = []
    calls = False
    for idx, part in enumerate(candidate.content.parts):
        text = part.text
        if text is not UNSET:
            signature = part.thoughtSignature
            states = _NO_STATES if signature is None else (replace(_SIGNATURE, data={"value": signature}),)
            out.append(replace(_THINKING if part.thought else TEXT, text=text, continuation=states))
            continue
        fc = part.functionCall
        if fc is None or not fc.name or fc.partialArgs is not UNSET or fc.willContinue is not UNSET:
            return None
        signature = part.thoughtSignature or fc.thoughtSignature
        states = _NO_STATES if signature is None else (replace(_SIGNATURE, data={"value": signature}),)
        args = {} if fc.args is UNSET else fc.args
        value = args if type(args) is dict else {"value": args}
        out.append(
            replace(
                _TOOL_CALL, id=fc.id or f"tool_call_{idx}", name=fc.name, input=value, continuation=states
            )
        )
        calls = True
    return tuple(out), calls
