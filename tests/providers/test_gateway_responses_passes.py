"""The gateway's Responses passes on one decode of the body (``_gateway_read._responses_passes``),
against the slow way they ran before: each pass decoding the bytes the one before gave, searching
them for its mark, and encoding its changes, then the gateway reader reading the last bytes (typed
path first). Hypothesis over Codex-like bodies (custom tools and calls, ``strict: false``, GA web
search, replayed reasoning, phases, hosted items, SDK keys, ``tool_choice: "none"`` beside
``parallel_tool_calls``, escaped marks): the same body read, Request, notes, custom calls and
replayed items, or the same refusal. Then the typed views' one-decode reading of such a body
(``_gateway_read._replayed_read``) against those passes (``read_by_passes``, the old path kept as
the oracle), read by read and through ``translate_request``, on those bodies and on Codex sessions
(most of which that reading takes)."""

from __future__ import annotations

import json
import re
from typing import Any
from unittest import mock

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _gateway_read, _translate_request, crossing
from lmcodec.providers._crossing_custom_calls import MARK as CUSTOM_MARK
from lmcodec.providers._crossing_custom_calls import custom_calls_in
from lmcodec.providers._gateway_read import (
    _read,
    _replayed_read,
    read_by_passes,
    read_client_body,
)
from lmcodec.providers._replayed_responses_items import MARKS as REPLAYED_MARKS
from lmcodec.providers._replayed_responses_items import client_paths, replayed_items_out
from lmcodec.providers._typed_readings import TYPED_READERS
from lmcodec.providers._web_search_tools import web_search_tools_in

from ..budget import examples

DESTINATIONS = ("openai", "openai_chat", "anthropic", "gemini")


def _ascii_unescaped(raw: bytes) -> bytes:
    """``raw`` with its ``\\u00XX`` escapes of ASCII characters written as the characters."""
    return re.sub(rb"\\u00([0-7][0-9a-fA-F])", lambda escape: bytes([int(escape[1], 16)]), raw)


def _pass_on_bytes(run: Any, marks: tuple[bytes, ...], raw: bytes) -> tuple[bytes, Any]:
    """One pass as it ran before: its mark searched in ``raw`` (as its bytes, or spelled with
    escapes: red team 22 F06), which it decoded, changed and encoded."""
    if not any(mark in raw or mark in _ascii_unescaped(raw) for mark in marks):
        return raw, None
    try:
        value = msgspec.json.decode(raw)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return raw, None
    made = run(value)
    return (raw, None) if made is None else (msgspec.json.encode(value), made)


def _slow_reading(destination: str, raw: bytes, model: str | None) -> Any:
    """``read_client_body("openai", ...)`` as it was: three passes on bytes, then the reader on bytes."""
    raw, replayed = _pass_on_bytes(lambda v: replayed_items_out(v, destination), REPLAYED_MARKS, raw)
    raw, custom = _pass_on_bytes(lambda v: custom_calls_in(v, destination), (CUSTOM_MARK,), raw)
    web = (b'"web_search',)
    raw, searches = _pass_on_bytes(
        lambda v: web_search_tools_in(v, destination) if isinstance(v, dict) else None, web, raw
    )
    try:
        request, unsigned = _read("openai", raw, model)
    except lc.ValidationError as unread:
        if unread.path != "$.parallel_tool_calls":
            raise
        value = msgspec.json.decode(raw)
        parallel = value.pop("parallel_tool_calls")
        raw = msgspec.json.encode(value)
        request, unsigned = _read("openai", raw, model)
        if destination == "openai":
            extensions = {**(request.config.extensions or {}), "parallel_tool_calls": parallel}
            request = msgspec.structs.replace(
                request, config=msgspec.structs.replace(request.config, extensions=extensions)
            )
        else:
            unsigned = (*unsigned, _parallel_note(parallel, destination))
    if searches is not None:
        unsigned = (*searches.notes, *unsigned)
    if custom is not None:
        unsigned = (*custom.notes, *unsigned)
    if searches is not None and destination == "openai":
        extensions = {**(request.config.extensions or {}), "tools": searches.sent}
        request = msgspec.structs.replace(
            request, config=msgspec.structs.replace(request.config, extensions=extensions)
        )
    if replayed is not None:
        unsigned = (*replayed.notes, *client_paths(tuple(unsigned), replayed))
    custom = custom if destination == "openai" else None  # (its items go back to Responses only)
    return raw, request, tuple(unsigned), custom, replayed


