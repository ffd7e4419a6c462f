"""The lead's Gemini JSON-array prefix parse: every two-chunk cut and 1-byte chunks against whole."""
import json, random
from _h import lc, REQUEST
def el(text, extra=""):
    return '{"candidates":[{"content":{"role":"model","parts":[{"text":%s}]},"index":0}]%s}' % (json.dumps(text), extra)
fin = ',"usageMetadata":{"promptTokenCount":1,"candidatesTokenCount":2,"totalTokenCount":3},"responseId":"R","modelVersion":"g"'
BODIES = {
    "commas_in_strings": "[" + ",\r\n".join([el("a,b"), el(",],["), el('"],[\\",'), el("x", fin.replace('"R"', '"R,]"'))]) + "]",
    "nested_arrays": "[" + ",".join([el("a", ',"x":[[1,2],[3,[4,5]]]'), el("b", ',"y":[]'), el("c", fin)]) + "]",
    "whitespace": " \n [ \n" + " ,\n ".join([el("a"), el("b"), el("c", fin)]) + " \n ] \n",
    "garbage_after": "[" + ",".join([el("a"), el("b", fin)]) + "]xyz",
    "second_array": "[" + ",".join([el("a"), el("b", fin)]) + "][" + el("c") + "]",
    "trailing_comma": "[" + ",".join([el("a"), el("b", fin)]) + ",]",
    "double_comma": "[" + el("a") + ",," + el("b", fin) + "]",
    "unterminated": "[" + ",".join([el("a"), el("b", fin)]),
    "escaped_unicode": "[" + ",".join([el("\u00e9\U0001F600,\\"), el("\\u002c", fin)]) + "]",
    "empty": "[]",
    "nonobject": "[1," + el("a", fin) + "]",
    "nested_top": "[[" + el("a", fin) + "]]",
    "deep": "[" + el("a", ',"x":' + "[" * 3000 + "]" * 3000) + "," + el("b", fin) + "]",
}
def events(ch):
    try:
        return [repr(e) for e in lc.stream.decode("gemini", ch, request=REQUEST)]
    except lc.LmcodecError as e:
        return ["ERR", type(e).__name__]
    except Exception as e:
        return ["BARE", type(e).__name__, str(e)[:100]]
bad = 0
for name, text in BODIES.items():
    b = text.encode()
    whole = events([b])
    diffs = []
    for i in range(len(b) + 1):
        got = events([b[:i], b[i:]])
        if got != whole:
            diffs.append(i)
    one = events([b[i:i+1] for i in range(len(b))])
    rng = random.Random(0); rnd = []; i = 0
    while i < len(b):
        n = rng.randint(1, 30); rnd.append(b[i:i+n]); i += n
    r = events(rnd)
    flag = bool(diffs) or one != whole or r != whole or "BARE" in whole
    bad += flag
    print(name, "whole:", whole[-2:] if whole[:1] == ["ERR"] else f"{len(whole)} events", "cuts differing:", diffs[:8], len(diffs), "1byte same:", one == whole, "random same:", r == whole)
    if flag and one != whole: print("   1byte:", one[-3:])
print("bad", bad)
