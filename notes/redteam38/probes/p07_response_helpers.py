import json, lmcodec as lc
from lm15 import serde
v = json.load(open("/work/wt/shared/corpus/lm15-1.5.0/vectors.json"))
def R(*parts): return {"model":"m","message":{"role":"assistant","parts":list(parts)},"finish_reason":"stop"}
def t(s): return {"type":"text","text":s}
extra = [R(t('```json\n{"a":1}\n```')), R(t('{"a":'), t('1}')), R(t("NaN")), R(t("  [1, 2]  ")), R(t("")), R(),
 R(t("1e400")), R(t('{"a":1,"a":2}')), R(t('"\\ud800"')), R(t("12345678901234567890123")),
 R({"type":"data","value":{"x":1}},{"type":"data","value":2}), R({"type":"data","value":None}),
 R(t("\ufeff{}")), R(t("{} x")), R({"type":"thinking","text":"{}"}), R(t("```\n[1]\n```")), R(t("Infinity")), R(t("-0")), R(t("1.0")),
 R(t("\n\t{}\r\n")), R(t("\u00a0{}")), R(t('{"a":"\\u0000"}')), R(t("true")), R(t("null")),
 R({"type":"refusal","text":"no"}), R(t("a"),{"type":"refusal","text":"no"}),
 R({"type":"citation","url":"u"}, t("x")),
]
rs=[x["value"] for x in v["positive"] if x["kind"]=="response"]+extra
props=["text","tool_calls","data","probabilities","method","citations","json","parse_json()"]
n=0; bad=0
for d in rs:
    try: a=serde.response_from_dict(d)
    except Exception as e: print("lm15 refuses", e); continue
    b=lc.from_builtins(d, lc.Response)
    for p in props:
        def get(o):
            try:
                r = o.parse_json() if p=="parse_json()" else getattr(o,p)
                if isinstance(r,(list,tuple)): r=[repr(x).replace(", type='citation'","").replace(", type='tool_call'","").replace(", type='data'","") for x in r]
                return ("ok", repr(r).replace(", type='data'",""))
            except Exception as e: return ("err", type(e).__name__, str(e)[:80])
        x,y=get(a),get(b); n+=1
        if x!=y: bad+=1; print(p, json.dumps(d)[:150], "\n  lm15", x, "\n  lc  ", y)
print(n, bad)
