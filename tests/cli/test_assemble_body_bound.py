"""``lmcodec assemble`` reads a whole JSON body (the input, ``--request FILE``) up to
``--max-line-bytes``, a piece at a time (red team 24 F02: it was one ``read()``, so a 0.2 MB
``.gz`` of a 200 MiB body peaked at 447 MiB RSS, and ``{`` + /dev/zero ran out of memory with a
message about "a line")."""

from __future__ import annotations

import gzip
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec import cli
from lmcodec.cli import _assemble
from lmcodec.cli._assemble import read_bounded

resource = pytest.importorskip("resource", reason="peak memory is read with getrusage (POSIX)")

RESPONSE = lc.Response(
    id="r1", model="m", message=lc.Message.assistant("Hi"), finish_reason="stop", usage=lc.Usage()
)


class _Counted(io.RawIOBase):
    """``data`` (or NULs for ever when None), counting the bytes handed out and the largest read asked."""

    def __init__(self, data: bytes | None) -> None:
        self.data = data
        self.given = 0
        self.largest = 0

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        assert size > 0, "a read of everything"
        self.largest = max(self.largest, size)
        piece = bytes(size) if self.data is None else self.data[self.given : self.given + size]
        self.given += len(piece)
        return piece


@given(
    head=st.binary(max_size=40),
    rest=st.binary(max_size=300),
    bound=st.none() | st.integers(0, 400),
    piece=st.integers(1, 64),
)
def test_read_bounded_reads_no_byte_past_the_first_one_over_the_bound(
    head: bytes, rest: bytes, bound: int | None, piece: int
) -> None:
    source = _Counted(rest)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_assemble, "_PIECE", piece)
        got = read_bounded(source, bound, head)
    whole = head + rest
    assert got == (whole if bound is None or len(whole) <= bound else None)
    assert source.largest <= piece
    if bound is not None:
        assert len(head) + source.given <= max(bound + 1, len(head))


def test_an_endless_body_is_read_to_the_bound_and_one_byte() -> None:
    source = _Counted(None)
    assert read_bounded(source, 5 << 20, b"{") is None
    assert source.given == 5 << 20 and source.largest == 1 << 20


def _peak_mib(args: list[str]) -> tuple[float, int, str]:
    """The command's peak RSS (MiB, of that process alone), its status and its stderr."""
    with open(os.devnull, "wb") as out:
        child = subprocess.Popen([sys.executable, "-m", "lmcodec", *args], stdout=out, stderr=subprocess.PIPE)
        assert child.stderr is not None
        err = child.stderr.read().decode()
        _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    scale = 1024 * 1024 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB elsewhere
    return usage.ru_maxrss * 1024 / scale / 1024, child.returncode, err


def test_a_compressed_body_bomb_is_refused_in_memory_bounded_by_the_option(tmp_path: Path) -> None:
    """The reproducer's shape: a small .gz of a 64 MiB body, refused at 4 MiB and at 20 MiB. The
    command's peak over a tiny body's stays well under the body (it held it whole: +145 MiB) and
    grows with the bound, not the body (measured: +19 MiB at 4 MiB, the gzip reader's buffers
    included, and +16 MiB more at 20 MiB)."""
    bomb = tmp_path / "body.json.gz"
    with gzip.open(bomb, "wb", compresslevel=1) as fh:
        fh.write(b'{"type":"message","content":[{"type":"text","text":"')
        for _ in range(64):
            fh.write(b"x" * (1 << 20))
        fh.write(b'"}]}')
    small = tmp_path / "small.json"
    small.write_bytes(lc.encode_response("anthropic", RESPONSE))
    base, status, err = _peak_mib(["assemble", "anthropic", str(small)])
    assert status == 0, err
    peaks = []
    for bound in (4 << 20, 20 << 20):
        peak, status, err = _peak_mib(["assemble", "anthropic", str(bomb), "--max-line-bytes", str(bound)])
        assert status == 1
        assert err == (
            f"lmcodec: the input (a whole JSON body) is longer than --max-line-bytes ({bound} bytes): "
            "not read past that (a longer body is read with --max-line-bytes 0)\n"
        )
        peaks.append(peak)
    assert peaks[0] - base < 40, f"peak {peaks[0]:.0f} MiB at a 4 MiB bound, a tiny body's {base:.0f} MiB"
    assert peaks[1] - peaks[0] < 24, f"peak {peaks[1]:.0f} MiB at a 20 MiB bound, {peaks[0]:.0f} MiB at 4 MiB"


