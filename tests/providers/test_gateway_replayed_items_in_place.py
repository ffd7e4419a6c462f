"""Responses -> Responses, a replayed item beside a client's custom tool calls goes back in place
(red team 27 F01).

A client-run call or its answer (``shell_call``, ``local_shell_call``, ``computer_call``, an MCP
approval, ...), a ``compaction`` item or a hosted-tool item (``web_search_call``, ...) before an
``apply_patch`` ``custom_tool_call`` / ``custom_tool_call_output``, with no message or function call
between them, went back AFTER the custom call and its output: the replayed items were placed by the
built items before them, which did not count the custom items put back in place of the function
calls built for them. Now every item of the client's goes back at its own index, whatever the mix
(rtfix29b's rule: to Responses, client items go back as sent, in place)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .test_gateway_replayed_client_items import ANSWERS, CALLS, COMPACTION
from .test_gateway_replayed_responses_items import HOSTED
from .test_gateway_replayed_server_items import ITEMS as SERVER_ITEMS

USER = {"role": "user", "content": [{"type": "input_text", "text": "fix the bug"}]}
NEXT = {"role": "user", "content": [{"type": "input_text", "text": "and the tests?"}]}
PATCH = {"type": "custom_tool_call", "call_id": "call_p", "name": "apply_patch", "input": "*** Begin Patch"}
PATCH_OUT = {"type": "custom_tool_call_output", "call_id": "call_p", "output": "Done!"}
SHELL, SHELL_OUT = CALLS["shell_call"], ANSWERS["shell_call"]
LOCAL, LOCAL_OUT = CALLS["local_shell_call"], ANSWERS["local_shell_call"]
REASONING = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAA-r"}
FILE_SEARCH = {"type": "file_search_call", "id": "fs_1", "queries": ["q"], "status": "completed"}
TOOLS: Final = [
    {"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": False},
    {"type": "custom", "name": "apply_patch"},
]

REORDERED: Final = {  # red team 27's reproducer (f01_replayed_items_moved_after_custom_calls.py)
    "parallel local_shell_call and apply_patch": [USER, REASONING, LOCAL, PATCH, LOCAL_OUT, PATCH_OUT],
    "parallel shell_call and apply_patch": [USER, REASONING, SHELL, PATCH, SHELL_OUT, PATCH_OUT],
    "shell_call, apply_patch, a user message": [USER, SHELL, SHELL_OUT, PATCH, PATCH_OUT, NEXT],
    "shell_call, then apply_patch": [USER, SHELL, SHELL_OUT, PATCH, PATCH_OUT],
    "local_shell_call, then apply_patch": [USER, LOCAL, LOCAL_OUT, PATCH, PATCH_OUT],
    "computer_call, then apply_patch": [USER, CALLS["computer_call"], PATCH, PATCH_OUT],
    "web_search_call, then apply_patch": [USER, HOSTED["web_search_call"], PATCH, PATCH_OUT],
    "compaction, then apply_patch": [USER, COMPACTION, PATCH, PATCH_OUT],
    "a shell_call between apply_patch and its output": [USER, PATCH, SHELL, PATCH_OUT, SHELL_OUT],
    "the outputs alone, after previous_response_id": [SHELL_OUT, PATCH_OUT],
}


def _body(items: list[Any], after_previous: bool) -> dict[str, Any]:
    """A Responses body as the builder writes it (what the same dialect gives back unchanged)."""
    body: dict[str, Any] = {"model": "gpt-5-codex", "input": items, "stream": False, "tools": TOOLS}
    if after_previous:
        body["previous_response_id"] = "resp_1"
    return body


def _translated(body: dict[str, Any]) -> lc.ProviderRequest:
    return lc.translate_request("openai", "openai", json.dumps(body).encode())


@pytest.mark.parametrize("items", list(REORDERED.values()), ids=list(REORDERED))
def test_a_replayed_item_before_a_custom_call_goes_back_in_place(items: list[Any]) -> None:
    body = _body(items, after_previous=items[0] is not USER)
    built = _translated(body)
    assert json.loads(built.body) == body
    assert built.adaptations == ()


# -- for all mixes -------------------------------------------------------------------------------


def _message(role: str, kind: str, phase: str | None = None) -> Callable[[int], dict[str, Any]]:
    def made(at: int) -> dict[str, Any]:
        item: dict[str, Any] = {"role": role, "content": [{"type": kind, "text": f"text {at}"}]}
        return item if phase is None else {**item, "phase": phase}

    return made


def _fixed(item: dict[str, Any]) -> Callable[[int], dict[str, Any]]:
    return lambda _: copy.deepcopy(item)


BUILT: Final[dict[str, Callable[[int], dict[str, Any]]]] = {
    "user": _message("user", "input_text"),
    "assistant": _message("assistant", "output_text"),
    "function_call": lambda at: {
        "type": "function_call",
        "call_id": f"c{at}",
        "name": "f",
        "arguments": "{}",
    },
    "function_call_output": lambda at: {"type": "function_call_output", "call_id": f"c{at}", "output": "ok"},
    "reasoning": lambda at: {"type": "reasoning", "id": f"rs_{at}", "summary": [], "encrypted_content": "g"},
}
"""The items ``decode_request`` reads, in the form the builder writes them."""
CLIENT_ONLY: Final[dict[str, Callable[[int], dict[str, Any]]]] = {
    "commentary": _message("assistant", "output_text", "commentary"),
    "final_answer": _message("assistant", "output_text", "final_answer"),
    "custom_tool_call": lambda at: {**PATCH, "call_id": f"p{at}"},
    "custom_tool_call_output": lambda at: {**PATCH_OUT, "call_id": f"p{at}"},
    **{kind: _fixed(item) for kind, item in (*CALLS.items(), *HOSTED.items())},
    **{item["type"]: _fixed(item) for item in ANSWERS.values()},
    "compaction": _fixed(COMPACTION),
    "file_search_call": _fixed(FILE_SEARCH),
    **{kind: _fixed(item) for kind, item in SERVER_ITEMS.items()},  # (item references, MCP lists and calls)
}
"""What only the gateway carries to Responses: phased messages, custom calls, every replayed item."""
OUTPUTS: Final = sorted(
    ["function_call_output", "custom_tool_call_output", *(item["type"] for item in ANSWERS.values())]
)
_MIXES = st.lists(st.sampled_from(sorted({**BUILT, **CLIENT_ONLY})), min_size=1, max_size=10)
_OUTPUTS_ALONE = st.lists(st.sampled_from(OUTPUTS), min_size=1, max_size=5)


def _items(kinds: list[str]) -> list[dict[str, Any]]:
    return [{**BUILT, **CLIENT_ONLY}[kind](at) for at, kind in enumerate(kinds)]


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.tuples(_MIXES, st.booleans()), st.tuples(_OUTPUTS_ALONE, st.just(True))))
def test_any_mix_goes_back_to_responses_as_sent_in_order(drawn: tuple[list[str], bool]) -> None:
    """Messages, function calls and outputs, custom calls and outputs, phases, every replayed and
    hosted item, in any order (the outputs alone after ``previous_response_id`` too): the body as
    sent, order included; and the items ``decode_request`` reads, alone, are what
    ``build_request(decode_request(body))`` gives back (the body is in the builder's form)."""
    kinds, after_previous = drawn
    items = _items(kinds)
    body = _body(items, after_previous)
    built = _translated(body)
    assert json.loads(built.body) == body
    assert built.adaptations == ()
    plain = _body([item for kind, item in zip(kinds, items, strict=True) if kind in BUILT], after_previous)
    if plain["input"]:
        rebuilt = lc.build_request("openai", lc.decode_request("openai", json.dumps(plain).encode()))
        assert json.loads(rebuilt.body) == plain
