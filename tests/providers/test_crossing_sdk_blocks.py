"""Responses -> Responses: a file's filename and a file-id image's detail put back through the
builder's hand-off (``_crossing_sdk_blocks``: the reading records the client's blocks, the builder's
payload gets their keys before it is encoded), against the way they were put back before (kept here
as the reference): the built body and the client's body decoded again, the keys set, the body
encoded again. The same bytes and notes, or the same refusal, on bodies drawn around red team 24's
reproducers (F03: a tool output's file or image; F05: a message's file-id image with a detail), and
a custom tool call's output of blocks (explore18)."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import msgspec
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _translate_same_dialect
from lmcodec.providers.openai._read_lenient import DETAIL, FILENAME
from lmcodec.wire import _float_literals

from ..budget import examples
from .gateway_support import responses_accepts
from .untyped_decodes import untyped_decodes

PDF = "data:application/pdf;base64,JVBERi0xLjQK"
_PUT_BACK = {DETAIL: "detail", FILENAME: "filename"}


def _blocks_on_bytes(value: Any) -> list[dict[str, Any]]:
    """The blocks the put-back pairs, as ``_crossing_sdk_blocks._blocks`` was written (bf98580), with
    a custom tool call output's blocks (explore18: an explore run found its image's detail dropped)."""
    out: list[dict[str, Any]] = []
    items = value.get("input") if isinstance(value, dict) else None
    for item in items if isinstance(items, list) else ():
        if not isinstance(item, dict):
            continue
        output = item.get("type") in ("function_call_output", "custom_tool_call_output")
        blocks = item.get("output" if output else "content")
        for block in blocks if isinstance(blocks, list) else ():
            if not isinstance(block, dict):
                continue
            kind = block.get("type")
            if (kind == "input_file" and block.get("file_data") is not None) or (
                kind == "input_image" and block.get("file_id") is not None
            ):
                out.append(block)
    return out


def _source(block: dict[str, Any]) -> tuple[Any, ...]:
    return block.get("type"), block.get("file_id"), block.get("file_data")


def _sdk_blocks_back_on_bytes(
    raw: bytes, body: bytes, notes: tuple[lc.Adaptation, ...]
) -> tuple[bytes, tuple[lc.Adaptation, ...]]:
    """``sdk_blocks_back`` as it was (bf98580): both bodies decoded, the keys set, encoded again."""
    if not any(note.reason in _PUT_BACK for note in notes):
        return body, notes
    asked = _blocks_on_bytes(msgspec.json.decode(raw))
    value = msgspec.json.decode(body)
    built = _blocks_on_bytes(value)
    if len(asked) != len(built) or any(_source(a) != _source(b) for a, b in zip(asked, built, strict=True)):
        return body, notes
    for client, block in zip(asked, built, strict=True):
        for key in _PUT_BACK.values():
            if key in client:
                block[key] = client[key]
    return msgspec.json.encode(value), tuple(note for note in notes if note.reason not in _PUT_BACK)


def _outcome(run: Any) -> Any:
    try:
        return run()
    except lc.LmcodecError as exc:
        return type(exc).__name__, str(exc), getattr(exc, "path", None)


def _handed_off(body: bytes, model: str | None) -> Any:
    return _outcome(lambda: msgspec.json.encode(lc.translate_request("openai", "openai", body, model=model)))


def _on_bytes(body: bytes, model: str | None) -> Any:
    """The same call the way it was: built without the hand-off, then put back on the bytes."""

    def run() -> bytes:
        with mock.patch.object(_translate_same_dialect, "sdk_blocks_noted", lambda notes: False):
            built = lc.translate_request("openai", "openai", body, model=model)
        sent, notes = _sdk_blocks_back_on_bytes(body, built.body, built.adaptations)
        return msgspec.json.encode(msgspec.structs.replace(built, body=sent, adaptations=notes))

    return _outcome(run)


_DETAILS = st.one_of(st.sampled_from(["low", "high", "auto"]), st.sampled_from([None, "original", ""]))
_ABSENT = object()


def _with(block: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    return block if value is _ABSENT else {**block, key: value}


@st.composite
def _block(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["text", "image_id", "image_url", "file_data", "file_id", "file_url"]))
    if kind == "text":
        return {"type": "input_text", "text": draw(st.sampled_from(["sum", "", "detail"]))}
    detail = draw(st.one_of(st.just(_ABSENT), _DETAILS))
    if kind == "image_id":
        return _with(
            {"type": "input_image", "file_id": draw(st.sampled_from(["file-a", "file-b"]))}, "detail", detail
        )
    if kind == "image_url":
        return _with({"type": "input_image", "image_url": "https://example.com/a.png"}, "detail", detail)
    filename = draw(
        st.one_of(st.sampled_from([_ABSENT, "report.pdf", "file.pdf"]), st.sampled_from(["file.png", None]))
    )
    if kind == "file_data":
        data = draw(
            st.sampled_from(
                [PDF, "data:image/png;base64,iVBORw0K"] * 3 + ["data:application/pdf;name=a;base64,AA"]
            )
        )
        block = {"type": "input_file", "file_data": data}
        if draw(st.booleans()):  # the openai SDK writes the filename first
            block = {"type": "input_file", "filename": "x", "file_data": data}
            return block if filename is _ABSENT else {**block, "filename": filename}
        return _with(block, "filename", filename)
    if draw(st.integers(0, 7)):  # (a filename beside a file's id or url is refused, now and then drawn)
        filename = _ABSENT
    if kind == "file_id":
        return _with({"type": "input_file", "file_id": "file-d"}, "filename", filename)
    return _with({"type": "input_file", "file_url": "https://example.com/a.pdf"}, "filename", filename)


@st.composite
def _bodies(draw: st.DrawFn) -> bytes:
    """A tool loop whose messages and tool outputs hold files and images (F03, F05), with now and
    then what the gateway's other passes read: a custom call and output (its output of blocks
    too), a phase, a hosted-tool item holding blocks, a string item, keys spelled with escapes."""
    items: list[Any] = []
    tools: list[Any] = [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}]
    for turn in range(draw(st.integers(1, 3))):
        items.append({"role": "user", "content": draw(st.lists(_block(), min_size=1, max_size=3))})
        extra = draw(
            st.sampled_from(
                ["none", "none", "custom", "custom", "phase", "hosted", "hosted"] + ["string"] * (turn == 2)
            )
        )
        if extra == "phase":
            items.append(
                {
                    "type": "message",
                    "role": "assistant",
                    "phase": "commentary",
                    "content": [{"type": "output_text", "text": "ok"}],
                }
            )
        elif extra == "hosted":
            items.append(
                {
                    "type": "web_search_call",
                    "id": f"ws_{turn}",
                    "status": "completed",
                    "content": draw(st.lists(_block(), max_size=2)),
                }
            )
        elif extra == "string":
            items.append("stray")
        if extra == "custom":
            if len(tools) == 1:
                tools.append({"type": "custom", "name": "apply_patch"})
            items.append(
                {"type": "custom_tool_call", "call_id": f"p{turn}", "name": "apply_patch", "input": "x"}
            )
            output: Any = draw(st.one_of(st.just("done"), st.lists(_block(), min_size=1, max_size=2)))
            items.append({"type": "custom_tool_call_output", "call_id": f"p{turn}", "output": output})
        items.append({"type": "function_call", "call_id": f"c{turn}", "name": "f", "arguments": "{}"})
        output = draw(st.one_of(st.just("ok"), st.lists(_block(), min_size=1, max_size=3)))
        items.append({"type": "function_call_output", "call_id": f"c{turn}", "output": output})
    text = json.dumps({"model": "gpt-5", "input": items, "tools": tools})
    if draw(st.booleans()):  # a key spelled with an escape: the same JSON
        key = draw(st.sampled_from(['"detail"', '"filename"']))
        text = text.replace(key, key.replace("l", "\\u006c"))
    return text.encode()


_CUSTOM_IMAGE_OUTPUT = (  # explore18's draw: the image's detail went, its note stood
    b'{"model": "gpt-5", "input": [{"role": "user", "content": [{"type": "input_text", "text": "sum"}]}, '
    b'{"type": "custom_tool_call", "call_id": "p0", "name": "apply_patch", "input": "x"}, '
    b'{"type": "custom_tool_call_output", "call_id": "p0", "output": '
    b'[{"type": "input_image", "file_id": "file-a", "detail": "low"}]}, '
    b'{"type": "function_call", "call_id": "c0", "name": "f", "arguments": "{}"}, '
    b'{"type": "function_call_output", "call_id": "c0", "output": "ok"}], '
    b'"tools": [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}, '
    b'{"type": "custom", "name": "apply_patch"}]}'
)


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_bodies(), st.sampled_from([None, "gpt-4.1"]))
@example(_CUSTOM_IMAGE_OUTPUT, None)
def test_the_hand_off_sends_what_the_put_back_on_the_bytes_sent(body: bytes, model: str | None) -> None:
    assert _handed_off(body, model) == _on_bytes(body, model)


_F05 = {
    "role": "user",
    "content": [
        {"type": "input_text", "text": "what is this?"},
        {"type": "input_image", "file_id": "file-abc", "detail": "low"},
    ],
}
_F03_FILE = {
    "type": "input_file",
    "file_data": "data:application/pdf;base64,JVBERi0=",
    "filename": "report.pdf",
}


def _red_team_24_body() -> bytes:
    """F05's message and F03's tool output, in one tool loop."""
    return json.dumps(
        {
            "model": "gpt-5",
            "tools": [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}],
            "input": [
                _F05,
                {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
                {"type": "function_call_output", "call_id": "c1", "output": [_F03_FILE]},
            ],
        }
    ).encode()


def test_red_team_24_s_blocks_go_back_without_a_second_decode() -> None:
    """F03/F05 to Responses: the client's body is decoded once (by the gateway's reading), the built
    body not at all; the keys are in the body sent, their notes withdrawn."""
    body = _red_team_24_body()
    with untyped_decodes(side_effect=_float_literals.decode_any) as counted:
        sent = lc.translate_request("openai", "openai", body)
    assert counted.call_count == 1
    assert json.loads(sent.body)["input"] == json.loads(body)["input"]
    assert [note for note in sent.adaptations if note.field.startswith("$.")] == []
    responses_accepts(sent.body)


_IMAGE_BY_ID = {"type": "input_image", "file_id": "file-a", "detail": "high"}


@pytest.mark.parametrize(
    "message", [[], [{"role": "user", "content": [_IMAGE_BY_ID]}]], ids=["alone", "beside"]
)
def test_a_custom_tool_outputs_blocks_go_back_as_sent(message: list[dict[str, Any]]) -> None:
    """A custom tool call's output of blocks to Responses: its file-id image's detail and its file's
    filename go back as the client sent them, no note left. They were dropped (the detail with a note
    when alone; beside a message's image, whose put-back withdrew every note, without one)."""
    body = json.dumps(
        {
            "model": "gpt-5",
            "tools": [{"type": "custom", "name": "apply_patch"}],
            "input": [
                *message,
                {"type": "custom_tool_call", "call_id": "p0", "name": "apply_patch", "input": "x"},
                {
                    "type": "custom_tool_call_output",
                    "call_id": "p0",
                    "output": [{**_IMAGE_BY_ID, "detail": "low"}, _F03_FILE],
                },
            ],
        }
    ).encode()
    sent = lc.translate_request("openai", "openai", body)
    assert json.loads(sent.body)["input"] == json.loads(body)["input"]
    assert sent.adaptations == ()
    responses_accepts(sent.body)