def _parallel_note(parallel: bool, destination: str) -> lc.Adaptation:
    return lc.Adaptation(
        field="$.parallel_tool_calls",
        action="dropped",
        reason=f"beside tool_choice 'none' it says nothing: no call is allowed ({destination} gets none)",
        asked=parallel,
    )


def _outcome(read: Any) -> Any:
    """A reading's parts, or its refusal (the file and image blocks a reading records for the
    Responses builder are left out: ``test_crossing_sdk_blocks.py`` holds what they do)."""
    try:
        raw, request, notes, custom, replayed = read()[:5]
    except lc.LmcodecError as error:
        return (type(error).__name__, str(error), getattr(error, "path", None))
    return (bytes(raw), msgspec.json.encode(request), request, notes, custom, replayed)


_TEXT = st.sampled_from(["", "hi", "Let me look.", "é\u2028", "custom_tool_call", '"phase"'])
_PHASE = st.one_of(st.sampled_from(["commentary", "final_answer"]), st.none(), st.integers(0, 2))
_ID = st.one_of(st.none(), st.sampled_from(["rs_1", "rs_2", ""]))


@st.composite
def _item(draw: Any, i: int) -> Any:
    kind = draw(st.integers(0, 16))
    if kind == 0:
        item: dict[str, Any] = {"type": "reasoning", "summary": []}
        if draw(st.booleans()):
            item["id"] = draw(_ID)
        if draw(st.booleans()):
            item["encrypted_content"] = "gAAAA" + draw(st.sampled_from(["", "x" * 20]))
        if draw(st.booleans()):
            item["summary"] = [{"type": "summary_text", "text": draw(_TEXT)}]
        return item
    if kind == 1:
        block: dict[str, Any] = {"type": "output_text", "text": draw(_TEXT)}
        if draw(st.booleans()):
            block["annotations"] = draw(st.sampled_from([[], [{"type": "url_citation", "url": "u"}]]))
        item = {"type": "message", "role": "assistant", "content": [block]}
        if draw(st.booleans()):
            item["id"] = f"msg_{i}"
        if draw(st.booleans()):
            item["phase"] = draw(_PHASE)
        return item
    if kind == 2:
        arguments = draw(st.sampled_from(['{"command": ["cat", "a.py"]}', "{}", "[1]", '{"a": ']))
        item = {"type": "function_call", "call_id": f"call_s{i % 3}", "name": "shell", "arguments": arguments}
        if draw(st.booleans()):
            item["id"] = f"fc_{i}"
        return item
    if kind == 3:
        return {"type": "function_call_output", "call_id": f"call_s{i % 3}", "output": draw(_TEXT)}
    if kind == 4:
        item = {"type": "custom_tool_call", "call_id": f"call_p{i % 3}", "name": "apply_patch"}
        if draw(st.booleans()):
            item["input"] = draw(st.one_of(_TEXT, st.integers(0, 1)))
        if draw(st.booleans()):
            item["id"] = f"ctc_{i}"
            item["status"] = "completed"
        return item
    if kind == 5:
        return {"type": "custom_tool_call_output", "call_id": f"call_p{i % 3}", "output": draw(_TEXT)}
    if kind == 6:
        return {"type": "web_search_call", "id": f"ws_{i}", "status": "completed", "action": {"query": "q"}}
    if kind == 7:
        return {
            "type": "message",
            "role": "developer",
            "content": [{"type": "input_text", "text": draw(_TEXT)}],
        }
    if kind == 8:
        block = {"type": "input_file", "file_data": "data:application/pdf;base64,AAAA", "filename": "a.pdf"}
        return {"role": "user", "content": [block]}
    if kind == 9:
        return {"type": draw(st.sampled_from(["item_reference", "file_search_call", "message"])), "id": "x"}
    if kind == 10:  # keys where a pass leaves them, or takes them with the item
        item = draw(
            st.sampled_from([{"type": "function_call", "call_id": "c", "name": "f"}, {"role": "user"}])
        )
        item = {
            **item,
            draw(st.sampled_from(["phase", "input"])): draw(st.sampled_from([None, "commentary", "x"])),
        }
        return {**item, "content": "hi"} if "role" in item else item
    if kind == 11:  # a custom call or output with an output item's keys, a phase, a list output
        item = {"type": "custom_tool_call", "call_id": f"call_p{i % 3}", "name": "apply_patch", "input": "x"}
        if draw(st.booleans()):
            item = {"type": "custom_tool_call_output", "call_id": f"call_p{i % 3}"}
            item["output"] = draw(st.sampled_from(["ok", [{"type": "input_text", "text": "ok"}], None]))
        extra = draw(
            st.sampled_from([{}, {"id": "ctc"}, {"status": None}, {"phase": "commentary"}, {"role": "x"}])
        )
        return {**item, **extra}
    if kind == 12:  # a hosted item of the reader's keys only
        return {"type": "web_search_call", "id": f"ws_{i}", "status": "completed"}
    return {"role": "user", "content": draw(_TEXT) or "go"}


