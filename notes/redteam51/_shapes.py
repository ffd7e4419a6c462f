"""Red team 51: SSE bodies of shapes neither benchmarks/ nor red team 39 built, one event per item.

Each builder takes a scale ``k`` (1 = the size named in its docstring; 2 = twice the count, for
the n -> 2n check) and returns the events of one stream (bytes, LF framed unless it says CRLF);
``b"".join`` of it is the whole body. The dialects' frames are red team 39's (``_shapes.chat``,
``anthropic``, ``gemini``, ``responses``), imported from notes/redteam39.
"""

from __future__ import annotations

import base64
import importlib.util
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

_spec = importlib.util.spec_from_file_location("rt39_shapes", Path(__file__).resolve().parent.parent / "redteam39" / "_shapes.py")
assert _spec is not None and _spec.loader is not None
rt39 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rt39)

MODEL = rt39.MODEL
chat, anthropic, gemini, responses = rt39.chat, rt39.anthropic, rt39.gemini, rt39.responses
Events = list[bytes]


def _data(obj: Any, ascii_only: bool = True) -> bytes:
    return b"data: " + json.dumps(obj, separators=(",", ":"), ensure_ascii=ascii_only).encode() + b"\n\n"


def raw_utf8(events: Events) -> Events:
    """The same events with every \\uXXXX escape written as raw UTF-8 (as OpenAI, Anthropic and
    Google write non-ASCII text)."""
    out = []
    for ev in events:
        lines = []
        for line in ev.split(b"\n"):
            if line.startswith(b"data: {"):
                line = b"data: " + json.dumps(json.loads(line[6:]), separators=(",", ":"), ensure_ascii=False).encode()
            lines.append(line)
        out.append(b"\n".join(lines))
    return out


def crlf(events: Events) -> Events:
    return [ev.replace(b"\n", b"\r\n") for ev in events]


def one_text(dialect: str, texts: list[str]) -> Events:
    return rt39.one_text(dialect, texts)


def _pieces(rng: random.Random, alphabet: str, n: int) -> list[str]:
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3))) for _ in range(n)]


# --- text ------------------------------------------------------------------------------------------


def tiny(dialect: str, k: float) -> Events:
    """k x 10,000 deltas of 1-3 ASCII characters."""
    return one_text(dialect, _pieces(random.Random(1), "abcdefghij klmnop,.", int(10_000 * k)))


def tiny500(dialect: str, k: float) -> Events:
    """k x 500 deltas of 1-3 ASCII characters (for 1-byte chunks)."""
    return one_text(dialect, _pieces(random.Random(1), "abcdefghij klmnop,.", int(500 * k)))


def astral_escaped(dialect: str, k: float) -> Events:
    """k x 3,000 deltas of 1-3 astral characters (emoji), \\ud83d\\ude00-escaped (json.dumps)."""
    return one_text(dialect, _pieces(random.Random(2), "\U0001F600\U0001F680\U0001F9E0\U0001D11E", int(3_000 * k)))


def astral_raw(dialect: str, k: float) -> Events:
    """k x 3,000 deltas of 1-3 astral characters, raw UTF-8."""
    return raw_utf8(astral_escaped(dialect, k))


def all_escaped(dialect: str, k: float) -> Events:
    """k x 3,000 deltas of 1-3 characters each of which JSON escapes (quote, backslash, newline,
    tab, a C0 control)."""
    return one_text(dialect, _pieces(random.Random(3), '"\\\n\t\x01\x1f', int(3_000 * k)))


