"""Callgrind instruction counts of ``lc.translate_request`` for a body whose images carry
``detail: "original"`` (red team 27 F04), against the same body with ``detail: "high"`` and the
floor (msgspec's untyped decode + encode of the body).

The body: a 12-turn text conversation whose last user message holds two images by URL, one with
the drawn detail, one with ``low``. ``high`` is read by the typed path and built; ``original`` is
refused by the typed path, read by the walker with the gateway's lenient pass, built, and put back
(``providers/_crossing_image_detail.py``). Each stage runs 20 times after 20 warm-up calls, between
two ``os.getppid`` markers (``callgrind_support``). Beside them: the put-back alone (on the body
built without it and its notes), and the carriage that was there before, a Responses image by file
id with detail ``high`` (the same refused typed path, walker and lenient pass, then
``_crossing_sdk_blocks``).

Run: PYTHONHASHSEED=0 python3 benchmarks/image_detail_callgrind.py
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from unittest import mock

from callgrind_support import between_markers, marked_dumps, total

CALLS = 20
PAIRS = (
    ("openai", "openai"),
    ("openai_chat", "openai_chat"),
    ("openai", "openai_chat"),
    ("openai", "anthropic"),
)


def body(dialect: str, detail: str) -> bytes:
    """The measured body in ``dialect`` (Responses or Chat), its first image with ``detail``."""
    url = "https://example.com/cat.png"
    turns: list[dict[str, object]] = []
    for i in range(12):
        turns.append({"role": "user", "content": f"question {i}: " + "words " * 20})
        turns.append({"role": "assistant", "content": f"answer {i}: " + "words " * 40})
    if dialect == "openai_chat":
        images: list[dict[str, object]] = [
            {"type": "text", "text": "what are these?"},
            {"type": "image_url", "image_url": {"url": url, "detail": detail}},
            {"type": "image_url", "image_url": {"url": url + "?2", "detail": "low"}},
        ]
        turns.append({"role": "user", "content": images})
        return json.dumps({"model": "gpt-4o", "messages": turns}).encode()
    images = [
        {"type": "input_text", "text": "what are these?"},
        {"type": "input_image", "image_url": url, "detail": detail},
        {"type": "input_image", "image_url": url + "?2", "detail": "low"},
    ]
    turns.append({"role": "user", "content": images})
    return json.dumps({"model": "gpt-5", "input": turns}).encode()


def _stages() -> dict[str, Callable[[], object]]:
    import msgspec

    import lmcodec as lc

    stages: dict[str, Callable[[], object]] = {}
    for dialect in ("openai", "openai_chat"):
        data = body(dialect, "high")
        stages[f"floor {dialect}"] = lambda data=data: msgspec.json.encode(msgspec.json.decode(data))
    for source, destination in PAIRS:
        for detail in ("high", "original"):
            data = body(source, detail)
            stages[f"{source}->{destination} {detail}"] = lambda s=source, d=destination, b=data: (
                lc.translate_request(s, d, b)
            )
    from lmcodec.providers import _translate_request
    from lmcodec.providers._crossing_image_detail import original_details_back

    for source, destination in PAIRS[:3]:  # the put-back alone, on the built body and its notes
        client = body(source, "original")
        with mock.patch.object(_translate_request, "original_details_back", lambda s, d, c, b, n: (b, n)):
            built = lc.translate_request(source, destination, client)
        stages[f"put-back alone {source}->{destination}"] = (
            lambda s=source, d=destination, c=client, b=built: original_details_back(
                s, d, c, b.body, b.adaptations
            )
        )
    data = body("openai", "high").replace(
        b'"image_url": "https://example.com/cat.png"', b'"file_id": "file-a"'
    )
    stages["openai->openai file id, detail high"] = lambda b=data: lc.translate_request("openai", "openai", b)
    return stages


def _inner() -> None:
    for run in _stages().values():
        between_markers(run, CALLS)


def main() -> None:
    names = list(_stages())
    with marked_dumps(__file__) as dump:
        counts = {name: total(dump(2 * k + 2)) // CALLS for k, name in enumerate(names)}
    for name, count in counts.items():
        source = name.split("->")[0].split()[-1]
        floor = counts["floor " + source] if "->" in name else count
        print(f"{name:40} {count:>10,} {count / floor:6.2f}x floor")


if __name__ == "__main__":
    _inner() if sys.argv[1:] == ["--inner"] else main()
