"""The survey a reader's typed path records while it reads (``_crossing_survey.Seen``), checked
against ``crossing.survey``'s walk of the Request, and what it hands over besides (the Responses
tools flagged ``strict: true``, the stream flag, an Anthropic body's having no cache mark), each
against the body's: the typed-path tests of each reader call :func:`check_recorded_survey` on
every body their fast path takes."""

from __future__ import annotations

import json

import lmcodec as lc
from lmcodec.providers import crossing
from lmcodec.providers._typed_readings import TYPED_READERS


def check_recorded_survey(source: str, body: bytes, typed: lc.Request, model: str | None = None) -> None:
    """The gateway's typed reading of ``body`` gives ``typed`` (the reader's fast path's Request),
    and what it recorded of the parts is ``crossing.survey``'s answer for it (None only where a
    call id names two functions: the results are named after their calls then, and the gateway
    surveys them)."""
    surveyed = TYPED_READERS[source](body, model)
    assert surveyed is not None
    request, found, notes, strict_tools, streams, unmarked, replayed, repeated = surveyed
    assert repeated is None  # (toward another dialect the survey says it)
    assert notes == ()
    assert replayed is None  # (items go back as sent to Responses only: TYPED_WITHOUT_SURVEY's)
    assert strict_tools == _flagged_strict(source, body)
    assert streams is (source != "gemini" and json.loads(body).get("stream") is True)
    assert not (unmarked and marked_places(json.loads(body)))
    assert request == typed
    assert lc.encode(request) == lc.encode(typed)
    if found is None:
        assert not _one_name_a_call_id(typed)
    else:
        assert found == crossing.survey(typed)


def marked_places(value: object) -> list[str]:
    """The places of an Anthropic body's ``cache_control`` marks, as ``json.loads`` reads it: its
    system blocks, tools, message blocks and a tool result's blocks (where the gateway notes them)."""
    if not isinstance(value, dict):
        return []
    places: list[str] = []

    def marked(blocks: object, path: str) -> None:
        for k, block in enumerate(blocks if isinstance(blocks, list) else []):
            if isinstance(block, dict) and "cache_control" in block:
                places.append(f"{path}[{k}]")

    marked(value.get("system"), "$.system")
    marked(value.get("tools"), "$.tools")
    rows = value.get("messages")
    for i, row in enumerate(rows if isinstance(rows, list) else []):
        content = row.get("content") if isinstance(row, dict) else None
        marked(content, f"$.messages[{i}].content")
        for j, block in enumerate(content if isinstance(content, list) else []):
            if isinstance(block, dict) and block.get("type") == "tool_result":
                marked(block.get("content"), f"$.messages[{i}].content[{j}].content")
    return places


def _flagged_strict(source: str, body: bytes) -> frozenset[str]:
    """The function tools a Responses body flags ``strict: true``, as ``json.loads`` reads it (the
    gateway's strictness hand-off: ``_crossing_strict.strict_asked``); none for the other dialects."""
    tools = json.loads(body).get("tools") if source == "openai" else None
    return frozenset(
        tool["name"]
        for tool in tools or ()
        if isinstance(tool, dict) and tool.get("type") == "function" and tool.get("strict") is True
    )


def _one_name_a_call_id(request: lc.Request) -> bool:
    names: dict[str, str] = {}
    for message in request.messages:
        for part in message.parts:
            if isinstance(part, lc.ToolCallPart) and names.setdefault(part.id, part.name) != part.name:
                return False
    return True
