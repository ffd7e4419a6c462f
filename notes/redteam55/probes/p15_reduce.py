import sys, json, os
sys.path.insert(0, "/work/wt/redteam55/notes/redteam52")
from _h import answer, chunkings, frame, translated, lc
def dep(events, dst):
    frames = [frame(e) for e in events]
    got = {}
    for cut, ch in chunkings(frames).items():
        try: got[cut] = answer(dst, [translated("openai", dst, ch)])
        except lc.LmcodecError as e: got[cut] = f"raised {type(e).__name__}"
    return len({repr(v) for v in got.values()}) > 1, got
events = json.loads(sys.stdin.read().split("EVENTS ", 1)[1])
dst = sys.argv[1]
changed = True
while changed:
    changed = False
    for i in range(1, len(events)):
        trial = events[:i] + events[i + 1:]
        if dep(trial, dst)[0]:
            events = trial; changed = True; break
print(json.dumps(events, indent=None))
for k, v in dep(events, dst)[1].items(): print(k, v)