_TOOLS = st.lists(
    st.sampled_from(
        [
            {
                "type": "custom",
                "name": "apply_patch",
                "description": "Edit files.",
                "format": {"type": "grammar", "syntax": "lark", "definition": "start: x"},
            },
            {
                "type": "function",
                "name": "shell",
                "strict": False,
                "parameters": {"type": "object", "properties": {}},
            },
            {
                "type": "function",
                "name": "shell",
                "strict": True,
                "parameters": {"type": "object", "properties": {}},
            },
            {"type": "function", "name": "look"},
            {"type": "web_search"},
            {"type": "web_search_2025_08_26", "search_context_size": "low"},
            {"type": "web_search_preview"},
        ]
    ),
    max_size=4,
    unique_by=lambda tool: tool.get("name", tool["type"]),
)


@st.composite
def codex_bodies(draw: Any) -> bytes:
    count = draw(st.integers(0, 8))
    body: dict[str, Any] = {"model": "gpt-5-codex", "input": [draw(_item(i)) for i in range(count)]}
    if draw(st.booleans()):
        body["instructions"] = "You are Codex."
    tools = draw(_TOOLS)
    if tools:
        body["tools"] = tools
    choice = draw(st.sampled_from([None, "auto", "none"]))
    if choice is not None:
        body["tool_choice"] = choice
    if draw(st.booleans()):
        body["parallel_tool_calls"] = draw(st.booleans())
    if draw(st.booleans()):
        body["reasoning"] = {"effort": "medium", "summary": "auto"}
        body["include"] = ["reasoning.encrypted_content"]
        body["max_output_tokens"] = draw(st.sampled_from([100, 64000]))
    if draw(st.booleans()):
        body["store"] = False
        body["prompt_cache_key"] = "abc"
    raw = json.dumps(body).encode()
    escape = draw(st.sampled_from([None, b'"custom_tool_call', b'"web_search', b'"phase"', b'_call"']))
    if escape is not None:  # a mark the client spelled with an escape: read as the mark
        at = 1 if escape[:1] == b'"' else 0
        raw = raw.replace(escape, escape[:at] + b"\\u%04x" % escape[at] + escape[at + 1 :])
    return raw


