"""Instruction counts (callgrind) of lc.stream.decode + lc.assemble at n and 2n for a few shapes of
scaling.py / scaling2.py (the wall-clock doubling there is noise on this host)."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "../../.."))
sys.path[:0] = [HERE, os.path.dirname(HERE), os.path.join(ROOT, "benchmarks"), os.path.join(ROOT, "src")]
SHAPES = ["anth_citations", "anth_server_tools", "chat_text_then_calls_alternating", "resp_annotations", "gem_thought_alternating"]
SHAPES2 = ["chat_ws_fragments", "chat_obj_then_more", "many_event_lines_one_event"]
N = 1000
def bodies():
    import scaling, scaling2
    for name in SHAPES:
        prov, mk = scaling.SHAPES[name]; yield name, prov, mk
    for name in SHAPES2:
        prov, mk, _, _ = scaling2.SH[name]; yield name, prov, mk
if __name__ == "__main__" and sys.argv[1:2] == ["--inner"]:
    import lmcodec as lc
    from lmcodec import stream as lcs
    from _h import REQUEST
    work = []
    for name, prov, mk in bodies():
        for n in (N, 2 * N):
            work.append((prov, mk(n)))
    def run(prov, body):
        try: lc.assemble(lcs.decode(prov, [body], request=REQUEST), request=REQUEST)
        except lc.LmcodecError: pass
    run(*work[0])  # warm imports
    os.getppid()
    for prov, body in work:
        run(prov, body); os.getppid()
elif __name__ == "__main__":
    from callgrind_support import marked_dumps, total
    names = [n for n, _, _ in bodies()]
    with marked_dumps(__file__) as dump:
        counts = [total(dump(k)) for k in range(2, 2 + 2 * len(names))]
    for i, name in enumerate(names):
        a, b = counts[2 * i], counts[2 * i + 1]
        print(f"{name:36s} n={N}: {a/1e6:8.1f}M  2n: {b/1e6:8.1f}M  x{b/a:.2f}")
