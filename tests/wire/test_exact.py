"""``wire/_exact``: a user's subclass rebuilt as the lmcodec class it extends (red team 55).

F01/F02: a subclass that adds a field of its own was rebuilt from the *subclass's* fields, which
the lmcodec class's constructor refused (a bare TypeError at ``Request(config=MyConfig(...))``
and at 10 of 15 writers); it is rebuilt from its class's fields, the added one left out.
F03: lmcodec's classes were told by their module's name, so a user's class in a module named
``lmcodec.<x>`` was taken for lmcodec's own (a call written as an empty text block, from_turn a
RecursionError); they are known by membership of the set the wire modules define.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.wire._exact import WIRE_STRUCTS, as_exact, exact_class, subclassed

PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")
_MINTED = re.compile(rb'[_-][0-9a-zA-Z]{20,}"|"created(_at)?":[0-9]+')


class LabelledConfig(lc.Config):
    label: str = ""


class CostedUsage(lc.Usage):
    cost: float = 0.0


class TracedCall(lc.ToolCallPart):
    trace_id: str = ""


class PluginCall(lc.ToolCallPart):
    pass


PluginCall.__module__ = "lmcodec.contrib.tracing"  # a plugin under lmcodec's namespace


def _request(config: lc.Config, call: type = lc.ToolCallPart) -> lc.Request:
    return lc.Request(
        model="gpt-4.1",
        messages=(
            lc.Message.user("q"),
            lc.Message(role="assistant", parts=(call(id="call_1", name="get", input={"q": "x"}),)),
            lc.Message(
                role="tool",
                parts=(lc.ToolResultPart(id="call_1", name="get", content=(lc.TextPart(text="r"),)),),
            ),
        ),
        config=config,
    )


def _response(usage: lc.Usage, call: type = lc.ToolCallPart) -> lc.Response:
    return lc.Response(
        id="r1",
        model="gpt-4.1",
        message=lc.Message(role="assistant", parts=(call(id="call_1", name="get", input={"q": "x"}),)),
        finish_reason="tool_call",
        usage=usage,
    )


def _written(request: lc.Request, response: lc.Response) -> list[Any]:
    """What the provider writers write of ``request`` and ``response``."""
    out: list[Any] = []
    for provider in PROVIDERS:
        out.append(lc.build_request(provider, request).body)
        out.append(_MINTED.sub(b"#", lc.encode_response(provider, response)))
    return out


def test_a_config_and_usage_subclass_with_a_field_is_written_as_its_kind() -> None:
    request = _request(LabelledConfig(temperature=0.5, label="run-7"))
    response = _response(CostedUsage(input_tokens=1, output_tokens=2, cost=0.2))
    plain = _written(
        _request(lc.Config(temperature=0.5)), _response(lc.Usage(input_tokens=1, output_tokens=2))
    )
    assert _written(request, response) == plain
    assert b"run-7" not in b"".join(x for x in plain if isinstance(x, bytes))


def test_an_empty_config_or_usage_subclass_holding_only_its_own_field_is_empty_as_its_kind() -> None:
    request = _request(LabelledConfig(label="run-7"))
    response = _response(CostedUsage(cost=0.2))
    assert request.config is lc.Request(model="m", messages=(lc.Message.user("q"),)).config
    assert _written(request, response) == _written(_request(lc.Config()), _response(lc.Usage()))


def test_as_exact_leaves_a_subclass_s_own_field_out() -> None:
    call = TracedCall(id="c", name="f", input={"a": 1}, trace_id="t-1")
    exact = as_exact(lc.Message(role="assistant", parts=(lc.TextPart(text="a"), call)))
    assert type(exact.parts[1]) is lc.ToolCallPart
    assert exact == lc.Message(
        role="assistant", parts=(lc.TextPart(text="a"), lc.ToolCallPart(id="c", name="f", input={"a": 1}))
    )


def test_a_user_class_in_a_module_named_lmcodec_is_a_subclass_as_any_other() -> None:
    assert PluginCall not in WIRE_STRUCTS
    assert exact_class(PluginCall) is lc.ToolCallPart
    assert type(subclassed(PluginCall(id="c", name="f", input={}))) is lc.ToolCallPart
    request, response = _request(lc.Config(), PluginCall), _response(lc.Usage(), PluginCall)
    assert _written(request, response) == _written(_request(lc.Config()), _response(lc.Usage()))
    turn = lc.Turn(request=_request(lc.Config()), response=_response(lc.Usage()))
    assert lc.llm.from_turn(lc.Turn(request=request, response=response)) == lc.llm.from_turn(turn)


@pytest.mark.parametrize("cls", sorted(WIRE_STRUCTS, key=lambda c: c.__name__))
def test_lmcodec_s_own_classes_are_answered_by_the_set(cls: type) -> None:
    assert exact_class(cls) is cls
    assert cls.__module__.startswith("lmcodec.wire.")