@st.composite
def _round(draw: Any, i: int) -> list[Any]:
    """One round of a Codex session: reasoning, commentary, a shell call and a patch, each maybe."""
    items: list[Any] = []
    if draw(st.booleans()):
        keys = draw(st.sampled_from([("id", "encrypted_content"), ("encrypted_content", "id"), ("id",)]))
        item: dict[str, Any] = {"type": "reasoning", "summary": []}
        for key in keys:
            item[key] = f"rs_{i}" if key == "id" else "gAAAA" + "x" * 20
        if draw(st.booleans()):
            item["summary"] = [{"type": "summary_text", "text": "thinking"}]
        items.append(item)
    if draw(st.booleans()):
        item = {"type": "message", "role": "assistant", "id": f"msg_{i}"}
        phase = draw(st.sampled_from(["commentary", "final_answer", None, "absent"]))
        if phase != "absent":
            item["phase"] = phase
        item["content"] = [{"type": "output_text", "text": draw(_TEXT) or "ok", "annotations": []}]
        items.append(item)
    if draw(st.booleans()):
        call = {"type": "function_call", "id": f"fc_{i}", "call_id": f"call_s{i}", "name": "shell"}
        call["arguments"] = '{"command": ["cat", "a.py"]}'
        items += [call, {"type": "function_call_output", "call_id": f"call_s{i}", "output": draw(_TEXT)}]
    if draw(st.booleans()):
        custom = {
            "type": "custom_tool_call",
            "call_id": f"call_p{i}",
            "name": "apply_patch",
            "input": draw(_TEXT),
        }
        if draw(st.booleans()):
            custom = {"id": f"ctc_{i}", **custom, "status": "completed"}
        output = {"type": "custom_tool_call_output", "call_id": f"call_p{i}", "output": draw(_TEXT)}
        items += [custom, output]
    if draw(st.integers(0, 9)) == 0:
        items.append({"role": "user", "content": "go on"})
    return items


@st.composite
def codex_sessions(draw: Any) -> bytes:
    """A Codex session's body (``benchmarks/requests_codex_shape.py``'s shape), each part maybe: most
    of them read, where :func:`codex_bodies` are mostly refused."""
    items: list[Any] = [
        {"type": "message", "role": "developer", "content": [{"type": "input_text", "text": "Be brief."}]},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Fix a.py"}]},
    ]
    for i in range(draw(st.integers(0, 4))):
        items += draw(_round(i))
    if draw(st.integers(0, 9)) == 0:
        items.append(draw(_item(len(items))))
    body: dict[str, Any] = {"model": "gpt-5-codex", "instructions": "You are Codex.", "input": items}
    tools = draw(_TOOLS)
    if tools:
        body["tools"] = tools
    body["tool_choice"] = draw(st.sampled_from(["auto", "none", "required"]))
    body["parallel_tool_calls"] = draw(st.booleans())
    if draw(st.booleans()):
        body["reasoning"] = {"effort": draw(st.sampled_from(["low", "medium", "high"])), "summary": "auto"}
        body["include"] = ["reasoning.encrypted_content"]
    if draw(st.booleans()):
        body["max_output_tokens"] = draw(st.sampled_from([100, 64000]))
    body["store"] = False
    body["stream"] = draw(st.booleans())
    if draw(st.booleans()):
        body["prompt_cache_key"] = "abc"
    raw = json.dumps(body).encode()
    escape = draw(st.sampled_from([None, None, b'"custom_tool_call', b'"web_search', b'"phase"']))
    if escape is not None:  # a mark the client spelled with an escape: read as the mark
        raw = raw.replace(escape, escape[:1] + b"\\u%04x" % escape[1] + escape[2:])
    return raw


