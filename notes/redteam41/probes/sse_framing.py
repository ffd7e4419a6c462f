import sys, os, json; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import check

def anth_frames():
    return [("message_start", {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "model": "c", "content": [], "stop_reason": None, "usage": {"input_tokens": 3, "output_tokens": 1}}}),
            ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
            ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "héllo ✓ 𝄞"}}),
            ("content_block_stop", {"type": "content_block_stop", "index": 0}),
            ("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 4}}),
            ("message_stop", {"type": "message_stop"})]
def chat_frames():
    c = lambda d, f=None: (None, {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [{"index": 0, "delta": d, "finish_reason": f}]})
    return [c({"role": "assistant", "content": ""}), c({"content": "héllo ✓ 𝄞"}), c({}, "stop"), (None, "[DONE]")]
def gem_frames():
    return [(None, {"candidates": [{"content": {"parts": [{"text": "héllo ✓ 𝄞"}], "role": "model"}, "index": 0}], "modelVersion": "g"}),
            (None, {"candidates": [{"content": {"parts": [{"text": "!"}], "role": "model"}, "finishReason": "STOP", "index": 0}], "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 2, "totalTokenCount": 3}})]
def resp_frames():
    r = {"id": "resp_1", "object": "response", "created_at": 1, "status": "in_progress", "model": "gpt-5", "output": [], "usage": None}
    item = {"id": "msg_1", "type": "message", "status": "completed", "role": "assistant", "content": [{"type": "output_text", "text": "héllo ✓ 𝄞", "annotations": []}]}
    return [("response.created", {"type": "response.created", "response": r}),
            ("response.output_item.added", {"type": "response.output_item.added", "output_index": 0, "item": dict(item, content=[], status="in_progress")}),
            ("response.output_text.delta", {"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0, "content_index": 0, "delta": "héllo ✓ 𝄞"}),
            ("response.output_item.done", {"type": "response.output_item.done", "output_index": 0, "item": item}),
            ("response.completed", {"type": "response.completed", "response": dict(r, status="completed", output=[item], usage={"input_tokens": 1, "output_tokens": 2, "total_tokens": 3})})]
FR = {"anthropic": anth_frames, "openai_chat": chat_frames, "gemini": gem_frames, "openai": resp_frames}

def render(frames, *, nl=b"\n", ev_fmt=b"event: %s", data_prefix=b"data: ", extra_lines=(), split_data=False, pretty=False, bom=False, last_blank=True):
    out = []
    for name, data in frames:
        text = data if isinstance(data, str) else json.dumps(data, indent=1 if pretty else None, ensure_ascii=False)
        lines = list(extra_lines)
        if name: lines.append(ev_fmt % name.encode())
        if split_data or pretty:
            lines += [data_prefix + l.encode() for l in text.split("\n")] if not split_data else [data_prefix + text[:len(text)//2].encode(), data_prefix + text[len(text)//2:].encode()]
        else:
            lines.append(data_prefix + text.encode())
        out.append(nl.join(lines) + nl + nl)
    body = b"".join(out)
    if not last_blank: body = body[:-len(nl)]
    return (b"\xef\xbb\xbf" if bom else b"") + body

VARIANTS = {
    "plain": {}, "crlf": {"nl": b"\r\n"}, "cr_only": {"nl": b"\r"},
    "no_space": {"data_prefix": b"data:", "ev_fmt": b"event:%s"},
    "two_spaces": {"data_prefix": b"data:  "}, "tab": {"data_prefix": b"data:\t"},
    "id_retry_lines": {"extra_lines": (b"id: 17", b"retry: 3000")},
    "comments": {"extra_lines": (b": keepalive", b":")},
    "field_no_colon": {"extra_lines": (b"id", b"event")},
    "unknown_field": {"extra_lines": (b"foo: bar",)},
    "pretty_multiline_data": {"pretty": True},
    "split_data": {"split_data": True},
    "bom": {"bom": True},
    "no_final_blank": {"last_blank": False},
    "event_trailing_ws": {"ev_fmt": b"event: %s  "},
}
if __name__ == "__main__":
    bad = []
    n = 0
    for prov, fr in FR.items():
        for vname, kw in VARIANTS.items():
            n += 1
            if check(prov, render(fr(), **kw), vname):
                bad.append((prov, vname))
    print(n, "runs,", len(bad), "failing:", bad)
