"""F01: a ``response.completed`` that lists a message or function_call the stream never added, at
the output index the stream gave a *reasoning* (or hosted-tool) item, is dropped by
``lc.stream.translate`` from a Responses backend: the client never sees the text or runs the call.

The openai SDK's accumulator reads the source's final response as ``response.completed``'s
``output`` (items known by identity: ``(type, id)`` / a call's ``call_id``), so the SDK's own
reading of the source holds the item. rtleft25 (c269075) hands on a completed-only item "at an
index the stream gave another identity", but records identities for messages and calls only: an
index taken by a reasoning item has identity ``None`` (``_identities`` holds none for it), read as
"nothing says it is another"; an index taken by a hosted-tool item is not in ``_added`` at all,
read as a gap. Exits 1 while any client (Chat, Anthropic, Responses) misses the item the SDK reads,
0 once every client gets it."""
from __future__ import annotations

import json
import os
import sys
import warnings

warnings.simplefilter("ignore")
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "src"))
import httpx  # noqa: E402
import openai  # noqa: E402

import lmcodec as lc  # noqa: E402

BASE = {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5", "error": None,
        "incomplete_details": None, "instructions": None, "metadata": {}, "parallel_tool_calls": True,
        "temperature": 1.0, "tool_choice": "auto", "tools": [], "top_p": 1.0}
USAGE = {"input_tokens": 1, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 1,
         "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 2}
STREAMED = {"type": "message", "id": "msg_1", "status": "completed", "role": "assistant",
            "content": [{"type": "output_text", "text": "B", "annotations": []}]}
FIRST_ITEMS = {
    "reasoning": {"type": "reasoning", "id": "rs_1", "summary": []},
    "web_search_call": {"type": "web_search_call", "id": "ws_1", "status": "completed",
                        "action": {"type": "search", "query": "q"}},
}
COMPLETED_ONLY = {
    "message": {"type": "message", "id": "msg_0", "status": "completed", "role": "assistant",
                "content": [{"type": "output_text", "text": "A", "annotations": []}]},
    "function_call": {"type": "function_call", "id": "fc_0", "status": "completed", "call_id": "call_9",
                      "name": "f", "arguments": "{}"},
}


def stream(first: dict, only: dict) -> bytes:
    def ev(t: str, n: int, **k: object) -> dict:
        return {"type": t, "sequence_number": n, **k}

    part = STREAMED["content"][0]
    frames = [
        ev("response.created", 0, response=dict(BASE, status="in_progress", output=[], usage=None)),
        ev("response.output_item.added", 1, output_index=0, item=first),
        ev("response.output_item.done", 2, output_index=0, item=first),
        ev("response.output_item.added", 3, output_index=1, item={**STREAMED, "status": "in_progress", "content": []}),
        ev("response.content_part.added", 4, item_id="msg_1", output_index=1, content_index=0,
           part={"type": "output_text", "text": "", "annotations": []}),
        ev("response.output_text.delta", 5, item_id="msg_1", output_index=1, content_index=0, delta="B"),
        ev("response.output_text.done", 6, item_id="msg_1", output_index=1, content_index=0, text="B"),
        ev("response.content_part.done", 7, item_id="msg_1", output_index=1, content_index=0, part=part),
        ev("response.output_item.done", 8, output_index=1, item=STREAMED),
        # the final output lists the completed-only item first, at the index the stream gave `first`
        ev("response.completed", 9, response=dict(BASE, status="completed", output=[only, first, STREAMED], usage=USAGE)),
    ]
    return b"".join(b"event: %s\ndata: %s\n\n" % (f["type"].encode(), json.dumps(f).encode()) for f in frames)


def sdk_items(data: bytes) -> list[tuple[str, str | None]]:
    """The openai SDK's final reading of a Responses stream: its message texts and call ids."""
    client = openai.OpenAI(api_key="x", http_client=httpx.Client(transport=httpx.MockTransport(
        lambda request: httpx.Response(200, content=data, headers={"content-type": "text/event-stream"}))))
    with client.responses.stream(model="gpt-5", input="hi") as s:
        for _ in s:
            pass
        out = s.get_final_response().output
    items: list[tuple[str, str | None]] = []
    for o in out:
        if o.type == "message":
            items += [("text", c.text) for c in o.content]
        elif o.type == "function_call":
            items.append(("call", o.call_id))
    return items


def client_items(dialect: str, data: bytes) -> list[tuple[str, str | None]]:
    out = b"".join(lc.stream.translate("openai", dialect, [data]))
    if dialect == "openai":
        return sdk_items(out)
    parts = lc.assemble(lc.stream.decode(dialect, [out])).message.parts
    return [("text", p.text) if isinstance(p, lc.TextPart) else ("call", p.id)
            for p in parts if isinstance(p, (lc.TextPart, lc.ToolCallPart))]


def main() -> int:
    lost = 0
    for first_name, first in FIRST_ITEMS.items():
        for only_name, only in COMPLETED_ONLY.items():
            data = stream(first, only)
            wanted = [x for x in sdk_items(data) if x != ("text", "B")]  # the completed-only item
            for dialect in ("openai_chat", "anthropic", "openai"):
                got = client_items(dialect, data)
                texts = "".join(g[1] or "" for g in got if g[0] == "text")  # (Chat joins a message's texts)
                missing = [x for x in wanted if (x[1] not in texts if x[0] == "text" else x not in got)]
                if missing:
                    lost += 1
                print(f"{only_name} at a {first_name}'s index -> {dialect}: SDK reads {wanted}, client gets {got}"
                      + ("  LOST" if missing else ""))
    print(f"{lost} of 12 translations lose the item the openai SDK reads from the source")
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
