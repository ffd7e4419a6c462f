"""lc.dask.to_parquet puts its parts in place at the end: without overwrite, never over a file
another run wrote since the graph was built (red team 24 F01: the second of two graphs built with
compute=False replaced the first one's part-00000 and deleted its part-00001)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.cli.workload import turn_dicts
from lmcodec.codecs import _dest as dest_module
from lmcodec.codecs._place import place_all

dask = pytest.importorskip("dask", reason="lc.dask needs the 'dask' extra (dask[distributed])")
pytest.importorskip("pyarrow.parquet", reason="lc.dask writes Parquet with the 'arrow' extra (pyarrow)")
arrow = pytest.importorskip("lmcodec.arrow")
ld = pytest.importorskip("lmcodec.dask")

TURNS = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(6, seed=7)]


def _log(path: Path, turns: list[lc.Turn]) -> Path:
    path.write_bytes(b"".join(lc.encode(t) + b"\n" for t in turns))
    return path


def _dest(out: Path) -> dict[str, bytes]:
    """Every file in DEST (temporaries too), by name."""
    return {p.name: p.read_bytes() for p in out.iterdir()}


def _two_runs(tmp_path: Path, dest: str, overwrite: bool = False) -> tuple[Any, Any]:
    """Run A (two files) and run B (one file) to one DEST, both built before either computes."""
    a = [_log(tmp_path / "a0.jsonl", TURNS[:2]), _log(tmp_path / "a1.jsonl", TURNS[2:4])]
    b = [_log(tmp_path / "b.jsonl", TURNS[4:])]
    run_a = ld.to_parquet(ld.read(a), dest, compute=False)
    run_b = ld.to_parquet(ld.read(b), dest, compute=False, overwrite=overwrite)
    return run_a, run_b


@pytest.mark.parametrize("url", [False, True], ids=["path", "fsspec"])
@pytest.mark.parametrize("first", ["a", "b"])
def test_the_later_of_two_graphs_is_refused_and_dest_stays_as_the_first_left_it(
    tmp_path: Path, first: str, url: bool
) -> None:
    if url:
        pytest.importorskip("fsspec", reason="URLs are written through fsspec")
    out = tmp_path / "out"
    runs = dict(zip("ab", _two_runs(tmp_path, f"file://{out}" if url else str(out)), strict=True))
    second = runs["b" if first == "a" else "a"]
    with dask.config.set(scheduler="sync"):
        runs[first].compute()
        before = _dest(out)
        with pytest.raises(FileExistsError, match=r"written after this conversion was built.*overwrite=True"):
            second.compute()
    assert sorted(before) == (
        ["part-00000.parquet", "part-00001.parquet"] if first == "a" else ["part-00000.parquet"]
    )
    assert _dest(out) == before  # nothing replaced, nothing removed, no temporary left


def test_overwrite_still_replaces_and_removes_the_earlier_runs_parts(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run_a, run_b = _two_runs(tmp_path, str(out), overwrite=True)
    with dask.config.set(scheduler="sync"):
        run_a.compute()
        arrow.write_parquet(TURNS[:1], out / "curated.parquet")
        mine = (out / "curated.parquet").read_bytes()
        run_b.compute()
    assert sorted(_dest(out)) == ["curated.parquet", "part-00000.parquet"]
    assert list(arrow.read_parquet(out / "part-00000.parquet")) == TURNS[4:]
    assert (out / "curated.parquet").read_bytes() == mine


def test_a_part_that_appears_at_the_rename_is_not_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another run's part lands after the commit's check of DEST: the rename itself refuses it, the
    parts already put in place are taken back and DEST is as the other run left it."""
    out = tmp_path / "out"
    logs = [_log(tmp_path / "a0.jsonl", TURNS[:2]), _log(tmp_path / "a1.jsonl", TURNS[2:4])]
    theirs = b"another run's part"
    real = dest_module.refuse_parquet_in

    def check_then_other_run_writes(root: str, when: str, token: str) -> None:
        real(root, when, token)
        if when:  # the commit's check
            (out / "part-00001.parquet").write_bytes(theirs)

    monkeypatch.setattr(dest_module, "refuse_parquet_in", check_then_other_run_writes)
    with (
        dask.config.set(scheduler="sync"),
        pytest.raises(
            FileExistsError, match=r"another run put this part in place.*overwrite=True.*part-00001\.parquet"
        ),
    ):
        ld.convert(logs, out)
    assert _dest(out) == {"part-00001.parquet": theirs}


