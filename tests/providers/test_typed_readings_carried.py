"""The same-dialect Responses reading asks for the items Responses gets back as sent
(``_typed_readings._carried``) only where the Request it read holds an assistant turn: every item
carried (a function call, an assistant message, a reasoning item) is read into one, so a body of
user turns alone has none to carry (issue #15: ~2k instructions of a one-message call).
Differential against the reading that asked every time, over the openai SDK's tool-loop bodies
(assistant turns with and without ids and statuses) and bodies of user, developer and system
messages and function call outputs alone: the same translation, notes and refusals."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _typed_readings
from lmcodec.providers._typed_readings import TYPED_WITHOUT_SURVEY
from lmcodec.providers.openai._read_typed import ToolFlags

from ..budget import examples
from .test_gateway_replayed_item_carriage import TOOLS, sdk_loop_bodies


def _asked_every_time(raw: Any, model: str | None) -> Any:
    """``_responses_unsurveyed`` as it was: the carried items asked of every body read as a list."""
    flags = ToolFlags()
    read = _typed_readings.responses_typed_or_none(raw, model, flags)
    if read is None:
        return None
    replayed = None
    if flags.items is not None:
        replayed = _typed_readings._carried(raw, flags.items)
        if replayed is False:
            return None
    return read[0], None, (), flags.strict_tools, read[1], False, replayed or None, flags.repeated_calls


_USER_ITEMS = st.one_of(
    st.builds(
        lambda role, text: {"role": role, "content": text},
        st.sampled_from(["user", "developer", "system"]),
        st.sampled_from(["q", "", "é"]),
    ),
    st.builds(
        lambda text, kind: {"type": "message", "role": "user", "content": [{"type": kind, "text": text}]},
        st.sampled_from(["q", "x y"]),
        st.sampled_from(["input_text", "output_text"]),
    ),
    st.builds(
        lambda n, status: {"type": "function_call_output", "call_id": f"c{n}", "output": "ok", **status},
        st.integers(0, 2),
        st.sampled_from([{}, {"status": "completed"}, {"id": "fco_1"}]),
    ),
)


@st.composite
def _user_turns_bodies(draw: st.DrawFn) -> bytes:
    """A Responses body of user, developer and system messages and function call outputs (no
    assistant turn), maybe with a function tool, or a string input."""
    items: Any = draw(st.one_of(st.lists(_USER_ITEMS, min_size=1, max_size=4), st.just("hello")))
    body: dict[str, Any] = {"model": "gpt-5", "input": items}
    if draw(st.booleans()):
        body["tools"] = TOOLS
    if draw(st.booleans()):
        body["stream"] = draw(st.booleans())
    return json.dumps(body).encode()


def _outcome(body: bytes) -> Any:
    try:
        return lc.translate_request("openai", "openai", body, model="gpt-5")
    except lc.LmcodecError as error:
        return type(error), str(error)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(_user_turns_bodies(), sdk_loop_bodies().map(lambda drawn: drawn[0])))
def test_the_carried_items_are_asked_where_they_can_be(body: bytes) -> None:
    """Bodies with assistant turns and without: the translation of the reading that asked every time."""
    got = _outcome(body)
    with mock.patch.dict(TYPED_WITHOUT_SURVEY, {"openai": _asked_every_time}):
        expected = _outcome(body)
    assert got == expected


def test_a_body_of_user_turns_asks_for_no_carried_item() -> None:
    """A one-message body and a body of user turns and outputs: ``_carried`` is not asked."""
    bodies = [
        b'{"model":"gpt-5","input":[{"role":"user","content":[{"type":"input_text","text":"hi"}]}]}',
        b'{"model":"gpt-5","input":[{"role":"developer","content":"be"},{"role":"user","content":"hi"}]}',
    ]
    for body in bodies:
        expected = _outcome(body)
        with mock.patch.object(_typed_readings, "_carried", side_effect=AssertionError("asked")):
            assert _outcome(body) == expected
