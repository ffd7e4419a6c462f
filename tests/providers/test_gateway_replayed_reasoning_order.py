"""Two replayed Responses reasoning items of one state (``id`` and ``encrypted_content``), the
later one changed, go back to Responses each in its own place (the lead's round 25 find).

``ListedKeys.put_back`` placed a changed reasoning item at the first built one of its state, so
the later item (with ``content``, or a ``status``) came back in the earlier's place and the earlier
in the later's. Now each is placed by its order among the client's signed reasoning items of its
state, on each path a body takes: the passes (``take``, the client's items at hand), the typed
reading's carriage (``_typed_readings._carried``) and the Codex reading (``_replayed_read``: the
phased bodies), both of which hand over only the carried items' bytes and views. 6 of these failed
before."""

from __future__ import annotations

import json
from typing import Any, Final
from unittest import mock

import pytest

import lmcodec as lc
from lmcodec.providers._replayed_client_items import ListedKeys

USER: Final = {"role": "user", "content": [{"type": "input_text", "text": "list the files"}]}
ANSWER: Final = {"role": "assistant", "content": [{"type": "output_text", "text": "Two files."}]}
PHASED: Final = {**ANSWER, "phase": "final_answer"}
REASONING: Final = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAA"}
OTHER: Final = {"type": "reasoning", "id": "rs_2", "summary": [], "encrypted_content": "gBBBB"}
THOUGHT: Final = [{"type": "reasoning_text", "text": "The user wants the files."}]
CHANGES: Final = {"content": {"content": THOUGHT}, "status": {"status": "completed"}}


def _sent_back(items: list[dict[str, Any]]) -> tuple[list[Any], set[str]]:
    """The input Responses gets for a Responses body of ``items``, and which of ``ListedKeys``'
    ways in ran (``take``: the passes; ``carry``: a typed reading)."""
    ran: set[str] = set()
    take, carry = ListedKeys.take, ListedKeys.carry

    def taking(self: ListedKeys, *args: Any) -> None:
        ran.add("take")
        take(self, *args)

    def carrying(self: ListedKeys, *args: Any) -> None:
        ran.add("carry")
        carry(self, *args)

    body = json.dumps({"model": "gpt-5", "input": items, "stream": False}).encode()
    with mock.patch.object(ListedKeys, "take", taking), mock.patch.object(ListedKeys, "carry", carrying):
        built = lc.translate_request("openai", "openai", body)
    assert built.adaptations == ()
    return json.loads(built.body)["input"], ran


@pytest.mark.parametrize(("change", "path"), [("content", "take"), ("status", "carry")])
@pytest.mark.parametrize("answer", [ANSWER, PHASED], ids=["plain", "phased"])
def test_the_later_of_two_of_one_state_goes_back_in_its_place(
    change: str, path: str, answer: dict[str, Any]
) -> None:
    items = [USER, REASONING, answer, USER, {**REASONING, **CHANGES[change]}, answer, USER]
    back, ran = _sent_back(items)
    assert ran == {path}
    assert back == items


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_the_middle_of_three_goes_back_in_its_place_among_another_state(change: str) -> None:
    changed = {**REASONING, **CHANGES[change]}
    items = [USER, REASONING, OTHER, ANSWER, USER, OTHER, changed, ANSWER, USER, REASONING, ANSWER, USER]
    back, _ = _sent_back(items)
    assert back == items


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_each_of_two_changed_goes_back_in_its_place(change: str) -> None:
    other_change = {"content": {"content": []}, "status": {"status": None}}[change]
    first, later = {**REASONING, **CHANGES[change]}, {**REASONING, **other_change}
    items = [USER, first, ANSWER, USER, later, ANSWER, USER]
    back, _ = _sent_back(items)
    assert back == items


UNNAMED: Final = {"type": "reasoning", "summary": [], "encrypted_content": "gCCCC"}  # (store: false)


@pytest.mark.parametrize("answer", [ANSWER, PHASED], ids=["plain", "phased"])
@pytest.mark.parametrize("unnamed_first", [False, True])
@pytest.mark.parametrize("same_state", [False, True])
def test_an_id_less_item_keeps_its_status_beside_one_with_an_id(
    same_state: bool, unnamed_first: bool, answer: dict[str, Any]
) -> None:
    """Red team 52 F07: a reasoning item signed by its ``encrypted_content`` alone, beside one with
    an ``id``, each with a ``status``: both go back as sent (the Codex reading carried only the
    item with an id, so the other lost its ``status``)."""
    named = {**REASONING, "status": "completed"}
    unnamed = {**UNNAMED, "status": "completed"}
    if same_state:
        unnamed["encrypted_content"] = named["encrypted_content"]
    pair = [unnamed, named] if unnamed_first else [named, unnamed]
    items = [USER, *pair, answer, USER]
    back, _ = _sent_back(items)
    assert back == items