@pytest.mark.parametrize("links", [True, False], ids=["hard-link", "no-hard-links"])
@given(n=st.integers(1, 4), taken=st.sets(st.integers(0, 3)))
def test_place_all_without_replace_is_all_or_nothing(links: bool, n: int, taken: set[int]) -> None:
    """For any parts and any final names already taken: all placed (none taken), or DEST as it
    was (the finals placed first removed again; the temporaries left to the caller)."""
    with tempfile.TemporaryDirectory() as root, pytest.MonkeyPatch.context() as patch:
        if not links:
            patch.setattr(os, "link", _no_hard_links)
        parts = [(f"{root}/.t{i}", f"{root}/f{i}") for i in range(n)]
        for i, (temporary, final) in enumerate(parts):
            Path(temporary).write_bytes(b"new %d" % i)
            if i in taken:
                Path(final).write_bytes(b"old %d" % i)
        before = _finals(root)
        if taken & set(range(n)):
            with pytest.raises(FileExistsError) as info:
                place_all(parts, replace=False)
            assert info.value.filename == parts[min(taken)][1]
            assert _finals(root) == before
        else:
            place_all(parts, replace=False)
            assert _finals(root) == {f"f{i}": b"new %d" % i for i in range(n)}
            assert not [p for p in Path(root).iterdir() if p.name.startswith(".")]


def _finals(root: str) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in Path(root).iterdir() if not p.name.startswith(".")}


def _no_hard_links(src: str, dst: str) -> None:
    raise PermissionError(1, "Operation not permitted", src, None, dst)


_CRASH_MID_COMMIT = """
import os, signal, sys, dask
dask.config.set(scheduler="sync")
import lmcodec as lc
dest, logs = sys.argv[1], sys.argv[2:]
real_remove = os.remove
def killed_after_the_first_part(path, *args, **kwargs):
    if str(path).endswith(".partial") and os.path.exists(os.path.join(dest, "part-00000.parquet")):
        os.kill(os.getpid(), signal.SIGKILL)
    return real_remove(path, *args, **kwargs)
os.remove = killed_after_the_first_part
lc.dask.to_parquet(lc.dask.read(logs), dest)
"""


def test_a_run_killed_mid_commit_is_named_by_the_next_and_overwrite_cleans_it_all(tmp_path: Path) -> None:
    """Review 15 F01: SIGKILL between placing part 0 and part 1 leaves part-00000 and the run's
    temporaries; a rerun is refused naming both, and overwrite=True leaves the whole set only (the
    temporaries stayed for good)."""
    import subprocess
    import sys

    out = tmp_path / "out"
    logs = [_log(tmp_path / "a0.jsonl", TURNS[:2]), _log(tmp_path / "a1.jsonl", TURNS[2:4])]
    child = subprocess.run([sys.executable, "-c", _CRASH_MID_COMMIT, str(out), *map(str, logs)], check=False)
    assert child.returncode == -9
    left = sorted(_dest(out))
    assert left[-1] == "part-00000.parquet" and len(left) == 3
    assert all(n.endswith(".partial") for n in left[:2])
    with dask.config.set(scheduler="sync"):
        with pytest.raises(FileExistsError) as refused:
            ld.convert(logs, out)
        message = str(refused.value)
        assert "part-00000.parquet" in message
        assert "2 temporary part(s) of a run that did not finish" in message
        assert "killed mid-commit" in message and "pass overwrite=True" in message
        assert sorted(_dest(out)) == left
        ld.convert(logs, out, overwrite=True)
    assert sorted(_dest(out)) == ["part-00000.parquet", "part-00001.parquet"]
    assert list(arrow.read_parquet(out, lc.Turn)) == TURNS[:4]


@pytest.mark.parametrize("overwrite", [False, True])
def test_a_run_that_commits_removes_the_temporaries_earlier_runs_left(
    tmp_path: Path, overwrite: bool
) -> None:
    """Only ``.part-NNNNN.parquet.XXXXXXXX.partial`` names go; the user's hidden files stay."""
    out = tmp_path / "out"
    out.mkdir()
    (out / ".part-00000.parquet.0123abcd.partial").write_bytes(b"a crashed run's part")
    (out / ".part-00007.parquet.fedc9876.partial").write_bytes(b"another")
    (out / ".mine.partial").write_bytes(b"the user's")
    with dask.config.set(scheduler="sync"):
        ld.convert([_log(tmp_path / "a.jsonl", TURNS[:2])], out, overwrite=overwrite)
    assert sorted(_dest(out)) == [".mine.partial", "part-00000.parquet"]
