"""cli/_assemble.py: valid streams lm15 1.5.0 reads otherwise than their SDK (lc.assemble keeps
lm15's reading) get a hint from the command (red team 23 F06): a Responses stream ending in
response.failed / response.incomplete was "Stream ended without an end event" and the provider's
error never shown; an Anthropic web-search stream blamed "the adapter"; a Chat stream of two
choices printed "Yes.No." with status 0 and nothing said."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import lmcodec as lc
from lmcodec import cli


def _sse(frames: list[dict[str, object]], named: bool = True) -> bytes:
    return b"".join(
        (f"event: {f['type']}\n" if named else "").encode() + f"data: {json.dumps(f)}\n\n".encode()
        for f in frames
    )


def _response(status: str, **extra: object) -> dict[str, object]:
    usage = {"input_tokens": 3, "output_tokens": 5, "total_tokens": 8}
    return {
        "id": "r1",
        "object": "response",
        "created_at": 1,
        "status": status,
        "model": "m",
        "output": [],
        "usage": usage,
        **extra,
    }


_HEAD = [
    {"type": "response.created", "sequence_number": 0, "response": _response("in_progress")},
    {
        "type": "response.output_text.delta",
        "sequence_number": 1,
        "item_id": "m1",
        "output_index": 0,
        "content_index": 0,
        "delta": "par",
    },
]
_ENDS = {
    "failed": ({"error": {"code": "server_error", "message": "boom"}}, "(error: boom)"),
    "incomplete": ({"incomplete_details": {"reason": "max_output_tokens"}}, "(reason: max_output_tokens)"),
}


def _run(
    tmp_path: Path, provider: str, body: bytes, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    path = tmp_path / "stream.sse"
    path.write_bytes(body)
    status = cli.main(["assemble", provider, str(path)])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("end", _ENDS)
def test_a_responses_stream_that_failed_names_the_end_and_the_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], end: str
) -> None:
    extra, said = _ENDS[end]
    last = {"type": f"response.{end}", "sequence_number": 2, "response": _response(end, **extra)}
    body = _sse([*_HEAD, last])
    with pytest.raises(lc.StreamAssemblyError):  # the library keeps lm15's reading
        lc.assemble(lc.stream.decode("openai", [body]))
    status, _, err = _run(tmp_path, "openai", body, capsys)
    assert status == 1
    assert err.startswith(f"lmcodec: the stream ended with response.{end} {said}: lm15 reads no such end"), (
        err
    )


def test_an_anthropic_server_tool_stream_is_not_blamed_on_an_adapter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    usage = {"input_tokens": 10, "output_tokens": 1}
    start = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "c",
        "content": [],
        "usage": usage,
    }
    tool = {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}
    frames: list[dict[str, object]] = [
        {"type": "message_start", "message": start},
        {"type": "content_block_start", "index": 0, "content_block": tool},
        {
            "type": "content_block_delta",
            "index": 0,
            "delta": {"type": "input_json_delta", "partial_json": "{}"},
        },
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 2}},
        {"type": "message_stop"},
    ]
    status, _, err = _run(tmp_path, "anthropic", _sse(frames), capsys)
    assert status == 1
    assert err.startswith("lmcodec: a server tool (web_search) ran in this stream: lm15 reads its input"), err


def test_a_chat_stream_of_two_choices_is_said_and_not_a_success(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def chunk(index: int, delta: dict[str, object], finish: object = None) -> dict[str, object]:
        choice = {"index": index, "delta": delta, "finish_reason": finish}
        return {
            "id": "c1",
            "object": "chat.completion.chunk",
            "created": 1,
            "model": "m",
            "choices": [choice],
        }

    frames = [
        chunk(0, {"content": "Yes."}),
        chunk(1, {"content": "No."}),
        chunk(0, {}, "stop"),
        chunk(1, {}, "length"),
    ]
    body = _sse(frames, named=False) + b"data: [DONE]\n\n"
    assert lc.assemble(lc.stream.decode("openai_chat", [body])).message.parts == (lc.TextPart("Yes.No."),)
    status, out, err = _run(tmp_path, "openai_chat", body, capsys)
    assert status == 1 and "Yes.No." in out
    assert err.startswith("lmcodec: the stream holds more than one choice (index 1; n > 1)"), err


def test_a_one_choice_chat_stream_gets_no_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A tool call's own "index" (1 here) is no second choice."""
    call = {"index": 1, "id": "t1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    choice = {"index": 0, "delta": {"tool_calls": [call]}, "finish_reason": "tool_calls"}
    frame = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [choice]}
    status, out, err = _run(tmp_path, "openai_chat", _sse([frame], named=False) + b"data: [DONE]\n\n", capsys)
    assert (status, err) == (0, "") and '"name":"f"' in out


_BOM = b"\xef\xbb\xbf"
_GEMINI_ANSWER = {
    "candidates": [{"content": {"role": "model", "parts": [{"text": "Hi"}]}, "finishReason": "STOP"}],
    "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
    "modelVersion": "gemini-2.5-flash",
}
_ANTHROPIC_ANSWER: list[dict[str, object]] = [
    {
        "type": "message_start",
        "message": {
            "id": "m",
            "type": "message",
            "role": "assistant",
            "model": "c",
            "content": [],
            "usage": {},
        },
    },
    {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}},
    {"type": "content_block_stop", "index": 0},
    {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 1}},
    {"type": "message_stop"},
]


@pytest.mark.parametrize(
    ("provider", "body"),
    [("gemini", _sse([_GEMINI_ANSWER], named=False)), ("anthropic", _sse(_ANTHROPIC_ANSWER, named=False))],
)
def test_a_byte_order_mark_hiding_the_first_data_line_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], provider: str, body: bytes
) -> None:
    """The SSE standard drops a leading byte order mark; lm15's field grammar reads it as part of
    the first field name and skips that event (red team 30): the command said the input held no
    data: line (Gemini, one event) or blamed a missing start event (Anthropic)."""
    assert lc.assemble(lc.stream.decode(provider, [body])).message.parts  # readable without the mark
    status, _, err = _run(tmp_path, provider, _BOM + body, capsys)
    assert status == 1
    assert err.startswith(
        "lmcodec: the input starts with a UTF-8 byte order mark before its first data: line"
    ), err


def test_a_byte_order_mark_before_an_event_line_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Behind the mark an event: line loses only the event's name, which the reading does not need."""
    body = _sse(_ANTHROPIC_ANSWER)
    plain = _run(tmp_path, "anthropic", body, capsys)
    marked = _run(tmp_path, "anthropic", _BOM + body, capsys)
    assert plain[0] == 0
    assert marked == plain