_BODIES = st.one_of(codex_bodies(), codex_sessions())


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_BODIES, st.sampled_from(DESTINATIONS), st.sampled_from([None, "claude-sonnet-4-5"]))
def test_one_decode_reads_as_the_passes_on_bytes(body: bytes, destination: str, model: str | None) -> None:
    fast = _outcome(lambda: read_by_passes("openai", destination, body, model))
    slow = _outcome(lambda: _slow_reading(destination, body, model))
    assert fast == slow


_CODEX = {
    "model": "gpt-5-codex",
    "instructions": "You are Codex.",
    "input": [
        {"type": "message", "role": "developer", "content": [{"type": "input_text", "text": "Be brief."}]},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Fix a.py"}]},
        {
            "type": "reasoning",
            "id": "rs_0",
            "summary": [{"type": "summary_text", "text": "t"}],
            "encrypted_content": "gAAAA",
        },
        {
            "type": "message",
            "role": "assistant",
            "id": "msg_0",
            "phase": "commentary",
            "content": [{"type": "output_text", "text": "Let me look.", "annotations": []}],
        },
        {"type": "function_call", "id": "fc_0", "call_id": "call_s0", "name": "shell", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_s0", "output": "print('hi')"},
        {
            "type": "custom_tool_call",
            "id": "ctc_0",
            "call_id": "call_p0",
            "name": "apply_patch",
            "input": "*** Begin",
        },
        {"type": "custom_tool_call_output", "call_id": "call_p0", "output": "Success."},
    ],
    "tools": [
        {
            "type": "custom",
            "name": "apply_patch",
            "format": {"type": "grammar", "syntax": "lark", "definition": "s"},
        },
        {
            "type": "function",
            "name": "shell",
            "strict": False,
            "parameters": {"type": "object", "properties": {}},
        },
        {"type": "web_search"},
    ],
    "tool_choice": "auto",
    "parallel_tool_calls": False,
    "reasoning": {"effort": "medium", "summary": "auto"},
    "store": False,
    "stream": True,
    "include": ["reasoning.encrypted_content"],
    "prompt_cache_key": "abc",
}


def test_the_codex_shape_reads_as_the_passes_on_bytes() -> None:
    """A Codex body (``benchmarks/requests_codex_shape.py``'s shape), every destination: read alike,
    and each of its passes ran."""
    body = json.dumps(_CODEX).encode()
    for destination in DESTINATIONS:
        fast = _outcome(lambda d=destination: read_by_passes("openai", d, body, None))
        assert fast == _outcome(lambda d=destination: _slow_reading(d, body, None))
        raw, _, _, notes, custom, replayed = fast
        assert replayed is not None  # the custom calls' items are kept for Responses alone:
        assert (custom is not None) == (destination == "openai")
        assert destination == "openai" or "substituted" in {note.action for note in notes}
        assert b'"web_search_preview"' in raw


def test_a_dated_web_search_is_read_the_one_way() -> None:
    """A body with ``web_search_2025_08_26`` the typed path takes goes to the passes (which read it
    as ``web_search_preview``), as one whose items the typed path refuses does: it took it under
    its own name, and the crossing's notes named it so for some bodies and not for others."""
    tools = [{"type": "web_search_2025_08_26", "search_context_size": "low"}]
    plain = json.dumps({"model": "gpt-5", "input": "hi", "tools": tools}).encode()
    replayed = {"type": "function_call", "id": "fc_1", "call_id": "c", "name": "f", "arguments": "{}"}
    items = [
        {"role": "user", "content": "hi"},
        replayed,
        {"type": "function_call_output", "call_id": "c", "output": "ok"},
    ]
    with_calls = json.dumps({"model": "gpt-5", "input": items, "tools": tools}).encode()
    for body in (plain, with_calls):
        assert TYPED_READERS["openai"](body, None) is None
        for destination in DESTINATIONS:
            built = lc.translate_request("openai", destination, body)
            asked = [note.asked for note in built.adaptations if note.field == "tools[0]"]
            assert asked in (
                [],
                [{"type": "builtin", "name": "web_search", "config": {"search_context_size": "low"}}],
            )
            if destination == "openai":
                assert json.loads(built.body)["tools"] == tools


def _read_whole(read: Any) -> Any:
    """A reading's Request, notes, custom calls and replayed items, or its refusal (the body as
    read left out: the typed views' reading gives the client's, the passes their encoding of it)."""
    outcome = _outcome(read)
    return outcome if isinstance(outcome[0], str) else outcome[1:]


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_BODIES, st.sampled_from(DESTINATIONS), st.sampled_from([None, "claude-sonnet-4-5"]))
def test_the_typed_views_read_as_the_passes(body: bytes, destination: str, model: str | None) -> None:
    """``read_client_body`` (the typed views' one decode, where they take the body) against
    ``read_by_passes`` (the passes, then the typed path or the walker): the same Request, notes,
    custom calls and replayed items, or the same refusal."""
    fast = _read_whole(lambda: read_client_body("openai", destination, body, model))
    assert fast == _read_whole(lambda: read_by_passes("openai", destination, body, model))
    if not isinstance(fast[0], str):  # the stream flag: handed over by the views, else searched for
        streams = read_client_body("openai", destination, body, model)[-1]
        searched = read_by_passes("openai", destination, body, model)[-1]
        assert searched is None
        assert streams is None or streams is _translate_request._body_streams(body)


