"""An lm15 channel value msgspec cannot take (a lone surrogate, which llm's JSON reading keeps as
``json.loads`` does) is the channel's documented refusal, a ``ValidationError`` at
``provider_metadata.lm15``, for that record alone (red team 50, F02: a bare ``UnicodeEncodeError``
from ``parse_channel``, and ``lmcodec convert --from llm --on-error skip`` wrote no record)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc
from lmcodec import cli

SURROGATES = ("\ud800", "\udc00x")
MESSAGE_KEYS = ("turn", "parts", "continuation", "system_parts")
PART_KEYS = ("type", "value", "probabilities", "method", "detail", "data", "content", "continuation")


def _record(message_channel: Any = None, part_channel: Any = None) -> bytes:
    part: dict[str, Any] = {"type": "text", "text": "Hello!"}
    if part_channel is not None:
        part["provider_metadata"] = {"lm15": part_channel}
    message: dict[str, Any] = {"role": "assistant", "parts": [part]}
    if message_channel is not None:
        message["provider_metadata"] = {"lm15": message_channel}
    record = {
        "model": "m",
        "prompt": {"messages": [{"role": "user", "parts": [{"type": "text", "text": "x"}]}], "options": {}},
        "messages": [message],
    }
    return json.dumps(record).encode()  # ensure_ascii: a lone surrogate written as its \u escape


@pytest.mark.parametrize("bad", SURROGATES)
@pytest.mark.parametrize("key", MESSAGE_KEYS)
def test_a_message_channel_value_with_a_lone_surrogate_is_refused(key: str, bad: str) -> None:
    record = lc.llm.decode(_record(message_channel={key: bad}))
    with pytest.raises(lc.ValidationError) as info:
        lc.llm.to_turn(record)
    assert info.value.path == "$.messages[0].provider_metadata.lm15"


@pytest.mark.parametrize("bad", SURROGATES)
@pytest.mark.parametrize("key", PART_KEYS)
def test_a_part_channel_value_with_a_lone_surrogate_is_refused(key: str, bad: str) -> None:
    """A str field takes the value and the record's check after it refuses it (at ``$``); the
    others are refused where the channel is read."""
    record = lc.llm.decode(_record(part_channel={key: bad}))
    with pytest.raises(lc.ValidationError):
        lc.llm.to_turn(record)


def test_the_channel_itself_a_lone_surrogate_is_refused() -> None:
    with pytest.raises(lc.ValidationError):
        lc.llm.to_turn(lc.llm.decode(_record(message_channel="\ud800")))


def test_convert_skips_that_record_and_writes_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _record()
    src, dest = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_bytes(b"\n".join([good, _record(message_channel={"turn": "\ud800"}), good]) + b"\n")
    code = cli.main(["convert", str(src), str(dest), "--from", "llm", "--to", "lm15", "--on-error", "skip"])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "provider_metadata.lm15" in err
    expected = lc.encode(lc.llm.to_turn(lc.llm.decode(good)))
    assert dest.read_bytes().splitlines() == [expected, expected]
    assert code == 0
