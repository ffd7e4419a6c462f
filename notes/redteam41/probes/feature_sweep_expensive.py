"""The sweep's expensive values (5 MB string, 100,000-deep array) at the opaque paths of the feature bodies."""
import sys, os, time, tracemalloc; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from feature_sweep import BODIES, frames, rebuild, stream_findings, _walk, _frame_key
from tests.providers.sweep_support import EXPENSIVE
WANT = ("citation", "content_block.content", "usage.server_tool_use", "caller", "stop_details", "groundingMetadata", "toolCall", "partialArgs",
        "annotation", "item.action", "item.outputs", "item.results", "audio", "custom", "container", "promptFeedback", "executableCode", "logprobs", "error")
for prov in sys.argv[1:] or list(BODIES):
    seen, runs, finds = set(), 0, []
    for body in BODIES[prov]:
        fr = frames(body)
        for n, (ev, fdata) in enumerate(fr):
            if isinstance(fdata, str): continue
            paths = {}; _walk(fdata, "", (), paths)
            for path, (keys, is_int) in paths.items():
                key = _frame_key(fdata) + path
                if key in seen or not keys or not any(w in path for w in WANT) or path.count(".") > 4: continue
                seen.add(key)
                for name, raw in EXPENSIVE.items():
                    runs += 1; t0 = time.process_time()
                    fs = stream_findings(prov, rebuild(fr, n, keys, raw))
                    dt = time.process_time() - t0
                    if dt > 20: fs.append(f"slow: {dt:.1f}s")
                    finds += [f"{key} = {name}: {f}" for f in fs]
    print(f"{prov}: {len(seen)} paths, {runs} runs, {len(finds)} findings", flush=True)
    for f in finds: print("   ", f[:600])
