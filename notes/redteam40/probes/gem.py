import json, sys, lmcodec as lc
def body(args_json, extra=""):
    return ('data: {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"f","args":%s%s}}]},"finishReason":"STOP"}],"modelVersion":"g"}\n\n' % (args_json, extra)).encode()
cases = {
 "empty": "{}", "nested": '{"a":{"b":[1,2,{"c":null}]}}', "unicode": '{"k":"é😀"}',
 "lone": '{"k":"\\ud800"}', "bigint": '{"n":123456789012345678901234567890}', "1e400": '{"x":1e400}',
 "negzero": '{"x":-0.0}', "esckey": '{"a\\"b\\\\c\\n":1}', "floats": '{"x":1e-7,"y":1.5E+300,"z":0.1}',
 "ctl": '{"k":"\\u0001\\u007f\\u2028"}', "dupkeys": '{"a":1,"a":2}', "array": '[1,2]', "str": '"s"', "null": "null",
 "escslash": '{"k":"a\\/b"}', "deep": '{"a":' * 300 + '1' + '}' * 300, "emptykey": '{"":1}',
 "idnum": '{"a":1},"id":5', "idstr": '{"a":1},"id":"call_x"', "idempty": '{"a":1},"id":""',
}
for dest in ["anthropic"]:
    for name, a in cases.items():
        if name.startswith("id"):
            b = body('{"a":1}', a[len('{"a":1}'):])
        else:
            b = body(a)
        for split in (False, True):
            chunks = [b] if not split else [b[i:i+7] for i in range(0, len(b), 7)]
            try:
                out = b"".join(lc.stream.translate("gemini", dest, chunks))
                import re
                out = re.sub(rb'(msg|toolu)_[A-Za-z0-9_]+', b'ID', out)
                print(dest, name, split, "OK", out.decode('utf-8','backslashreplace'))
            except Exception as e:
                print(dest, name, split, type(e).__name__, str(e)[:200])
