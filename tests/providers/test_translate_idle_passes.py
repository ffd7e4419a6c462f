"""translate_request's passes are not called where the request holds nothing for them (issue #15:
on a one-message body each cost ~1-6k instructions for nothing), and each skip is exact: where
the guard in ``_translate_request`` says skip, the pass would give the request back unchanged
and note nothing.

- from Gemini, ``crossing.openapi_schemas_out`` (no tool, no response format) and
  ``tool_names_out`` (no tool, no call or result, no tool_choice);
- between two dialects, ``strict_asked`` (no tool);
- from Responses, ``leading_developer_as_system`` (not two messages or more led by a developer one);
- to Chat, ``chat_fronts_claude`` (asked only by the passes that run where the survey found
  thinking or a part ``content_losses`` judges).
"""

from __future__ import annotations

from typing import Any
from unittest import mock

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _translate_request, crossing
from lmcodec.providers._crossing_parts import leading_developer_as_system
from lmcodec.providers._crossing_strict import NONE, strict_asked
from lmcodec.providers._tool_names import tool_names_out

from ..budget import examples
from .request_support import MODELS as MODEL_NAMES
from .request_support import canonical_requests

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
MODELS = {
    "openai": "gpt-4.1-mini",
    "openai_chat": "gpt-4.1-mini",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
}
_PAIRS = [(src, dst) for src in DIALECTS for dst in DIALECTS if src != dst]


def _one_message_body(source: str) -> bytes:
    """A client's one-message body in ``source``'s dialect (the builder's, as in requests_tiny.py)."""
    request = lc.Request(model=MODELS[source], messages=(lc.Message.user("What is the capital of France?"),))
    return lc.build_request(source, request).body


def _refused(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("a pass with nothing to do was called")


def test_one_message_bodies_call_no_idle_pass() -> None:
    """Every ordered pair of two dialects: a one-message body's translation calls none of the
    passes above (each patched to fail), and gives what it gave with them unpatched."""
    for source, destination in _PAIRS:
        body = _one_message_body(source)
        expected = lc.translate_request(source, destination, body, model=MODELS[destination])
        with (
            mock.patch.object(crossing, "openapi_schemas_out", _refused),
            mock.patch.object(_translate_request, "tool_names_out", _refused),
            mock.patch.object(_translate_request, "strict_asked", _refused),
            mock.patch.object(_translate_request, "leading_developer_as_system", _refused),
            mock.patch.object(_translate_request, "chat_fronts_claude", _refused),
        ):
            got = lc.translate_request(source, destination, body, model=MODELS[destination])
        assert got == expected, (source, destination)


@st.composite
def _requests(draw: st.DrawFn) -> lc.Request:
    """Canonical requests of any dialect's models, half of them without tools, tool_choice and
    response format (so that the guards say skip), some led by developer messages."""
    request = draw(st.sampled_from(sorted(MODEL_NAMES)).flatmap(canonical_requests))
    try:
        if draw(st.booleans()):
            config = lc.replace(request.config, tool_choice=None, response_format=None)
            request = lc.replace(request, tools=(), config=config)
        if draw(st.booleans()):
            lead = lc.Message(role="developer", parts=(lc.TextPart(text=draw(st.text(max_size=4))),))
            request = lc.replace(request, messages=(lead, *request.messages))
    except (TypeError, ValueError):
        assume(False)
    return request


@settings(max_examples=examples(400), deadline=None)
@given(_requests(), st.frozensets(st.sampled_from(["get_weather", "search", "f"])))
def test_each_skipped_pass_would_change_nothing(request: lc.Request, strict_tools: frozenset[str]) -> None:
    """Where a guard says skip, the pass gives the request itself back and no note."""
    config = request.config
    if not request.tools:
        for source in DIALECTS:
            assert strict_asked(source, request, strict_tools, ()) is NONE
    if not request.tools and config.response_format is None:
        assert crossing.openapi_schemas_out(request) == (request, ())
    called = crossing.survey(request).called
    if not (request.tools or called or config.tool_choice is not None):
        renamed = tool_names_out(request, called)
        assert renamed[0] is request and renamed[1] == ()
    messages = request.messages
    if not (len(messages) > 1 and messages[0].role == "developer"):
        moved = leading_developer_as_system(request)
        assert moved[0] is request and moved[1] == ()
