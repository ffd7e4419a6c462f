"""Callgrind instructions of one short Gemini answer, whole path and layer by layer (issue #13, gemend14).

Each stage runs N times after a warm-up between two ``os.getppid`` markers (one valgrind run for
all; counts per call, GC off):

- the floor and ``lc.assemble(lc.stream.decode("gemini", chunks, request=r), request=r)`` of the
  one-word answer (``streams_varied.generate("gemini", (), texts=1)``: one CRLF event) and of a
  corpus answer (one LF event of 399 bytes);
- the same one-word answer fed to ``lc.stream.Decoder`` as one chunk, closed, the events assembled;
- the layers of the straight path a one-answer body takes (``stream/_lone.py``, gemfixed18):
  ``lone_frames``, ``read_last``, ``lone_answer``, ``parts_response``;
- the layers of the general path, each alone: ``decode()`` (arguments checked, the ``Decoding``),
  ``Assembler()``, ``whole_frames`` (the body cut without a framer), the untyped decode of the
  frame (the floor's own), its ``msgspec.convert`` into ``EndChunk``, the three Response objects,
  and the end's ``provider_data`` walked by ``check_json_object`` (what ``lc.assemble`` of a
  Decoder's events pays, where the sink path knows the data is strict JSON).

Run: python3 benchmarks/streams_one_answer_callgrind.py [N]   (default 50; the corpus stages need
../shared)
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from callgrind_support import marked_dumps, total

HERE = Path(__file__).resolve().parent
WARM_UP = 20
"""Calls before the counted ones: CPython 3.11 quickens a function's bytecode at its 8th call, and
the specializing interpreter settles over the next calls (5 warm-up calls left that in the count of
the first stage to run a function: up to +15k a stream)."""


def stages() -> dict[str, Callable[[], Any]]:
    """Each stage: one call."""
    import msgspec

    import lmcodec as lc
    import streams_varied as sv
    import streams_varied_contestants as C
    from lmcodec.providers import MAPPERS
    from lmcodec.providers._response import parts_response
    from lmcodec.providers.gemini.views import EndChunk
    from lmcodec.stream._lone import lone_frames
    from lmcodec.stream._response import response_of
    from lmcodec.stream._whole import whole_frames
    from lmcodec.wire import Message, TextPart, Usage
    from lmcodec.wire._checks import check_json_object
    from streams_varied_paired import corpus_bodies

    req = C.LC_REQUEST
    word = sv.generate("gemini", (), texts=1).body
    ours, floor = C.lmcodec_runner("gemini"), C.floor_runner("gemini")
    frames = whole_frames([word], None, None) or []
    payload = msgspec.json.decode(frames[0])
    replace, new = msgspec.structs.replace, msgspec.StructMeta.__call__
    text, usage = new(TextPart, text=""), Usage(input_tokens=1)
    message = new(Message, role="assistant", parts=(text,))

    def fed() -> Any:
        decoder = lc.stream.Decoder("gemini", request=req)
        return lc.assemble(decoder.feed(word) + decoder.close(), request=req)

    def objects() -> Any:
        parts = (replace(text, text="The "),)
        built = replace(message, parts=parts, continuation=())
        return response_of(True, None, "m-1", built, "stop", usage, None, True, payload, ())

    mapper = MAPPERS["gemini"]
    read = mapper.read_last(frames[0])
    answer = mapper.lone_answer(read, 1)
    assert answer is not None  # (the one-word answer is one answer text: the straight path's)
    answer_parts, finish, answer_usage, data, _, _ = answer

    out: dict[str, Callable[[], Any]] = {
        "floor, one word": lambda: floor([word]),
        "assemble(decode()), one word": lambda: ours([word]),
        "Decoder one chunk + assemble(events), one word": fed,
        "decode()": lambda: lc.stream.decode("gemini", [word], request=req),
        "Assembler()": lambda: lc.Assembler(request=req),
        "whole_frames": lambda: whole_frames([word], None, None),
        "untyped decode of the frame": lambda: msgspec.json.decode(frames[0]),
        "convert into EndChunk": lambda: msgspec.convert(payload, EndChunk),
        "TextPart, Message, Response": objects,
        "lone_frames (the straight path's framing)": lambda: lone_frames([word]),
        "read_last (untyped decode + convert into EndChunk)": lambda: mapper.read_last(frames[0]),
        "lone_answer (its checks, TextPart and usage)": lambda: mapper.lone_answer(read, 1),
        "parts_response (Message, Response)": lambda: parts_response(
            "m-1", answer_parts, finish, answer_usage, data
        ),
        "check_json_object(provider_data)": lambda: check_json_object(payload, "provider_data"),
        "an empty call": lambda: None,
    }
    answers = corpus_bodies("gemini")[1:2]
    for answer in answers:
        out["floor, corpus answer"] = lambda answer=answer: floor([answer])
        out["assemble(decode()), corpus answer"] = lambda answer=answer: ours([answer])
    return out


def _inner(n: int) -> None:
    gc.disable()
    for run in stages().values():
        for _ in range(WARM_UP):
            run()
        os.getppid()
        for _ in range(n):
            run()
        os.getppid()


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        _inner(int(argv[1]))
        return
    n = int(argv[0]) if argv else 50
    names = list(stages())
    with marked_dumps(__file__, str(n)) as dump:
        print("| stage | instructions a call |\n|---|---:|")
        for i, name in enumerate(names):
            print(f"| {name} | {total(dump(2 + 2 * i)) / n:,.0f} |")


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    main(sys.argv[1:])
