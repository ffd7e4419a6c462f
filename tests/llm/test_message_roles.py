"""An llm message ``role`` of any JSON type (red team 29 F03): llm's ``from_dict`` keeps it,
``lc.llm.to_turn`` carries it as it carries a string role it has no canonical role for (a
``developer`` message with an llm ``role`` marker), and ``lc.llm.from_turn`` gives it back; the
role used to be looked up in a set (``unhashable type: 'list'``), a bare TypeError that ended
``lmcodec convert --from llm`` with a traceback and none of the good records written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
import lmcodec.llm as L
from lmcodec import cli

from ..budget import examples
from .convert_support import load_sibling, record_identity

PROPS = load_sibling("test_llm_properties")


def _record(roles: list[Any]) -> dict[str, Any]:
    """An llm record whose prompt messages have these roles, one text part each."""
    return {
        "model": "mock",
        "prompt": {
            "messages": [
                {"role": r, "parts": [{"type": "text", "text": f"m{i}"}]} for i, r in enumerate(roles)
            ]
        },
        "messages": [{"role": "assistant", "parts": [{"type": "text", "text": "Hello there!"}]}],
        "id": "01k1xq3f7v8m2n4p6r8t0w0001",
        "usage": {"input": 3, "output": 3},
    }


@pytest.mark.parametrize("role", [["user"], {"r": 1}, [], {}, 7, None])
def test_a_role_of_another_json_type_is_carried_in_a_role_marker(role: Any) -> None:
    turn = record_identity(L.decode(json.dumps(_record(["user", role, "assistant"])).encode()))
    message = turn.request.messages[1]
    assert message.role == "developer"
    assert [(s.provider, s.kind, s.data) for s in message.continuation] == [("llm", "role", {"role": role})]
    assert message.parts == (lc.TextPart(text="m1"),)
    assert [m.role for m in turn.request.messages] == ["user", "developer", "assistant"]


@settings(max_examples=examples(200), deadline=None)
@given(role=PROPS.json_values, at=st.integers(0, 2), output=st.booleans())
def test_any_json_role_round_trips(role: Any, at: int, output: bool) -> None:
    value = _record(["user", "assistant", "user"])
    message = value["messages"][0] if output else value["prompt"]["messages"][at]
    message["role"] = role
    record_identity(L.decode(json.dumps(value).encode()))


def test_convert_from_llm_writes_the_records_around_a_list_role(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, dest = tmp_path / "log.jsonl", tmp_path / "out.jsonl"
    records = [_record(["user"]), _record([["user"]]), _record(["user"])]
    src.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert cli.main(["convert", "--from", "llm", str(src), str(dest)]) == 0
    turns = list(lc.jsonl.read(dest, lc.Turn))
    assert [t.request.messages[0].role for t in turns] == ["user", "developer", "user"]
    assert "3 records converted, 0 bad records" in capsys.readouterr().err
