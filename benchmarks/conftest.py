"""Shared data for the benchmarks: built once per session, deterministic."""

from __future__ import annotations

import gc
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.cli.workload import turn_dicts


@pytest.fixture(scope="session")
def turn_records() -> list[dict[str, Any]]:
    """~2,000 Turn records (~11 KiB each) as canonical dicts."""
    return turn_dicts(2000)


@pytest.fixture(scope="session")
def turns(turn_records: list[dict[str, Any]]) -> list[lc.Turn]:
    return [lc.from_builtins(d, lc.Turn) for d in turn_records]


@pytest.fixture(scope="session")
def turn_blobs(turns: list[lc.Turn]) -> list[bytes]:
    return [lc.encode(t) for t in turns]


@pytest.fixture(autouse=True)
def _quiet_gc() -> Any:
    gc.collect()
    yield