def rewritten(body: bytes) -> bytes:
    """``body`` as msgspec writes its value: the typed views' reading puts an item back to
    Responses as the client's bytes (its white space and escapes as sent), the passes as the item
    decoded and encoded again; the same JSON value, key order included."""
    return msgspec.json.encode(msgspec.json.decode(body))


def _translated(body: bytes, destination: str, model: str | None, stream: bool | None) -> Any:
    try:
        built = lc.translate_request("openai", destination, body, model=model, stream=stream)
    except lc.LmcodecError as error:
        return (type(error).__name__, str(error), getattr(error, "path", None))
    built = msgspec.structs.replace(built, body=rewritten(built.body))
    return msgspec.json.encode(built), built


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    _BODIES,
    st.sampled_from(DESTINATIONS),
    st.sampled_from([None, "claude-sonnet-4-5", "gemini-2.5-pro"]),
    st.sampled_from([None, True, False]),
)
def test_translate_request_is_the_passes_one(
    body: bytes, destination: str, model: str | None, stream: bool | None
) -> None:
    """``translate_request`` with the typed views' reading and with the passes' one (the old path,
    put in its place): the same body sent, notes and refusals. Without ``stream=``, the flag the
    typed views decoded (``read_client_body``'s last part) against the passes', searched for in
    the bytes."""
    fast = _translated(body, destination, model, stream)
    with mock.patch.object(_translate_request, "read_client_body", read_by_passes):
        assert fast == _translated(body, destination, model, stream)


def test_the_typed_views_take_the_codex_shape() -> None:
    """The Codex shape (phases, custom calls and tool, ``strict: false``, GA web search) is read by
    the typed views, whatever the destination; to Responses its custom items, phases and tools go
    back as it sent them."""
    body = json.dumps(_CODEX).encode()
    for destination in DESTINATIONS:
        read = _replayed_read(body, destination, None)
        assert read is not None
        _, notes, custom, replayed, _, _, streams = read
        assert (custom is not None) == (destination == "openai") and replayed is not None
        assert len(notes) == (0 if destination == "openai" else 2)  # the phase, the custom call
        assert streams is True  # (handed over: the gateway does not search the bytes for it)
    sent = json.loads(lc.translate_request("openai", "openai", body).body)

    def kept(items: list[Any]) -> list[Any]:
        return [
            item.get("phase") or item for item in items if "custom" in item.get("type", "") or "phase" in item
        ]

    assert kept(sent["input"]) == kept(_CODEX["input"]) != []
    assert sent["tools"] == _CODEX["tools"]