def test_a_body_up_to_the_bound_assembles_as_before_and_one_byte_more_is_refused(
    tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    """A body of 3 MiB and more (several pieces) read at a bound of exactly its size gives the
    Response decode_response gives; at one byte less it is refused, naming the body and the option."""
    text = "".join(chr(0x41 + i % 26) for i in range(3 << 20)) + "é"
    response = lc.Response(
        id="r2", model="m", message=lc.Message.assistant(text), finish_reason="stop", usage=lc.Usage()
    )
    data = lc.encode_response("openai", response)
    body = tmp_path / "body.json"
    body.write_bytes(data)
    assert cli.main(["assemble", "openai", str(body), "--max-line-bytes", str(len(data))]) == 0
    out = capsysbinary.readouterr().out
    assert out == lc.encode(lc.decode_response("openai", data)) + b"\n"
    assert lc.decode(out, lc.Response).text == text
    assert cli.main(["assemble", "openai", str(body), "--max-line-bytes", str(len(data) - 1)]) == 1
    captured = capsysbinary.readouterr()
    assert captured.out == b""
    assert (
        f"a whole JSON body) is longer than --max-line-bytes ({len(data) - 1} bytes)".encode() in captured.err
    )


_START = (
    b'{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m",'
    b'"content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":0}}}'
)
_SSE = b"".join(
    b"event: %s\ndata: %s\n\n" % (name, data)
    for name, data in [
        (b"message_start", _START),
        (
            b"content_block_start",
            b'{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}',
        ),
        (
            b"content_block_delta",
            b'{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}',
        ),
        (b"content_block_stop", b'{"type":"content_block_stop","index":0}'),
        (
            b"message_delta",
            b'{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}',
        ),
        (b"message_stop", b'{"type":"message_stop"}'),
    ]
)


def test_request_file_is_bounded_too(tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    """``--request FILE`` (a .gz here) up to the bound is read as before; past it, refused (status 2)."""
    request = lc.Request("m", [lc.Message.user("y" * 5000)])
    path = tmp_path / "request.json.gz"
    path.write_bytes(gzip.compress(lc.encode(request)))
    stream = tmp_path / "stream.sse"
    stream.write_bytes(_SSE)
    size = str(len(lc.encode(request)))
    assert (
        cli.main(["assemble", "anthropic", str(stream), "--request", str(path), "--max-line-bytes", size])
        == 0
    )
    expected = lc.assemble(lc.stream.decode("anthropic", [_SSE], request=request))
    assert capsysbinary.readouterr().out == lc.encode(expected) + b"\n"
    assert (
        cli.main(["assemble", "anthropic", str(stream), "--request", str(path), "--max-line-bytes", "4096"])
        == 2
    )
    assert capsysbinary.readouterr().err.decode() == (
        f"lmcodec: --request {path} (a whole JSON body) is longer than --max-line-bytes (4096 bytes): "
        "not read past that (a longer body is read with --max-line-bytes 0)\n"
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and sparse files, as on Linux")
def test_the_bound_lifted_a_body_past_the_memory_left_is_named_as_the_body(tmp_path: Path) -> None:
    """``--max-line-bytes 0`` and a 1 GiB body in a 600 MiB address space: out of memory, the
    message naming the body (main's names "a line", which the input has none of)."""
    body = tmp_path / "body.json"
    with body.open("wb") as fh:  # "{" and a sparse run of NULs
        fh.write(b"{")
        fh.truncate(1 << 30)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (600 << 20, 600 << 20))

    for args in ([str(body)], ["--request", str(body), str(body)]):
        done = subprocess.run(
            [sys.executable, "-m", "lmcodec", "assemble", "anthropic", *args, "--max-line-bytes", "0"],
            capture_output=True,
            preexec_fn=limit,
            timeout=300,
        )
        err = done.stderr.decode()
        assert done.returncode == 2, err
        assert err.startswith("lmcodec: out of memory: ")
        assert "(a whole JSON body) is longer than the memory left" in err and "a line" not in err


def test_read_bounded_holds_the_body_once_plus_a_piece() -> None:
    """Review 15 F03: the pieces kept in a list and joined peaked at 2.00x the body (tracemalloc)."""
    import tracemalloc

    size = 8 << 20
    source = io.BytesIO(b"{" + b" " * (size - 2) + b"}")
    tracemalloc.start()
    try:
        data = read_bounded(source, size)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert data is not None and len(data) == size
    assert peak < size + 2 * (1 << 20), f"peaked at {peak / size:.2f}x the body"


def test_the_help_says_max_line_bytes_does_not_bound_sse_lines(capsys: pytest.CaptureFixture[str]) -> None:
    """Review 15 F05: the name suggests an SSE line bound; the SSE framer keeps its own."""
    with pytest.raises(SystemExit):
        cli.main(["assemble", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "not an SSE stream's lines" in help_text


def test_an_sse_line_longer_than_max_line_bytes_still_assembles(
    tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    """What the help says: ``--max-line-bytes`` bounds a whole JSON body, not the stream's lines."""
    text = "x" * 5000
    stream = tmp_path / "s.sse"
    stream.write_text(
        'data: {"type":"message_start","message":{"id":"m1","model":"c","role":"assistant","content":[],'
        '"usage":{"input_tokens":1,"output_tokens":0}}}\n\n'
        'data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n'
        'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta",'
        f'"text":"{text}"}}}}\n\n'
        'data: {"type":"content_block_stop","index":0}\n\n'
        'data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":2}}\n\n'
        'data: {"type":"message_stop"}\n\n'
    )
    assert cli.main(["assemble", "anthropic", str(stream), "--max-line-bytes", "4096"]) == 0
    assert lc.decode(capsysbinary.readouterr().out, lc.Response).message.parts[0] == lc.TextPart(text)
