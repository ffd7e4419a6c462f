"""``translate_request`` tries each dialect's typed fast path before the passes over the client's
body (``providers/_gateway_read.py``): a Request the typed path gives must be exactly what
``read_client_body`` (the marks and custom-call passes, then the gateway reader) gives for the same
body, with its notes (none but for a Gemini function response in another shape, ``substituted``)
and no custom call, and a body those passes change must be one the typed path refuses. Bodies: the
fixtures, lm15's bodies of hypothesis requests, and each with an Anthropic-style ``cache_control``
mark (Chat) or a freeform ``custom_tool_call`` (Responses) put in (no pass changes an Anthropic or
Gemini body). A body translated to its own dialect is read by the
same typed paths without their survey (``_typed_readings.TYPED_WITHOUT_SURVEY``): the same Request and
notes, or None where the surveyed path gives None."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import crossing
from lmcodec.providers._gateway_read import read_client_body
from lmcodec.providers._typed_readings import TYPED_READERS, TYPED_WITHOUT_SURVEY

from ..budget import examples
from .openai_request_diff import canonical_requests

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "requests"
DESTINATIONS = ("openai", "openai_chat", "anthropic", "gemini")
SOURCES = tuple(TYPED_READERS)
_MARK = {"type": "ephemeral"}
_CUSTOM_CALL = {
    "type": "custom_tool_call",
    "call_id": "call_c1",
    "name": "apply_patch",
    "input": "*** Begin Patch",
}
_CUSTOM_OUTPUT = {"type": "custom_tool_call_output", "call_id": "call_c1", "output": "Done"}


def _marked(body: bytes, at: int) -> bytes | None:
    """A Chat body with one cache mark: on row ``at`` (mod the rows), on its last block if it has any."""
    value = json.loads(body)
    rows = value.get("messages") or []
    if not rows:
        return None
    row = rows[at % len(rows)]
    content = row.get("content")
    if isinstance(content, list) and content and at % 2:
        content[-1]["cache_control"] = _MARK
    else:
        row["cache_control"] = _MARK
    return json.dumps(value).encode()


def _with_custom_call(body: bytes, at: int) -> bytes | None:
    """A Responses body with a custom tool call and its output inserted at item ``at`` (mod the items)."""
    value = json.loads(body)
    items = value.get("input")
    if not isinstance(items, list):
        return None
    where = at % (len(items) + 1)
    items[where:where] = [_CUSTOM_CALL, _CUSTOM_OUTPUT]
    return json.dumps(value).encode()


def _changed(source: str, body: bytes, at: int) -> bytes | None:
    if source == "openai_chat":
        return _marked(body, at)
    return _with_custom_call(body, at) if source == "openai" else None


def _same_reading(source: str, destination: str, body: bytes, model: str | None = None) -> bool:
    """Whether the typed path took ``body``; where it did, read_client_body agrees with it exactly."""
    typed = TYPED_READERS[source](body, model)
    plain = TYPED_WITHOUT_SURVEY[source](body, model)
    assert (plain is None) == (typed is None)
    if plain is not None and typed is not None:
        assert plain[1] is None
        assert plain[0] == typed[0]
        assert msgspec.json.encode(plain[0]) == msgspec.json.encode(typed[0])
        assert plain[2] == typed[2]
    try:
        slow = read_client_body(source, destination, body, model)
    except lc.ValidationError:
        assert typed is None
        return False
    if typed is None:
        return False
    raw, request, notes, custom, replayed, _, _, strict_tools, streams = slow  # (blocks: anywhere)
    assert raw is body
    assert request == typed[0]
    assert msgspec.json.encode(request) == msgspec.json.encode(typed[0])
    assert typed[1] is None or typed[1] == crossing.survey(request)  # what the reading recorded
    assert notes == typed[2]
    assert source == "gemini" or notes == ()
    assert custom is None
    assert replayed is None
    assert destination == source or strict_tools == typed[3]  # (to its own dialect: not read)
    assert streams is None or streams == typed[4]  # (None: the gateway searches for it)
    return True


def _fixtures(source: str) -> list[bytes]:
    return [path.read_bytes() for path in sorted((FIXTURES / source).glob("*.json"))]


@pytest.mark.parametrize("source", SOURCES)
def test_the_fixtures_read_the_same_either_way(source: str) -> None:
    taken = 0
    for body in _fixtures(source):
        for destination in DESTINATIONS:
            taken += _same_reading(source, destination, body)
            taken += _same_reading(source, destination, body, "claude-sonnet-4-5")
    assert taken  # the typed path takes the usual bodies


@pytest.mark.parametrize("source", SOURCES)
def test_a_body_the_passes_change_is_refused_by_the_typed_path(source: str) -> None:
    for body in _fixtures(source):
        for at in range(6):
            changed = _changed(source, body, at)
            if changed is None:
                continue
            assert TYPED_READERS[source](changed, None) is None
            for destination in DESTINATIONS:
                try:
                    raw, _, notes, custom, *_ = read_client_body(source, destination, changed, None)
                except lc.ValidationError:
                    continue
                assert raw != changed or notes or custom is not None  # the passes did change it


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(canonical_requests(), st.sampled_from(SOURCES), st.sampled_from(DESTINATIONS), st.integers(0, 7))
def test_lm15_bodies_read_the_same_either_way(
    request: lc.Request, source: str, destination: str, at: int
) -> None:
    try:
        body: Any = lc.build_request(source, request).body
    except (lc.LmcodecError, OSError):  # lm15 refuses it, or a part names a file not there
        return
    _same_reading(source, destination, body)
    changed = _changed(source, body, at)
    if changed is not None:
        assert TYPED_READERS[source](changed, None) is None
        _same_reading(source, destination, changed)


def test_translate_request_gives_the_slow_readings_result() -> None:
    """The whole gateway on a fixture, against the same body read the slow way and built."""
    body = (FIXTURES / "openai_chat" / "travel_agent_tools.json").read_bytes()
    fast = lc.translate_request("openai_chat", "openai_chat", body)
    _, request, notes, *_ = read_client_body("openai_chat", "openai_chat", body, None)
    assert notes == ()
    assert fast == lc.build_request("openai_chat", request)
