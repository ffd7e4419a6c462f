"""cli/_hints.py: a provider's SSE capture or whole response body given to ``validate`` or
``convert`` is named, with the command that reads it (red team 54 F01: an Anthropic body was
hinted ``--format llm``, where it "converted" with its answer lost; F05: an SSE capture got
sixteen bad lines and no hint)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lmcodec import cli

BODIES = {
    "anthropic": {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-x", "content": []},
    "openai": {"id": "resp_1", "object": "response", "model": "gpt-x", "output": [], "status": "completed"},
    "openai_chat": {"id": "c1", "object": "chat.completion", "model": "gpt-x", "choices": []},
    "gemini": {"candidates": [], "modelVersion": "gemini-x"},
}
ANTHROPIC_SSE = (
    b"event: message_start\n"
    b'data: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant",'
    b'"model":"claude-x","content":[],"usage":{"input_tokens":1,"output_tokens":1}}}\n\n'
    b"event: message_stop\n"
    b'data: {"type":"message_stop"}\n\n'
)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = cli.main(list(argv))
    return code, capsys.readouterr().err


@pytest.mark.parametrize("fmt", ["lm15", "llm"])
@pytest.mark.parametrize("dialect", sorted(BODIES))
def test_a_response_body_is_pointed_at_assemble(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], dialect: str, fmt: str
) -> None:
    src = tmp_path / "body.json"
    src.write_text(json.dumps(BODIES[dialect], indent=2 if dialect == "gemini" else None))
    code, err = _run(capsys, "validate", str(src), "--format", fmt)
    last = err.splitlines()[-1]
    assert code == 1 and "--format llm" not in err, err
    assert f"response body, not a log: lmcodec assemble {dialect} {src}" in last, err


@pytest.mark.parametrize("command", ["validate", "convert"])
def test_an_sse_capture_is_pointed_at_assemble(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    src = tmp_path / "capture.txt"
    src.write_bytes(ANTHROPIC_SSE)
    argv = [command, str(src)] + ([str(tmp_path / "out.jsonl")] if command == "convert" else [])
    code, err = _run(capsys, *argv)
    assert code == 1
    assert err.splitlines()[-1] == (
        "lmcodec: hint: no record was read; the input looks like an SSE stream (anthropic dialect), "
        f"not a log: lmcodec assemble anthropic {src}"
    ), err


def test_an_sse_capture_piped_in_names_no_dialect(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(ANTHROPIC_SSE)))
    code, err = _run(capsys, "validate", "-")
    assert code == 1
    assert err.endswith("looks like an SSE stream, not a log: lmcodec assemble PROVIDER -\n"), err
