"""floats26: edge / far logprobs in Chat, Responses and Gemini streams, lmcodec vs lm15, at 3 chunkings."""
import json
from _h import lc
from tests.providers.provider_support import lm15_stream, lc_stream, requests_for
lm_req, lc_req = requests_for()
LITS = ["-1e288", "-9.99e287", "-1.0000000000000001e288", "-1E288", "-1e+288", "-5e288", "-1e300", "-1.7976931348623157e308",
        "-0.0", "0", "-1e-400", "-123456789012345678901234567890", "-1.00000000000000000000000000000001e288"]
def chat(lp):
    c = lambda d, f=None, extra="": '{"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":%s,"finish_reason":%s%s}]}' % (d, json.dumps(f), extra)
    lpj = ',"logprobs":{"content":[{"token":"a","logprob":LIT,"bytes":[97],"top_logprobs":[{"token":"a","logprob":LIT,"bytes":[97]}]}]}'.replace("LIT", lp)
    return ("data: " + c('{"role":"assistant","content":"a"}', None, lpj) + "\n\ndata: " + c("{}", "stop") + "\n\ndata: [DONE]\n\n").encode()
def gem(lp):
    return ("data: " + '{"candidates":[{"content":{"role":"model","parts":[{"text":"a"}]},"finishReason":"STOP","index":0,"avgLogprobs":LIT,"logprobsResult":{"topCandidates":[{"candidates":[{"token":"a","logProbability":LIT}]}],"chosenCandidates":[{"token":"a","logProbability":LIT}]}}],"modelVersion":"g"}'.replace("LIT", lp) + "\r\n\r\n").encode()
def resp(lp):
    evs = ['{"type":"response.created","response":{"id":"r","object":"response","model":"m","status":"in_progress","output":[]}}',
           '{"type":"response.output_item.added","output_index":0,"item":{"id":"m1","type":"message","role":"assistant","status":"in_progress","content":[]}}',
           '{"type":"response.output_text.delta","item_id":"m1","output_index":0,"content_index":0,"delta":"a","logprobs":[{"token":"a","logprob":LIT,"top_logprobs":[{"token":"a","logprob":LIT}]}]}'.replace("LIT", lp),
           '{"type":"response.completed","response":{"id":"r","object":"response","model":"m","status":"completed","output":[],"usage":{"input_tokens":1,"output_tokens":1,"total_tokens":2}}}']
    return "".join("data: " + e + "\n\n" for e in evs).encode()
bad = 0; n = 0
for prov, mk in (("openai_chat", chat), ("gemini", gem), ("openai", resp)):
    for lit in LITS:
        body = mk(lit); n += 1
        exp = lm15_stream(prov, body, lm_req)
        for cut, ch in (("whole", [body]), ("7", [body[i:i+7] for i in range(0, len(body), 7)]), ("1", [body[i:i+1] for i in range(len(body))])):
            got = lc_stream(prov, ch, lc_req)
            if repr(got) != repr(exp):
                bad += 1
                print("DIFF", prov, lit, cut); print("   lm15", repr(exp)[:400]); print("   lc  ", repr(got)[:400])
                break
print("cases", n, "bad", bad)