@pytest.mark.parametrize("destination", DESTINATIONS)
def test_a_second_web_search_beside_a_phase_is_noted_by_the_typed_views_too(destination: str) -> None:
    """A replayed ``phase`` beside two web searches (the second with its own options): the typed
    views' one decode reads it, and drops the second search with the note the passes make (the two
    changes met on merged main: the views' reading left that note out)."""
    body = json.dumps(
        {
            "model": "gpt-5",
            "input": [
                {"role": "user", "content": "hi"},
                {
                    "type": "message",
                    "role": "assistant",
                    "phase": "final_answer",
                    "content": [{"type": "output_text", "text": "yo"}],
                },
                {"role": "user", "content": "again"},
            ],
            "tools": [
                {"type": "web_search"},
                {"type": "web_search", "filters": {"allowed_domains": ["a.com"]}},
            ],
        }
    ).encode()
    assert _replayed_read(body, destination, None) is not None
    fast = _read_whole(lambda: read_client_body("openai", destination, body, None))
    assert fast == _read_whole(lambda: read_by_passes("openai", destination, body, None))
    fields = [note.field for note in fast[2]]
    assert fields == ([] if destination == "openai" else ["$.input[1].phase", "$.tools[1]"])


@pytest.mark.parametrize("destination", DESTINATIONS)
def test_an_escaped_phase_key_is_read_as_the_key(destination: str) -> None:
    """``"ph\\u0061se"`` is the key ``"phase"``: the body goes where the plain one goes, with the same
    notes, and to Responses with its phase (red team 22 F06: refused for every destination, as the
    passes looked for the key's bytes)."""
    plain = json.dumps(
        {
            "model": "gpt-5-codex",
            "input": [
                {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Fix a.py"}]},
                {
                    "type": "message",
                    "role": "assistant",
                    "id": "msg_0",
                    "phase": "commentary",
                    "content": [{"type": "output_text", "text": "Looking.", "annotations": []}],
                },
            ],
        }
    ).encode()
    escaped = plain.replace(b'"phase"', b'"ph\\u0061se"')
    assert json.loads(escaped) == json.loads(plain)
    model = "claude-sonnet-4-5" if destination == "anthropic" else None
    read, expected = (
        lc.translate_request("openai", destination, body, model=model) for body in (escaped, plain)
    )
    assert (rewritten(read.body), read.adaptations) == (rewritten(expected.body), expected.adaptations)
    if destination == "openai":
        assert json.loads(read.body)["input"][1]["phase"] == "commentary"


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_BODIES, st.sampled_from(DESTINATIONS))
def test_the_typed_views_survey_is_the_walk_s(body: bytes, destination: str) -> None:
    """The survey the typed views' reading of a Codex body records (``read_client_body``'s seventh
    part) is ``crossing.survey``'s walk of its Request; None only where that reading did not run,
    went to Responses (no survey is made for the same dialect) or a call id names two functions."""
    try:
        reading = read_client_body("openai", destination, body, None)
    except lc.LmcodecError:
        return
    request, found = reading[1], reading[6]
    if found is not None:
        assert found == crossing.survey(request)
    elif destination != "openai" and _gateway_read._replayed_read(body, destination, None) is not None:
        names: dict[str, str] = {}
        calls = [
            part for message in request.messages for part in message.parts if type(part) is lc.ToolCallPart
        ]
        assert any(names.setdefault(call.id, call.name) != call.name for call in calls)


def test_the_codex_shape_is_surveyed_as_it_is_read() -> None:
    """The Codex shape to another dialect: the gateway takes the reading's survey, no walk of its own."""
    body = json.dumps(_CODEX).encode()
    with mock.patch.object(crossing, "survey", side_effect=AssertionError("surveyed")):
        lc.translate_request("openai", "anthropic", body, model="claude-sonnet-4-5")
