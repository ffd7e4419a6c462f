"""Fixtures shared by the stream tests."""

from __future__ import annotations

import time

import pytest

from lmcodec.providers.anthropic import _frames as anthropic_frames
from lmcodec.providers.openai import write as responses_write
from lmcodec.providers.openai_chat import write as chat_write


@pytest.fixture
def fixed_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    """The writers' fresh ids and timestamps held still, so two writes of one stream are byte-equal."""
    monkeypatch.setattr(time, "time", lambda: 1_700_000_000.0)
    monkeypatch.setattr(responses_write, "new_id", lambda prefix: prefix + "fixed")
    monkeypatch.setattr(chat_write, "new_id", lambda prefix: prefix + "fixed")
    monkeypatch.setattr(anthropic_frames, "message_id", lambda: "msg_fixed")
