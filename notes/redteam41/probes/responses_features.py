import sys, os; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import sse, check

BASE = {"id": "resp_1", "object": "response", "created_at": 1776091481, "status": "in_progress", "error": None,
        "incomplete_details": None, "model": "gpt-5", "output": [], "usage": None}
USAGE = {"input_tokens": 5, "input_tokens_details": {"cached_tokens": 2}, "output_tokens": 7,
         "output_tokens_details": {"reasoning_tokens": 3}, "total_tokens": 12}
seq = [0]
def ev(t, **kw):
    seq[0] += 1
    return sse({"type": t, **kw, "sequence_number": seq[0]}, t)
def created(): return ev("response.created", response=BASE) + ev("response.in_progress", response=BASE)
def done(output, status="completed", t="response.completed", **extra):
    return ev(t, response=dict(BASE, status=status, output=output, usage=USAGE, **extra))
def added(i, item): return ev("response.output_item.added", output_index=i, item=item)
def idone(i, item): return ev("response.output_item.done", output_index=i, item=item)
def msg(i, text="héllo ✓", mid="msg_1", annotations=()):
    part = {"type": "output_text", "text": text, "annotations": list(annotations), "logprobs": []}
    item = {"id": mid, "type": "message", "status": "completed", "role": "assistant", "content": [part]}
    c = dict(item_id=mid, output_index=i, content_index=0)
    out = added(i, dict(item, status="in_progress", content=[])) + ev("response.content_part.added", **c, part=dict(part, text="", annotations=[]))
    out += ev("response.output_text.delta", **c, delta=text, logprobs=[])
    for k, a in enumerate(annotations):
        out += ev("response.output_text.annotation.added", **c, annotation_index=k, annotation=a)
    out += ev("response.output_text.done", **c, text=text, logprobs=[]) + ev("response.content_part.done", **c, part=part) + idone(i, item)
    return out, item
def refusal(i, text="I can't ✓", mid="msg_r"):
    part = {"type": "refusal", "refusal": text}
    item = {"id": mid, "type": "message", "status": "completed", "role": "assistant", "content": [part]}
    c = dict(item_id=mid, output_index=i, content_index=0)
    out = added(i, dict(item, status="in_progress", content=[])) + ev("response.content_part.added", **c, part={"type": "refusal", "refusal": ""})
    out += ev("response.refusal.delta", **c, delta=text[:3]) + ev("response.refusal.delta", **c, delta=text[3:]) + ev("response.refusal.done", **c, refusal=text)
    out += ev("response.content_part.done", **c, part=part) + idone(i, item)
    return out, item
def reasoning(i, summary=("Thinking ✓", "More"), rid="rs_1", enc="gAAA"):
    item = {"id": rid, "type": "reasoning", "summary": [{"type": "summary_text", "text": s} for s in summary], "encrypted_content": enc}
    out = added(i, dict(item, summary=[]))
    for k, s in enumerate(summary):
        c = dict(item_id=rid, output_index=i, summary_index=k)
        out += ev("response.reasoning_summary_part.added", **c, part={"type": "summary_text", "text": ""})
        out += ev("response.reasoning_summary_text.delta", **c, delta=s) + ev("response.reasoning_summary_text.done", **c, text=s)
        out += ev("response.reasoning_summary_part.done", **c, part={"type": "summary_text", "text": s})
    return out + idone(i, item), item
def call(i, args='{"q": "é"}', fid="fc_1", cid="call_1"):
    item = {"id": fid, "type": "function_call", "status": "completed", "arguments": args, "call_id": cid, "name": "lookup"}
    c = dict(item_id=fid, output_index=i)
    out = added(i, dict(item, arguments="", status="in_progress")) + ev("response.function_call_arguments.delta", **c, delta=args[:4]) + ev("response.function_call_arguments.delta", **c, delta=args[4:])
    return out + ev("response.function_call_arguments.done", **c, arguments=args) + idone(i, item), item
def web_search(i, wid="ws_1"):
    item = {"id": wid, "type": "web_search_call", "status": "completed", "action": {"type": "search", "query": "weather", "sources": [{"type": "url", "url": "https://x"}]}}
    c = dict(item_id=wid, output_index=i)
    out = added(i, {"id": wid, "type": "web_search_call", "status": "in_progress"}) + ev("response.web_search_call.in_progress", **c) + ev("response.web_search_call.searching", **c) + ev("response.web_search_call.completed", **c)
    return out + idone(i, item), item
def file_search(i, fid="fs_1"):
    item = {"id": fid, "type": "file_search_call", "status": "completed", "queries": ["q"], "results": [{"file_id": "file_1", "filename": "a.txt", "score": 0.5, "text": "t", "attributes": {}}]}
    c = dict(item_id=fid, output_index=i)
    out = added(i, dict(item, status="in_progress", results=None)) + ev("response.file_search_call.in_progress", **c) + ev("response.file_search_call.searching", **c) + ev("response.file_search_call.completed", **c)
    return out + idone(i, item), item
def code_interp(i, cid="ci_1"):
    item = {"id": cid, "type": "code_interpreter_call", "status": "completed", "code": "print(1)", "container_id": "cntr_1", "outputs": [{"type": "logs", "logs": "1\n"}]}
    c = dict(item_id=cid, output_index=i)
    out = added(i, dict(item, status="in_progress", code="", outputs=None)) + ev("response.code_interpreter_call.in_progress", **c)
    out += ev("response.code_interpreter_call_code.delta", **c, delta="print(") + ev("response.code_interpreter_call_code.delta", **c, delta="1)")
    out += ev("response.code_interpreter_call_code.done", **c, code="print(1)") + ev("response.code_interpreter_call.interpreting", **c) + ev("response.code_interpreter_call.completed", **c)
    return out + idone(i, item), item
