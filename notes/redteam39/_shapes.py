"""Red team 39: SSE bodies of shapes the benchmarks do not hold, one event per list item.

Each builder returns the events of one stream as a list of bytes (one SSE event each, LF framed);
``b"".join`` of it is the whole body. Scale ``k`` multiplies the shape's size (1x / 10x / 100x).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

MODEL = "m-1"


def _data(obj: Any) -> bytes:
    return b"data: " + json.dumps(obj, separators=(",", ":")).encode() + b"\n\n"


def _event(name: str, obj: Any) -> bytes:
    return b"event: " + name.encode() + b"\n" + _data(obj)


# --- the four dialects' frames -------------------------------------------------------------------


def chat(deltas: list[dict[str, Any]], finish: str = "stop", extra: dict[str, Any] | None = None) -> list[bytes]:
    def chunk(delta: dict[str, Any], fin: str | None = None) -> dict[str, Any]:
        c: dict[str, Any] = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": MODEL,
                             "choices": [{"index": 0, "delta": delta, "finish_reason": fin}]}
        if extra:
            c.update(extra)
        return c

    out = [_data(chunk({"role": "assistant", "content": ""}))]
    out += [_data(chunk(d)) for d in deltas]
    out.append(_data(chunk({}, finish)))
    out.append(_data({"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": MODEL, "choices": [],
                      "usage": {"prompt_tokens": 3, "completion_tokens": 5, "total_tokens": 8}}))
    out.append(b"data: [DONE]\n\n")
    return out


def anthropic(blocks: list[tuple[dict[str, Any], list[dict[str, Any]]]], stop: str = "end_turn",
              extra: dict[str, Any] | None = None) -> list[bytes]:
    """blocks: (content_block of content_block_start, [delta objects])."""
    msg = {"id": "msg_1", "type": "message", "role": "assistant", "model": MODEL, "content": [],
           "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 3, "output_tokens": 1}}
    out = [_event("message_start", {"type": "message_start", "message": msg})]
    for i, (start, deltas) in enumerate(blocks):
        out.append(_event("content_block_start", {"type": "content_block_start", "index": i, "content_block": start}))
        for d in deltas:
            ev = {"type": "content_block_delta", "index": i, "delta": d}
            if extra:
                ev.update(extra)
            out.append(_event("content_block_delta", ev))
        out.append(_event("content_block_stop", {"type": "content_block_stop", "index": i}))
    out.append(_event("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                                        "usage": {"output_tokens": 5}}))
    out.append(_event("message_stop", {"type": "message_stop"}))
    return out


def gemini(chunks: list[list[dict[str, Any]]], every_usage: bool = False, extra: dict[str, Any] | None = None,
           finish: str = "STOP") -> list[bytes]:
    """chunks: the parts of each chunk's one candidate."""
    usage = {"promptTokenCount": 3, "candidatesTokenCount": 5, "totalTokenCount": 8}
    out = []
    for i, parts in enumerate(chunks):
        cand: dict[str, Any] = {"content": {"parts": parts, "role": "model"}, "index": 0}
        last = i == len(chunks) - 1
        if last:
            cand["finishReason"] = finish
        c: dict[str, Any] = {"candidates": [cand], "modelVersion": MODEL, "responseId": "r1"}
        if last or every_usage:
            c["usageMetadata"] = usage
        if extra:
            c.update(extra)
        out.append(_data(c))
    return out


