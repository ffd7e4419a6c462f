"""Callgrind instruction counts of F01 and F02 (PYTHONHASHSEED=0 via benchmarks/callgrind_support.py).

Run: PYTHONPATH=src /work/venv/bin/python notes/redteam25/callgrind_f01_f02.py (a few minutes).

Each shape: lmcodec's decode + assemble of the whole body, then the floor on the same bytes; one
stretch each between os.getppid() markers. Prints instructions and the ratio to the floor.
"""

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent.parent / "benchmarks")]


def shapes() -> dict[str, tuple[str, bytes]]:
    import json

    import f02_data_value_leading_space as f02

    def chat(after: bool) -> bytes:
        out = []
        for n in range(2000):
            data = b'data: {"model":"m","choices":[{"index":0,"delta":{"content":"' + b"w" * 300 + b'"}}]}\n'
            field = b"id: %d\n" % n
            out.append(data + field + b"\n" if after else field + data + b"\n")
        end = [json.dumps(o, separators=(",", ":")).encode() for o in f02.END]
        return b"".join(out) + b"".join(b"data: " + e + b"\n\n" for e in end) + b"data: [DONE]\n\n"

    objs = f02.frames(3000)
    return {
        "F01 id: before data (300 B text)": ("openai_chat", chat(False)),
        "F01 id: after data (300 B text)": ("openai_chat", chat(True)),
        "F02 unindented multi-line": ("openai_chat", f02.body(objs, "unindented")),
        "F02 indent=2 multi-line": ("openai_chat", f02.body(objs, "indent")),
        "F02 compact": ("openai_chat", f02.body(objs, "compact")),
        "F02 data: two spaces": ("openai_chat", f02.body(objs, "two spaces")),
    }


if __name__ == "__main__" and sys.argv[1:] == ["--inner"]:
    from _common import sse_floor

    import lmcodec as lc

    todo = shapes()
    for provider, body in todo.values():  # warm: imports, compiled patterns
        lc.assemble(lc.stream.decode(provider, [body]))
        sse_floor([body])
    os.getppid()
    for provider, body in todo.values():
        lc.assemble(lc.stream.decode(provider, [body]))
        os.getppid()
        sse_floor([body])
        os.getppid()
elif __name__ == "__main__":
    from callgrind_support import marked_dumps, total

    names = list(shapes())
    with marked_dumps(__file__) as dump:
        for i, name in enumerate(names):
            ours, floor = total(dump(2 + 2 * i)), total(dump(3 + 2 * i))
            print(
                f"{name:36s} lmcodec {ours / 1e6:8.1f} M instr, floor {floor / 1e6:7.1f} M, {ours / floor:.2f}x"
            )
