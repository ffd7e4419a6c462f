import re, json, lmcodec as lc
H = '"id":"c","object":"chat.completion.chunk","created":1,"model":"gpt-4o"'
def ch(choices, extra=""):
    return 'data: {%s,"choices":%s%s}\n\n' % (H, json.dumps(choices), extra)
cases = {
 "two choices": [ch([{"index":0,"delta":{"content":"a"}},{"index":1,"delta":{"content":"b"}}]), ch([{"index":0,"delta":{},"finish_reason":"stop"}])],
 "no index": [ch([{"delta":{"content":"a"}}]), ch([{"delta":{},"finish_reason":"stop"}])],
 "refusal": [ch([{"index":0,"delta":{"refusal":"no"}}]), ch([{"index":0,"delta":{},"finish_reason":"stop"}])],
 "refusal null+content": [ch([{"index":0,"delta":{"refusal":None,"content":"x"}}]), ch([{"index":0,"delta":{},"finish_reason":"stop"}])],
 "reasoning": [ch([{"index":0,"delta":{"reasoning_content":"think"}}]), ch([{"index":0,"delta":{"reasoning":"t2","content":"x"}}]), ch([{"index":0,"delta":{},"finish_reason":"stop"}])],
 "audio": [ch([{"index":0,"delta":{"audio":{"id":"a","transcript":"hi","data":"AAAA"}}}]), ch([{"index":0,"delta":{},"finish_reason":"stop"}])],
 "annotations": [ch([{"index":0,"delta":{"content":"x","annotations":[{"type":"url_citation","url_citation":{"url":"http://a","title":"t","start_index":0,"end_index":1}}]}}]), ch([{"index":0,"delta":{},"finish_reason":"stop"}])],
 "odd types": [ch([{"index":"0","delta":{"content":5,"refusal":[1]}}]), ch([{"index":0,"delta":{},"finish_reason":"stop"}])],
 "usage only": [ch([{"index":0,"delta":{"content":"x"}}]), ch([{"index":0,"delta":{},"finish_reason":"stop"}]), ch([], ',"usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}')],
 "choices null": [ch([{"index":0,"delta":{"content":"x"}}]), 'data: {%s,"choices":null}\n\n' % H, ch([{"index":0,"delta":{},"finish_reason":"stop"}])],
 "delta null": [ch([{"index":0,"delta":None}]), ch([{"index":0,"delta":{"content":"x"},"finish_reason":"stop"}])],
 "refusal+reasoning+content": [ch([{"index":0,"delta":{"reasoning_content":"r","refusal":"no","content":"c"}}]), ch([{"index":0,"delta":{},"finish_reason":"stop"}])],
}
for name, evs in cases.items():
    body = ("".join(evs) + "data: [DONE]\n\n").encode()
    for dest in ["openai", "anthropic", "gemini", "openai_chat"]:
        for split in (False, True):
            chunks = [body] if not split else [body[i:i+5] for i in range(0, len(body), 5)]
            try:
                out = b"".join(lc.stream.translate("openai_chat", dest, chunks))
                out = re.sub(rb'(msg|toolu|resp|msg|call|fc|chatcmpl|rs)_[A-Za-z0-9_]+', b'ID', out)
                out = re.sub(rb'"created(_at)?":\d+', b'T', out)
                print(name, dest, split, "OK", out.decode())
            except Exception as e:
                print(name, dest, split, type(e).__name__, str(e)[:200])
