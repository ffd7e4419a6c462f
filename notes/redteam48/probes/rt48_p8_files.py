"""Probe 8: files under threads and reuse: jsonl / msgpack streams / arrow written and read by 16 threads,
one destination written by all at once, readers abandoned half-way (ResourceWarning), passes repeated."""
from __future__ import annotations

import gc
import io
import os
import sys
import tempfile
import warnings
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import lc  # noqa: E402


def turns(k: int) -> list:
    return [lc.Turn(request=lc.Request(model=f"m{k}", messages=(lc.Message.user(f"q{k}-{i}"),)),
                    response=lc.Response(id=f"r{k}-{i}", model=f"m{k}", message=lc.Message.assistant(f"a{k}-{i}"),
                                         finish_reason="stop", usage=lc.Usage(1, 2)))
            for i in range(50)]


def main() -> int:
    bad = 0
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        def own(k: int) -> bool:
            recs = turns(k)
            ok = True
            for ext in ("jsonl", "jsonl.gz", "jsonl.zst"):
                path = os.path.join(tmp, f"t{k}.{ext}")
                try:
                    lc.jsonl.write(path, recs)
                except lc.LmcodecError:
                    continue
                ok &= list(lc.jsonl.read(path, lc.Turn)) == recs
            mp = os.path.join(tmp, f"t{k}.mpk")
            lc.msgpack.write_stream(mp, recs)
            ok &= list(lc.msgpack.read_stream(mp, lc.Turn)) == recs
            try:
                import lmcodec.arrow as la
                table = la.to_table(recs)
                ok &= list(la.from_table(table, lc.Turn)) == recs
            except ImportError:
                pass
            return ok
        with ThreadPoolExecutor(16) as pool:
            res = list(pool.map(own, range(64)))
        rows.append(("own files, 16 threads", sum(res), len(res)))
        shared = os.path.join(tmp, "shared.jsonl")
        def same(k: int) -> str:
            try:
                lc.jsonl.write(shared, turns(k))
                return "ok"
            except lc.LmcodecError as exc:
                return f"lc {type(exc).__name__}"
            except Exception as exc:  # noqa: BLE001
                return f"BARE {type(exc).__name__}: {exc}"
        with ThreadPoolExecutor(16) as pool:
            res2 = list(pool.map(same, range(64)))
        final = list(lc.jsonl.read(shared, lc.Turn))
        whole = any(final == turns(k) for k in range(64))
        rows.append(("one path written by 16 threads: the file is one writer's whole output", int(whole), 1))
        rows.append(("... every write returned or raised an lc error", sum(r == "ok" or r.startswith("lc") for r in res2), len(res2)))
        left = [n for n in os.listdir(tmp) if n.startswith(".") or n.endswith(".partial")]
        rows.append(("... no temporary files left", int(not left), 1))
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            for ext in ("jsonl", "jsonl.gz"):
                it = iter(lc.jsonl.read(os.path.join(tmp, f"t0.{ext}"), lc.Turn)); next(it); del it
            it = iter(lc.msgpack.read_stream(os.path.join(tmp, "t0.mpk"), lc.Turn)); next(it); del it
            gc.collect()
        rows.append(("readers abandoned half-way: no ResourceWarning", int(not [x for x in w if issubclass(x.category, ResourceWarning)]), 1))
        r = lc.jsonl.read(os.path.join(tmp, "t1.jsonl"), lc.Turn)
        rows.append(("a Reader over a path iterated twice gives the records twice", int(list(r) == list(r) == turns(1)), 1))
        # two passes of one Reader interleaved (zip): records right, counters?
        r = lc.jsonl.read(os.path.join(tmp, "t1.jsonl"), lc.Turn)
        pairs = list(zip(r, r))
        rows.append(("zip(r, r) of one Reader: both passes right", int(all(a == b for a, b in pairs) and len(pairs) == 50), 1))
        rows.append((f"... r.good after both passes: {r.good} (one counter for both passes, as documented: not ranked)", 1, 1))
        buf = io.BytesIO()
        lc.jsonl.write(buf, turns(2))
        buf.seek(0)
        r = lc.jsonl.read(buf, lc.Turn)
        first, second = list(r), list(r)
        rows.append((f"a Reader over a file object, second pass: {len(second)} records (the object is spent)", 1, 1))
    for name, ok, n in rows:
        print(f"{name:80s} {ok}/{n}")
        bad += ok != n
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
