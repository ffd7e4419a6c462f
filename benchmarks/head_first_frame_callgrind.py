"""Callgrind instructions of translate's head read when a stream's first event is large (red team
25 F05): what each way of reading the head costs on one such frame, beside the floor and the
mapper's own decode of it, and translate of the reproducer's streams.

Frames: red team 25 F05's Gemini image chunk (2 MB of base64 in one ``inlineData`` part) and a Chat
chunk whose first delta holds a 1.5 MB tool call's arguments. Per frame: the floor
(``msgspec.json.decode``), the head's ``_Head`` decode (what ``StreamHead.read`` runs), the same
frame into an empty Struct (msgspec's skip of every value alone), ``StreamHead().read``, the
source mapper's typed view of the frame (Gemini's ``text_chunk_decoder``, which accepts the image
chunk), and ``msgspec.convert`` of the already decoded value into ``_Head`` (what a head handed a
decoded value would cost). Then ``lc.stream.translate`` of the F05 body (image, text, end) with
the image first and second, to anthropic. Each stage runs once to warm up, then (after a
``gc.collect()``) once between two ``os.getppid`` markers; ``PYTHONHASHSEED=0``. The tree measured
is the ``lmcodec`` on ``PYTHONPATH``.

Run: python3 benchmarks/head_first_frame_callgrind.py
"""

from __future__ import annotations

import base64
import gc
import json
import os
import sys
from collections.abc import Callable
from typing import Any

import msgspec

from callgrind_support import marked_dumps, total

_USAGE = {"promptTokenCount": 5, "candidatesTokenCount": 3, "totalTokenCount": 8}


def _gemini(parts: list[dict[str, Any]], finish: str | None = None) -> bytes:
    candidate: dict[str, Any] = {"content": {"parts": parts, "role": "model"}, "index": 0}
    if finish:
        candidate["finishReason"] = finish
    chunk = {"candidates": [candidate], "usageMetadata": _USAGE, "modelVersion": "gemini-2.5-flash-image"}
    return json.dumps(chunk).encode()


_PNG = base64.b64encode(bytes(range(256)) * 6000).decode()
IMAGE = _gemini([{"inlineData": {"mimeType": "image/png", "data": _PNG}}])
TEXT = _gemini([{"text": "Here is your cat."}])
END = _gemini([{"text": ""}], "STOP")
_ARGS = json.dumps({"path": "a.py", "content": "print('hello, world')  # a line of code\n" * 37_000})
CHAT_CALL = json.dumps(
    {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "gpt-4o",
        "system_fingerprint": "fp_1",
        "choices": [
            {
                "index": 0,
                "delta": {
                    "role": "assistant",
                    "tool_calls": [
                        {
                            "index": 0,
                            "id": "call_1",
                            "type": "function",
                            "function": {"name": "write", "arguments": _ARGS},
                        }
                    ],
                },
                "finish_reason": None,
            }
        ],
    }
).encode()


def _sse(*frames: bytes) -> bytes:
    return b"".join(b"data: " + frame + b"\n\n" for frame in frames)


class _Empty(msgspec.Struct):
    pass


def stages() -> list[tuple[str, Callable[[], object]]]:
    import lmcodec as lc
    from lmcodec.providers.gemini.views import text_chunk_decoder
    from lmcodec.stream._head import StreamHead, _Head, _head_decoder

    request = lc.Request("gemini-2.5-flash-image", [lc.Message.user("draw a cat")])
    empty = msgspec.json.Decoder(_Empty)
    long_first, short_first = _sse(IMAGE, TEXT, END), _sse(TEXT, IMAGE, END)
    image_value, call_value = msgspec.json.decode(IMAGE), msgspec.json.decode(CHAT_CALL)
    return [
        ("gemini image frame: floor (msgspec.json.decode)", lambda: msgspec.json.decode(IMAGE)),
        ("gemini image frame: _Head decode (the head today)", lambda: _head_decoder.decode(IMAGE)),
        ("gemini image frame: empty Struct (msgspec's skip alone)", lambda: empty.decode(IMAGE)),
        ("gemini image frame: StreamHead().read", lambda: StreamHead().read([IMAGE])),
        ("gemini image frame: the mapper's text_chunk_decoder", lambda: text_chunk_decoder.decode(IMAGE)),
        ("gemini image frame: convert(decoded value, _Head)", lambda: msgspec.convert(image_value, _Head)),
        ("chat call frame: floor (msgspec.json.decode)", lambda: msgspec.json.decode(CHAT_CALL)),
        ("chat call frame: _Head decode (the head today)", lambda: _head_decoder.decode(CHAT_CALL)),
        ("chat call frame: empty Struct (msgspec's skip alone)", lambda: empty.decode(CHAT_CALL)),
        ("chat call frame: convert(decoded value, _Head)", lambda: msgspec.convert(call_value, _Head)),
        (
            "translate gemini -> anthropic, image first",
            lambda: list(lc.stream.translate("gemini", "anthropic", [long_first], request=request)),
        ),
        (
            "translate gemini -> anthropic, image second",
            lambda: list(lc.stream.translate("gemini", "anthropic", [short_first], request=request)),
        ),
    ]


def _inner() -> None:
    todo = stages()
    for _, run in todo:
        run()
    gc.collect()
    os.getppid()
    for _, run in todo:
        run()
        os.getppid()


def main() -> None:
    names = [name for name, _ in stages()]
    with marked_dumps(__file__) as dump:
        for k, name in enumerate(names):
            print(f"{total(dump(k + 2)) / 1e6:8.2f} M  {name}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--inner"]:
        _inner()
    else:
        main()
