"""Red team 57: 48 stream shapes (12 per dialect family) that benchmarks/ and red teams 39/51 do
not build, one SSE event per list item (``b"".join`` is the whole body).

Every builder takes a scale ``k`` (1 = the size in its docstring, 2 = twice the events: the
linearity check). Four shapes are built for every family (``tiny1``: 1-character deltas;
``huge1mb``: one 1 MB text delta; ``crlf_noise``: CRLF, a comment before every event, ``id:``
and ``retry:`` fields; ``multiline``: each event's JSON spread over several ``data:`` lines);
eight more per family are the family's own (``SHAPES``).
"""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Callable
from typing import Any

MODEL = "m-1"
Events = list[bytes]
Obj = dict[str, Any]


def dumps(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode()


def data(obj: Any) -> bytes:
    return b"data: " + dumps(obj) + b"\n\n"


def named(name: str, obj: Any) -> bytes:
    return b"event: " + name.encode() + b"\n" + data(obj)


# --- the four dialects' frames ---------------------------------------------------------------------


def chat_chunk(choices: list[Obj], **extra: Any) -> Obj:
    return {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": MODEL,
            "choices": choices, **extra}


def chat(deltas: list[Obj], finish: str = "stop", **extra: Any) -> Events:
    """One choice: a role chunk, ``deltas``, a finish chunk, a usage chunk, [DONE]."""
    out = [data(chat_chunk([{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}], **extra))]
    out += [data(chat_chunk([{"index": 0, "delta": d, "finish_reason": None}], **extra)) for d in deltas]
    out.append(data(chat_chunk([{"index": 0, "delta": {}, "finish_reason": finish}], **extra)))
    out.append(data(chat_chunk([], usage={"prompt_tokens": 3, "completion_tokens": 5, "total_tokens": 8})))
    out.append(b"data: [DONE]\n\n")
    return out


def anthropic(blocks: list[tuple[Obj, list[Obj]]], stop: str = "end_turn", tail: list[bytes] | None = None) -> Events:
    msg = {"id": "msg_1", "type": "message", "role": "assistant", "model": MODEL, "content": [],
           "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 3, "output_tokens": 1}}
    out = [named("message_start", {"type": "message_start", "message": msg})]
    for i, (start, deltas) in enumerate(blocks):
        out.append(named("content_block_start", {"type": "content_block_start", "index": i, "content_block": start}))
        out += [named("content_block_delta", {"type": "content_block_delta", "index": i, "delta": d}) for d in deltas]
        out.append(named("content_block_stop", {"type": "content_block_stop", "index": i}))
    out += tail or []
    out.append(named("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                                       "usage": {"output_tokens": 5}}))
    out.append(named("message_stop", {"type": "message_stop"}))
    return out


def gemini_chunk(parts: list[Obj], last: bool = False, usage: Obj | None = None, **extra: Any) -> Obj:
    cand: Obj = {"content": {"parts": parts, "role": "model"}, "index": 0, **extra}
    if last:
        cand["finishReason"] = "STOP"
    c: Obj = {"candidates": [cand], "modelVersion": MODEL, "responseId": "r1"}
    if usage is not None or last:
        c["usageMetadata"] = usage or {"promptTokenCount": 3, "candidatesTokenCount": 5, "totalTokenCount": 8}
    return c


def gemini(chunks: list[list[Obj]], **extra: Any) -> Events:
    return [data(gemini_chunk(p, i == len(chunks) - 1, **extra)) for i, p in enumerate(chunks)]


Item = tuple[Obj, list[Obj], Obj]  # output_item.added's item, the events between, output_item.done's item


def responses(items: list[Item]) -> Events:
    base = {"id": "resp_1", "object": "response", "created_at": 1, "model": MODEL, "output": [],
            "status": "in_progress", "usage": None}
    out: Events = []

    def put(obj: Obj) -> None:
        obj = {**obj, "sequence_number": len(out)}
        out.append(named(obj["type"], obj))

    put({"type": "response.created", "response": base})
    done = []
    for i, (added, between, last) in enumerate(items):
        put({"type": "response.output_item.added", "output_index": i, "item": added})
        for ev in between:
            put({**ev, "output_index": i})
        put({"type": "response.output_item.done", "output_index": i, "item": last})
        done.append(last)
    put({"type": "response.completed", "response": {**base, "status": "completed", "output": done,
         "usage": {"input_tokens": 3, "output_tokens": 5, "total_tokens": 8,
                   "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}}})
    return out


def r_message(rid: str, texts: list[str], annotations: list[Obj] | None = None, refusal: bool = False) -> Item:
    full = "".join(texts)
    kind, delta, done_ev = ("refusal", "response.refusal.delta", "response.refusal.done") if refusal else (
        "output_text", "response.output_text.delta", "response.output_text.done")
    key = "refusal" if refusal else "text"
    empty: Obj = {"type": kind, key: ""} | ({} if refusal else {"annotations": []})
    between: list[Obj] = [{"type": "response.content_part.added", "item_id": rid, "content_index": 0, "part": empty}]
    for t in texts:
        between.append({"type": delta, "item_id": rid, "content_index": 0, "delta": t} | ({} if refusal else {"logprobs": []}))
    for j, a in enumerate(annotations or []):
        between.append({"type": "response.output_text.annotation.added", "item_id": rid, "content_index": 0,
                        "annotation_index": j, "annotation": a})
    part: Obj = {"type": kind, key: full} | ({} if refusal else {"annotations": annotations or []})
    between.append({"type": done_ev, "item_id": rid, "content_index": 0, key: full})
    between.append({"type": "response.content_part.done", "item_id": rid, "content_index": 0, "part": part})
    added = {"type": "message", "id": rid, "status": "in_progress", "role": "assistant", "content": []}
    return added, between, {**added, "status": "completed", "content": [part]}


# --- text sources ------------------------------------------------------------------------------------


def words(n: int, seed: int = 57) -> list[str]:
    rng = random.Random(seed)
    vocab = ["the ", "model ", "said ", "that ", "a ", "stream ", "is ", "fast, ", "résumé ", "東京 ", "ok. "]
    return [rng.choice(vocab) for _ in range(n)]


def one_text(dialect: str, texts: list[str]) -> Events:
    if dialect == "openai_chat":
        return chat([{"content": t} for t in texts])
    if dialect == "anthropic":
        return anthropic([({"type": "text", "text": ""}, [{"type": "text_delta", "text": t} for t in texts])])
    if dialect == "gemini":
        return gemini([[{"text": t}] for t in texts])
    return responses([r_message("msg_1", texts)])


# --- every family ------------------------------------------------------------------------------------


def plain(dialect: str, k: float) -> Events:
    """The dialect's plain stream (the per-event baseline): k x 1,000 deltas of one word."""
    return one_text(dialect, words(int(1000 * k)))


def tiny1(dialect: str, k: float) -> Events:
    """k x 5,000 deltas of exactly 1 character (the brief's 20,000 is k = 4)."""
    rng = random.Random(1)
    return one_text(dialect, [rng.choice("abcdefgh ij.") for _ in range(int(5000 * k))])


def huge1mb(dialect: str, k: float) -> Events:
    """k x 1 delta of 1 MB of plain ASCII prose (no escapes), between two short deltas."""
    unit = "plain words in a long answer "
    return one_text(dialect, ["Start. "] + [unit * (1_000_000 // len(unit))] * max(1, int(k)) + [" End."])


def crlf_noise(dialect: str, k: float) -> Events:
    """The plain stream (k x 1,000 words) with CRLF line ends, a ``: keep-alive`` comment before
    every event and ``id:`` / ``retry:`` fields in each."""
    out = []
    for i, ev in enumerate(plain(dialect, k)):
        ev = b": keep-alive\n\nid: " + str(i).encode() + b"\nretry: 3000\n" + ev
        out.append(ev.replace(b"\n", b"\r\n"))
    return out


def multiline(dialect: str, k: float) -> Events:
    """The plain stream (k x 1,000 words) with each event's JSON indented over several ``data:`` lines."""
    out = []
    for ev in plain(dialect, k):
        head, _, rest = ev.partition(b"data: ")
        payload = rest.rstrip(b"\n")
        if payload.startswith(b"{"):
            text = json.dumps(json.loads(payload), indent=1, ensure_ascii=False)
            payload = b"\ndata: ".join(line.encode() for line in text.split("\n"))
        out.append(head + b"data: " + payload + b"\n\n")
    return out


# --- Responses ---------------------------------------------------------------------------------------


def r_many_items(dialect: str, k: float) -> Events:
    """k x 300 message items of one 1-word delta each."""
    return responses([r_message(f"msg_{i}", [w]) for i, w in enumerate(words(int(300 * k)))])


def r_web_search(dialect: str, k: float) -> Events:
    """k x 80 web_search_call items (in_progress, searching, completed events), each followed by a
    message of 3 deltas with a url_citation annotation added mid-stream."""
    items: list[Item] = []
    for i in range(int(80 * k)):
        wid = f"ws_{i}"
        added = {"type": "web_search_call", "id": wid, "status": "in_progress"}
        between = [{"type": f"response.web_search_call.{s}", "item_id": wid} for s in ("in_progress", "searching", "completed")]
        items.append((added, between, {**added, "status": "completed",
                                       "action": {"type": "search", "query": f"query {i}"}}))
        ann = {"type": "url_citation", "start_index": 0, "end_index": 9, "url": f"https://ex.com/{i}", "title": f"Page {i}"}
        items.append(r_message(f"msg_{i}", ["Found ", "it ", "here. "], [ann]))
    return responses(items)


def r_file_search(dialect: str, k: float) -> Events:
    """k x 100 file_search_call items with 3 results each, then one message."""
    items: list[Item] = []
    for i in range(int(100 * k)):
        fid = f"fs_{i}"
        added = {"type": "file_search_call", "id": fid, "status": "in_progress", "queries": [f"q{i}"], "results": None}
        between = [{"type": f"response.file_search_call.{s}", "item_id": fid} for s in ("in_progress", "searching", "completed")]
        results = [{"file_id": f"file-{i}-{j}", "filename": f"doc{j}.pdf", "score": 0.5, "text": "a passage " * 10,
                    "attributes": {}} for j in range(3)]
        items.append((added, between, {**added, "status": "completed", "results": results}))
    items.append(r_message("msg_x", words(20)))
    return responses(items)


def r_summary_parts(dialect: str, k: float) -> Events:
    """One reasoning item with k x 300 summary parts of 2 deltas each, then a short message."""
    rid = "rs_1"
    between: list[Obj] = []
    parts = []
    for s in range(int(300 * k)):
        text = f"Step {s}. Then more."
        between.append({"type": "response.reasoning_summary_part.added", "item_id": rid, "summary_index": s,
                        "part": {"type": "summary_text", "text": ""}})
        between.append({"type": "response.reasoning_summary_text.delta", "item_id": rid, "summary_index": s, "delta": f"Step {s}. "})
        between.append({"type": "response.reasoning_summary_text.delta", "item_id": rid, "summary_index": s, "delta": "Then more."})
        between.append({"type": "response.reasoning_summary_text.done", "item_id": rid, "summary_index": s, "text": text})
        part = {"type": "summary_text", "text": text}
        between.append({"type": "response.reasoning_summary_part.done", "item_id": rid, "summary_index": s, "part": part})
        parts.append(part)
    reasoning = ({"type": "reasoning", "id": rid, "summary": []}, between,
                 {"type": "reasoning", "id": rid, "summary": parts, "encrypted_content": "gAAAAB" * 40})
    return responses([reasoning, r_message("msg_1", words(10))])


def r_refusal(dialect: str, k: float) -> Events:
    """A refusal content part streamed in k x 1,000 refusal deltas."""
    return responses([r_message("msg_1", words(int(1000 * k)), refusal=True)])


def r_reasoning_text(dialect: str, k: float) -> Events:
    """A reasoning item's raw reasoning text (gpt-oss style ``response.reasoning_text.delta``),
    k x 1,000 deltas, then a message."""
    rid = "rs_1"
    ws = words(int(1000 * k))
    between = [{"type": "response.reasoning_text.delta", "item_id": rid, "content_index": 0, "delta": w} for w in ws]
    between.append({"type": "response.reasoning_text.done", "item_id": rid, "content_index": 0, "text": "".join(ws)})
    item = ({"type": "reasoning", "id": rid, "summary": []}, between,
            {"type": "reasoning", "id": rid, "summary": [], "content": [{"type": "reasoning_text", "text": "".join(ws)}]})
    return responses([item, r_message("msg_1", ["Done."])])


def r_audio(dialect: str, k: float) -> Events:
    """k x 400 ``response.output_audio.delta`` events of 1 KB base64 each, with transcript deltas."""
    items_between: list[Obj] = []
    rng = random.Random(5)
    for _ in range(int(400 * k)):
        items_between.append({"type": "response.output_audio.delta", "delta": base64.b64encode(rng.randbytes(768)).decode()})
        items_between.append({"type": "response.output_audio_transcript.delta", "delta": "word "})
    evs = responses([])
    head, tail = evs[:1], evs[1:]
    mid = [named(e["type"], {**e, "sequence_number": 1 + i}) for i, e in enumerate(items_between)]
    return head + mid + tail


def r_code_interpreter(dialect: str, k: float) -> Events:
    """k x 50 code_interpreter_call items, code in 20 deltas each, outputs in the done item, then a message."""
    items: list[Item] = []
    for i in range(int(50 * k)):
        cid = f"ci_{i}"
        code = [f"x{j} = {j}\n" for j in range(20)]
        added = {"type": "code_interpreter_call", "id": cid, "status": "in_progress", "code": "", "container_id": "cntr_1",
                 "outputs": None}
        between: list[Obj] = [{"type": "response.code_interpreter_call.in_progress", "item_id": cid}]
        between += [{"type": "response.code_interpreter_call_code.delta", "item_id": cid, "delta": c} for c in code]
        between.append({"type": "response.code_interpreter_call_code.done", "item_id": cid, "code": "".join(code)})
        between.append({"type": "response.code_interpreter_call.completed", "item_id": cid})
        items.append((added, between, {**added, "status": "completed", "code": "".join(code),
                                       "outputs": [{"type": "logs", "logs": "ok\n"}]}))
    items.append(r_message("msg_x", ["The ", "result."]))
    return responses(items)


def r_custom_tool(dialect: str, k: float) -> Events:
    """k x 50 custom_tool_call items (free-form input) whose input arrives in 20 deltas each."""
    items: list[Item] = []
    for i in range(int(50 * k)):
        iid = f"ctc_{i}"
        pieces = [f"line {j} of patch\n" for j in range(20)]
        added = {"type": "custom_tool_call", "id": iid, "call_id": f"call_{i}", "name": "apply_patch", "input": "",
                 "status": "in_progress"}
        between = [{"type": "response.custom_tool_call_input.delta", "item_id": iid, "delta": p} for p in pieces]
        between.append({"type": "response.custom_tool_call_input.done", "item_id": iid, "input": "".join(pieces)})
        items.append((added, between, {**added, "input": "".join(pieces), "status": "completed"}))
    return responses(items)


# --- Chat Completions --------------------------------------------------------------------------------


def c_usage_detailed(dialect: str, k: float) -> Events:
    """k x 1,000 word deltas, each chunk carrying a full usage object (with token details),
    ``system_fingerprint``, ``service_tier`` and an ``obfuscation`` pad."""
    usage = {"prompt_tokens": 3, "completion_tokens": 5, "total_tokens": 8,
             "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
             "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0,
                                           "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0}}
    return chat([{"content": w} for w in words(int(1000 * k))], usage=usage, system_fingerprint="fp_1",
                service_tier="default", obfuscation="xYz12")


def c_n3(dialect: str, k: float) -> Events:
    """Three choices (n=3) interleaved, k x 400 word deltas each."""
    ws = words(int(400 * k))
    out = [data(chat_chunk([{"index": c, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]))
           for c in range(3)]
    for w in ws:
        out += [data(chat_chunk([{"index": c, "delta": {"content": w}, "finish_reason": None}])) for c in range(3)]
    out += [data(chat_chunk([{"index": c, "delta": {}, "finish_reason": "stop"}])) for c in range(3)]
    out.append(data(chat_chunk([], usage={"prompt_tokens": 3, "completion_tokens": 5, "total_tokens": 8})))
    return out + [b"data: [DONE]\n\n"]


def c_late_id(dialect: str, k: float) -> Events:
    """k x 40 tool calls whose first chunk carries only ``index`` and an argument fragment; ``id``,
    ``type`` and the name come in the next chunk, then 8 more fragments."""
    deltas: list[Obj] = []
    for i in range(int(40 * k)):
        frags = ['{"ci', 'ty": ', '"Par', 'is", ', '"day', 's": ', str(i % 7), ', "u": "c"', "}"]
        deltas.append({"tool_calls": [{"index": i, "function": {"arguments": frags[0]}}]})
        deltas.append({"tool_calls": [{"index": i, "id": f"call_{i}", "type": "function",
                                       "function": {"name": "weather", "arguments": ""}}]})
        deltas += [{"tool_calls": [{"index": i, "function": {"arguments": f}}]} for f in frags[1:]]
    return chat(deltas, "tool_calls")


def c_refusal(dialect: str, k: float) -> Events:
    """k x 1,000 ``refusal`` deltas (content null)."""
    return chat([{"content": None, "refusal": w} for w in words(int(1000 * k))])


def c_one_chunk_calls(dialect: str, k: float) -> Events:
    """One huge chunk holding k x 300 complete tool calls (id, name, whole arguments) in its delta."""
    calls = [{"index": i, "id": f"call_{i}", "type": "function",
              "function": {"name": "lookup", "arguments": json.dumps({"key": f"k{i}", "n": i, "pad": "p" * 80})}}
             for i in range(int(300 * k))]
    return chat([{"tool_calls": calls}], "tool_calls")


def c_azure_filters(dialect: str, k: float) -> Events:
    """Azure OpenAI: a first chunk with no choices and ``prompt_filter_results``, then k x 1,000
    word deltas each with ``content_filter_results`` (4 categories) on its choice."""
    filt = {c: {"filtered": False, "severity": "safe"} for c in ("hate", "self_harm", "sexual", "violence")}
    first = data({"id": "", "object": "", "created": 0, "model": "", "choices": [],
                  "prompt_filter_results": [{"prompt_index": 0, "content_filter_results": filt}]})
    body = [data(chat_chunk([{"index": 0, "delta": {"content": w}, "finish_reason": None,
                              "content_filter_results": filt}])) for w in words(int(1000 * k))]
    ends = chat([])
    return [first, ends[0]] + body + ends[1:]


def c_call_1char(dialect: str, k: float) -> Events:
    """One tool call whose arguments (k x 2,000 characters) arrive one character per chunk."""
    text = json.dumps({"query": "x" * int(2000 * k - 13)})
    return chat([{"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "s", "arguments": ""}}]}]
                + [{"tool_calls": [{"index": 0, "function": {"arguments": ch}}]} for ch in text], "tool_calls")


def c_text_calls_alternating(dialect: str, k: float) -> Events:
    """Text deltas and two calls' argument fragments alternating, k x 400 rounds (content, call 0, call 1)."""
    n = int(400 * k)
    args = [json.dumps({"items": ["v" * 3] * n}) for _ in range(2)]
    frag = [[a[j * len(a) // n:(j + 1) * len(a) // n] for j in range(n)] for a in args]
    deltas: list[Obj] = [{"tool_calls": [{"index": c, "id": f"call_{c}", "type": "function",
                                          "function": {"name": f"t{c}", "arguments": ""}}]} for c in range(2)]
    for j, w in enumerate(words(n)):
        deltas.append({"content": w})
        deltas += [{"tool_calls": [{"index": c, "function": {"arguments": frag[c][j]}}]} for c in range(2)]
    return chat(deltas, "tool_calls")


# --- Anthropic ---------------------------------------------------------------------------------------


def a_server_tools(dialect: str, k: float) -> Events:
    """k x 40 rounds of server_tool_use (web_fetch, its input whole in the start event: lm15 and
    lmcodec both refuse its input streamed as input_json_delta, "arrived without a name"),
    web_fetch_tool_result, text."""
    blocks: list[tuple[Obj, list[Obj]]] = []
    for i in range(int(40 * k)):
        inp = json.dumps({"url": f"https://example.com/page/{i}"})
        blocks.append(({"type": "server_tool_use", "id": f"srvtoolu_{i}", "name": "web_fetch", "input": json.loads(inp)}, []))
        blocks.append(({"type": "web_fetch_tool_result", "tool_use_id": f"srvtoolu_{i}",
                        "content": {"type": "web_fetch_result", "url": f"https://example.com/page/{i}",
                                    "content": {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                                                               "data": "page text " * 20}}}}, []))
        blocks.append(({"type": "text", "text": ""}, [{"type": "text_delta", "text": w} for w in words(5, i)]))
    return anthropic(blocks)


def a_redacted_text(dialect: str, k: float) -> Events:
    """k x 150 redacted_thinking blocks alternating with 2-delta text blocks."""
    blocks: list[tuple[Obj, list[Obj]]] = []
    for i in range(int(150 * k)):
        blocks.append(({"type": "redacted_thinking", "data": "EmwKAhgBEgy" + "Q" * 200 + str(i)}, []))
        blocks.append(({"type": "text", "text": ""}, [{"type": "text_delta", "text": "Part "}, {"type": "text_delta", "text": f"{i}. "}]))
    return anthropic(blocks)


def a_citation_kinds(dialect: str, k: float) -> Events:
    """One text block: k x 500 citations_delta of the five kinds in turn, each followed by a text delta."""
    kinds = [
        {"type": "char_location", "cited_text": "quoted", "document_index": 0, "document_title": "Doc",
         "start_char_index": 0, "end_char_index": 6},
        {"type": "page_location", "cited_text": "quoted", "document_index": 1, "document_title": "PDF",
         "start_page_number": 1, "end_page_number": 2},
        {"type": "content_block_location", "cited_text": "quoted", "document_index": 2, "document_title": "Blocks",
         "start_block_index": 0, "end_block_index": 1},
        {"type": "web_search_result_location", "cited_text": "quoted", "url": "https://ex.com", "title": "Ex",
         "encrypted_index": "Eo8BCioIAhgBIiQ"},
        {"type": "search_result_location", "cited_text": "quoted", "source": "kb://1", "title": "KB",
         "search_result_index": 0, "start_block_index": 0, "end_block_index": 0},
    ]
    deltas: list[Obj] = []
    for i, w in enumerate(words(int(500 * k))):
        deltas.append({"type": "citations_delta", "citation": kinds[i % 5]})
        deltas.append({"type": "text_delta", "text": w})
    return anthropic([({"type": "text", "text": "", "citations": []}, deltas)])


def a_ping_every_other(dialect: str, k: float) -> Events:
    """The plain stream (k x 1,000 words) with a ``ping`` event after every event."""
    ping = named("ping", {"type": "ping"})
    out = []
    for ev in plain("anthropic", k):
        out += [ev, ping]
    return out


def a_message_delta_many(dialect: str, k: float) -> Events:
    """k x 100 word deltas then k x 500 ``message_delta`` events with growing usage (the last has the stop reason)."""
    tail = [named("message_delta", {"type": "message_delta", "delta": {"stop_reason": None, "stop_sequence": None},
                                    "usage": {"output_tokens": 5 + i, "input_tokens": 3, "cache_read_input_tokens": 0,
                                              "server_tool_use": {"web_search_requests": 0}}})
            for i in range(int(500 * k))]
    return anthropic([({"type": "text", "text": ""}, [{"type": "text_delta", "text": w} for w in words(int(100 * k))])],
                     tail=tail)


def a_thinking_long(dialect: str, k: float) -> Events:
    """A thinking block of k x 2,000 short thinking deltas, its signature, then a short text block."""
    deltas: list[Obj] = [{"type": "thinking_delta", "thinking": w} for w in words(int(2000 * k))]
    deltas.append({"type": "signature_delta", "signature": "EqQBCgIYAhIM" + "s" * 300})
    return anthropic([({"type": "thinking", "thinking": "", "signature": ""}, deltas),
                      ({"type": "text", "text": ""}, [{"type": "text_delta", "text": "Answer."}])])


def a_tool_input_1char(dialect: str, k: float) -> Events:
    """One tool_use block whose input (k x 2,000 characters) arrives one character per input_json_delta."""
    text = json.dumps({"query": "y" * int(2000 * k - 13)})
    return anthropic([({"type": "tool_use", "id": "toolu_1", "name": "s", "input": {}},
                       [{"type": "input_json_delta", "partial_json": ch} for ch in text])], "tool_use")


def a_many_empty_tools(dialect: str, k: float) -> Events:
    """k x 300 tool_use blocks with no arguments (one empty input_json_delta each)."""
    return anthropic([({"type": "tool_use", "id": f"toolu_{i}", "name": "ping", "input": {}},
                       [{"type": "input_json_delta", "partial_json": ""}]) for i in range(int(300 * k))], "tool_use")


# --- Gemini ------------------------------------------------------------------------------------------


def g_code_exec(dialect: str, k: float) -> Events:
    """k x 150 chunks of executableCode, then codeExecutionResult, then a text part."""
    chunks: list[list[Obj]] = []
    for i in range(int(150 * k)):
        chunks.append([{"executableCode": {"language": "PYTHON", "code": f"print({i} * 2)\n"}}])
        chunks.append([{"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": f"{i * 2}\n"}}])
        chunks.append([{"text": f"So {i}. "}])
    return gemini(chunks)


def g_grounding_every(dialect: str, k: float) -> Events:
    """k x 500 text chunks, each with groundingMetadata (3 web chunks, 2 supports, search queries)."""
    gm = {"webSearchQueries": ["what is x", "x meaning"],
          "searchEntryPoint": {"renderedContent": "<div>search</div>"},
          "groundingChunks": [{"web": {"uri": f"https://vertex.example/{j}", "title": f"site{j}.com"}} for j in range(3)],
          "groundingSupports": [{"segment": {"startIndex": 0, "endIndex": 4, "text": "word"},
                                 "groundingChunkIndices": [0, 1], "confidenceScores": [0.9, 0.8]} for _ in range(2)]}
    return gemini([[{"text": w}] for w in words(int(500 * k))], groundingMetadata=gm)


def g_inline_images(dialect: str, k: float) -> Events:
    """k x 40 chunks each one inlineData image/png of 12 KB (16 KB base64) and a caption chunk."""
    rng = random.Random(7)
    chunks: list[list[Obj]] = []
    for i in range(int(40 * k)):
        chunks.append([{"inlineData": {"mimeType": "image/png", "data": base64.b64encode(rng.randbytes(12_000)).decode()}}])
        chunks.append([{"text": f"Figure {i}. "}])
    return gemini(chunks)


def g_signature_each(dialect: str, k: float) -> Events:
    """k x 1,000 text chunks, each part with its own thoughtSignature."""
    return gemini([[{"text": w, "thoughtSignature": "CiIBVKhc7oN" + str(i) * 4}] for i, w in enumerate(words(int(1000 * k)))])


def g_usage_detailed(dialect: str, k: float) -> Events:
    """k x 1,000 text chunks each with usageMetadata and its per-modality details and thoughts count."""
    usage = {"promptTokenCount": 3, "candidatesTokenCount": 5, "totalTokenCount": 20, "thoughtsTokenCount": 12,
             "cachedContentTokenCount": 0,
             "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 3}],
             "candidatesTokensDetails": [{"modality": "TEXT", "tokenCount": 5}]}
    return [data(gemini_chunk([{"text": w}], i == n - 1, usage)) for n in [int(1000 * k)]
            for i, w in enumerate(words(n))]


def g_array_bytes(dialect: str, k: float) -> Events:
    """JSON-array framing (no alt=sse), k x 150 chunks of one word: the events are the array's
    elements with their separators (cut at every byte by the 1-byte chunking)."""
    objs = [gemini_chunk([{"text": w}], i == n - 1) for n in [int(150 * k)] for i, w in enumerate(words(n))]
    out = []
    for i, o in enumerate(objs):
        out.append((b"[" if i == 0 else b",\r\n") + dumps(o) + (b"]" if i == len(objs) - 1 else b""))
    return out


def g_thoughts(dialect: str, k: float) -> Events:
    """k x 1,000 thought parts (``thought: true``), one per chunk, then 50 text chunks."""
    return gemini([[{"text": w, "thought": True}] for w in words(int(1000 * k))] + [[{"text": w}] for w in words(50)])


def g_parts_per_chunk(dialect: str, k: float) -> Events:
    """k x 100 chunks each holding 20 one-character text parts."""
    return gemini([[{"text": c} for c in "abcdefghijklmnopqrst"] for _ in range(int(100 * k))])


COMMON: dict[str, Callable[[str, float], Events]] = {
    "tiny1": tiny1, "huge1mb": huge1mb, "crlf_noise": crlf_noise, "multiline": multiline}
OWN: dict[str, dict[str, Callable[[str, float], Events]]] = {
    "openai": {f.__name__: f for f in (r_many_items, r_web_search, r_file_search, r_summary_parts, r_refusal,
                                       r_reasoning_text, r_audio, r_code_interpreter, r_custom_tool)},
    "openai_chat": {f.__name__: f for f in (c_usage_detailed, c_n3, c_late_id, c_refusal, c_one_chunk_calls,
                                            c_azure_filters, c_call_1char, c_text_calls_alternating)},
    "anthropic": {f.__name__: f for f in (a_server_tools, a_redacted_text, a_citation_kinds, a_ping_every_other,
                                          a_message_delta_many, a_thinking_long, a_tool_input_1char, a_many_empty_tools)},
    "gemini": {f.__name__: f for f in (g_code_exec, g_grounding_every, g_inline_images, g_signature_each,
                                       g_usage_detailed, g_array_bytes, g_thoughts, g_parts_per_chunk)},
}
DIALECTS = tuple(OWN)


def shapes(k: float = 1) -> dict[str, tuple[str, Events]]:
    """{"dialect/shape": (dialect, events)} for every shape and the four plain baselines."""
    out: dict[str, tuple[str, Events]] = {}
    for d in DIALECTS:
        out[f"{d}/plain"] = (d, plain(d, k))
        for name, build in {**COMMON, **OWN[d]}.items():
            out[f"{d}/{name}"] = (d, build(d, k))
    return out


def chunked(body: bytes, how: str, events: Events) -> list[bytes]:
    """The body cut as ``how`` says: "whole", "event", "rand" (1-1,500 bytes, seeded) or a byte count."""
    if how == "whole":
        return [body]
    if how == "event":
        return list(events)
    if how == "rand":
        rng = random.Random(9)
        out, i = [], 0
        while i < len(body):
            n = rng.randint(1, 1500)
            out.append(body[i:i + n])
            i += n
        return out
    n = int(how)
    return [body[i:i + n] for i in range(0, len(body), n)]