def responses(items: list[tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]],
              extra: dict[str, Any] | None = None, completed_extra: dict[str, Any] | None = None) -> list[bytes]:
    """items: (output_item.added item, [events between, without sequence numbers], output_item.done item)."""
    base = {"id": "resp_1", "object": "response", "created_at": 1, "model": MODEL, "output": [],
            "status": "in_progress", "usage": None}
    seq = 0
    out: list[bytes] = []

    def put(obj: dict[str, Any]) -> None:
        nonlocal seq
        obj = {**obj, "sequence_number": seq}
        if extra:
            obj.update(extra)
        seq += 1
        out.append(_event(obj["type"], obj))

    put({"type": "response.created", "response": base})
    done_items = []
    for i, (added, between, done) in enumerate(items):
        put({"type": "response.output_item.added", "output_index": i, "item": added})
        for ev in between:
            put({**ev, "output_index": i})
        put({"type": "response.output_item.done", "output_index": i, "item": done})
        done_items.append(done)
    final = {**base, "status": "completed", "output": done_items,
             "usage": {"input_tokens": 3, "output_tokens": 5, "total_tokens": 8,
                       "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}}
    if completed_extra:
        final.update(completed_extra)
    put({"type": "response.completed", "response": final})
    return out


def responses_message(texts: list[str], annotations: list[Any] | None = None,
                      delta_extra: dict[str, Any] | None = None) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    full = "".join(texts)
    part = {"type": "output_text", "text": "", "annotations": []}
    between: list[dict[str, Any]] = [{"type": "response.content_part.added", "item_id": "msg_1", "content_index": 0, "part": part}]
    for t in texts:
        d = {"type": "response.output_text.delta", "item_id": "msg_1", "content_index": 0, "delta": t, "logprobs": []}
        if delta_extra:
            d.update(delta_extra)
        between.append(d)
    done_part = {"type": "output_text", "text": full, "annotations": annotations or []}
    between.append({"type": "response.output_text.done", "item_id": "msg_1", "content_index": 0, "text": full, "logprobs": []})
    between.append({"type": "response.content_part.done", "item_id": "msg_1", "content_index": 0, "part": done_part})
    added = {"type": "message", "id": "msg_1", "status": "in_progress", "role": "assistant", "content": []}
    done = {"type": "message", "id": "msg_1", "status": "completed", "role": "assistant", "content": [done_part]}
    return added, between, done


def responses_call(i: int, fragments: list[str]) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    iid, cid = f"fc_{i}", f"call_{i}"
    added = {"type": "function_call", "id": iid, "call_id": cid, "name": "f", "arguments": "", "status": "in_progress"}
    between = [{"type": "response.function_call_arguments.delta", "item_id": iid, "delta": f} for f in fragments]
    args = "".join(fragments)
    between.append({"type": "response.function_call_arguments.done", "item_id": iid, "arguments": args})
    done = {**added, "arguments": args, "status": "completed"}
    return added, between, done


# --- the shapes ------------------------------------------------------------------------------------


def split(text: str, n: int) -> list[str]:
    step = max(1, len(text) // n)
    return [text[i:i + step] for i in range(0, len(text), step)]


def args_text(size: int, escapes: bool = False) -> str:
    """A JSON object text of about ``size`` characters."""
    if escapes:
        unit = 'caf\u00e9 "q" \\ line\n \U0001F600 '
    else:
        unit = "lorem ipsum dolor sit amet "
    body = unit * max(1, size // (len(unit) + 4))
    return json.dumps({"text": body, "n": 1})


def huge_text(dialect: str, k: int) -> list[bytes]:
    """One text delta of k x 100 KB (100x = 10 MB)."""
    text = "lorem ipsum " * (k * 100_000 // 12)
    return one_text(dialect, [text])


def tiny_deltas(dialect: str, k: int) -> list[bytes]:
    """k x 1,000 one-character deltas."""
    return one_text(dialect, ["a"] * (k * 1000))


def one_text(dialect: str, texts: list[str]) -> list[bytes]:
    if dialect == "openai_chat":
        return chat([{"content": t} for t in texts])
    if dialect == "anthropic":
        return anthropic([({"type": "text", "text": ""}, [{"type": "text_delta", "text": t} for t in texts])])
    if dialect == "gemini":
        return gemini([[{"text": t}] for t in texts])
    return responses([responses_message(texts)])


def parallel_calls(dialect: str, k: int, fragments: int = 4, size: int = 200, escapes: bool = False) -> list[bytes]:
    """k x 20 calls, each arguments of ``size`` characters in ``fragments`` pieces."""
    n = 20 * k
    texts = [split(args_text(size, escapes), fragments) for _ in range(n)]
    return calls(dialect, texts)


def big_call(dialect: str, k: int, escapes: bool = False) -> list[bytes]:
    """One call of k x 10 KB arguments in k x 100 fragments (100x = 1 MB in 10,000)."""
    return calls(dialect, [split(args_text(k * 10_000, escapes), k * 100)])


def calls(dialect: str, texts: list[list[str]]) -> list[bytes]:
    if dialect == "openai_chat":
        deltas = []
        for i, frags in enumerate(texts):
            for j, f in enumerate(frags):
                c: dict[str, Any] = {"index": i, "function": {"arguments": f}}
                if j == 0:
                    c.update(id=f"call_{i}", type="function")
                    c["function"]["name"] = "f"
                deltas.append({"tool_calls": [c]})
        return chat(deltas, "tool_calls")
    if dialect == "anthropic":
        return anthropic([({"type": "tool_use", "id": f"toolu_{i}", "name": "f", "input": {}},
                           [{"type": "input_json_delta", "partial_json": f} for f in frags])
                          for i, frags in enumerate(texts)], "tool_use")
    if dialect == "gemini":
        return gemini([[{"functionCall": {"name": "f", "args": json.loads("".join(frags))}} for frags in texts]])
    return responses([responses_call(i, frags) for i, frags in enumerate(texts)])


BUILDERS: dict[str, Callable[..., list[bytes]]] = {
    "huge_text": huge_text,
    "tiny_deltas": tiny_deltas,
    "parallel_calls": parallel_calls,
    "big_call": big_call,
}


# --- round two: the dialect-specific shapes --------------------------------------------------------


def escaped_text(dialect: str, k: int) -> list[bytes]:
    """k x 100 deltas of escape-heavy text (\\u00e9, \\", \\n, astral)."""
    unit = 'caf\u00e9 "q" \\ line\n \U0001F600 ' * 10
    return one_text(dialect, [unit] * (k * 100))


def escaped_calls(dialect: str, k: int) -> list[bytes]:
    return parallel_calls(dialect, k, escapes=True)


def escaped_big_call(dialect: str, k: int) -> list[bytes]:
    return big_call(dialect, k, escapes=True)


def unknown_fields(dialect: str, k: int) -> list[bytes]:
    """100 text deltas, each event carrying an unknown field of k x 1 KB of nested JSON."""
    blob = {"meta": [{"a": i, "b": "x" * 20, "c": [1, 2, {"d": None}]} for i in range(k * 20)]}
    texts = ["word "] * 100
    if dialect == "openai_chat":
        return chat([{"content": t} for t in texts], extra={"x_unknown": blob})
    if dialect == "anthropic":
        return anthropic([({"type": "text", "text": ""}, [{"type": "text_delta", "text": t} for t in texts])],
                         extra={"x_unknown": blob})
    if dialect == "gemini":
        return gemini([[{"text": t}] for t in texts], extra={"x_unknown": blob})
    return responses([responses_message(texts)], extra={"x_unknown": blob})


def gemini_inline(dialect: str, k: int) -> list[bytes]:
    """Gemini: one inlineData part of k x 100 KB of base64, after a text."""
    import base64
    data = base64.b64encode(bytes(range(256)) * (k * 300)).decode()
    return gemini([[{"text": "here"}], [{"inlineData": {"mimeType": "image/png", "data": data}}]])


def gemini_deep_args(dialect: str, k: int) -> list[bytes]:
    """Gemini: a functionCall whose args are k x 50 wide and 30 deep."""
    def node(d: int) -> Any:
        if d == 0:
            return {f"k{i}": [i, "v", True, None, 1.5] for i in range(k * 50)}
        return {"child": node(d - 1), "list": [{"x": d}] * 5}
    return gemini([[{"functionCall": {"name": "f", "args": node(30)}}]])


def gemini_usage_every(dialect: str, k: int) -> list[bytes]:
    """Gemini: k x 1,000 chunks, each with usageMetadata, safety ratings and citation metadata."""
    out = []
    n = k * 1000
    for i in range(n):
        cand: dict[str, Any] = {"content": {"parts": [{"text": "word "}], "role": "model"}, "index": 0,
                                "safetyRatings": [{"category": "HARM_CATEGORY_HATE_SPEECH", "probability": "NEGLIGIBLE"}] * 4,
                                "citationMetadata": {"citationSources": [{"startIndex": 0, "endIndex": 4, "uri": "https://e.x/a"}]}}
        if i == n - 1:
            cand["finishReason"] = "STOP"
        out.append(_data({"candidates": [cand], "modelVersion": MODEL, "responseId": "r1",
                          "usageMetadata": {"promptTokenCount": 3, "candidatesTokenCount": i + 1, "totalTokenCount": i + 4}}))
    return out


def responses_reasoning(dialect: str, k: int) -> list[bytes]:
    """Responses: a reasoning item of k x 50 summary parts, 10 deltas each, then a text."""
    n = k * 50
    between: list[dict[str, Any]] = []
    parts = []
    for s in range(n):
        between.append({"type": "response.reasoning_summary_part.added", "item_id": "rs_1", "summary_index": s,
                        "part": {"type": "summary_text", "text": ""}})
        for _ in range(10):
            between.append({"type": "response.reasoning_summary_text.delta", "item_id": "rs_1", "summary_index": s, "delta": "think "})
        text = "think " * 10
        between.append({"type": "response.reasoning_summary_text.done", "item_id": "rs_1", "summary_index": s, "text": text})
        between.append({"type": "response.reasoning_summary_part.done", "item_id": "rs_1", "summary_index": s,
                        "part": {"type": "summary_text", "text": text}})
        parts.append({"type": "summary_text", "text": text})
    added = {"type": "reasoning", "id": "rs_1", "summary": []}
    done = {"type": "reasoning", "id": "rs_1", "summary": parts, "encrypted_content": "gAAA" * 100}
    return responses([(added, between, done), responses_message(["answer"])])


def responses_hosted(dialect: str, k: int) -> list[bytes]:
    """Responses: k x 10 web_search_call and file_search_call items, then a message whose every delta
    has an annotation event."""
    items = []
    for i in range(k * 10):
        ws = {"type": "web_search_call", "id": f"ws_{i}", "status": "completed",
              "action": {"type": "search", "query": "q" * 50, "sources": [{"type": "url", "url": "https://e.x/" + str(j)} for j in range(10)]}}
        items.append(({**ws, "status": "in_progress"},
                      [{"type": "response.web_search_call.in_progress", "item_id": f"ws_{i}"},
                       {"type": "response.web_search_call.searching", "item_id": f"ws_{i}"},
                       {"type": "response.web_search_call.completed", "item_id": f"ws_{i}"}], ws))
        fs = {"type": "file_search_call", "id": f"fs_{i}", "status": "completed", "queries": ["q"],
              "results": [{"file_id": "file_1", "filename": "a.txt", "score": 0.5, "text": "t" * 200, "attributes": {}}] * 5}
        items.append(({**fs, "status": "in_progress", "results": None}, [], fs))
    texts = ["word "] * (k * 100)
    annots = [{"type": "url_citation", "url": f"https://e.x/{j}", "title": "t", "start_index": j * 5, "end_index": j * 5 + 4}
              for j in range(len(texts))]
    added, between, done = responses_message(texts, annots)
    extra_between = []
    j = 0
    for ev in between:
        extra_between.append(ev)
        if ev["type"] == "response.output_text.delta":
            extra_between.append({"type": "response.output_text.annotation.added", "item_id": "msg_1", "content_index": 0,
                                  "annotation_index": j, "annotation": annots[j]})
            j += 1
    items.append((added, extra_between, done))
    return responses(items)


def responses_big_completed(dialect: str, k: int) -> list[bytes]:
    """Responses: 10 deltas, then a response.completed with k x 10 KB of unread fields
    (instructions, tools, metadata)."""
    big = {"instructions": "be brief. " * (k * 500),
           "tools": [{"type": "function", "name": f"t{i}", "parameters": {"type": "object", "properties": {"a": {"type": "string"}}}}
                     for i in range(k * 20)]}
    return responses([responses_message(["word "] * 10)], completed_extra=big)


def anthropic_citations(dialect: str, k: int) -> list[bytes]:
    """Anthropic: server_tool_use (input on its start: lm15 refuses its input_json_delta, documented
    parity) + web_search_tool_result blocks, a text block with k x 100
    citations_delta, a thinking block with signature_delta."""
    results = [{"type": "web_search_result", "url": f"https://e.x/{j}", "title": "t", "encrypted_content": "E" * 500,
                "page_age": None} for j in range(10)]
    blocks: list[tuple[dict[str, Any], list[dict[str, Any]]]] = [
        ({"type": "thinking", "thinking": "", "signature": ""},
         [{"type": "thinking_delta", "thinking": "hmm "}] * 10 + [{"type": "signature_delta", "signature": "S" * 400}]),
        ({"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "x"}}, []),
        ({"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": results}, []),
    ]
    deltas = []
    for j in range(k * 100):
        deltas.append({"type": "citations_delta", "citation": {"type": "web_search_result_location", "url": f"https://e.x/{j % 10}",
                                                               "title": "t", "encrypted_index": "I" * 40, "cited_text": "c" * 100}})
        deltas.append({"type": "text_delta", "text": "claim. "})
    blocks.append(({"type": "text", "text": ""}, deltas))
    return anthropic(blocks)


BUILDERS.update({
    "escaped_text": escaped_text,
    "escaped_calls": escaped_calls,
    "escaped_big_call": escaped_big_call,
    "unknown_fields": unknown_fields,
})
ONE_DIALECT: dict[str, tuple[str, Callable[..., list[bytes]]]] = {
    "gemini_inline": ("gemini", gemini_inline),
    "gemini_deep_args": ("gemini", gemini_deep_args),
    "gemini_usage_every": ("gemini", gemini_usage_every),
    "responses_reasoning": ("openai", responses_reasoning),
    "responses_hosted": ("openai", responses_hosted),
    "responses_big_completed": ("openai", responses_big_completed),
    "anthropic_citations": ("anthropic", anthropic_citations),
}


def gemini_end_calls(k: int, mode: str) -> list[bytes]:
    """Gemini: one chunk (the end) of k x 20 calls, each args of ~400 characters of text: "ascii"
    (plain), "escaped" (accents, quotes, newlines, emoji; JSON-escaped as json.dumps writes them)
    or "utf8" (the same characters as raw UTF-8, as Google writes them)."""
    unit = "lorem ipsum dolor sit amet " if mode == "ascii" else 'caf\u00e9 "q" \\ line\n \U0001F600 '
    parts = [{"functionCall": {"name": "f", "args": {"text": unit * 15, "i": i}}} for i in range(20 * k)]
    c = {"candidates": [{"content": {"parts": parts, "role": "model"}, "index": 0, "finishReason": "STOP"}],
         "modelVersion": MODEL, "responseId": "r1",
         "usageMetadata": {"promptTokenCount": 3, "candidatesTokenCount": 5, "totalTokenCount": 8}}
    text = json.dumps(c, separators=(",", ":"), ensure_ascii=mode != "utf8")
    return [b"data: " + text.encode() + b"\n\n"]


def gemini_end_text(k: int, mode: str) -> list[bytes]:
    """Gemini: 10 text chunks, then an end chunk of one text of k x 10 KB (mode as above)."""
    unit = "lorem ipsum dolor sit amet " if mode == "ascii" else 'caf\u00e9 "q" \\ line\n \U0001F600 '
    text = unit * (k * 10_000 // len(unit))
    out = gemini([[{"text": "word "}]] * 10 + [[{"text": text}]])
    if mode == "utf8":
        last = json.loads(out[-1][6:])
        out[-1] = b"data: " + json.dumps(last, separators=(",", ":"), ensure_ascii=False).encode() + b"\n\n"
    return out
