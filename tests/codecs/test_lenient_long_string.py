"""lenient=True on a record whose size is one long string (red team 6 F03): the level reader
parsed the long text, image or argument once per level on the way down to it (a 4 MiB text 14
times, 2-4x lm15's time). A node with few containers for its size is read whole, once."""

from __future__ import annotations

import base64
import json
import random
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.codecs import _lenient_read

_RESPONSE = lc.Response(
    "r1", "m", lc.Message.assistant("ok"), "stop", lc.Usage(input_tokens=1, output_tokens=1)
)
_IMAGE = base64.b64encode(random.Random(6).randbytes(1 << 20)).decode()
REQUESTS = {
    "1 MiB text": lc.Request("m", [lc.Message.user("The quick brown fox. " * 50_000)]),
    "1 MiB base64 image": lc.Request(
        "m", [lc.Message.user([lc.text("what is it?"), lc.image(data=_IMAGE, media_type="image/png")])]
    ),
    "1 MiB tool argument": lc.Request(
        "m",
        [
            lc.Message.user("go"),
            lc.Message.assistant([lc.tool_call("c1", "write_file", {"content": "x = 1\n" * 175_000})]),
            lc.Message.tool([lc.tool_result("c1", "ok")]),
        ],
    ),
}


class _Counting:
    def __init__(self, decoder: Any, counts: list[int]) -> None:
        self.decoder, self.counts = decoder, counts

    def decode(self, data: Any) -> Any:
        self.counts.append(len(data))
        return self.decoder.decode(data)


@pytest.mark.parametrize("name", sorted(REQUESTS))
def test_a_long_string_is_parsed_about_once(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    record = lc.to_builtins(lc.Turn(request=REQUESTS[name], response=_RESPONSE))
    canonical = json.dumps(record).encode()
    record["response"]["usage"]["input_tokens"] = 1.0  # a tolerant form: the lenient reader runs
    data = json.dumps(record).encode()
    counts: list[int] = []
    for decoder in ("_raw_decoder", "_object_decoder", "_array_decoder"):
        monkeypatch.setattr(_lenient_read, decoder, _Counting(getattr(_lenient_read, decoder), counts))
    assert lc.decode(data, lc.Turn, lenient=True) == lc.decode(canonical, lc.Turn)
    assert 0 < sum(counts) <= 2 * len(data), (sum(counts), len(data))  # was 8-14x


def test_a_node_dense_with_containers_is_still_read_by_levels() -> None:
    part = b'{"type":"text","text":"hello there"},'
    data = b'{"model":"m","messages":[{"role":"user","parts":[' + part * 4000 + b'"bare"]}]}'
    assert not _lenient_read._few_containers(data)
    assert isinstance(_lenient_read.read(data)["messages"], _lenient_read.Pending)
    read = lc.decode(data, lc.Request, lenient=True)
    assert read == lc.from_builtins(json.loads(data), lc.Request, lenient=True)
