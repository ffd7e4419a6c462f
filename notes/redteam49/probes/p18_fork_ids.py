"""Ids minted by forked children (os.fork, multiprocessing fork pool, a fork from a thread)."""
import json, multiprocessing as mp, os, threading, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
EV = [lc.StreamStartEvent(model="m"), lc.StreamDeltaEvent(delta=lc.TextDelta(text="hi", part_index=0)),
      lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1, output_tokens=1))]
def ids(_=None):
    out = []
    for d in ("openai", "openai_chat"):
        data = b"".join(lc.stream.encode(d, EV))
        for line in data.split(b"\n"):
            if line.startswith(b"data: {"):
                f = json.loads(line[6:])
                for v in (f.get("id"), (f.get("response") or {}).get("id"), (f.get("item") or {}).get("id")):
                    if v: out.append(v)
    return sorted(set(out))
ids()  # the parent mints first
seen = []
for _ in range(3):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.write(w, json.dumps(ids()).encode()); os._exit(0)
    os.close(w); seen.append(tuple(json.loads(os.read(r, 65536)))); os.waitpid(pid, 0)
with mp.get_context("fork").Pool(3) as pool:
    seen += [tuple(x) for x in pool.map(ids, range(3))]
def from_thread(box):
    r, w = os.pipe(); pid = os.fork()
    if pid == 0:
        os.write(w, json.dumps(ids()).encode()); os._exit(0)
    os.close(w); box.append(tuple(json.loads(os.read(r, 65536)))); os.waitpid(pid, 0)
box = []
t = threading.Thread(target=from_thread, args=(box,)); t.start(); t.join(); seen += box
flat = [i for s in seen for i in s]
print("children", len(seen), "ids", len(flat), "distinct", len(set(flat)))
