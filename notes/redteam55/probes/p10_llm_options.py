import sys, json, math
sys.path.insert(0, "/work/wt/redteam55/src")
import lmcodec as lc, lmcodec.llm as llm
base = {"model": "gpt-4o", "messages": [{"role":"assistant","parts":[{"type":"text","text":"a"}]}], "prompt": {"messages": [{"role":"user","parts":[{"type":"text","text":"hi"}]}], "system": None}}
vals = ["1e300", "-1e300", "1e400", "-1e400", "1e289", "1e288", "9e287", "-0.0", "123456789012345678901234567890", "NaN", "Infinity", "-Infinity",
        "[1e300, 2]", "{\"a\": 1e300}", "[[1e400]]", "1.7976931348623157e308", "5e-324", "1e-400", "true", "\"1e300\""]
bad = 0
for v in vals:
    for loc in ("options",):
        text = json.dumps(base)[:-2] + ', "options": {"x": %s, "y": 0.5}}}' % v
        try:
            want = json.loads(text)["prompt"]["options"]
        except Exception as e:
            want = ("json refuses", str(e))
        try:
            rec = llm.decode(text.encode(), llm.Response)
            got = rec.prompt.options
            back = llm.encode(rec)
            back_opts = json.loads(back)["prompt"].get("options")
        except Exception as e:
            got = ("raised", type(e).__module__.split(".")[0], type(e).__name__, str(e)[:100]); back_opts = None
        same = (json.dumps(want, sort_keys=True) == json.dumps(got, sort_keys=True, default=repr)) if not isinstance(got, tuple) else False
        rt = back_opts is not None and json.dumps(back_opts, sort_keys=True) == json.dumps(want, sort_keys=True)
        flag = "ok " if same and rt else "?? "
        bad += flag != "ok "
        print(flag, v[:30], "| json:", str(want)[:60], "| lc:", str(got)[:80], "| back:", str(back_opts)[:60])
print("flagged", bad)
