"""A ``streams_varied.Script`` as each provider's frames, key for key as the corpus bodies show them.

Sources of each shape: ``bodies/openai.streaming*`` (Responses lifecycle, obfuscation,
sequence numbers), ``openai.top_logprobs`` (logprob entries), ``openai.web_search``
(url_citation annotations), ``openai.reasoning`` (reasoning items);
``openai_chat.streaming*`` (chunks, usage chunk, ``[DONE]``; vLLM's ``reasoning_content``);
``anthropic.streaming*`` (event names, brace padding, ping), ``anthropic.thinking`` and
``anthropic.web_search`` (signed thinking, web-search citations); ``gemini.streaming*``
(``": "`` separators, usageMetadata on every chunk, the signed functionCall part),
``gemini.thinking`` (thought parts), ``gemini.google_search`` (groundingMetadata).
Fields lm15 does not read are kept where the wire carries them: a mapper must skip them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import count
from typing import Any

from streams_varied import Frame, Script, openai_logprob, token

MODEL_OPENAI = "gpt-5.4-mini-2026-03-17"


# -- OpenAI Responses API ------------------------------------------------------------------------


def openai_frames(s: Script, rng: random.Random) -> list[Frame]:
    rid = "resp_00908cd0f7c5fb98006a989365e5e087d29d0174678225d1f5"
    rsid = "rs_00908cd0f7c5fb98006a9893657b0c819fb3850b43fa003593"
    mid = "msg_00908cd0f7c5fb98006a9893667a2c81a0b1f5e8d2c3a4b5c6"
    think = bool(s.thinking)
    m = 1 if think else 0
    text = "".join(s.texts)
    tool_defs = [
        {
            "type": "function",
            "description": f"Tool {c.name}.",
            "name": c.name,
            "parameters": {"type": "object", "properties": {}, "additionalProperties": True},
            "strict": False,
        }
        for c in s.tool_calls
    ]
    seq = count()
    out: list[Frame] = []

    def emit(name: str, payload: dict[str, Any]) -> None:
        out.append(Frame(name, {"type": name, **payload, "sequence_number": next(seq)}))

    def response(status: str, output: list[Any], usage: Any) -> dict[str, Any]:
        return {
            "id": rid,
            "object": "response",
            "created_at": 1788384101,
            "status": status,
            "background": False,
            "completed_at": 1788384102 if status == "completed" else None,
            "error": None,
            "incomplete_details": None,
            "instructions": None,
            "max_output_tokens": None,
            "model": MODEL_OPENAI,
            "output": output,
            "parallel_tool_calls": True,
            "previous_response_id": None,
            "reasoning": {"effort": "low" if think else "none", "summary": "auto" if think else None},
            "service_tier": "auto" if status == "in_progress" else "default",
            "store": True,
            "temperature": 1.0,
            "text": {"format": {"type": "text"}, "verbosity": "medium"},
            "tool_choice": "auto",
            "tools": tool_defs,
            "top_logprobs": 2 if s.logprobs else 0,
            "top_p": 0.98,
            "truncation": "disabled",
            "usage": usage,
            "user": None,
            "metadata": {},
        }

    lps = [openai_logprob(t, rng) for t in s.texts] if s.logprobs else []
    annotations = [
        {"type": "url_citation", "end_index": c.end, "start_index": c.start, "title": c.title, "url": c.url}
        for c in s.citations
    ]
    part_done = {"type": "output_text", "annotations": annotations, "logprobs": lps, "text": text}
    summary = "".join(s.thinking)
    reasoning_done = {
        "id": rsid,
        "type": "reasoning",
        "encrypted_content": f"gAAAAAB{s.signature}",
        "summary": [{"type": "summary_text", "text": summary}],
    }

    def message(status: str, content: list[Any]) -> dict[str, Any]:
        return {"id": mid, "type": "message", "status": status, "content": content, "role": "assistant"}

    def fcall(k: int, status: str, arguments: str) -> dict[str, Any]:
        c = s.tool_calls[k]
        fid = f"fc_00908cd0f7c5fb98006a98936{k:02d}69c87d2acee5212b7a8d8df"
        return {
            "id": fid,
            "type": "function_call",
            "status": status,
            "arguments": arguments,
            "call_id": c.id,
            "name": c.name,
        }

    emit("response.created", {"response": response("in_progress", [], None)})
    emit("response.in_progress", {"response": response("in_progress", [], None)})
    if think:
        emit(
            "response.output_item.added",
            {"item": {"id": rsid, "type": "reasoning", "summary": []}, "output_index": 0},
        )
        part = {"type": "summary_text", "text": ""}
        emit(
            "response.reasoning_summary_part.added",
            {"item_id": rsid, "output_index": 0, "part": part, "summary_index": 0},
        )
        for t in s.thinking:
            emit(
                "response.reasoning_summary_text.delta",
                {
                    "delta": t,
                    "item_id": rsid,
                    "obfuscation": token(rng, 6),
                    "output_index": 0,
                    "summary_index": 0,
                },
            )
        emit(
            "response.reasoning_summary_text.done",
            {"item_id": rsid, "output_index": 0, "summary_index": 0, "text": summary},
        )
        part = {"type": "summary_text", "text": summary}
        emit(
            "response.reasoning_summary_part.done",
            {"item_id": rsid, "output_index": 0, "part": part, "summary_index": 0},
        )
        emit("response.output_item.done", {"item": reasoning_done, "output_index": 0})
    emit("response.output_item.added", {"item": message("in_progress", []), "output_index": m})
    part0 = {"type": "output_text", "annotations": [], "logprobs": [], "text": ""}
    emit(
        "response.content_part.added", {"content_index": 0, "item_id": mid, "output_index": m, "part": part0}
    )
    cites = {c.after: (j, annotations[j]) for j, c in enumerate(s.citations)}
    for i, w in enumerate(s.texts):
        emit(
            "response.output_text.delta",
            {
                "content_index": 0,
                "delta": w,
                "item_id": mid,
                "logprobs": [lps[i]] if lps else [],
                "obfuscation": token(rng, max(2, 16 - len(w))),
                "output_index": m,
            },
        )
        if i in cites:
            j, annotation = cites[i]
            emit(
                "response.output_text.annotation.added",
                {
                    "annotation": annotation,
                    "annotation_index": j,
                    "content_index": 0,
                    "item_id": mid,
                    "output_index": m,
                },
            )
    emit(
        "response.output_text.done",
        {"content_index": 0, "item_id": mid, "logprobs": lps, "output_index": m, "text": text},
    )
    emit(
        "response.content_part.done",
        {"content_index": 0, "item_id": mid, "output_index": m, "part": part_done},
    )
    emit("response.output_item.done", {"item": message("completed", [part_done]), "output_index": m})
    for k, c in enumerate(s.tool_calls):
        args = "".join(c.fragments)
        fid = fcall(k, "", "")["id"]
        emit("response.output_item.added", {"item": fcall(k, "in_progress", ""), "output_index": m + 1 + k})
        for piece in c.fragments:
            emit(
                "response.function_call_arguments.delta",
                {
                    "delta": piece,
                    "item_id": fid,
                    "obfuscation": token(rng, max(2, 16 - len(piece))),
                    "output_index": m + 1 + k,
                },
            )
        emit(
            "response.function_call_arguments.done",
            {"arguments": args, "item_id": fid, "output_index": m + 1 + k},
        )
        emit("response.output_item.done", {"item": fcall(k, "completed", args), "output_index": m + 1 + k})
    n_out = len(s.texts) + len(s.thinking) + sum(len(c.fragments) for c in s.tool_calls)
    usage = {
        "input_tokens": 139,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": n_out,
        "output_tokens_details": {"reasoning_tokens": len(s.thinking)},
        "total_tokens": 139 + n_out,
    }
    final = ([reasoning_done] if think else []) + [message("completed", [part_done])]
    final += [fcall(k, "completed", "".join(c.fragments)) for k, c in enumerate(s.tool_calls)]
    emit("response.completed", {"response": response("completed", final, usage)})
    return out


# -- OpenAI Chat Completions -------------------------------------------------------------------------


def openai_chat_frames(s: Script, rng: random.Random) -> list[Frame]:
    out: list[Frame] = []

    def chunk(choices: list[Any], usage: Any = None) -> None:
        frame = {
            "id": "chatcmpl-EJmgp9wGoa2FxWGHAEs1TeU7v3hH4",
            "object": "chat.completion.chunk",
            "created": 1788384103,
            "model": MODEL_OPENAI,
            "service_tier": "default",
            "system_fingerprint": None,
            "choices": choices,
            "usage": usage,
            "obfuscation": token(rng, rng.randint(2, 14)),
        }
        out.append(Frame(None, frame))

    first = {"role": "assistant", "content": "", "refusal": None}
    chunk([{"index": 0, "delta": first, "logprobs": None, "finish_reason": None}])
    for t in s.thinking:  # vLLM / DeepSeek spelling; the wire carries no signature
        chunk([{"index": 0, "delta": {"reasoning_content": t}, "logprobs": None, "finish_reason": None}])
    for i, w in enumerate(s.texts):
        delta: dict[str, Any] = {"content": w}
        if s.citations and i == len(s.texts) - 1:  # search models send the annotations once; lm15 maps none
            delta["annotations"] = [
                {
                    "type": "url_citation",
                    "url_citation": {
                        "end_index": c.end,
                        "start_index": c.start,
                        "title": c.title,
                        "url": c.url,
                    },
                }
                for c in s.citations
            ]
        logprobs = {"content": [openai_logprob(w, rng)], "refusal": None} if s.logprobs else None
        chunk([{"index": 0, "delta": delta, "logprobs": logprobs, "finish_reason": None}])
    for k, c in enumerate(s.tool_calls):
        head = {"index": k, "id": c.id, "type": "function", "function": {"name": c.name, "arguments": ""}}
        chunk([{"index": 0, "delta": {"tool_calls": [head]}, "logprobs": None, "finish_reason": None}])
        for piece in c.fragments:
            delta = {"tool_calls": [{"index": k, "function": {"arguments": piece}}]}
            chunk([{"index": 0, "delta": delta, "logprobs": None, "finish_reason": None}])
    finish = "tool_calls" if s.tool_calls else "stop"
    chunk([{"index": 0, "delta": {}, "logprobs": None, "finish_reason": finish}])
    n_out = len(s.texts) + len(s.thinking) + sum(len(c.fragments) for c in s.tool_calls)
    usage = {
        "prompt_tokens": 139,
        "completion_tokens": n_out,
        "total_tokens": 139 + n_out,
        "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
        "completion_tokens_details": {
            "reasoning_tokens": len(s.thinking),
            "audio_tokens": 0,
            "accepted_prediction_tokens": 0,
            "rejected_prediction_tokens": 0,
        },
    }
    chunk([], usage)
    out.append(Frame(None, "[DONE]"))
    return out


# -- Anthropic Messages ---------------------------------------------------------------------------------


def anthropic_frames(s: Script, rng: random.Random) -> list[Frame]:
    out: list[Frame] = []

    def emit(name: str, payload: dict[str, Any]) -> None:
        out.append(Frame(name, {"type": name, **payload}, pad=rng.randint(0, 14)))

    n_out = len(s.texts) + len(s.thinking) + sum(len(c.fragments) for c in s.tool_calls)
    usage0 = {
        "input_tokens": 573,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
        "cache_creation": {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": 0},
        "output_tokens": 22,
        "service_tier": "standard",
        "inference_geo": "not_available",
    }
    message = {
        "model": "claude-sonnet-4-5-20250929",
        "id": "msg_011CefKAcwrxpVDgJAAkGQiB",
        "type": "message",
        "role": "assistant",
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "stop_details": None,
        "usage": usage0,
    }
    emit("message_start", {"message": message})
    index = 0
    if s.thinking:
        emit(
            "content_block_start",
            {"index": 0, "content_block": {"type": "thinking", "thinking": "", "signature": ""}},
        )
        for t in s.thinking:
            emit("content_block_delta", {"index": 0, "delta": {"type": "thinking_delta", "thinking": t}})
        emit(
            "content_block_delta",
            {"index": 0, "delta": {"type": "signature_delta", "signature": s.signature}},
        )
        emit("content_block_stop", {"index": 0})
        index = 1
    block: dict[str, Any] = {"type": "text", "text": ""}
    if s.citations:
        block["citations"] = []
    emit("content_block_start", {"index": index, "content_block": block})
    out.append(Frame("ping", {"type": "ping"}))
    cites = {c.after: c for c in s.citations}
    for i, w in enumerate(s.texts):
        emit("content_block_delta", {"index": index, "delta": {"type": "text_delta", "text": w}})
        if i in cites:
            c = cites[i]
            citation = {
                "type": "web_search_result_location",
                "cited_text": c.cited_text,
                "url": c.url,
                "title": c.title,
                "encrypted_index": "EpMBCioIDxgCIiQ3MDUyMDJiMS03OWNh" + token(rng, 40),
            }
            emit(
                "content_block_delta",
                {"index": index, "delta": {"type": "citations_delta", "citation": citation}},
            )
    emit("content_block_stop", {"index": index})
    for k, c in enumerate(s.tool_calls):
        i = index + 1 + k
        start = {"type": "tool_use", "id": c.id, "name": c.name, "input": {}, "caller": {"type": "direct"}}
        emit("content_block_start", {"index": i, "content_block": start})
        emit("content_block_delta", {"index": i, "delta": {"type": "input_json_delta", "partial_json": ""}})
        for piece in c.fragments:
            emit(
                "content_block_delta",
                {"index": i, "delta": {"type": "input_json_delta", "partial_json": piece}},
            )
        emit("content_block_stop", {"index": i})
    delta = {
        "stop_reason": "tool_use" if s.tool_calls else "end_turn",
        "stop_sequence": None,
        "stop_details": None,
    }
    usage = {
        "input_tokens": 573,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
        "output_tokens": n_out,
    }
    emit("message_delta", {"delta": delta, "usage": usage})
    emit("message_stop", {})
    return out


# -- Gemini streamGenerateContent?alt=sse ------------------------------------------------------------


def gemini_frames(s: Script, rng: random.Random) -> list[Frame]:
    """One part per chunk; the parallel function calls arrive whole, together, in the last chunk."""
    out: list[Frame] = []
    produced = 0
    cites = {c.after: c for c in s.citations}

    def chunk(parts: list[Any], *, last: bool, extra: dict[str, Any] | None = None) -> None:
        nonlocal produced
        produced += 1
        cand: dict[str, Any] = {"content": {"parts": parts, "role": "model"}}
        if last:
            cand["finishReason"] = "STOP"
        cand.update(extra or {})
        cand["index"] = 0
        if last and s.tool_calls:
            cand["finishMessage"] = "Model generated function call(s)."
        frame = {
            "candidates": [cand],
            "usageMetadata": {
                "promptTokenCount": 54,
                "candidatesTokenCount": produced,
                "totalTokenCount": 113 + produced,
                "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 54}],
                "thoughtsTokenCount": len(s.thinking) or 59,
            },
            "modelVersion": "gemini-2.5-flash",
            "responseId": "a5OYat3RMvaq_uMPl9PO4AY",
        }
        out.append(Frame(None, frame))

    for j, t in enumerate(s.thinking):
        part: dict[str, Any] = {"text": t, "thought": True}
        if j == len(s.thinking) - 1:
            part["thoughtSignature"] = s.signature
        chunk([part], last=False)
    last_text = len(s.texts) - 1
    for i, w in enumerate(s.texts):
        extra: dict[str, Any] = {}
        if s.logprobs:
            lp = round(-rng.random() * 3, 6)
            extra["avgLogprobs"] = lp
            extra["logprobsResult"] = {
                "topCandidates": [
                    {
                        "candidates": [
                            {"token": w, "logProbability": lp},
                            {"token": " a", "logProbability": lp - 1.25},
                        ]
                    }
                ],
                "chosenCandidates": [{"token": w, "logProbability": lp}],
            }
        if i in cites:
            c = cites[i]
            extra["citationMetadata"] = {
                "citationSources": [{"startIndex": c.start, "endIndex": c.end, "uri": c.url, "license": ""}]
            }
        last = i == last_text and not s.tool_calls
        if last and s.citations:
            extra["groundingMetadata"] = _grounding(s)
        chunk([{"text": w}], last=last, extra=extra)
    if s.tool_calls:
        parts: list[Any] = [{"functionCall": {"name": c.name, "args": c.arguments}} for c in s.tool_calls]
        parts[0]["thoughtSignature"] = (
            s.signature or "CiQBEU0yD78p51q1FQC7X11lrVcwgxtsF9CJhoR2+4TZrT8Vl/AKcwERTTIP5xTm"
        )
        chunk(parts, last=True, extra={"groundingMetadata": _grounding(s)} if s.citations else None)
    return out


def _grounding(s: Script) -> dict[str, Any]:
    return {
        "groundingChunks": [{"web": {"uri": c.url, "title": c.title}} for c in s.citations],
        "groundingSupports": [
            {
                "segment": {"startIndex": c.start, "endIndex": c.end, "text": c.cited_text},
                "groundingChunkIndices": [j],
            }
            for j, c in enumerate(s.citations)
        ],
        "webSearchQueries": ["quarterly latency report"],
    }


FRAMES: dict[str, Callable[[Script, random.Random], list[Frame]]] = {
    "openai": openai_frames,
    "openai_chat": openai_chat_frames,
    "anthropic": anthropic_frames,
    "gemini": gemini_frames,
}
