"""Responses streams built from the corpus's Responses bodies (hosted web_search_call,
code_interpreter_call, reasoning with encrypted_content) plus synthetic mixes (a function call and
a hosted item between texts, a refusal), translated to every client and on through a chain, and
decoded + encoded again. Compares the openai SDK's get_final_response() output with the events'
items (output_index = position, same ids, same types) and the source's items. Prints disagreements."""
from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import httpx
import openai

import lmcodec as lc

ROOT = Path(__file__).resolve().parents[3]
BODIES = ROOT.parent / "shared/corpus/lm15-contract/bodies"
REQ = lc.Request(model="gpt-5", messages=(lc.Message.user("hi"),))


def sse(name: str, data: dict) -> bytes:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()


def stream_of(body: dict) -> list[bytes]:
    seq = iter(range(10_000))
    head = dict(body, status="in_progress", output=[])
    out = [sse("response.created", {"type": "response.created", "response": head, "sequence_number": next(seq)})]
    for i, item in enumerate(body["output"]):
        bare = dict(item, status="in_progress")
        if item["type"] == "message":
            bare["content"] = []
        if item["type"] == "function_call":
            bare["arguments"] = ""
        out.append(sse("response.output_item.added", {"type": "response.output_item.added", "output_index": i, "item": bare, "sequence_number": next(seq)}))
        if item["type"] == "message":
            for k, part in enumerate(item["content"]):
                key = "text" if part["type"] == "output_text" else "refusal"
                empty = dict(part, **{key: ""})
                out.append(sse("response.content_part.added", {"type": "response.content_part.added", "item_id": item["id"], "output_index": i, "content_index": k, "part": empty, "sequence_number": next(seq)}))
                kind = "output_text" if key == "text" else "refusal"
                out.append(sse(f"response.{kind}.delta", {"type": f"response.{kind}.delta", "item_id": item["id"], "output_index": i, "content_index": k, "delta": part[key], "logprobs": [], "sequence_number": next(seq)}))
                out.append(sse(f"response.{kind}.done", {"type": f"response.{kind}.done", "item_id": item["id"], "output_index": i, "content_index": k, key: part[key], "logprobs": [], "sequence_number": next(seq)}))
                out.append(sse("response.content_part.done", {"type": "response.content_part.done", "item_id": item["id"], "output_index": i, "content_index": k, "part": part, "sequence_number": next(seq)}))
        if item["type"] == "function_call":
            out.append(sse("response.function_call_arguments.delta", {"type": "response.function_call_arguments.delta", "item_id": item["id"], "output_index": i, "delta": item["arguments"], "sequence_number": next(seq)}))
            out.append(sse("response.function_call_arguments.done", {"type": "response.function_call_arguments.done", "item_id": item["id"], "output_index": i, "arguments": item["arguments"], "sequence_number": next(seq)}))
        out.append(sse("response.output_item.done", {"type": "response.output_item.done", "output_index": i, "item": item, "sequence_number": next(seq)}))
    out.append(sse("response.completed", {"type": "response.completed", "response": body, "sequence_number": next(seq)}))
    return out


def final(body: bytes) -> list[dict]:
    http = httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(200, headers={"content-type": "text/event-stream"}, content=body)))
    client = openai.OpenAI(api_key="x", http_client=http, base_url="http://x/v1")
    with client.responses.stream(model="gpt-5", input="hi") as s:
        for _ in s:
            pass
        return [o.model_dump() for o in s.get_final_response().output]


def events(body: bytes) -> list[tuple[str, dict]]:
    out = []
    for block in body.split(b"\n\n"):
        name = data = None
        for line in block.split(b"\n"):
            if line.startswith(b"event: "):
                name = line[7:].decode()
            elif line.startswith(b"data: "):
                data = json.loads(line[6:])
        if name and data is not None:
            out.append((name, data))
    return out


def check(label: str, out: bytes, src_types: list[str] | None) -> int:
    evs = events(out)
    done = {d["output_index"]: d["item"] for n, d in evs if n == "response.output_item.done"}
    completed = [d["response"]["output"] for n, d in evs if n == "response.completed"]
    bad = 0
    comp = completed[0] if completed else []
    if sorted(done) != list(range(len(done))):
        print(label, "output_index not 0..n-1:", sorted(done)); bad += 1
    ev_types = [done[i]["type"] for i in sorted(done)]
    c_types = [o["type"] for o in comp]
    if ev_types != c_types:
        print(label, "events' items", ev_types, "!= completed", c_types); bad += 1
    ev_ids = [done[i].get("id") for i in sorted(done)]
    c_ids = [o.get("id") for o in comp]
    if ev_ids != c_ids:
        print(label, "ids differ", ev_ids, c_ids); bad += 1
    try:
        sdk = [o["type"] for o in final(out)]
    except Exception as exc:  # noqa: BLE001
        print(label, "SDK raised", repr(exc)[:300]); return bad + 1
    if src_types is not None and sdk != src_types:
        print(label, "SDK final", sdk, "!= source", src_types); bad += 1
    return bad


def cases() -> dict[str, dict]:
    got = {}
    for d in ("openai.web_search", "openai.code_interpreter", "openai.reasoning_encrypted", "openai.max_tool_calls"):
        f = sorted((BODIES / d).glob("*.txt"))[0]
        got[d] = json.loads(f.read_text())
    ws = got["openai.web_search"]
    mix = copy.deepcopy(ws)
    msg = mix["output"][1]
    first = dict(copy.deepcopy(msg), id="msg_first", content=[dict(msg["content"][0], text="Looking.", annotations=[])])
    call = {"id": "fc_1", "type": "function_call", "status": "completed", "arguments": "{\"q\":1}", "call_id": "call_1", "name": "f"}
    mix["output"] = [first, mix["output"][0], call, msg]
    got["mix text,ws,call,text"] = mix
    ref = copy.deepcopy(ws)
    ref["output"] = [dict(copy.deepcopy(msg), content=[{"type": "refusal", "refusal": "No."}])]
    got["refusal"] = ref
    re = got["openai.reasoning_encrypted"]
    two = copy.deepcopy(re)
    two["output"] = [re["output"][0], call, dict(copy.deepcopy(re["output"][0]), id="rs_2"), re["output"][1]]
    got["reasoning,call,reasoning,text"] = two
    return got


def main() -> int:
    bad = 0
    for name, body in cases().items():
        src = stream_of(body)
        src_types = [o["type"] for o in body["output"]]
        bad += check(f"[{name}] source itself", b"".join(src), src_types)
        out = b"".join(lc.stream.translate("openai", "openai", src, request=REQ))
        bad += check(f"[{name}] translate openai->openai", out, src_types)
        enc = b"".join(lc.stream.encode("openai", lc.stream.decode("openai", src)))
        bad += check(f"[{name}] encode(decode)", enc, None)
        for mid in ("anthropic", "openai_chat", "gemini"):
            try:
                one = list(lc.stream.translate("openai", mid, src, request=REQ))
                back = b"".join(lc.stream.translate(mid, "openai", one, request=REQ))
            except Exception as exc:  # noqa: BLE001
                print(f"[{name}] chain via {mid} raised", repr(exc)[:200]); bad += 1; continue
            bad += check(f"[{name}] chain via {mid}", back, None)
    print("disagreements:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
