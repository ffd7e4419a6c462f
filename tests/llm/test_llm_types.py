"""lmcodec.llm.types: shapes, key order, construction rules (llm's to_dict emission rules)."""

from __future__ import annotations

import base64
import typing

import msgspec
import pytest

import lmcodec.llm as L
from lmcodec.llm import types as T


def enc(obj: object) -> bytes:
    return L.encode(obj)


def test_public_names() -> None:
    assert L.__all__ == sorted(L.__all__)
    for name in L.__all__:
        assert getattr(L, name) is not None
    assert set(T.__all__) <= set(L.__all__)


@pytest.mark.parametrize(
    ("cls", "fields"),
    [
        (L.Attachment, ("type", "url", "path", "content")),
        (L.TextPart, ("text", "provider_metadata")),
        (L.ReasoningPart, ("text", "redacted", "provider_metadata")),
        (
            L.ToolCallPart,
            ("name", "arguments", "tool_call_id", "server_executed", "provider_metadata"),
        ),
        (
            L.ToolResultPart,
            (
                "name",
                "output",
                "tool_call_id",
                "server_executed",
                "exception",
                "attachments",
                "provider_metadata",
            ),
        ),
        (L.AttachmentPart, ("attachment", "provider_metadata")),
        (L.Message, ("role", "parts", "provider_metadata")),
        (L.Prompt, ("messages", "options", "system")),
        (L.Usage, ("input", "output", "details")),
        (L.Response, ("model", "prompt", "messages", "id", "usage", "datetime_utc")),
    ],
)
def test_field_order_is_llm_emission_order(cls: type, fields: tuple[str, ...]) -> None:
    assert cls.__struct_fields__ == fields  # type: ignore[attr-defined]
    assert cls.__struct_config__.frozen  # type: ignore[attr-defined]


def test_part_tags() -> None:
    tags = [cls.__struct_config__.tag for cls in typing.get_args(L.Part)]
    assert tags == ["text", "reasoning", "tool_call", "tool_result", "attachment"]
    assert {cls.__struct_config__.tag_field for cls in typing.get_args(L.Part)} == {"type"}


def test_tag_is_written_first_and_required_keys_always() -> None:
    assert enc(L.TextPart("")) == b'{"type":"text","text":""}'
    assert enc(L.ReasoningPart("")) == b'{"type":"reasoning","text":""}'
    assert enc(L.ToolCallPart("f", {})) == b'{"type":"tool_call","name":"f","arguments":{}}'
    assert enc(L.ToolResultPart("", "")) == b'{"type":"tool_result","name":"","output":""}'
    assert enc(L.AttachmentPart()) == b'{"type":"attachment"}'
    assert enc(L.Message("user", [])) == b'{"role":"user","parts":[]}'
    assert enc(L.Prompt([])) == b'{"messages":[]}'
    assert enc(L.Usage()) == b"{}"
    assert enc(L.Attachment()) == b"{}"
    assert enc(L.Response("m", L.Prompt([]), [])) == (b'{"model":"m","prompt":{"messages":[]},"messages":[]}')


def test_optional_keys_written_like_llm() -> None:
    # tool_call_id / exception: written whenever not None, "" included
    assert enc(L.ToolCallPart("f", {}, "")) == (
        b'{"type":"tool_call","name":"f","arguments":{},"tool_call_id":""}'
    )
    part = L.ToolResultPart("f", "o", exception="")
    assert enc(part) == b'{"type":"tool_result","name":"f","output":"o","exception":""}'
    # booleans only when true
    assert b"redacted" not in enc(L.ReasoningPart("t", False))
    assert enc(L.ReasoningPart("", True)).endswith(b',"redacted":true}')
    assert b"server_executed" in enc(L.ToolCallPart("f", {}, server_executed=True))
    # usage details: written when not None, {} included
    assert enc(L.Usage(input=1, details={})) == b'{"input":1,"details":{}}'


def test_construction_applies_to_dict_rules() -> None:
    assert L.TextPart("x", {}).provider_metadata is None
    assert L.Message("user", [], {}).provider_metadata is None
    assert L.ReasoningPart("", 1).redacted is True  # type: ignore[arg-type]
    assert L.ReasoningPart("", 0).redacted is False  # type: ignore[arg-type]
    assert L.ToolCallPart("f", {}, server_executed="yes").server_executed is True  # type: ignore[arg-type]
    assert L.ToolResultPart("f", "o", attachments=()).attachments == []  # type: ignore[arg-type]
    assert L.Message("user", (L.TextPart("x"),)).parts == [L.TextPart("x")]  # type: ignore[arg-type]
    assert L.Prompt([], {"a": None, "b": 1}, "").options == {"b": 1}  # type: ignore[arg-type]
    assert L.Prompt([], {"a": None}).options is None
    assert L.Prompt([], system="").system is None
    assert L.Response("m", L.Prompt([]), [], id="").id is None
    assert L.Attachment(type="", url="", path="").type is None
    # usage without input/output is never written by llm
    assert L.Response("m", L.Prompt([]), [], usage=L.Usage(details={"x": 1})).usage is None


