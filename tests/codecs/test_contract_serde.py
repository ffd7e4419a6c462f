"""The 136 cases of the lm15 contract's serde/canonical.json, under the contract's strict comparison."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from ..corpus import KIND_TYPES, contract_equal, load_json, needs_corpus

pytestmark = needs_corpus

CASES = load_json("lm15-contract/serde/canonical.json").get("cases", [])


def test_case_count() -> None:
    assert len(CASES) == 136


@pytest.mark.parametrize("case", [pytest.param(c, id=c["id"]) for c in CASES])
def test_serde_round_trip(case: dict[str, Any]) -> None:
    """value2 = to_dict(from_dict(value)) must equal value: typed, with opaque key order."""
    tp = KIND_TYPES[case["kind"]]
    value = case["value"]
    include = case["kind"] == "batch_entry"
    obj = lc.from_builtins(value, tp)
    contract_equal(lc.to_builtins(obj, include_provider_data=include), value)
    raw = json.dumps(value, ensure_ascii=False).encode()
    contract_equal(json.loads(lc.encode(lc.decode(raw, tp))), value)
