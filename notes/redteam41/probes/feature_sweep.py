"""The project's field sweep (hostile JSON values at each path, tests/providers/sweep_support), run on
the feature bodies built here instead of the corpus: paths the corpus never holds."""
import sys, os, io, json, contextlib, time; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import stream_findings
from tests.providers.sweep_support import CHEAP, _walk, _render, _frame_key
with contextlib.redirect_stdout(io.StringIO()):
    import anthropic_features as A, chat_features as C, gemini_features as G, responses_features as R, newer_features as N, newer_openai as NO
def frames(body):
    out = []
    for block in body.split(b"\n\n"):
        if not block.strip(): continue
        ev, data = None, None
        for line in block.split(b"\n"):
            if line.startswith(b"event: "): ev = line[7:].decode()
            elif line.startswith(b"data: "): data = line[6:].decode()
        try: out.append((ev, json.loads(data)))
        except ValueError: out.append((ev, data))
    return out
def rebuild(fr, n, keys, raw):
    out = []
    for i, (ev, fdata) in enumerate(fr):
        if i == n: d = _render(fdata, keys, raw)
        elif isinstance(fdata, str): d = fdata.encode()
        else: d = json.dumps(fdata, separators=(",", ":")).encode()
        out.append((f"event: {ev}\n".encode() if ev else b"") + b"data: " + d + b"\n\n")
    return b"".join(out)
BODIES = {
 "anthropic": [A.cases[k] for k in ("server_tool_web_search", "thinking_signature", "citation_page", "citation_search", "redacted", "code_exec", "mcp", "tool_use_two")] + [N.A[k] for k in ("stop_details_refusal", "usage_output_details", "container_upload", "tool_use_caller")],
 "openai_chat": [C.cases[k] for k in ("audio", "refusal", "tool_calls_gap", "n2", "legacy_function_call", "annotations", "logprobs", "plain")] + [NO.C[k] for k in ("custom_tool_call", "name_split")],
 "gemini": [b"".join(G.sse(c) for c in G.CH[k]) for k in ("grounding", "thought", "code_exec", "fc_with_id", "prompt_blocked", "inline_data", "safety_stop", "url_context")] + [b"".join(G.sse(c) for c in N.GM[k]) for k in ("tool_call_part", "partial_args", "media_resolution")],
 "openai": [R.cases[k] for k in ("everything", "annotations_all", "failed", "incomplete", "reasoning_text", "mcp_approval")] + [NO.RS[k] for k in ("two_content_parts", "obfuscation_logprobs", "queued")],
}
if __name__ == "__main__":
    provs = sys.argv[1:] or list(BODIES)
    for prov in provs:
        seen, runs, finds = set(), 0, []
        t0 = time.time()
        for body in BODIES[prov]:
            fr = frames(body)
            for n, (ev, fdata) in enumerate(fr):
                if isinstance(fdata, str): continue
                paths = {}
                _walk(fdata, "", (), paths)
                for path, (keys, is_int) in paths.items():
                    key = _frame_key(fdata) + path
                    if key in seen or not keys: continue
                    seen.add(key)
                    for name, raw in CHEAP.items():
                        if name == "1.5" and not is_int: continue
                        runs += 1
                        for f in stream_findings(prov, rebuild(fr, n, keys, raw)):
                            finds.append(f"{key} = {name}: {f}")
        print(f"{prov}: {len(seen)} paths, {runs} runs, {len(finds)} findings ({time.time()-t0:.0f}s)", flush=True)
        for f in finds: print("   ", f[:700])
