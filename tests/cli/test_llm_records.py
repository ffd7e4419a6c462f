"""cli/_llm_records.py: ``--from llm`` takes a line as llm's record only when it is shaped as llm
writes them (red team 54 F01: a provider's response body, or a log of canonical Requests or
Responses, was "converted" from llm with status 0, the answer's text gone or the user's prompt
written as the answer), and still takes every record llm writes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc
from lmcodec import cli

from ..llm.llm_support import load_vectors
from ..turns import numbered_turns

TURNS = numbered_turns(3)
ANTHROPIC_BODY = {
    "id": "msg_1",
    "type": "message",
    "role": "assistant",
    "model": "claude-x",
    "content": [{"type": "text", "text": "Hello! How can I help you today?"}],
    "stop_reason": "end_turn",
    "usage": {"input_tokens": 3, "output_tokens": 9},
}


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = cli.main(list(argv))
    return code, capsys.readouterr().err


def _log(tmp_path: Path, lines: list[bytes]) -> Path:
    src = tmp_path / "log.jsonl"
    src.write_bytes(b"".join(line + b"\n" for line in lines))
    return src


def test_a_provider_body_is_no_llm_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = _log(tmp_path, [json.dumps(ANTHROPIC_BODY).encode()])
    code, err = _run(capsys, "validate", str(src), "--format", "llm")
    assert code == 1 and 'not an llm record: it has no "prompt" and no "messages"' in err, err
    dest = tmp_path / "out.jsonl"
    code, err = _run(capsys, "convert", str(src), str(dest), "--from", "llm")
    assert code == 1 and "0 records converted, 1 bad record" in err and not dest.exists(), err


@pytest.mark.parametrize("kind", ["Request", "Response"])
def test_canonical_records_are_no_llm_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    records = [getattr(turn, kind.lower()) for turn in TURNS]
    src = _log(tmp_path, [lc.encode(r) for r in records])
    dest = tmp_path / "out.jsonl"
    code, err = _run(capsys, "convert", str(src), str(dest), "--from", "llm")
    assert code == 1 and f"0 records converted, {len(records)} bad records" in err, err
    assert not dest.exists()
    assert err.endswith(f"the first bad one reads with --from lm15 --type {kind}\n"), err


def test_a_prompt_read_as_the_answer_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    request = lc.Request(model="m", messages=(lc.Message.user("Say hello"),))
    src = _log(tmp_path, [lc.encode(request)])
    dest = tmp_path / "out.jsonl"
    code, err = _run(capsys, "convert", str(src), str(dest), "--from", "llm", "--on-error", "raise")
    assert code == 1 and '"messages" (llm\'s answer) hold a user message' in err, err


def _vector_records() -> list[Any]:
    found: list[Any] = []
    for vector in load_vectors():
        if vector["kind"] == "response":
            found.append(vector["value"])
        elif vector["kind"] in ("response_roundtrip", "normalize_response"):
            found += [vector["value"]["input"], vector["value"]["output"]]
    return found


def test_llm_records_of_every_shape_llm_reads_still_convert(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """llm's to_dict always writes a prompt; its reader defaults a missing prompt or messages
    (llm 0.36's normalize vectors): each such record is still good."""
    written = [lc.llm.encode(lc.llm.from_turn(turn)) for turn in TURNS]
    by_hand = [
        b'{"model": "mock", "messages": [], "id": "r1"}',
        b'{"model": "mock", "prompt": {"messages": []}, "id": "r1"}',
        b'{"model": "mock", "messages": [{"role": "assistant", "parts": [{"type": "text", "text": "hi"}]}]}',
        b'{"model": "mock", "prompt": {"messages": []}, "messages": [], "usage": {"input": NaN}}',
    ]
    src = _log(tmp_path, written + by_hand)
    code, err = _run(capsys, "validate", str(src), "--format", "llm")
    assert (code, err) == (0, f"lmcodec: {len(written) + len(by_hand)} good records, 0 bad\n")
    src = _log(tmp_path, written)
    dest = tmp_path / "out.jsonl"
    code, err = _run(capsys, "convert", str(src), str(dest), "--from", "llm")
    assert code == 0, err
    assert list(lc.jsonl.read(dest, lc.Turn)) == [lc.llm.to_turn(lc.llm.decode(w)) for w in written]


def test_the_llm_corpus_records_all_validate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = _vector_records()
    if not records:
        pytest.skip("the llm-0.36 corpus is not at ../shared/corpus")
    src = _log(tmp_path, [json.dumps(r).encode() for r in records])
    code, err = _run(capsys, "validate", str(src), "--format", "llm")
    assert (code, err) == (0, f"lmcodec: {len(records)} good records, 0 bad\n")
