"""Red team 33 probe: translate_request("openai", "openai") of Responses bodies whose carried items
(reasoning with an id and a status or a null encrypted_content, assistant messages and function
calls with an id or status) may not be read into an assistant turn (empty summary, empty content,
previous_response_id continuations): one line a case, to diff between two trees (acb4e5e asks for
the carried items only where the Request holds an assistant turn).
Run: PYTHONPATH=<tree>/src /work/venv/bin/python notes/redteam33/probes/responses_carried_no_assistant.py"""
import json

import lmcodec as lc

U = {"role": "user", "content": [{"type": "input_text", "text": "hi"}]}
U2 = {"role": "user", "content": [{"type": "input_text", "text": "more"}]}
RS = {"type": "reasoning", "id": "rs_1", "summary": []}
CASES = {
    "reasoning status, empty summary": [U, {**RS, "status": "completed"}, U2],
    "reasoning null state": [U, {**RS, "encrypted_content": None}, U2],
    "reasoning null state + status": [U, {**RS, "encrypted_content": None, "status": "completed"}, U2],
    "reasoning status alone first": [{**RS, "status": "completed"}, U2],
    "reasoning summary text + status": [U, {**RS, "summary": [{"type": "summary_text", "text": "t"}], "status": "completed"}, U2],
    "assistant message empty content id": [U, {"type": "message", "role": "assistant", "id": "msg_1", "status": "completed", "content": []}, U2],
    "assistant message empty text id": [U, {"type": "message", "role": "assistant", "id": "msg_1", "status": "completed", "content": [{"type": "output_text", "text": "", "annotations": []}]}, U2],
    "assistant message text id": [U, {"type": "message", "role": "assistant", "id": "msg_1", "status": "completed", "content": [{"type": "output_text", "text": "yo", "annotations": []}]}, U2],
    "function_call id + output": [U, {"type": "function_call", "id": "fc_1", "status": "completed", "call_id": "c1", "name": "f", "arguments": "{}"}, {"type": "function_call_output", "call_id": "c1", "output": "ok"}],
    "function_call_output alone": [{"type": "function_call_output", "call_id": "c1", "output": "ok"}],
    "reasoning null state then fc": [U, {**RS, "encrypted_content": None}, {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"}, {"type": "function_call_output", "call_id": "c1", "output": "ok"}],
}
for name, items in CASES.items():
    for extra in ({}, {"previous_response_id": "resp_0"}):
        body = {"model": "gpt-5", "input": items, **extra}
        try:
            r = lc.translate_request("openai", "openai", json.dumps(body).encode())
            sent = json.loads(r.body)["input"]
            out = json.dumps(sent, sort_keys=True) + " notes=" + str([(a.field, a.action) for a in r.adaptations])
        except lc.LmcodecError as e:
            out = f"lc {type(e).__name__}: {str(e)[:120]}"
        except Exception as e:  # noqa: BLE001
            out = f"BARE {type(e).__name__}: {e}"
        print(f"{name}{' +prev' if extra else ''}: {out}")
