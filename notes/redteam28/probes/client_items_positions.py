"""Responses -> Responses client items in unusual positions (rtfix29b): each body's input must come back as sent."""
import json, lmcodec as lc
P={"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":False}
T=[{"type":"function","name":"f","parameters":P,"strict":True},{"type":"function","name":"g","parameters":P,"strict":True}]
U={"role":"user","content":[{"type":"input_text","text":"hi"}]}
def fc(cid,name="f"): return {"type":"function_call","call_id":cid,"name":name,"arguments":"{\"a\":\"x\"}"}
def fo(cid, **kw): return {"type":"function_call_output","call_id":cid,"output":"ok", **kw}
CC={"type":"computer_call","id":"cu_1","call_id":"cc1","action":{"type":"screenshot"},"pending_safety_checks":[],"status":"completed"}
CCO={"type":"computer_call_output","call_id":"cc1","output":{"type":"computer_screenshot","image_url":"data:image/png;base64,iVBORw0KGgo="}}
SH={"type":"shell_call","id":"sh_1","call_id":"s1","action":{"commands":["ls"]},"status":"completed"}
SHO={"type":"shell_call_output","call_id":"s1","output":[{"stdout":"a","stderr":"","outcome":{"type":"exit","exit_code":0}}]}
CMP={"type":"compaction","id":"cmp_1","encrypted_content":"gAAAA"}
RS={"type":"reasoning","id":"rs_1","summary":[],"encrypted_content":"enc","content":[{"type":"reasoning_text","text":"think"}]}
RS_unsigned={"type":"reasoning","summary":[],"content":[{"type":"reasoning_text","text":"think"}]}
cases = {
 "reversed parallel outputs w/ id": [U, fc("a"), fc("b","g"), fo("b", id="fo_b", status="completed"), fo("a", id="fo_a", status="completed")],
 "reversed parallel outputs one id": [U, fc("a"), fc("b","g"), fo("b"), fo("a", id="fo_a")],
 "output before call w/ id": [U, fo("a", id="fo_a"), fc("a")],
 "orphan output w/ id": [fo("zz", id="fo_z", status="completed")],
 "orphan output + call + output id": [fo("zz"), U, fc("a"), fo("a", id="fo_a")],
 "dup call_id outputs": [U, fc("a"), fo("a", id="x1"), fo("a", id="x2")],
 "cc first": [CCO, U],
 "cc between call and output": [U, fc("a"), CC, fo("a"), CCO],
 "compaction last": [U, CMP],
 "compaction first, shell": [CMP, U, SH, SHO],
 "reasoning with content twice same id": [U, RS, fc("a"), fo("a"), RS, fc("b","g"), fo("b")],
 "reasoning content between call and output": [U, fc("a"), RS, fo("a")],
 "unsigned reasoning content": [U, RS_unsigned, fc("a"), fo("a")],
 "reasoning content then compaction": [U, RS, CMP, fc("a"), fo("a", status="incomplete")],
 "output status null": [U, fc("a"), fo("a", status=None, id=None)],
 "output id empty": [U, fc("a"), fo("a", id="")],
 "output id int": [U, fc("a"), fo("a", id=5)],
}
for name, items in cases.items():
    body = {"model":"gpt-5","input":items,"tools":T}
    if name.startswith("orphan"): body["previous_response_id"]="resp_1"
    raw=json.dumps(body).encode()
    try:
        out = lc.translate_request("openai","openai", raw)
        got = json.loads(out.body)["input"]
        same = got == items
        print(f"{name:42} same={same}", "" if same else json.dumps(got)[:400], [(a.field,a.action) for a in out.adaptations])
    except lc.LmcodecError as e:
        print(f"{name:42}", type(e).__name__, str(e)[:160])
    except Exception as e:
        print(f"{name:42} ESCAPE", type(e).__name__, e)
    for dst in ("openai_chat","anthropic","gemini"):
        try:
            out = lc.translate_request("openai",dst, raw)
            print(f"   -> {dst}: ok", [(a.field,a.action) for a in out.adaptations][:5])
        except lc.LmcodecError as e:
            print(f"   -> {dst}:", type(e).__name__, str(e)[:120])
        except Exception as e:
            print(f"   -> {dst}: ESCAPE", type(e).__name__, e)
