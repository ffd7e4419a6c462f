"""codecs/files.py ``open_path``: a str is a path, and a str of content is named as such, bounded
(red team 54 F12: ``lc.jsonl.read(text, lc.Turn)`` with a 1 MB log as a str raised
``OSError: File name too long`` whose message was the whole log, and nothing said to pass bytes)."""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

from ..turns import numbered_turns

TURNS = numbered_turns(2)
CONTENT = b"".join(lc.encode(t) + b"\n" for t in TURNS).decode() * 2000


def _read_parquet(src: Any) -> list[Any]:
    import lmcodec.arrow as arrow

    return list(arrow.read_parquet(src, lc.Turn))


AS_BYTES = "pass the content as bytes (text.encode())"
READERS: dict[str, tuple[Callable[[Any], list[Any]], str]] = {
    "jsonl.read": (lambda src: list(lc.jsonl.read(src, lc.Turn)), AS_BYTES),
    "msgpack.read_stream": (lambda src: list(lc.msgpack.read_stream(src, lc.Turn)), AS_BYTES),
    "arrow.read_parquet": (_read_parquet, "io.BytesIO(data)"),
}


@pytest.mark.parametrize("reader", sorted(READERS))
@pytest.mark.parametrize(
    "text", [CONTENT, CONTENT[:200], "  [1, 2]", "a\nb"], ids=["1MB", "line", "array", "newline"]
)
def test_a_str_of_content_is_refused_bounded_with_what_to_pass(reader: str, text: str) -> None:
    if reader == "arrow.read_parquet":
        pytest.importorskip("pyarrow")
    read, advice = READERS[reader]
    with pytest.raises(lc.UnsupportedTypeError) as caught:
        read(text)
    message = str(caught.value)
    assert len(message) < 300 and message.startswith("a str is read as a path, and no file is named"), message
    assert advice in message


@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_long_missing_path_is_quoted_bounded(reader: str) -> None:
    if reader == "arrow.read_parquet":
        pytest.importorskip("pyarrow")
    read, _ = READERS[reader]
    with pytest.raises(OSError) as caught:
        read("x" * 100_000)
    assert caught.value.errno == errno.ENAMETOOLONG
    message = str(caught.value)
    assert len(message) < 200 and "(100,000 characters)" in message, message[:200]


def test_a_file_whose_name_starts_with_a_brace_is_still_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    lc.jsonl.write("{log}.jsonl", TURNS)
    assert list(lc.jsonl.read("{log}.jsonl", lc.Turn)) == TURNS
