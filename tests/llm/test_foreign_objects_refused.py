"""lc.llm.encode / lc.llm.to_builtins given llm's own objects (red team 15 F02): msgspec wrote them
as generic dataclass JSON (no "type" on a part, "provider_metadata": null, Attachment's ``_id``),
which neither llm's Message.from_dict nor lc.llm.decode reads. They are refused with an EncodeError
naming lc.llm.from_llm, whose result encodes as llm's own json.dumps(obj.to_dict()); llm.Response
too (it was refused, but naming nothing), lmcodec's canonical Structs (written as canonical JSON,
which lc.llm.decode read as an llm record with no messages) and any other dataclass."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import lmcodec as lc
import lmcodec.llm as L

from .llm_support import llm, needs_llm

pytestmark = needs_llm


def _llm_objects() -> list[Any]:
    lp = llm.parts
    attachment = llm.Attachment(content=b"ab", type="image/png")
    parts = [
        lp.TextPart("hello", provider_metadata={"g": {"s": "x"}}),
        lp.ReasoningPart("why", redacted=True),
        lp.ToolCallPart(name="f", arguments={"a": 1}, tool_call_id="c1"),
        lp.ToolResultPart(name="f", output="2", tool_call_id="c1", attachments=[attachment]),
        lp.AttachmentPart(attachment=attachment),
    ]
    return [*parts, lp.Message(role="assistant", parts=parts), attachment]


def _ids(objects: list[Any]) -> list[str]:
    return [type(o).__name__ for o in objects]


@pytest.mark.parametrize("function", [L.encode, L.to_builtins], ids=["encode", "to_builtins"])
@pytest.mark.parametrize("obj", _llm_objects(), ids=_ids(_llm_objects()))
def test_llm_objects_are_refused_naming_from_llm(function: Any, obj: Any) -> None:
    with pytest.raises(lc.EncodeError, match=r"lc\.llm\.from_llm"):
        function(obj)


@pytest.mark.parametrize("obj", _llm_objects(), ids=_ids(_llm_objects()))
def test_from_llm_is_what_llm_writes(obj: Any) -> None:
    """The conversion the refusal names gives llm's own JSON, which llm reads back."""
    expected = obj.to_dict() if hasattr(obj, "to_dict") else llm.parts._attachment_to_dict(obj)
    written = L.encode(L.from_llm(obj))
    assert written == json.dumps(expected, separators=(",", ":"), ensure_ascii=False).encode()


def test_a_live_llm_response_is_refused_naming_from_llm(mock_model: Any) -> None:
    response = mock_model.prompt("hi")
    with pytest.raises(lc.EncodeError, match=r"lc\.llm\.from_llm"):
        L.encode(response)
    assert (
        L.encode(L.from_llm(response))
        == json.dumps(response.to_dict(), separators=(",", ":"), ensure_ascii=False).encode()
    )


def test_canonical_structs_are_refused_naming_lc_encode() -> None:
    response = lc.Response(
        id="r", model="m", message=lc.Message.assistant("yo"), finish_reason="stop", usage=lc.Usage()
    )
    for function, name in ((L.encode, "encode"), (L.to_builtins, "to_builtins")):
        with pytest.raises(lc.EncodeError, match=rf"lc\.{name}\(\) writes it"):
            function(response)
        with pytest.raises(lc.EncodeError, match=r"lc\.llm\.from_turn"):
            function(lc.TextPart("x"))


def test_other_dataclasses_are_refused() -> None:
    @dataclasses.dataclass
    class Note:
        text: str

    with pytest.raises(lc.EncodeError, match="dataclass"):
        L.encode(Note("x"))


def test_builtins_and_subclasses_still_encode() -> None:
    class Text(L.TextPart, frozen=True, tag="text"):
        pass

    assert L.encode({"type": "text", "text": "x"}) == b'{"type":"text","text":"x"}'
    assert L.encode([1, "a"]) == b'[1,"a"]'
    assert L.encode(Text("x")) == b'{"type":"text","text":"x"}'