def test_attachment_content() -> None:
    png = b"\x89PNG\r\n\x1a\n"
    a = L.Attachment(type="image/png", content=png)  # type: ignore[arg-type]
    assert a.content == base64.b64encode(png).decode()
    assert L.Attachment(content=b"").content is None  # type: ignore[arg-type]
    assert L.Attachment(content="").content is None
    # base64 text is normalized like llm's reader: b64decode is not validating
    assert L.Attachment(content="-__-AQ==").content == "AQ=="
    assert L.Attachment(content="AQ=\n=").content == "AQ=="
    assert L.Attachment(content="AR==").content == "AQ=="  # non-zero trailing bits
    with pytest.raises(ValueError, match="Incorrect padding"):
        L.Attachment(content="abc")
    with pytest.raises(TypeError):
        L.Attachment(content=5)  # type: ignore[arg-type]


def test_attachment_is_keyword_only() -> None:
    with pytest.raises(TypeError):
        L.Attachment("image/png")  # type: ignore[misc]


def test_empty_attachment_part() -> None:
    # llm: AttachmentPart(Attachment()).to_dict() writes {} ...
    assert enc(L.AttachmentPart(L.Attachment())) == b'{"type":"attachment","attachment":{}}'
    assert enc(L.AttachmentPart(attachment=L.Attachment(type=""))) == (
        b'{"type":"attachment","attachment":{}}'
    )
    # ... which llm reads back as no attachment
    assert L.decode(b'{"type":"attachment","attachment":{}}', L.Part) == L.AttachmentPart()
    # but a non-empty dict with only falsy/unknown values is an (empty) attachment
    for body in (b'{"type":null}', b'{"type":""}', b'{"id":"x"}', b'{"content":""}'):
        part = L.decode(b'{"type":"attachment","attachment":' + body + b"}", L.Part)
        assert part == L.AttachmentPart(L.Attachment()), body


def test_frozen_and_attribute_errors() -> None:
    p = L.TextPart("x")
    with pytest.raises(AttributeError):
        p.text = "y"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        _ = p.redacted  # type: ignore[attr-defined]


def test_positional_order() -> None:
    assert L.ToolCallPart("f", {"a": 1}, "c1", True, {"p": 1}) == L.ToolCallPart(
        name="f", arguments={"a": 1}, tool_call_id="c1", server_executed=True,
        provider_metadata={"p": 1},
    )  # fmt: skip
    assert L.ToolResultPart("f", "o", "c1", False, exception="E: x").exception == "E: x"
    assert L.Message("user", []).role == "user"
    with pytest.raises(TypeError, match="pass exception, attachments, provider_metadata by keyword"):
        L.ToolResultPart("f", "o", "c1", False, "E: x")  # type: ignore[misc]
    with pytest.raises(TypeError):
        L.Message()  # type: ignore[call-arg]


def test_equality_and_repr() -> None:
    assert L.TextPart("x") == L.TextPart("x")
    assert L.TextPart("x") != L.ReasoningPart("x")
    assert repr(L.TextPart("x")) == "TextPart(text='x')"
    assert hash(L.Usage(1, 2)) == hash(L.Usage(1, 2))
    assert L.Message("user", (L.TextPart("x"),)) == L.Message("user", [L.TextPart("x")])  # type: ignore[arg-type]


def test_msgpack_round_trip() -> None:
    """Opaque payloads are plain Any (not msgspec.Raw), so MessagePack stays correct."""
    r = L.Response(
        "m",
        L.Prompt([L.Message("user", [L.TextPart("hi")])], {"temperature": 0.5}),
        [L.Message("assistant", [L.ToolCallPart("f", {"b": 2, "a": [None, 1.5]})])],
        id="x",
        usage=L.Usage(1, 2, {"k": {"z": 1, "a": 2}}),
    )
    back = msgspec.msgpack.decode(msgspec.msgpack.encode(r), type=L.Response)
    assert back == r
    assert list(back.messages[0].parts[0].arguments) == ["b", "a"]  # type: ignore[union-attr]
