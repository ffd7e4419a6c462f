"""F02: processes forked after ``import lmcodec`` (gunicorn --preload, multiprocessing's default
"fork" on Linux, a Celery prefork pool) mint the same ids: the Responses and Chat writers' ``new_id``
is a per-process random part drawn once at import plus a counter, both copied by fork.

Each of two forked workers writes one Responses stream and one Chat stream for a source that
named no id (``StreamStartEvent(model=...)``, as a Gemini stream without ``responseId`` or an
Encoder fed a bare start gives). The response ids, the item ids (``msg_...``) and the Chat
completion ids of the two workers are compared (the item ids are minted for every Responses stream,
whatever id the source named). Exits 1 while any is equal in both (on main:
all of them), 0 once each process mints its own."""
from __future__ import annotations

import json
import multiprocessing as mp
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import lc  # noqa: E402

EVENTS = [
    lc.StreamStartEvent(model="m"),  # no id: the writers mint one
    lc.StreamDeltaEvent(delta=lc.TextDelta(text="hi", part_index=0)),
    lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1, output_tokens=1)),
]


def ids(_: int) -> list[str]:
    out = []
    for dialect in ("openai", "openai_chat"):
        for line in b"".join(lc.stream.encode(dialect, EVENTS)).split(b"\n"):
            if not line.startswith(b"data: {"):
                continue
            frame = json.loads(line[6:])
            if dialect == "openai_chat":
                out.append(frame["id"])
                break
            if frame["type"] == "response.completed":
                out.append(frame["response"]["id"])
                out.append(frame["response"]["output"][0]["id"])
                break
    return out


def main() -> int:
    print("parent:", ids(0))  # the app warmed up before the workers are forked
    ctx = mp.get_context("fork")
    results = ctx.Queue()
    workers = [ctx.Process(target=lambda k=k: results.put((k, ids(k)))) for k in (1, 2)]  # two processes
    for worker in workers:
        worker.start()
    got = dict(results.get(timeout=60) for _ in workers)
    for worker in workers:
        worker.join()
    one, two = got[1], got[2]
    same = [a for a, b in zip(one, two) if a == b]
    print("worker 1:", one)
    print("worker 2:", two)
    print(f"{len(same)} of {len(one)} ids equal in both workers")
    return 1 if same else 0


if __name__ == "__main__":
    sys.exit(main())
