"""Differential tests: llm objects built by llm's own code (offline mock model) vs lmcodec.llm.

For every scenario, ``r.to_dict()`` is serialized with ``json.dumps`` as llm's
docs do; lmcodec decodes it and must re-encode the same JSON value with the
same key order, and ``reloaded(apply_model(...))`` must equal llm's
``Response.from_dict(d).to_dict()``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

import lmcodec.llm as L
from lmcodec.errors import ValidationError

from .llm_support import StreamEvent, llm, same_json

pytestmark = pytest.mark.skipif(llm is None, reason="llm is not installed")
pydantic = pytest.importorskip("pydantic", reason="llm's Options are pydantic models")

PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c63646060f80f00010401005f2d4b3a0000000049454e44ae426082"
)


def _ev(type_: str, chunk: str = "", **kw: Any) -> Any:
    return StreamEvent(type=type_, chunk=chunk, **kw)


def sc_plain(m: Any) -> Any:
    m.push("Hello", " there!", usage={"input": 3, "output": 2})
    return m.prompt("Say hi")


def sc_system_options(m: Any) -> Any:
    m.push("Bonjour.", usage={"input": 9, "output": 2, "details": {"cached_tokens": 0}})
    return m.prompt(
        "Translate hello",
        system="You translate to French.",
        options={"temperature": 0.2, "max_tokens": 50, "stop": ["\n\n"]},
    )


def sc_reasoning(m: Any) -> Any:
    m.push(
        _ev("reasoning", "Let me think", provider_metadata={"anthropic": {"signature": "sig=="}}),
        _ev("text", "42"),
        _ev("reasoning", "", redacted=True),  # hoisted to the front by llm
        _ev("text", "."),
        # metadata-only reasoning (llm 0.36): kept in place, not hoisted
        _ev("reasoning", "", provider_metadata={"anthropic": {"redacted_data": "opaque"}}),
        usage={"input": 5, "output": 7, "details": {"output_tokens_details": {"reasoning_tokens": 64}}},
    )
    return m.prompt("Meaning of life?", reasoning_effort="high")


def sc_tool_calls(m: Any) -> Any:
    m.push(
        _ev("text", "Checking."),
        _ev("tool_call_name", "weather", tool_call_id="call_1"),
        _ev("tool_call_args", '{"city": "Par', tool_call_id="call_1"),
        _ev("tool_call_args", 'is", "units": null}', tool_call_id="call_1"),
        _ev("tool_call_name", "time", tool_call_id="call_2"),
        _ev("tool_call_args", "{not json", tool_call_id="call_2"),
        _ev("tool_call_name", "calc"),
        _ev("tool_call_args", '{"x": NaN, "big": 123456789012345678901234567890}'),
        _ev("tool_call_name", "noargs", tool_call_id="call_4"),
        tool_calls=[llm.ToolCall(name="late", arguments={"b": 1, "a": 2})],
        usage={"output": 12},
    )
    return m.prompt("Weather in Paris?")


def sc_server_tools_multi_message(m: Any) -> Any:
    m.push(
        _ev("text", "Searching", message_index=0),
        _ev("tool_call_name", "web_search", tool_call_id="ws_1", server_executed=True,
            provider_metadata={"openai": {"id": "ws_1", "status": "completed"}}, message_index=0),
        _ev("tool_call_args", '{"query": "x"}', tool_call_id="ws_1", server_executed=True,
            message_index=0),
        _ev("tool_result", "results...", tool_call_id="ws_1", tool_name="web_search",
            server_executed=True, message_index=0),
        _ev("text", "Found it.", message_index=1, provider_metadata={"gemini": {"thoughtSignature": "t"}}),
    )  # fmt: skip
    return m.prompt("Search")


def sc_attachments(m: Any) -> Any:
    m.push("A pixel.")
    return m.prompt(
        "Describe",
        attachments=[
            llm.Attachment(type="image/png", content=PNG),
            llm.Attachment(type="image/jpeg", url="https://example.com/c%C3%A9.jpg?x=1&y=é"),
            llm.Attachment(type="application/pdf", path="./docs//a.pdf"),
        ],
    )


def sc_tool_results_via_prompt(m: Any) -> Any:
    m.push("Done.")
    return m.prompt(
        "Continue",
        tool_results=[
            llm.ToolResult(name="weather", output='{"t": 20}', tool_call_id="call_1"),
            llm.ToolResult(
                name="div",
                output="Error: division by zero",
                tool_call_id="",
                exception=ZeroDivisionError("division by zero"),
                attachments=[llm.Attachment(type="text/plain", content=b"log\n")],
            ),
        ],
    )


def sc_chain_with_tools(m: Any) -> Any:
    def multiply(a: int, b: int) -> int:
        "Multiply two numbers."
        return a * b

    m.push(
        _ev("tool_call_name", "multiply", tool_call_id="c1"),
        _ev("tool_call_args", '{"a": 6, "b": 7}', tool_call_id="c1"),
        tool_calls=[llm.ToolCall(name="multiply", arguments={"a": 6, "b": 7}, tool_call_id="c1")],
    )
    m.push("The answer is 42.", usage={"input": 20, "output": 5})
    chain = m.chain("What is 6*7?", tools=[multiply])
    responses = list(chain.responses())
    assert len(responses) == 2
    return responses[-1]


def sc_reply(m: Any) -> Any:
    m.push("First.")
    first = m.prompt("One")
    m.push("Second.")
    return first.reply("Two", options={"max_tokens": 5})


def sc_conversation(m: Any) -> Any:
    conv = m.conversation()
    m.push("A")
    conv.prompt("1", system="sys").text()
    m.push("B")
    conv.prompt("2").text()
    m.push("C", usage={"input": 1})
    return conv.prompt("3")


def sc_explicit_messages(m: Any) -> Any:
    m.push("ok")
    return m.prompt(
        messages=[
            llm.system("Be terse."),
            llm.user("Hi", provider_metadata={"custom": {"k": [1, 2]}}),
            llm.assistant("Hello"),
            llm.parts.Message(role="developer", parts=[]),
            llm.user("Again", llm.Attachment(type="image/png", content=PNG)),
        ]
    )


def sc_empty_output(m: Any) -> Any:
    m.push()
    return m.prompt("Nothing")


def sc_unicode(m: Any) -> Any:
    m.push("日本語 🎉 \u2028 \x00 \t\n", _ev("reasoning", "é" * 3))
    return m.prompt("ünïcödé \U0001f600 \\ \" '")


SCENARIOS: dict[str, Callable[[Any], Any]] = {
    name.removeprefix("sc_"): fn for name, fn in globals().items() if name.startswith("sc_")
}


def _has_nonfinite(value: Any) -> bool:
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, dict):
        return any(_has_nonfinite(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_nonfinite(v) for v in value)
    return False


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_response_to_dict(name: str, mock_model: Any) -> None:
    response = SCENARIOS[name](mock_model)
    d = response.to_dict()
    assert not mock_model.scripts
    text = json.dumps(d)
    ours = L.decode(text.encode())
    out = L.encode(ours)
    assert same_json(out, d)
    if not _has_nonfinite(d):
        assert json.loads(out) == d
    from_dict = L.from_builtins(json.loads(text))
    assert json.dumps(L.to_builtins(from_dict)) == json.dumps(L.to_builtins(ours))
    if not _has_nonfinite(d):
        assert from_dict == ours
    # Each message and part on its own
    for m in d["prompt"]["messages"] + d["messages"]:
        assert same_json(L.encode(L.decode(json.dumps(m).encode(), L.Message)), m)
        for p in m["parts"]:
            assert same_json(L.encode(L.decode(json.dumps(p).encode(), L.Part)), p)
    # What llm writes after reading the record back
    again = llm.Response.from_dict(json.loads(text)).to_dict()
    assert same_json(L.encode(L.reloaded(L.apply_model(ours))), again)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_llm_reads_what_we_write(name: str, mock_model: Any) -> None:
    d = SCENARIOS[name](mock_model).to_dict()
    ours = L.decode(json.dumps(d).encode())
    back = llm.Response.from_dict(json.loads(L.encode(ours))).to_dict()
    expected = llm.Response.from_dict(json.loads(json.dumps(d))).to_dict()
    assert json.dumps(back) == json.dumps(expected)


def test_scenarios_cover_the_format(mock_model: Any) -> None:
    """The scenarios exercise every part type and optional key llm writes."""
    seen: set[str] = set()
    for fn in SCENARIOS.values():
        d = fn(mock_model).to_dict()
        seen.update(f"response.{k}" for k in d)
        seen.update(f"prompt.{k}" for k in d["prompt"])
        for m in d["prompt"]["messages"] + d["messages"]:
            seen.update(f"message.{k}" for k in m)
            for p in m["parts"]:
                seen.update(f"{p['type']}.{k}" for k in p)
                for a in [p.get("attachment", {}), *p.get("attachments", [])]:
                    seen.update(f"attachment.{k}" for k in a)
    expected = {
        "response.id", "response.usage", "response.datetime_utc", "prompt.options", "prompt.system",
        "message.provider_metadata", "text.provider_metadata", "reasoning.redacted",
        "reasoning.provider_metadata", "tool_call.tool_call_id", "tool_call.server_executed",
        "tool_call.provider_metadata", "tool_result.exception", "tool_result.attachments",
        "tool_result.server_executed", "attachment.attachment", "attachment.type", "attachment.url",
        "attachment.path", "attachment.content",
    }  # fmt: skip
    assert expected <= seen, expected - seen


# --- Python construction: the same values give the same dict as llm's to_dict ---------


def _llm_att(**kw: Any) -> Any:
    return llm.Attachment(**kw)


def _our_att(**kw: Any) -> Any:
    return L.Attachment(**kw)


CONSTRUCTIONS: list[tuple[str, dict[str, Any]]] = [
    ("TextPart", {"text": "x"}),
    ("TextPart", {"text": "", "provider_metadata": {}}),
    ("TextPart", {"text": "x", "provider_metadata": {"gemini": {"thoughtSignature": "s"}}}),
    ("ReasoningPart", {"text": "", "redacted": True}),
    ("ReasoningPart", {"text": "t", "redacted": 0, "provider_metadata": None}),
    ("ToolCallPart", {"name": "f", "arguments": {}}),
    ("ToolCallPart", {"name": "f", "arguments": {"a": [1, {"b": None}]}, "tool_call_id": ""}),
    ("ToolCallPart", {"name": "f", "arguments": {}, "tool_call_id": "c", "server_executed": True}),
    ("ToolResultPart", {"name": "f", "output": "o", "exception": "", "attachments": []}),
    (
        "ToolResultPart",
        {
            "name": "f",
            "output": "o",
            "tool_call_id": "c",
            "exception": "ValueError: x",
            "attachments": [("att", {}), ("att", {"type": "text/plain", "content": b"hi"})],
            "provider_metadata": {"p": 1},
        },
    ),
    ("AttachmentPart", {}),
    ("AttachmentPart", {"attachment": ("att", {})}),
    ("AttachmentPart", {"attachment": ("att", {"type": "", "url": "", "path": "", "content": b""})}),
    ("AttachmentPart", {"attachment": ("att", {"url": "https://x/y", "path": "p", "content": PNG})}),
]


def _build(maker: Callable[..., Any], att: Callable[..., Any], kw: dict[str, Any]) -> Any:
    def conv(v: Any) -> Any:
        if isinstance(v, tuple) and v and v[0] == "att":
            return att(**v[1])
        if isinstance(v, list):
            return [conv(x) for x in v]
        return v

    return maker(**{k: conv(v) for k, v in kw.items()})


@pytest.mark.parametrize(("cls", "kwargs"), CONSTRUCTIONS)
def test_construction_matches_llm_to_dict(cls: str, kwargs: dict[str, Any]) -> None:
    theirs = _build(getattr(llm.parts, cls), _llm_att, kwargs).to_dict()
    ours = _build(getattr(L, cls), _our_att, kwargs)
    assert same_json(L.encode(ours), theirs)
    msg_theirs = llm.parts.Message(role="user", parts=[_build(getattr(llm.parts, cls), _llm_att, kwargs)])
    msg_ours = L.Message("user", [ours])
    assert same_json(L.encode(msg_ours), msg_theirs.to_dict())


# --- apply_model: the model-dependent half of Response.from_dict ----------------------


def _record(**prompt: Any) -> Any:
    return L.from_builtins({"model": "mock", "prompt": {"messages": [], **prompt}, "messages": []})


def test_apply_model_resolves_aliases_and_coerces_options(mock_model: Any) -> None:
    r = L.from_builtins(
        {
            "model": "mock-alias",
            "prompt": {"messages": [], "options": {"temperature": 1, "stop": "x", "max_tokens": "42"}},
            "messages": [],
        }
    )
    got = L.apply_model(r)
    assert got.model == "mock"
    # coerced values, in the Options class's field order (as dict(Options) iterates)
    assert list((got.prompt.options or {}).items()) == [
        ("max_tokens", 42),
        ("temperature", 1.0),
        ("stop", "x"),
    ]
    expected = llm.Response.from_dict(L.to_builtins(r)).to_dict()
    minted = expected.pop("id")  # no id in the record: llm mints one
    assert same_json(L.encode(L.reloaded(got)), expected)
    assert L.reloaded(got, new_id=lambda: minted).id == minted


@pytest.mark.parametrize(
    ("prompt", "path"),
    [
        ({"options": {"frobnicate": 1}}, "$.prompt.options.frobnicate"),
        ({"options": {"max_tokens": "lots"}}, "$.prompt.options.max_tokens"),
        ({"options": {"": None}}, '$.prompt.options[""]'),  # None-valued, but still refused
        ({"options": {"unknown": None, "temperature": 0.5}}, "$.prompt.options.unknown"),
    ],
)
def test_apply_model_rejects_what_llm_rejects(mock_model: Any, prompt: Any, path: str) -> None:
    r = _record(**prompt)
    with pytest.raises(Exception):  # noqa: B017 - llm raises pydantic's ValidationError
        llm.Response.from_dict(L.to_builtins(r) | {"prompt": prompt | {"messages": []}})
    with pytest.raises(ValidationError) as info:
        L.apply_model(r)
    assert info.value.path == path


def test_apply_model_model_errors(mock_model: Any) -> None:
    unknown = L.from_builtins({"model": "no-such-model-xyz"})
    with pytest.raises(ValidationError) as info:
        L.apply_model(unknown)
    assert info.value.path == "$.model"
    chain = {"messages": [{"role": "user", "parts": []}, {"role": "assistant", "parts": []}]}
    noconv = L.from_builtins({"model": "noconv", "prompt": chain})
    with pytest.raises(ValidationError) as info:
        L.apply_model(noconv)
    assert info.value.path == "$.prompt.messages[1].role"
    # an explicit model= skips the registry, as Response.from_dict(model=...) does
    assert L.apply_model(unknown, model=mock_model).model == "mock"


@pytest.mark.parametrize("name", ["", None, 5, ["mock"]])
def test_apply_model_refuses_a_model_name_that_is_not_a_non_empty_string(mock_model: Any, name: Any) -> None:
    """llm.get_model("") and get_model(None) return the default model; a payload naming no
    model must not be checked against one it did not name."""
    import llm

    assert llm.get_model("").model_id == llm.get_model(None).model_id  # the substitution guarded
    response = msgspec.structs.replace(L.from_builtins({"model": "mock"}), model=name)
    with pytest.raises(ValidationError) as info:
        L.apply_model(response)
    assert info.value.path == "$.model"
    assert L.apply_model(response, model=mock_model).model == "mock"


if llm is not None:

    class FloatOptions(llm.Options):  # type: ignore[misc,name-defined]
        temperature: float | None = None
        top_p: float | None = pydantic.Field(default=None, ge=0.0, le=1.0)
        penalties: list[float] | None = None
        max_tokens: int | None = None
        extra: dict[str, Any] | None = None
        anything: Any = None

    class FloatModel(llm.Model):  # type: ignore[misc,name-defined]
        model_id = "floats"
        Options = FloatOptions

        def execute(self, prompt: Any, stream: Any, response: Any, conversation: Any) -> Any:
            yield "ok"


@pytest.mark.parametrize(
    "options",
    [
        '{"temperature":NaN}',
        '{"temperature":Infinity,"top_p":0.5}',
        '{"temperature":-Infinity}',
        '{"temperature":1e400}',
        '{"temperature":"nan","penalties":[NaN,1,"-inf",0.5]}',
        '{"extra":{"x":NaN,"y":[Infinity]},"anything":[-Infinity,{"z":NaN}]}',
        '{"top_p":NaN}',
        '{"top_p":Infinity}',
        '{"top_p":-Infinity}',
        '{"max_tokens":NaN}',
        '{"max_tokens":Infinity}',
    ],
)
def test_apply_model_keeps_nan_and_infinity_options_as_llm_writes_them(options: str) -> None:
    """llm 0.36's Options keep a NaN or infinite float (coerced from a string, read from
    ``1e400``, inside lists and dicts) and ``to_dict`` hands it to ``json.dumps``, which writes
    ``NaN``/``Infinity``; lmcodec wrote ``null`` there, which llm reads as the option not set
    (red-team finding 6). Where the Options refuse the value, both refuse it."""
    model = FloatModel()
    data = b'{"model":"floats","prompt":{"messages":[],"options":%s},"messages":[]}' % options.encode()
    try:
        expected = llm.Response.from_dict(json.loads(data), model=model).to_dict()
    except pydantic.ValidationError:
        with pytest.raises(ValidationError, match=r"floats: "):
            L.apply_model(L.decode(data), model=model)
        return
    minted = expected.pop("id")
    got = L.reloaded(L.apply_model(L.decode(data), model=model), new_id=lambda: minted)
    assert L.encode(got) == json.dumps(expected | {"id": minted}, separators=(",", ":")).encode()
    again = llm.Response.from_dict(json.loads(L.encode(got)), model=model).to_dict()
    assert same_json(L.encode(got), again)
