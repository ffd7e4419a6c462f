"""The gateway's Chat reading takes the SDK keys out before the dict walker (red-team F10): a body
the typed path refuses for ``strict: true``, a message ``name`` or a file ``filename`` is no longer
walked only to be refused. Differential against the old order (typed, walker, keys out, read
again): the same Request and notes, or the same error with the same path; and the walker runs
once at most."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.errors import LmcodecError, ValidationError
from lmcodec.providers.gemini import read as gemini_read
from lmcodec.providers.gemini._read_lenient import sdk_responses_out as gemini_responses_out
from lmcodec.providers.openai import read as responses_read
from lmcodec.providers.openai._read_lenient import sdk_keys_out as responses_keys_out
from lmcodec.providers.openai_chat import read as chat_read
from lmcodec.providers.openai_chat._read_lenient import sdk_keys_out
from lmcodec.wire import Adaptation


def _old_order(body: bytes, model: str | None = None) -> tuple[lc.Request, tuple[Adaptation, ...]]:
    """The reading before F10: the whole path (typed, then walker) first, the keys out on refusal."""
    unsigned: list[Adaptation] = []
    try:
        request = chat_read._decode_request(body, unsigned, model)
    except ValidationError:
        lenient = sdk_keys_out(body)
        if lenient is None:
            raise
        body, unsigned = lenient
        request = chat_read._decode_request(body, unsigned, model)
    return request, tuple(unsigned)


def _base() -> dict[str, Any]:
    calls = [lc.tool_call(f"call_{i}", "get_weather", {"city": f"C{i}"}) for i in range(3)]
    results = [lc.tool_result(f"call_{i}", f"{i} degrees") for i in range(3)]
    tool = lc.FunctionTool(
        name="get_weather", description="d", parameters={"type": "object", "properties": {}}
    )
    request = lc.Request(
        "gpt-4.1-mini",
        [
            lc.Message.user("weather?"),
            lc.Message.assistant(calls),
            lc.Message.tool(results),
            lc.Message.user("more?"),
        ],
        tools=(tool,),
    )
    value: dict[str, Any] = json.loads(lc.build_request("openai_chat", request).body)
    return value


_PDF = {
    "type": "file",
    "file": {"file_data": "data:application/pdf;base64,JVBERi0xLjQK", "filename": "a.pdf"},
}


def _variants() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = [("plain", _base())]

    def edit(name: str, change: Any) -> None:
        value = _base()
        change(value)
        out.append((name, value))

    edit("strict true", lambda v: v["tools"][0]["function"].__setitem__("strict", True))
    edit("strict false", lambda v: v["tools"][0]["function"].__setitem__("strict", False))
    edit("strict string", lambda v: v["tools"][0]["function"].__setitem__("strict", "yes"))
    for index in (0, 1, 2, 5):  # user, assistant, tool, user
        edit(f"name on row {index}", lambda v, i=index: v["messages"][i].__setitem__("name", "alice"))
    edit("empty name on assistant", lambda v: v["messages"][1].__setitem__("name", ""))
    edit("name not a string", lambda v: v["messages"][0].__setitem__("name", 3))
    edit(
        "system row named", lambda v: v["messages"].insert(0, {"role": "system", "content": "s", "name": "n"})
    )
    edit(
        "developer row named",
        lambda v: v["messages"].insert(1, {"role": "developer", "content": "s", "name": "n"}),
    )
    edit(
        "file with filename",
        lambda v: v["messages"][-1].__setitem__("content", [{"type": "text", "text": "x"}, _PDF]),
    )
    edit("file in assistant row", lambda v: v["messages"][1].__setitem__("content", [_PDF]))
    edit(
        "filename not a string",
        lambda v: v["messages"][-1].__setitem__(
            "content",
            [
                {
                    "type": "file",
                    "file": {"file_data": "data:application/pdf;base64,JVBERi0xLjQK", "filename": 1},
                }
            ],
        ),
    )
    edit(
        "thinking blocks (walker only)",
        lambda v: v["messages"][1].__setitem__(
            "thinking_blocks", [{"type": "thinking", "thinking": "t", "signature": "s"}]
        ),
    )
    edit(
        "unsigned thinking and strict",
        lambda v: (
            v["messages"][1].__setitem__("thinking_blocks", [{"type": "thinking", "thinking": "t"}]),
            v["tools"][0]["function"].__setitem__("strict", True),
        ),
    )
    edit(
        "thinking blocks and a name",
        lambda v: (
            v["messages"][1].__setitem__(
                "thinking_blocks", [{"type": "thinking", "thinking": "t", "signature": "s"}]
            ),
            v["messages"][0].__setitem__("name", "bob"),
        ),
    )
    edit(
        "strict and another fault after it",
        lambda v: (
            v["tools"][0]["function"].__setitem__("strict", True),
            v["messages"][-1].__setitem__("role", "robot"),
        ),
    )
    edit(
        "strict and another fault before it",
        lambda v: (v["tools"][0]["function"].__setitem__("strict", True), v.__setitem__("n", 2)),
    )
    edit(
        "name and an unknown key",
        lambda v: (v["messages"][0].__setitem__("name", "a"), v.__setitem__("zzz", 1)),
    )
    edit(
        "name and a bad tool call",
        lambda v: (
            v["messages"][0].__setitem__("name", "a"),
            v["messages"][1]["tool_calls"][0].__setitem__("id", 5),
        ),
    )
    edit(
        "no messages, strict",
        lambda v: (v.pop("messages"), v["tools"][0]["function"].__setitem__("strict", True)),
    )
    return out


def _outcome(read: Any, body: bytes, model: str | None) -> Any:
    try:
        request, notes = (
            read(body, model)
            if read in (_old_order, _old_responses_order, _old_gemini_order)
            else read(body, model=model)
        )
    except LmcodecError as exc:
        return (type(exc), str(exc), getattr(exc, "path", None))
    return (request, notes)


@pytest.mark.parametrize("model", [None, "gpt-4o"])
@pytest.mark.parametrize(("name", "value"), _variants(), ids=[name for name, _ in _variants()])
def test_same_reading_as_the_old_order(name: str, value: dict[str, Any], model: str | None) -> None:
    body = json.dumps(value).encode()
    new = _outcome(chat_read.decode_request_without_unsigned_thinking, body, model)
    assert new == _outcome(_old_order, body, model)


def test_not_json_and_not_an_object_err_as_before() -> None:
    for body in (b"{", b"[1]", b"null", b'{"model": 1}'):
        assert _outcome(chat_read.decode_request_without_unsigned_thinking, body, None) == _outcome(
            _old_order, body, None
        )


@pytest.mark.parametrize("key", ["strict", "name", "filename"])
def test_the_walker_runs_less_than_in_the_old_order(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    value = _base()
    if key == "strict":
        value["tools"][0]["function"]["strict"] = True
    elif key == "name":
        value["messages"][0]["name"] = "alice"
    else:
        value["messages"][-1]["content"] = [_PDF]
    body = json.dumps(value).encode()
    walked: list[object] = []
    original = chat_read.decode_walked

    def counting(body: Any, unsigned: Any = None) -> lc.Request:
        walked.append(body)
        return original(body, unsigned)

    monkeypatch.setattr(chat_read, "decode_walked", counting)
    _old_order(body)
    old_walks = len(walked)
    walked.clear()
    _request, notes = chat_read.decode_request_without_unsigned_thinking(body)
    assert [note.action for note in notes] == ["dropped"]
    assert len(walked) == old_walks - 1
    if key != "filename":  # the cleaned body is the typed path's
        assert walked == []


# The Responses reading: the same order, and the same differential.


def _old_responses_order(body: bytes, model: str | None = None) -> tuple[lc.Request, tuple[Adaptation, ...]]:
    unsigned: list[Adaptation] = []
    try:
        request = responses_read._decode_request(body, unsigned, model)
    except ValidationError:
        lenient = responses_keys_out(body)
        if lenient is None:
            raise
        unsigned = lenient.notes
        request = responses_read._decode_request(lenient.body, unsigned, model)
    return request, tuple(unsigned)


def _responses_base() -> dict[str, Any]:
    calls = [lc.tool_call(f"call_{i}", "get_weather", {"city": f"C{i}"}) for i in range(2)]
    results = [lc.tool_result(f"call_{i}", f"{i} degrees") for i in range(2)]
    tool = lc.FunctionTool(
        name="get_weather", description="d", parameters={"type": "object", "properties": {}}
    )
    request = lc.Request(
        "gpt-4.1-mini",
        [
            lc.Message.user("weather?"),
            lc.Message.assistant([lc.TextPart(text="let me see"), *calls]),
            lc.Message.tool(results),
            lc.Message.user("more?"),
        ],
        tools=(tool,),
    )
    value: dict[str, Any] = json.loads(lc.build_request("openai", request).body)
    return value


_DATA = "data:application/pdf;base64,JVBERi0xLjQK"


def _responses_variants() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = [("plain", _responses_base())]
    assistant = next(
        i for i, item in enumerate(_responses_base()["input"]) if item.get("role") == "assistant"
    )

    def edit(name: str, change: Any) -> None:
        value = _responses_base()
        change(value)
        out.append((name, value))

    def last_content(*blocks: dict[str, Any]) -> Any:
        return lambda v: v["input"][-1].__setitem__("content", [{"type": "input_text", "text": "x"}, *blocks])

    edit("filename", last_content({"type": "input_file", "filename": "a.pdf", "file_data": _DATA}))
    edit("lm15's filename", last_content({"type": "input_file", "filename": "file.pdf", "file_data": _DATA}))
    edit("no filename", last_content({"type": "input_file", "file_data": _DATA}))
    edit("filename null", last_content({"type": "input_file", "filename": None, "file_data": _DATA}))
    edit(
        "file_url, data, filename",
        last_content(
            {"type": "input_file", "file_url": "https://x/a.pdf", "filename": "a.pdf", "file_data": _DATA}
        ),
    )
    edit(
        "file_id, data, filename",
        last_content({"type": "input_file", "file_id": "file-1", "filename": "a.pdf", "file_data": _DATA}),
    )
    edit(
        "file_url, data, filename, strict false",
        lambda v: (
            last_content(
                {"type": "input_file", "file_url": "https://x/a", "filename": "a.pdf", "file_data": _DATA}
            )(v),
            v["tools"][0].__setitem__("strict", False),
        ),
    )
    edit(
        "filename, bad data", last_content({"type": "input_file", "filename": "a.pdf", "file_data": "data:x"})
    )
    edit(
        "filename in the assistant message",
        lambda v: v["input"][assistant].__setitem__(
            "content", [{"type": "input_file", "filename": "a.pdf", "file_data": _DATA}]
        ),
    )
    for detail in ("high", "auto", None):
        edit(
            f"image by id, detail {detail}",
            last_content({"type": "input_image", "file_id": "f", "detail": detail}),
        )
    edit(
        "image by id and url, detail high",
        last_content(
            {"type": "input_image", "file_id": "f", "image_url": "https://x/a.png", "detail": "high"}
        ),
    )
    for key, value in (
        ("annotations", [{"type": "url_citation"}]),
        ("annotations", []),
        ("logprobs", [{"t": 1}]),
    ):
        edit(
            f"output_text {key} {value!r}",
            lambda v, k=key, x=value: v["input"][assistant]["content"][0].__setitem__(k, x),
        )
    edit(
        "output_text with annotations in a user message",
        last_content({"type": "output_text", "text": "t", "annotations": [{"type": "url_citation"}]}),
    )
    for strict in (False, True, None, "no"):
        edit(f"strict {strict!r}", lambda v, s=strict: v["tools"][0].__setitem__("strict", s))
    edit(
        "strict false and a filename",
        lambda v: (
            v["tools"][0].__setitem__("strict", False),
            last_content({"type": "input_file", "filename": "a.pdf", "file_data": _DATA})(v),
        ),
    )
    edit(
        "unsigned reasoning and a filename",
        lambda v: (
            v["input"].insert(
                assistant, {"type": "reasoning", "summary": [{"type": "summary_text", "text": "s"}]}
            ),
            last_content({"type": "input_file", "filename": "a.pdf", "file_data": _DATA})(v),
        ),
    )
    edit(
        "unsigned reasoning and file_url, data, filename",
        lambda v: (
            v["input"].insert(
                assistant, {"type": "reasoning", "summary": [{"type": "summary_text", "text": "s"}]}
            ),
            last_content(
                {"type": "input_file", "file_url": "https://x/a", "filename": "a.pdf", "file_data": _DATA}
            )(v),
        ),
    )
    edit(
        "filename and an unknown key",
        lambda v: (
            v.__setitem__("zzz", 1),
            last_content({"type": "input_file", "filename": "a.pdf", "file_data": _DATA})(v),
        ),
    )
    edit(
        "strict false and a bad role",
        lambda v: (v["tools"][0].__setitem__("strict", False), v["input"][0].__setitem__("role", "robot")),
    )
    edit(
        "input not a list, strict false",
        lambda v: (v.__setitem__("input", "hi"), v["tools"][0].__setitem__("strict", False)),
    )
    return out


@pytest.mark.parametrize("model", [None, "gpt-4o"])
@pytest.mark.parametrize(
    ("name", "value"), _responses_variants(), ids=[name for name, _ in _responses_variants()]
)
def test_responses_same_reading_as_the_old_order(name: str, value: dict[str, Any], model: str | None) -> None:
    body = json.dumps(value).encode()
    new = _outcome(responses_read.decode_request_without_unsigned_thinking, body, model)
    assert new == _outcome(_old_responses_order, body, model)


@pytest.mark.parametrize("key", ["filename", "strict", "annotations"])
def test_responses_walker_runs_less_than_in_the_old_order(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    value = _responses_base()
    if key == "filename":
        value["input"][-1]["content"] = [{"type": "input_file", "filename": "a.pdf", "file_data": _DATA}]
    elif key == "strict":
        value["tools"][0]["strict"] = False
    else:
        assistant = next(item for item in value["input"] if item.get("role") == "assistant")
        assistant["content"][0]["annotations"] = [{"type": "url_citation"}]
    body = json.dumps(value).encode()
    walked: list[object] = []
    original = responses_read._decode_walked

    def counting(body: Any, unsigned: Any = None) -> lc.Request:
        walked.append(body)
        return original(body, unsigned)

    monkeypatch.setattr(responses_read, "_decode_walked", counting)
    _old_responses_order(body)
    old_walks = len(walked)
    walked.clear()
    responses_read.decode_request_without_unsigned_thinking(body)
    if key == "strict":  # decode_request keeps it now, on the typed path (issue #15): no walk either way
        assert len(walked) == old_walks == 0
        return
    assert len(walked) == old_walks - 1


# The Gemini reading: function responses in another shape (and code execution parts) rewritten
# before the general path, which refuses each of them.


def _old_gemini_order(body: bytes, model: str | None = None) -> tuple[lc.Request, tuple[Adaptation, ...]]:
    try:
        return gemini_read._decode_request(body, model, leave_out_unsigned=True)
    except ValidationError:
        lenient = gemini_responses_out(body)
        if lenient is None:
            raise
        rewritten, notes = lenient
        request, unsigned = gemini_read._decode_request(rewritten, model, leave_out_unsigned=True)
        return request, (*notes, *unsigned)


def _gemini_base() -> dict[str, Any]:
    calls = [lc.tool_call(f"call_{i}", "get_weather", {"city": f"C{i}"}) for i in range(2)]
    results = [lc.tool_result(f"call_{i}", f"{i} degrees") for i in range(2)]
    request = lc.Request(
        "gemini-2.5-flash",
        [
            lc.Message.user("weather?"),
            lc.Message.assistant(calls),
            lc.Message.tool(results),
            lc.Message.user("more?"),
        ],
    )
    value: dict[str, Any] = json.loads(lc.build_request("gemini", request).body)
    return value


def _snake(value: Any) -> Any:
    if isinstance(value, dict):
        return {
            re.sub(r"([A-Z])", lambda m: "_" + m[1].lower(), k): (
                v if k in ("args", "response") else _snake(v)
            )
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_snake(item) for item in value]
    return value


def _gemini_variants() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = [("plain", _gemini_base())]

    def response(value: dict[str, Any]) -> dict[str, Any]:
        return next(p for c in value["contents"] for p in c["parts"] if "functionResponse" in p)[
            "functionResponse"
        ]

    def edit(name: str, change: Any) -> None:
        value = _gemini_base()
        change(value)
        out.append((name, value))

    for answer in (
        {"output": "x"},
        {"output": {"t": 1}},
        {"temp_c": 18},
        {},
        {"result": 1},
        {"result": "x", "extra": 1},
        {"error": "e"},
        "not an object",
    ):
        edit(f"response {answer!r}", lambda v, a=answer: response(v).__setitem__("response", a))
    code = {"executableCode": {"language": "PYTHON", "code": "print(1)"}}
    model_turn = next(i for i, c in enumerate(_gemini_base()["contents"]) if c["role"] == "model")
    edit("code part in a model turn", lambda v: v["contents"][model_turn]["parts"].insert(0, code))
    edit(
        "a turn of code only", lambda v: v["contents"].insert(model_turn, {"role": "model", "parts": [code]})
    )
    edit(
        "output and an unsigned thought",
        lambda v: (
            response(v).__setitem__("response", {"output": "x"}),
            v["contents"][model_turn]["parts"].insert(0, {"text": "t", "thought": True}),
        ),
    )
    edit(
        "output and a bad role",
        lambda v: (
            response(v).__setitem__("response", {"output": "x"}),
            v["contents"][0].__setitem__("role", "robot"),
        ),
    )
    edit(
        "output in a model turn",
        lambda v: v["contents"][model_turn]["parts"].append(
            {"functionResponse": {"name": "f", "response": {"output": "x"}}}
        ),
    )
    edit(
        "output, snake_case body",
        lambda v: (response(v).__setitem__("response", {"output": "x"}), _snake_in_place(v)),
    )
    edit("snake_case body", _snake_in_place)
    edit("contents not a list, output", lambda v: v.__setitem__("contents", {"parts": []}))
    return out


def _snake_in_place(value: dict[str, Any]) -> None:
    snaked = _snake(value)
    value.clear()
    value.update(snaked)


@pytest.mark.parametrize("model", [None, "gemini-2.5-pro"])
@pytest.mark.parametrize(("name", "value"), _gemini_variants(), ids=[name for name, _ in _gemini_variants()])
def test_gemini_same_reading_as_the_old_order(name: str, value: dict[str, Any], model: str | None) -> None:
    body = json.dumps(value).encode()
    new = _outcome(gemini_read.decode_request_without_unsigned_thinking, body, model)
    assert new == _outcome(_old_gemini_order, body, model)


def test_gemini_general_path_does_not_run_on_a_response_it_would_refuse(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    value = _gemini_base()
    next(p for c in value["contents"] for p in c["parts"] if "functionResponse" in p)["functionResponse"][
        "response"
    ] = {"output": "x"}
    body = json.dumps(value).encode()
    general: list[object] = []
    original = gemini_read._decode_general

    def counting(body: Any, model: Any, unsigned: Any = None) -> lc.Request:
        general.append(body)
        return original(body, model, unsigned)

    monkeypatch.setattr(gemini_read, "_decode_general", counting)
    _old_gemini_order(body)
    old_runs = len(general)
    general.clear()
    _request, notes = gemini_read.decode_request_without_unsigned_thinking(body)
    assert [note.action for note in notes] == ["substituted"]
    assert len(general) == old_runs - 1
