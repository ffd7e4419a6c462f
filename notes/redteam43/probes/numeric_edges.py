"""Numeric edge values (1e400, 1e-400, 2**63, 2**64, strings, NaN) at every numeric setting of each dialect, to every destination: only lc errors."""
import json, lmcodec as lc
bases = {
 "openai_chat": ('{"model":"m","messages":[{"role":"user","content":"hi"}],"%s":%s}', ["max_tokens","max_completion_tokens","temperature","top_p","seed","n","top_logprobs","frequency_penalty","presence_penalty"]),
 "openai": ('{"model":"m","input":"hi","%s":%s}', ["max_output_tokens","temperature","top_p","top_logprobs"]),
 "anthropic": ('{"model":"claude-sonnet-4-5","max_tokens":10,"messages":[{"role":"user","content":"hi"}],"%s":%s}', ["max_tokens","temperature","top_p","top_k"]),
 "gemini": ('{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"generationConfig":{"%s":%s}}', ["maxOutputTokens","temperature","topP","topK","seed","candidateCount","logprobs"]),
}
vals = ["1e400","-1e400","3000.0","1.5","-0","1e-400","9223372036854775808","-9223372036854775809","18446744073709551616","\"5\"","NaN","1E2"]
for src,(tmpl,keys) in bases.items():
    for k in keys:
        for v in vals:
            b = tmpl % (k, v)
            for dst in ("openai","openai_chat","anthropic","gemini"):
                try:
                    r = lc.translate_request(src, dst, b, model="claude-sonnet-4-5" if dst=="anthropic" else "m")
                    out = r.body.decode()
                    # find what value was sent
                    print(f"OK   {src}.{k}={v} -> {dst}:", [x for x in json.loads(out).items() if x[0] not in ('model','messages','input','contents','stream')][:4])
                except lc.LmcodecError as e:
                    pass
                except Exception as e:
                    print(f"BARE {src}.{k}={v} -> {dst}: {type(e).__name__}: {e}")