def huge(dialect: str, k: float) -> Events:
    """k x 3 deltas of 1 MB each: prose with an escape (quote, newline) every ~60 characters."""
    unit = 'the quick brown fox jumps over the lazy dog, "said" she,\nand '
    return one_text(dialect, [unit * (1_000_000 // len(unit))] * int(3 * k))


def huge_raw_utf8(dialect: str, k: float) -> Events:
    """k x 3 deltas of 1 MB each of accented/CJK prose, raw UTF-8."""
    unit = "café über naïve 東京 의 текст "
    return raw_utf8(one_text(dialect, [unit * (1_000_000 // len(unit.encode()))] * int(3 * k)))


# --- calls -----------------------------------------------------------------------------------------


def interleaved_calls(dialect: str, k: float, calls: int = 50, frags: int = 10) -> Events:
    """``calls`` x k parallel calls whose fragments arrive interleaved, one fragment of each call in
    turn (Chat: by ``index``; Responses: every item added first, then deltas by ``output_index``;
    Anthropic cannot interleave blocks: one block after another; Gemini: one call per chunk)."""
    n = int(calls * k)
    args = [json.dumps({"city": f"city number {i}", "units": "metric", "days": i % 7, "detail": "x" * 60})
            for i in range(n)]
    pieces = [rt39.split(a, frags) for a in args]
    if dialect == "openai_chat":
        deltas: list[dict[str, Any]] = [{"tool_calls": [{"index": i, "id": f"call_{i}", "type": "function",
                                                         "function": {"name": "weather", "arguments": ""}}]}
                                        for i in range(n)]
        for j in range(max(map(len, pieces))):
            for i in range(n):
                if j < len(pieces[i]):
                    deltas.append({"tool_calls": [{"index": i, "function": {"arguments": pieces[i][j]}}]})
        return chat(deltas, "tool_calls")
    if dialect == "openai":
        base = {"id": "resp_1", "object": "response", "created_at": 1, "model": MODEL, "output": [],
                "status": "in_progress", "usage": None}
        evs: list[dict[str, Any]] = [{"type": "response.created", "response": base}]
        for i in range(n):
            evs.append({"type": "response.output_item.added", "output_index": i,
                        "item": {"type": "function_call", "id": f"fc_{i}", "call_id": f"call_{i}", "name": "weather",
                                 "arguments": "", "status": "in_progress"}})
        for j in range(max(map(len, pieces))):
            for i in range(n):
                if j < len(pieces[i]):
                    evs.append({"type": "response.function_call_arguments.delta", "item_id": f"fc_{i}",
                                "output_index": i, "delta": pieces[i][j]})
        done = []
        for i in range(n):
            item = {"type": "function_call", "id": f"fc_{i}", "call_id": f"call_{i}", "name": "weather",
                    "arguments": args[i], "status": "completed"}
            evs.append({"type": "response.function_call_arguments.done", "item_id": f"fc_{i}", "output_index": i,
                        "arguments": args[i]})
            evs.append({"type": "response.output_item.done", "output_index": i, "item": item})
            done.append(item)
        evs.append({"type": "response.completed", "response": {**base, "status": "completed", "output": done,
                    "usage": {"input_tokens": 3, "output_tokens": 5, "total_tokens": 8}}})
        return [b"event: " + e["type"].encode() + b"\n" + _data({**e, "sequence_number": s}) for s, e in enumerate(evs)]
    if dialect == "gemini":
        return gemini([[{"functionCall": {"name": "weather", "args": json.loads(a)}}] for a in args])
    return rt39.calls(dialect, pieces)


def _deep(depth: int) -> Any:
    node: Any = {"leaf": "v", "n": 1}
    for d in range(depth):
        node = {"level": d, "child": node, "list": [d, [d, {"x": d}]]}
    return node


def deep_args(dialect: str, k: float) -> Events:
    """One call whose arguments nest 60 x k levels deep (an object holding a list holding ...),
    in 3-character fragments."""
    text = json.dumps({"tree": _deep(int(60 * k))}, separators=(",", ":"))
    if dialect == "gemini":
        return gemini([[{"functionCall": {"name": "f", "args": json.loads(text)}}]])
    return rt39.calls(dialect, [[text[i:i + 3] for i in range(0, len(text), 3)]])


def long_string_args(dialect: str, k: float) -> Events:
    """One call whose one argument is a string of k x 1 MB (escape-heavy source code), in 4
    fragments."""
    unit = 'def f(x):\n\treturn "a\\\\b" + x  # \u00e9\n'
    text = json.dumps({"path": "a.py", "content": unit * int(k * 1_000_000 // len(unit))})
    if dialect == "gemini":
        return gemini([[{"functionCall": {"name": "write", "args": json.loads(text)}}]])
    return rt39.calls(dialect, [rt39.split(text, 4)])


# --- many items / blocks ---------------------------------------------------------------------------


def responses_items(dialect: str, k: float) -> Events:
    """Responses: k x 200 output items (message, reasoning with summary and encrypted_content,
    function_call in turn), a few deltas each."""
    items = []
    for i in range(int(200 * k)):
        kind = i % 3
        if kind == 0:
            a, b, d = rt39.responses_message(["some ", "words ", "here "])
            rid = f"msg_{i}"
            a, d = {**a, "id": rid}, {**d, "id": rid}
            b = [{**e, "item_id": rid} for e in b]
            items.append((a, b, d))
        elif kind == 1:
            rid = f"rs_{i}"
            part = {"type": "summary_text", "text": "I think so."}
            b = [{"type": "response.reasoning_summary_part.added", "item_id": rid, "summary_index": 0,
                  "part": {"type": "summary_text", "text": ""}},
                 {"type": "response.reasoning_summary_text.delta", "item_id": rid, "summary_index": 0, "delta": "I think "},
                 {"type": "response.reasoning_summary_text.delta", "item_id": rid, "summary_index": 0, "delta": "so."},
                 {"type": "response.reasoning_summary_text.done", "item_id": rid, "summary_index": 0, "text": "I think so."},
                 {"type": "response.reasoning_summary_part.done", "item_id": rid, "summary_index": 0, "part": part}]
            items.append(({"type": "reasoning", "id": rid, "summary": []}, b,
                          {"type": "reasoning", "id": rid, "summary": [part], "encrypted_content": "gAAAAB" * 50}))
        else:
            a, b, d = rt39.responses_call(i, ['{"q":', f'"{i}"', "}"])
            items.append((a, b, d))
    return responses(items)


def anthropic_blocks(dialect: str, k: float) -> Events:
    """Anthropic: k x 200 content blocks (thinking with signature, text, tool_use in turn)."""
    blocks: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    for i in range(int(200 * k)):
        kind = i % 3
        if kind == 0:
            blocks.append(({"type": "thinking", "thinking": "", "signature": ""},
                           [{"type": "thinking_delta", "thinking": "hmm "}, {"type": "thinking_delta", "thinking": "ok"},
                            {"type": "signature_delta", "signature": "Eq" + "A" * 300}]))
        elif kind == 1:
            blocks.append(({"type": "text", "text": ""}, [{"type": "text_delta", "text": t} for t in ("a ", "b ", "c")]))
        else:
            blocks.append(({"type": "tool_use", "id": f"toolu_{i}", "name": "f", "input": {}},
                           [{"type": "input_json_delta", "partial_json": p} for p in ('{"q":', f'"{i}"', "}")]))
    return anthropic(blocks, "tool_use")


def anthropic_redacted(dialect: str, k: float) -> Events:
    """Anthropic: k x 100 redacted_thinking blocks (data on the start, 1 KB each) between k x 100
    signed thinking blocks of 20 deltas, then a text."""
    blocks: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    for _ in range(int(100 * k)):
        blocks.append(({"type": "redacted_thinking", "data": "EmwKAhgB" * 128}, []))
        blocks.append(({"type": "thinking", "thinking": "", "signature": ""},
                       [{"type": "thinking_delta", "thinking": "step "}] * 20
                       + [{"type": "signature_delta", "signature": "ErUB" * 100}]))
    blocks.append(({"type": "text", "text": ""}, [{"type": "text_delta", "text": "done"}]))
    return anthropic(blocks)


def anthropic_citations_every(dialect: str, k: float) -> Events:
    """Anthropic: one text block of k x 2,000 text deltas, each after a citations_delta (a
    search_result_location / char_location in turn)."""
    deltas: list[dict[str, Any]] = []
    for j in range(int(2000 * k)):
        if j % 2:
            cit = {"type": "char_location", "cited_text": "quoted words", "document_index": 0,
                   "document_title": "Doc", "start_char_index": j, "end_char_index": j + 12}
        else:
            cit = {"type": "web_search_result_location", "url": f"https://e.x/{j % 17}", "title": "T",
                   "encrypted_index": "Eo8B" * 10, "cited_text": "quoted words"}
        deltas.append({"type": "citations_delta", "citation": cit})
        deltas.append({"type": "text_delta", "text": "w "})
    return anthropic([({"type": "text", "text": "", "citations": []}, deltas)])


def anthropic_server_tools(dialect: str, k: float) -> Events:
    """Anthropic: k x 25 rounds of web_search (server_tool_use with its input streamed on the start,
    web_search_tool_result of 5 results) and code execution (server_tool_use, then a
    bash_code_execution_tool_result), each followed by a short cited text."""
    blocks: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    for i in range(int(25 * k)):
        blocks.append(({"type": "server_tool_use", "id": f"srvtoolu_w{i}", "name": "web_search",
                        "input": {"query": f"query {i}"}}, []))
        blocks.append(({"type": "web_search_tool_result", "tool_use_id": f"srvtoolu_w{i}",
                        "content": [{"type": "web_search_result", "url": f"https://e.x/{j}", "title": "t",
                                     "encrypted_content": "E" * 300, "page_age": "1 day"} for j in range(5)]}, []))
        blocks.append(({"type": "server_tool_use", "id": f"srvtoolu_c{i}", "name": "bash_code_execution",
                        "input": {"command": "python -c 'print(1)'"}}, []))
        blocks.append(({"type": "bash_code_execution_tool_result", "tool_use_id": f"srvtoolu_c{i}",
                        "content": {"type": "bash_code_execution_result", "stdout": "1\n" * 50, "stderr": "",
                                    "return_code": 0, "content": []}}, []))
        blocks.append(({"type": "text", "text": ""},
                       [{"type": "citations_delta", "citation": {"type": "web_search_result_location",
                                                                 "url": "https://e.x/0", "title": "t",
                                                                 "encrypted_index": "I" * 40, "cited_text": "c" * 50}},
                        {"type": "text_delta", "text": "found it. "}]))
    return anthropic(blocks)


def responses_server_tools(dialect: str, k: float) -> Events:
    """Responses: k x 25 web_search_call items (in_progress/searching/completed) and k x 25
    code_interpreter_call items whose code streams in 20 deltas, then a message whose every delta
    has an annotation.added event."""
    items = []
    for i in range(int(25 * k)):
        ws = {"type": "web_search_call", "id": f"ws_{i}", "status": "completed",
              "action": {"type": "search", "query": f"q {i}"}}
        items.append(({**ws, "status": "in_progress"},
                      [{"type": f"response.web_search_call.{s}", "item_id": f"ws_{i}"}
                       for s in ("in_progress", "searching", "completed")], ws))
        code = "print('hello')\n" * 20
        ci = {"type": "code_interpreter_call", "id": f"ci_{i}", "status": "completed", "container_id": "cntr_1",
              "code": code, "outputs": [{"type": "logs", "logs": "hello\n" * 20}]}
        items.append(({**ci, "status": "in_progress", "code": "", "outputs": None},
                      [{"type": "response.code_interpreter_call.in_progress", "item_id": f"ci_{i}"}]
                      + [{"type": "response.code_interpreter_call_code.delta", "item_id": f"ci_{i}",
                          "delta": "print('hello')\n"} for _ in range(20)]
                      + [{"type": "response.code_interpreter_call_code.done", "item_id": f"ci_{i}", "code": code},
                         {"type": "response.code_interpreter_call.interpreting", "item_id": f"ci_{i}"},
                         {"type": "response.code_interpreter_call.completed", "item_id": f"ci_{i}"}], ci))
    texts = ["word "] * (int(200 * k))
    annots = [{"type": "url_citation", "url": f"https://e.x/{j}", "title": "t", "start_index": j * 5,
               "end_index": j * 5 + 4} for j in range(len(texts))]
    added, between, done = rt39.responses_message(texts, annots)
    withann: list[dict[str, Any]] = []
    j = 0
    for ev in between:
        withann.append(ev)
        if ev["type"] == "response.output_text.delta":
            withann.append({"type": "response.output_text.annotation.added", "item_id": "msg_1", "content_index": 0,
                            "annotation_index": j, "annotation": annots[j]})
            j += 1
    items.append((added, withann, done))
    return responses(items)


def gemini_code_execution(dialect: str, k: float) -> Events:
    """Gemini: k x 200 chunks, executableCode / codeExecutionResult / text / thought-with-signature
    parts in turn, groundingMetadata on every chunk."""
    chunks = []
    for i in range(int(200 * k)):
        kind = i % 4
        if kind == 0:
            part: dict[str, Any] = {"executableCode": {"language": "PYTHON", "code": "print(1)\n" * 5}}
        elif kind == 1:
            part = {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1\n" * 5}}
        elif kind == 2:
            part = {"text": "result is 1. "}
        else:
            part = {"text": "thinking about it", "thought": True, "thoughtSignature": "CiIB" * 40}
        chunks.append([part])
    grounding = {"groundingMetadata": {"webSearchQueries": ["q"], "groundingChunks": [{"web": {"uri": "https://e.x", "title": "t"}}],
                                       "groundingSupports": [{"segment": {"startIndex": 0, "endIndex": 5, "text": "resul"},
                                                              "groundingChunkIndices": [0]}]}}
    out = gemini(chunks)
    # groundingMetadata on each candidate
    fixed = []
    for ev in out:
        obj = json.loads(ev[6:])
        obj["candidates"][0].update(grounding)
        fixed.append(_data(obj))
    return fixed


# --- media -----------------------------------------------------------------------------------------


def chat_audio(dialect: str, k: float) -> Events:
    """Chat (gpt-4o-audio): k x 500 chunks of delta.audio, each 4 KB of base64 and a few words of
    transcript."""
    data = base64.b64encode(bytes(range(256)) * 12).decode()
    deltas: list[dict[str, Any]] = [{"audio": {"id": "audio_1", "data": data, "transcript": "hi there "}}
                                    for _ in range(int(500 * k))]
    deltas.append({"audio": {"expires_at": 1, "id": "audio_1"}})
    return chat(deltas)


def responses_partial_images(dialect: str, k: float) -> Events:
    """Responses: an image_generation_call with k x 3 partial images of 700 KB base64, then its
    result."""
    img = base64.b64encode(bytes(range(256)) * 2000).decode()
    between = [{"type": "response.image_generation_call.in_progress", "item_id": "ig_1"},
               {"type": "response.image_generation_call.generating", "item_id": "ig_1"}]
    between += [{"type": "response.image_generation_call.partial_image", "item_id": "ig_1", "partial_image_index": j,
                 "partial_image_b64": img} for j in range(int(3 * k))]
    between.append({"type": "response.image_generation_call.completed", "item_id": "ig_1"})
    item = {"type": "image_generation_call", "id": "ig_1", "status": "completed", "result": img,
            "output_format": "png", "size": "1024x1024", "quality": "high", "background": "opaque"}
    return responses([({"type": "image_generation_call", "id": "ig_1", "status": "in_progress"}, between, item)])


def gemini_audio(dialect: str, k: float) -> Events:
    """Gemini (TTS): k x 200 chunks each one inlineData audio/L16 part of 8 KB base64."""
    data = base64.b64encode(bytes(range(256)) * 24).decode()
    return gemini([[{"inlineData": {"mimeType": "audio/L16;codec=pcm;rate=24000", "data": data}}]
                   for _ in range(int(200 * k))])


# --- per-chunk metadata ----------------------------------------------------------------------------


def chat_usage_every(dialect: str, k: float) -> Events:
    """Chat: k x 5,000 one-word chunks, each carrying usage (vLLM's continuous_usage_stats; OpenAI
    puts ``usage: null`` on each with include_usage)."""
    evs = chat([{"content": "w "}] * (int(5000 * k)))
    out = []
    for n, ev in enumerate(evs):
        if ev.startswith(b"data: {"):
            obj = json.loads(ev[6:])
            if obj.get("choices"):
                obj["usage"] = {"prompt_tokens": 10, "completion_tokens": n, "total_tokens": 10 + n,
                                "prompt_tokens_details": {"cached_tokens": 0},
                                "completion_tokens_details": {"reasoning_tokens": 0}}
                obj["system_fingerprint"] = "fp_abc"
                obj["service_tier"] = "default"
            ev = _data(obj)
        out.append(ev)
    return out


def _top(rng: random.Random, n: int) -> list[dict[str, Any]]:
    return [{"token": f"t{j}", "logprob": -rng.random() * 10, "bytes": [116, 48 + j % 10]} for j in range(n)]


def chat_logprobs(dialect: str, k: float) -> Events:
    """Chat: k x 2,000 one-token chunks, each with logprobs.content of the token and 20
    top_logprobs."""
    rng = random.Random(4)
    evs = chat([{"content": "w"}] * (int(2000 * k)))
    out = []
    for ev in evs:
        if ev.startswith(b"data: {"):
            obj = json.loads(ev[6:])
            ch = obj.get("choices")
            if ch and ch[0]["delta"].get("content"):
                ch[0]["logprobs"] = {"content": [{"token": "w", "logprob": -0.1, "bytes": [119],
                                                  "top_logprobs": _top(rng, 20)}], "refusal": None}
            ev = _data(obj)
        out.append(ev)
    return out


def responses_logprobs(dialect: str, k: float) -> Events:
    """Responses: k x 2,000 one-token deltas, each with logprobs of 20 top_logprobs."""
    rng = random.Random(5)
    added, between, done = rt39.responses_message(["w"] * (int(2000 * k)))
    for ev in between:
        if ev["type"] == "response.output_text.delta":
            ev["logprobs"] = [{"token": "w", "logprob": -0.1, "bytes": [119], "top_logprobs": _top(rng, 20)}]
    return responses([(added, between, done)])


def gemini_logprobs_usage(dialect: str, k: float) -> Events:
    """Gemini: k x 2,000 one-token chunks, each with usageMetadata, avgLogprobs and logprobsResult
    of 20 top candidates."""
    rng = random.Random(6)
    out = []
    n = int(2000 * k)
    for i in range(n):
        cand: dict[str, Any] = {"content": {"parts": [{"text": "w"}], "role": "model"}, "index": 0,
                                "avgLogprobs": -0.1,
                                "logprobsResult": {"chosenCandidates": [{"token": "w", "logProbability": -0.1}],
                                                   "topCandidates": [{"candidates": [{"token": f"t{j}", "logProbability": -rng.random()}
                                                                                     for j in range(20)]}]}}
        if i == n - 1:
            cand["finishReason"] = "STOP"
        out.append(_data({"candidates": [cand], "modelVersion": MODEL, "responseId": "r1",
                          "usageMetadata": {"promptTokenCount": 3, "candidatesTokenCount": i + 1, "totalTokenCount": i + 4,
                                            "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 3}]}}))
    return out


def gemini_crlf(dialect: str, k: float) -> Events:
    """Gemini alt=sse with CRLF line ends (as Google's front end writes them): k x 5,000 chunks of
    1-3 characters."""
    return crlf(one_text("gemini", _pieces(random.Random(7), "abcdef gh", int(5000 * k))))


def gemini_array(dialect: str, k: float) -> Events:
    """Gemini without alt=sse: one JSON array of k x 5,000 chunks, ``,\\r\\n`` between them (as
    streamGenerateContent writes it); one item per chunk (the first holds ``[``)."""
    evs = one_text("gemini", _pieces(random.Random(7), "abcdef gh", int(5000 * k)))
    objs = [ev[6:].rstrip(b"\n") for ev in evs]
    out = [b"[" + objs[0]] + [b",\r\n" + o for o in objs[1:]]
    out[-1] += b"]"
    return out


def chat_reasoning_content(dialect: str, k: float) -> Events:
    """Chat (DeepSeek / vLLM reasoning parser): k x 5,000 reasoning_content deltas of 1-3
    characters, then 1,000 content deltas."""
    rng = random.Random(8)
    return chat([{"reasoning_content": p} for p in _pieces(rng, "abc de", int(5000 * k))]
                + [{"content": p} for p in _pieces(rng, "xyz w", int(1000 * k))])


EVERY: dict[str, Callable[[str, float], Events]] = {
    "tiny": tiny,
    "tiny500": tiny500,
    "astral_escaped": astral_escaped,
    "astral_raw": astral_raw,
    "all_escaped": all_escaped,
    "huge": huge,
    "huge_raw_utf8": huge_raw_utf8,
    "interleaved_calls": interleaved_calls,
    "deep_args": deep_args,
    "long_string_args": long_string_args,
}
ONE: dict[str, tuple[str, Callable[[str, float], Events]]] = {
    "responses_items": ("openai", responses_items),
    "anthropic_blocks": ("anthropic", anthropic_blocks),
    "anthropic_redacted": ("anthropic", anthropic_redacted),
    "anthropic_citations_every": ("anthropic", anthropic_citations_every),
    "anthropic_server_tools": ("anthropic", anthropic_server_tools),
    "responses_server_tools": ("openai", responses_server_tools),
    "gemini_code_execution": ("gemini", gemini_code_execution),
    "chat_audio": ("openai_chat", chat_audio),
    "responses_partial_images": ("openai", responses_partial_images),
    "gemini_audio": ("gemini", gemini_audio),
    "chat_usage_every": ("openai_chat", chat_usage_every),
    "chat_logprobs": ("openai_chat", chat_logprobs),
    "responses_logprobs": ("openai", responses_logprobs),
    "gemini_logprobs_usage": ("gemini", gemini_logprobs_usage),
    "gemini_crlf": ("gemini", gemini_crlf),
    "gemini_array": ("gemini", gemini_array),
    "chat_reasoning_content": ("openai_chat", chat_reasoning_content),
}
DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")


def shape(name: str, dialect: str | None = None, k: float = 1) -> tuple[str, Events]:
    """(dialect, events) of shape ``name`` (``dialect`` for the shapes built in every dialect)."""
    if name in ONE:
        d, make = ONE[name]
        return d, make(d, k)
    assert dialect is not None
    return dialect, EVERY[name](dialect, k)


def all_shapes(k: float = 1) -> dict[str, tuple[str, Events]]:
    out = {}
    for name in EVERY:
        for d in DIALECTS:
            out[f"{name}/{d}"] = shape(name, d, k)
    for name in ONE:
        out[name] = shape(name, None, k)
    return out


def chunked(body: bytes, how: str, events: Events) -> list[bytes]:
    """The body cut as ``how`` says: "whole", "event" (one chunk per event), "7" / "1" (bytes),
    "rand" (random sizes 1-1,500, seeded)."""
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
