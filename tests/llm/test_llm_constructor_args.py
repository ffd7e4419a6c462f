"""The lc.llm parts and Message take llm's dataclass arguments (red team 15 F08): llm's
ToolResultPart takes ``..., server_executed, attachments, exception``, lmcodec's Struct took
``exception`` first (the wire's key order), so attachments passed positionally were stored as the
exception, unchecked; and ``TextPart()``, ``ToolCallPart()``, ``Message("user")`` ... were a
TypeError where llm defaults ``""``, ``{}``, ``[]``. The wire order stays llm's: ToolResultPart's
``exception``, ``attachments`` and ``provider_metadata`` are keyword-only instead."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc
import lmcodec.llm as L

from .llm_support import llm, needs_llm

pytestmark = needs_llm


def _llm_json(obj: Any) -> bytes:
    return json.dumps(obj.to_dict(), separators=(",", ":"), ensure_ascii=False).encode()


@pytest.mark.parametrize(
    "name", ["TextPart", "ReasoningPart", "ToolCallPart", "ToolResultPart", "AttachmentPart"]
)
def test_parts_take_no_arguments_as_llms_do(name: str) -> None:
    ours, theirs = getattr(L, name)(), getattr(llm.parts, name)()
    assert L.encode(ours) == _llm_json(theirs)
    assert L.to_llm(ours) == theirs


def test_message_defaults_its_parts() -> None:
    assert L.encode(L.Message("user")) == _llm_json(llm.parts.Message("user"))
    assert L.to_llm(L.Message(role="user")) == llm.parts.Message(role="user")


@pytest.mark.parametrize(
    "args",
    [("f",), ("f", "done"), ("f", "done", "call_1"), ("f", "done", "call_1", True)],
    ids=["1", "2", "3", "4"],
)
def test_tool_result_positional_arguments_mean_what_they_mean_to_llm(args: tuple[Any, ...]) -> None:
    assert L.encode(L.ToolResultPart(*args)) == _llm_json(llm.parts.ToolResultPart(*args))


def test_tool_result_refuses_llms_fifth_positional_argument() -> None:
    """llm's fifth positional argument is attachments, the wire's fifth key is exception."""
    llm.parts.ToolResultPart("f", "done", "call_1", False, [llm.Attachment(url="https://x/a.png")])
    with pytest.raises(TypeError, match="pass exception, attachments, provider_metadata by keyword"):
        L.ToolResultPart("f", "done", "call_1", False, [L.Attachment(url="https://x/a.png")])  # type: ignore[misc]


def test_tool_result_keywords_in_llms_order_write_llms_json() -> None:
    theirs = llm.parts.ToolResultPart(
        name="f",
        output="done",
        tool_call_id="call_1",
        attachments=[llm.Attachment(url="https://x/a.png")],
        exception="ValueError: no",
        provider_metadata={"p": 1},
    )
    ours = L.ToolResultPart(
        name="f",
        output="done",
        tool_call_id="call_1",
        attachments=[L.Attachment(url="https://x/a.png")],
        exception="ValueError: no",
        provider_metadata={"p": 1},
    )
    assert L.encode(ours) == _llm_json(theirs)
    assert L.to_llm(ours) == theirs


def test_decoding_still_requires_what_llms_from_dict_requires() -> None:
    for data, key in [
        (b'{"type":"text"}', "text"),
        (b'{"type":"tool_call","name":"f"}', "arguments"),
        (b'{"type":"tool_result","name":"f"}', "output"),
    ]:
        with pytest.raises(KeyError):
            llm.parts.Part.from_dict(json.loads(data))
        with pytest.raises(lc.ValidationError, match=f"`{key}`"):
            L.decode(data, L.Part)
