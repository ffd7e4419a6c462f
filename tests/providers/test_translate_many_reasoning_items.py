"""translate_request of a Responses body replaying many reasoning items (red team 13 F07): each item
made two notes by Adaptation's checked constructor (~2 us each), the content loss of its OpenAI
state and the thinking left out, and the passes making them ran comprehensions per message; a
500-item body was 7.3-8.4x the floor. The notes are now copied from a template
(``_crossing_parts.dropped``) and ``parts_out`` is plain loops: the notes must be the very ones the
checked constructor makes, and ``parts_out`` must answer as the comprehensions did (kept below as
the reference)."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import crossing
from lmcodec.providers._crossing_parts import _EMPTY_TEXT, _EMPTY_TURN, _THINKING_TURN, _left_out, parts_out

from ..budget import examples
from .request_support import canonical_requests, rich_requests
from .test_decode_response_many_items import _constructor_calls

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
MODELS = {"anthropic": "claude-sonnet-4-5", "openai_chat": "gpt-4.1", "gemini": "gemini-2.5-flash"}
_THINKING = (
    "thinking without {} state: {} cannot take it back as thinking, and sent as text it would turn "
    "reasoning into a spoken turn"
)
_ARTICLE = {"anthropic": "an anthropic", "openai_chat": "an openai_chat", "gemini": "a gemini"}
_OPENAI_STATE = "an openai reasoning_item state: only openai can replay it"


def _body(items: int, *, summary: bool = True) -> bytes:
    """A Responses body: a user turn, then ``items`` times a reasoning item (id and encrypted
    content, a summary text or none), the assistant's answer and the user's next question."""
    input_: list[dict[str, Any]] = [{"role": "user", "content": "hi"}]
    for i in range(items):
        summary_parts = [{"type": "summary_text", "text": f"thought {i}"}] if summary else []
        input_.append(
            {"type": "reasoning", "id": f"rs_{i}", "encrypted_content": "gAAA", "summary": summary_parts}
        )
        input_.append(
            {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "output_text", "text": f"answer {i}"}],
            }
        )
        input_.append({"role": "user", "content": f"q {i}"})
    return json.dumps({"model": "gpt-5", "input": input_}).encode()


@pytest.mark.parametrize("destination", sorted(MODELS))
def test_checked_constructor_calls_do_not_grow_with_the_reasoning_items(destination: str) -> None:
    """Before: two checked Adaptation calls an item (9 -> 33 calls for 4 -> 16 items to Anthropic)."""
    counts = [
        _constructor_calls(
            lambda n=n: lc.translate_request("openai", destination, _body(n), model=MODELS[destination])
        )
        for n in (4, 16)
    ]
    assert counts[1] == counts[0], counts
    notes = lc.translate_request("openai", destination, _body(16), model=MODELS[destination]).adaptations
    assert sum(note.field.endswith(".continuation") for note in notes) == 16


@pytest.mark.parametrize("destination", sorted(MODELS))
@pytest.mark.parametrize("summary", [True, False])
def test_the_notes_are_the_checked_constructor_s(destination: str, summary: bool) -> None:
    """Each item's notes, written out here: the OpenAI state's loss, then the thinking left out (its
    summary as ``asked``), or with no summary the empty thinking Anthropic and Gemini refuse."""
    built = lc.translate_request("openai", destination, _body(3, summary=summary), model=MODELS[destination])
    notes = [note for note in built.adaptations if note.field.startswith("messages")]
    expected = [
        lc.Adaptation(
            field=f"messages[{i}].parts[0].continuation",
            action="dropped",
            reason=_OPENAI_STATE,
            asked="reasoning_item",
        )
        for i in (1, 3, 5)
    ]
    if summary:
        reason = _THINKING.format(_ARTICLE[destination], destination)
        expected += [
            lc.Adaptation(
                field=f"messages[{i}].parts[0]", action="dropped", reason=reason, asked=f"thought {n}"
            )
            for n, i in enumerate((1, 3, 5))
        ]
    elif destination in ("anthropic", "gemini"):
        expected += [
            lc.Adaptation(
                field=f"messages[{i}].parts[0]",
                action="dropped",
                reason=_EMPTY_TEXT[destination],
                asked="thinking",
            )
            for i in (1, 3, 5)
        ]
    assert notes == expected
    assert msgspec.json.encode(notes) == msgspec.json.encode(expected)


def _parts_out_as_before(
    destination: str, request: lc.Request, *, thinking_blocks: bool = False
) -> tuple[lc.Request, tuple[lc.Adaptation, ...]]:
    """``parts_out`` as it was before (comprehensions, the checked constructor): the reference."""
    cache = request.config.cache
    until = None if cache is None else cache.prefix_until_index
    notes: list[lc.Adaptation] = []
    messages: list[Any] = []
    before = 0
    article = "an" if destination[:1] in "aeiou" else "a"
    thinking_reason = _THINKING.format(f"{article} {destination}", destination)
    for i, message in enumerate(request.messages):
        if message.role == "developer":
            messages.append(message)
            continue
        out = {
            j: reason
            for j, part in enumerate(message.parts)
            if (reason := _left_out(destination, part, thinking_blocks))
        }
        thinking = [
            lc.Adaptation(
                field=f"messages[{i}].parts[{j}]",
                action="dropped",
                reason=thinking_reason,
                asked=getattr(message.parts[j], "text", None),
            )
            for j, reason in out.items()
            if reason == "thinking"
        ]
        if not out:
            messages.append(message)
        elif len(out) < len(message.parts):
            notes += thinking
            notes += [
                lc.Adaptation(
                    field=f"messages[{i}].parts[{j}]",
                    action="dropped",
                    reason=_EMPTY_TEXT[destination],
                    asked=message.parts[j].type,
                )
                for j, reason in out.items()
                if reason == "empty" and destination in _EMPTY_TEXT  # (to Chat, only a turn emptied is noted)
            ]
            kept = tuple(part for j, part in enumerate(message.parts) if j not in out)
            messages.append(msgspec.structs.replace(message, parts=kept))
        elif message.role == "assistant" and i != until:
            notes += thinking
            why = _THINKING_TURN if thinking else _EMPTY_TURN[destination]
            notes.append(
                lc.Adaptation(field=f"messages[{i}]", action="dropped", reason=why, asked="assistant")
            )
            if until is not None and i < until:
                before += 1
        else:
            messages.append(message)
    if not notes or not messages:
        return request, ()
    changes: dict[str, Any] = {"messages": tuple(messages)}
    if cache is not None and until is not None and before:
        moved = msgspec.structs.replace(cache, prefix_until_index=until - before)
        changes["config"] = msgspec.structs.replace(request.config, cache=moved)
    return msgspec.structs.replace(request, **changes), tuple(notes)


@st.composite
def _with_empty_and_thinking(draw: st.DrawFn, request: lc.Request) -> lc.Request:
    """``request`` with empty text, empty or foreign thinking slipped into some messages."""
    messages = []
    for message in request.messages:
        parts = list(message.parts)
        if message.role in ("assistant", "user") and draw(st.integers(0, 2)) == 0:
            extra: Any = draw(
                st.sampled_from(
                    [
                        lc.TextPart(text=""),
                        lc.ThinkingPart(text=""),
                        lc.ThinkingPart(text="why"),
                        lc.ThinkingPart(
                            text="t",
                            continuation=(
                                lc.ContinuationState(
                                    provider="openai", kind="reasoning_item", data={"id": "rs_1"}
                                ),
                            ),
                        ),
                    ]
                )
            )
            parts.insert(draw(st.integers(0, len(parts))), extra)
        try:
            messages.append(lc.replace(message, parts=tuple(parts)))
        except (TypeError, ValueError):
            messages.append(message)
    return lc.replace(request, messages=tuple(messages))


def _requests() -> st.SearchStrategy[lc.Request]:
    plain = st.one_of(
        *(rich_requests(provider) for provider in ("anthropic", "gemini")),
        *(canonical_requests(provider) for provider in ("anthropic", "gemini")),
    )
    return plain.flatmap(_with_empty_and_thinking)


@settings(max_examples=examples(150), deadline=None)
@given(_requests(), st.sampled_from(DIALECTS), st.booleans())
def test_parts_out_answers_as_before(request: lc.Request, destination: str, thinking_blocks: bool) -> None:
    expected = _parts_out_as_before(destination, request, thinking_blocks=thinking_blocks)
    got = parts_out(destination, request, thinking_blocks=thinking_blocks)
    assert got == expected
    assert msgspec.json.encode(got[1]) == msgspec.json.encode(expected[1])


@settings(max_examples=examples(150), deadline=None)
@given(_requests(), st.sampled_from(DIALECTS), st.sampled_from(DIALECTS), st.booleans())
def test_content_losses_notes_are_the_checked_constructor_s(
    request: lc.Request, source: str, destination: str, thinking_blocks: bool
) -> None:
    for note in crossing.content_losses(source, destination, request, thinking_blocks=thinking_blocks):
        fields = msgspec.structs.asdict(note)
        checked = lc.Adaptation(**fields)
        assert checked == note
        assert msgspec.json.encode(checked) == msgspec.json.encode(note)
        assert {type(value) for value in fields.values()} <= {str, type(None)}