def image_gen(i, iid="ig_1"):
    item = {"id": iid, "type": "image_generation_call", "status": "completed", "result": "iVBORw0KGgo=", "revised_prompt": "a cat", "output_format": "png", "size": "1024x1024", "quality": "low", "background": "opaque"}
    c = dict(item_id=iid, output_index=i)
    out = added(i, {"id": iid, "type": "image_generation_call", "status": "in_progress", "result": None}) + ev("response.image_generation_call.in_progress", **c) + ev("response.image_generation_call.generating", **c)
    out += ev("response.image_generation_call.partial_image", **c, partial_image_index=0, partial_image_b64="iVBO")
    out += ev("response.image_generation_call.completed", **c)
    return out + idone(i, item), item
def mcp_call(i, mid="mcp_1"):
    item = {"id": mid, "type": "mcp_call", "status": "completed", "name": "echo", "server_label": "srv", "arguments": '{"a":1}', "output": "ok", "error": None}
    c = dict(item_id=mid, output_index=i)
    out = added(i, dict(item, status="in_progress", arguments="", output=None)) + ev("response.mcp_call.in_progress", **c)
    out += ev("response.mcp_call_arguments.delta", **c, delta='{"a":1}') + ev("response.mcp_call_arguments.done", **c, arguments='{"a":1}') + ev("response.mcp_call.completed", **c)
    return out + idone(i, item), item
def mcp_list(i, mid="mcpl_1"):
    item = {"id": mid, "type": "mcp_list_tools", "server_label": "srv", "tools": [{"name": "echo", "input_schema": {"type": "object"}}], "error": None}
    c = dict(item_id=mid, output_index=i)
    out = added(i, dict(item, tools=[])) + ev("response.mcp_list_tools.in_progress", **c) + ev("response.mcp_list_tools.completed", **c)
    return out + idone(i, item), item
def mcp_approval(i, mid="mcpr_1"):
    item = {"id": mid, "type": "mcp_approval_request", "name": "echo", "server_label": "srv", "arguments": '{"a":1}'}
    return added(i, item) + idone(i, item), item
def custom(i, cid="ctc_1"):
    item = {"id": cid, "type": "custom_tool_call", "status": "completed", "call_id": "call_c", "name": "grammar", "input": "SELECT 1 ✓"}
    c = dict(item_id=cid, output_index=i)
    out = added(i, dict(item, input="")) + ev("response.custom_tool_call_input.delta", **c, delta="SELECT ") + ev("response.custom_tool_call_input.delta", **c, delta="1 ✓")
    return out + ev("response.custom_tool_call_input.done", **c, input="SELECT 1 ✓") + idone(i, item), item
def reasoning_text(i, rid="rs_2"):
    item = {"id": rid, "type": "reasoning", "summary": [], "content": [{"type": "reasoning_text", "text": "raw think"}]}
    c = dict(item_id=rid, output_index=i, content_index=0)
    out = added(i, dict(item, content=[])) + ev("response.reasoning_text.delta", **c, delta="raw ") + ev("response.reasoning_text.delta", **c, delta="think") + ev("response.reasoning_text.done", **c, text="raw think")
    return out + idone(i, item), item

def body(*builders, final="completed", gap=False, **extra):
    seq[0] = 0
    out, items = created(), []
    for n, b in enumerate(builders):
        s, item = b(n * (2 if gap else 1))
        out += s; items.append(item)
    if final == "completed":
        out += done(items, **extra)
    elif final == "incomplete":
        out += done(items, status="incomplete", t="response.incomplete", **dict(extra, incomplete_details={"reason": "max_output_tokens"}) )
    elif final == "failed":
        out += done(items, status="failed", t="response.failed", **dict(extra, error={"code": "server_error", "message": "boom"}))
    elif final == "error":
        out += ev("error", code="server_error", message="The server had an error", param=None)
    elif final == "none":
        pass
    return out

URL = {"type": "url_citation", "start_index": 0, "end_index": 3, "url": "https://x", "title": "X"}
FILE = {"type": "file_citation", "file_id": "file_1", "filename": "a.txt", "index": 2}
CONT = {"type": "container_file_citation", "container_id": "cntr_1", "file_id": "cfile_1", "filename": "o.png", "start_index": 0, "end_index": 2}
FPATH = {"type": "file_path", "file_id": "file_2", "index": 1}
cases = {
    "text": body(msg),
    "refusal": body(refusal),
    "annotations_all": body(lambda i: msg(i, annotations=[URL, FILE, CONT, FPATH])),
    "reasoning_summary": body(reasoning, msg),
    "reasoning_text": body(reasoning_text, msg),
    "call": body(reasoning, call),
    "web_search": body(web_search, lambda i: msg(i, annotations=[URL])),
    "file_search": body(file_search, msg),
    "code_interp": body(code_interp, msg),
    "image_gen": body(image_gen),
    "mcp": body(mcp_list, mcp_call, msg),
    "mcp_approval": body(mcp_list, mcp_approval),
    "custom": body(custom),
    "incomplete": body(msg, final="incomplete"),
    "failed": body(msg, final="failed"),
    "error_event": body(msg, final="error"),
    "no_end": body(msg, final="none"),
    "gap": body(msg, call, gap=True),
    "everything": body(reasoning, web_search, file_search, code_interp, image_gen, mcp_call, custom, call, refusal, msg),
}
bad = [n for n, b in cases.items() if check("openai", b, n)]
print(len(cases), "cases,", len(bad), "failing:", bad)
