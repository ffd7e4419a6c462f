"""A Responses client's logprobs request through ``lc.translate_request`` (red team 34 F01).

``include`` holding ``"message.output_text.logprobs"`` is the logprobs request, whatever else it
holds (a stateless ``store: false`` client also asks for ``"reasoning.encrypted_content"``) and with
or without ``top_logprobs``: Chat and Gemini get theirs, as lm15 builds the canonical request
``decode_request`` reads from lm15's own pair; the other entries are noted ``dropped`` for what
they are, and no note says the destination has no such field."""

from __future__ import annotations

import json

import pytest

import lmcodec as lc

from .gateway_support import chat_accepts, notes, responses_body
from .request_support import lm15_build

LOGPROBS = "message.output_text.logprobs"
ENCRYPTED = "reasoning.encrypted_content"
ASKS = [
    ({"include": [ENCRYPTED, LOGPROBS], "top_logprobs": 2}, 2),
    ({"include": [LOGPROBS, ENCRYPTED], "top_logprobs": 0}, 0),
    ({"include": [LOGPROBS]}, 0),
    ({"include": [ENCRYPTED, LOGPROBS]}, 0),
]


def _body(**ask: object) -> bytes:
    return responses_body(model="gpt-4o", input="hi", store=False, **ask)


@pytest.mark.parametrize("destination", ["openai_chat", "gemini", "anthropic"])
@pytest.mark.parametrize(("ask", "count"), ASKS, ids=lambda v: json.dumps(v))
def test_the_logprobs_request_goes_as_lm15_builds_it(
    destination: str, ask: dict[str, object], count: int
) -> None:
    """The body sent is lm15's build of the canonical request lm15's own pair reads as."""
    pair = lc.decode_request("openai", _body(include=[LOGPROBS], top_logprobs=count))
    assert pair.config.logprobs == count
    built = lc.translate_request("openai", destination, _body(**ask))
    assert json.loads(built.body) == lm15_build(destination, pair).body_value
    if destination == "openai_chat":
        chat_accepts(built.body)


@pytest.mark.parametrize("destination", ["openai_chat", "gemini"])
@pytest.mark.parametrize(("ask", "count"), ASKS, ids=lambda v: json.dumps(v))
def test_notes_say_what_went_and_what_did_not(destination: str, ask: dict[str, object], count: int) -> None:
    built = lc.translate_request("openai", destination, _body(**ask))
    include = notes(built, "extensions.include")
    assert ("extensions.include", "substituted", [LOGPROBS], {"logprobs": count}) in include
    others = [entry for entry in ask["include"] if entry != LOGPROBS]  # type: ignore[attr-defined]
    dropped = [note for note in include if note[1] == "dropped"]
    assert dropped == ([("extensions.include", "dropped", others, None)] if others else [])
    assert not [a for a in built.adaptations if "no such field" in a.reason and "logprobs" in a.field]
    if "top_logprobs" in ask:
        assert notes(built, "top_logprobs") == [
            ("extensions.top_logprobs", "substituted", count, {"logprobs": count})
        ]


def test_anthropic_notes_the_logprobs_its_builder_leaves_out() -> None:
    built = lc.translate_request("openai", "anthropic", _body(include=[ENCRYPTED, LOGPROBS], top_logprobs=2))
    assert [(a.field, a.action) for a in built.adaptations if a.field == "config.logprobs"] == [
        ("config.logprobs", "dropped")
    ]


@pytest.mark.parametrize(
    "ask",
    [*(ask for ask, _ in ASKS), {"include": [LOGPROBS], "top_logprobs": "x"}],
    ids=lambda v: json.dumps(v),
)
def test_no_note_says_the_logprobs_request_went_to_anthropic(ask: dict[str, object]) -> None:
    """Red team 37 F02: the include entry and top_logprobs were noted ``substituted``, "sent as
    anthropic's", beside the builder's ``config.logprobs`` ``dropped`` and a body with none. The
    one note on the request is the builder's, as for a body the reader reads as config.logprobs."""
    built = lc.translate_request("openai", "anthropic", _body(**ask))
    assert "logprobs" not in json.loads(built.body)
    logprobs = [a for a in built.adaptations if "logprobs" in a.field or LOGPROBS in str(a.asked)]
    assert [(a.field, a.action) for a in logprobs if a.action != "dropped"] == []
    assert ("config.logprobs", "dropped") in [(a.field, a.action) for a in logprobs]
    assert not [a for a in built.adaptations if a.action != "dropped" and "logprobs" in a.reason]


def test_top_logprobs_without_the_entry_asks_for_none() -> None:
    built = lc.translate_request("openai", "openai_chat", _body(include=[ENCRYPTED], top_logprobs=3))
    sent = json.loads(built.body)
    assert "logprobs" not in sent and "top_logprobs" not in sent
    assert [(f, a, asked) for f, a, asked, _ in notes(built, "top_logprobs")] == [
        ("extensions.top_logprobs", "dropped", 3)
    ]


@pytest.mark.parametrize("top", [-1, "2", 2.5, True, None])
def test_a_top_logprobs_that_is_no_count_leaves_the_request_bare(top: object) -> None:
    body = json.dumps(
        {"model": "gpt-4o", "input": "hi", "include": [ENCRYPTED, LOGPROBS], "top_logprobs": top}
    )
    built = lc.translate_request("openai", "openai_chat", body)
    sent = json.loads(built.body)
    assert sent["logprobs"] is True and "top_logprobs" not in sent
    expected = [] if top is None else [("extensions.top_logprobs", "dropped", top, None)]
    assert notes(built, "top_logprobs") == expected


@pytest.mark.parametrize("include", ["x", {"a": 1}, [None, [LOGPROBS]], 7])
def test_an_include_of_another_shape_is_noted_not_sent(include: object) -> None:
    body = json.dumps({"model": "gpt-4o", "input": "hi", "include": include})
    built = lc.translate_request("openai", "gemini", body)
    assert "responseLogprobs" not in json.loads(built.body).get("generationConfig", {})
    assert [(f, a) for f, a, _, _ in notes(built, "extensions.include")] == [
        ("extensions.include", "dropped")
    ]


def test_responses_to_responses_sends_include_as_sent() -> None:
    body = _body(include=[ENCRYPTED, LOGPROBS], top_logprobs=2)
    sent = json.loads(lc.translate_request("openai", "openai", body).body)
    assert sent["include"] == [ENCRYPTED, LOGPROBS] and sent["top_logprobs"] == 2


@pytest.mark.parametrize("destination", ["openai_chat", "anthropic", "gemini"])
@pytest.mark.parametrize("include", [[], None])
def test_an_empty_or_null_include_asks_nothing_and_is_not_noted(destination: str, include: object) -> None:
    """Red team 36 F02: SDKs send ``include: []`` when they ask for no extra output."""
    body = json.dumps({"model": "gpt-4o", "input": "hi", "include": include})
    assert notes(lc.translate_request("openai", destination, body), "include") == []
