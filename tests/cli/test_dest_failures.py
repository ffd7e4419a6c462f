"""The command's DEST: a write the file system refuses names DEST (red team 16 F03: "lmcodec: File
too large", "No space left on device", where a rejects file was named), and a DEST that is a symlink
loop is refused as open() refuses it, the link left alone (red team 16 F04: it was replaced by a
regular file, status 0)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import lmcodec as lc
from lmcodec import cli

from ..turns import numbered_turns


def _log(path: Path, count: int) -> None:
    path.write_bytes(b"".join(lc.encode(t) + b"\n" for t in numbered_turns(count)))


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_FSIZE as Linux applies it")
@pytest.mark.parametrize("name", ["out.jsonl", "out.jsonl.gz", "out.msgpack"])
def test_a_dest_the_file_size_limit_refuses_is_named(tmp_path: Path, name: str) -> None:
    src, dest = tmp_path / "in.jsonl", tmp_path / name
    _log(src, 3000)
    dest.write_bytes(b"PRECIOUS\n")
    script = (  # the limit set once the command is imported (Python writes no .pyc past it)
        "import resource, sys\n"
        "from lmcodec import cli, msgpack\n"
        "from lmcodec.codecs import files\n"
        "files.zstd_module()\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))\n"
        f"sys.exit(cli.main(['convert', {str(src)!r}, {str(dest)!r}]))\n"
    )
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=300, env=env)
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert f"lmcodec: {dest}: File too large" in err
    assert dest.read_bytes() == b"PRECIOUS\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["in.jsonl", name])


def test_a_dest_that_is_a_symlink_loop_is_refused_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, loop = tmp_path / "in.jsonl", tmp_path / "loop"
    _log(src, 1)
    loop.symlink_to("loop")
    status = cli.main(["convert", str(src), str(loop)])
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.strip() == f"lmcodec: cannot write {loop}: Too many levels of symbolic links"
    assert loop.is_symlink() and os.readlink(loop) == "loop"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "loop"]


def test_a_dangling_symlink_dest_is_written_through_to_its_target(tmp_path: Path) -> None:
    src, link, target = tmp_path / "in.jsonl", tmp_path / "link", tmp_path / "target.jsonl"
    _log(src, 2)
    link.symlink_to(target)
    assert cli.main(["convert", str(src), str(link)]) == 0
    assert link.is_symlink() and list(lc.jsonl.read(target, lc.Turn)) == numbered_turns(2)


@pytest.mark.parametrize("where", ["dest", "rejects"])
@pytest.mark.parametrize("exists", [False, True])
def test_a_dest_named_as_a_directory_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str, exists: bool
) -> None:
    """``convert SRC outdir/`` wrote the file ``outdir`` (status 0), as did ``--rejects rej/``
    (red team 23 F01): a trailing slash names a directory, as for ``> outdir/`` in a shell."""
    src, named = tmp_path / "in.jsonl", tmp_path / "named"
    src.write_bytes(lc.encode(numbered_turns(1)[0]) + b"\n" + b'{"request": 1}\n')
    if exists:
        named.write_bytes(b"PRECIOUS\n")
    out = tmp_path / "out.jsonl"
    args = (
        ["convert", str(src), f"{named}/"]
        if where == "dest"
        else ["convert", str(src), str(out), "--rejects", f"{named}/"]
    )
    status = cli.main(args)
    err = capsys.readouterr().err
    assert status == 2, err
    assert err.strip() == f"lmcodec: cannot write {named}/: Is a directory"  # as open() and "> named/" say
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"] + (["named"] if exists else [])
    if exists:
        assert named.read_bytes() == b"PRECIOUS\n"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file away needs root")
def test_a_dest_keeps_its_owner_and_group(tmp_path: Path) -> None:
    """convert over another user's DEST (a service account as root) made it root's (red team 23
    F04): the new DEST gets the old one's owner, group and mode."""
    src, dest = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    _log(src, 2)
    dest.write_bytes(b"old\n")
    os.chown(dest, 1234, 4321)
    os.chmod(dest, 0o640)
    assert cli.main(["convert", str(src), str(dest)]) == 0
    after = os.stat(dest)
    assert (after.st_uid, after.st_gid, after.st_mode & 0o7777) == (1234, 4321, 0o640)
    assert list(lc.jsonl.read(dest, lc.Turn)) == numbered_turns(2)
