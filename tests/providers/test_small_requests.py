"""Small requests (issue #15: one or a few messages, a model, a few settings) through the shortcuts
of the twelfth requests round, each against the way it replaces:

- the Anthropic reader's one-pass view read as it stands (``_read_typed.read_view``), against the
  dict of the view's keys (``read_surveyed``, the way before) and the general path; and
  ``decode_request``, ``build_request`` and ``translate_request`` to every dialect with the way
  before put back (bytes, notes, errors);
- ``read_survey``'s answer for a reading that met text parts only, against ``crossing.survey``'s
  walk, through each dialect's gateway reading;
- ``claude_refusals_out`` of a request with no thinking and no sampling (the cap within the
  ceiling: no change), against ``_within_ceiling``, the step it skips.

Bodies: each dialect's small body as a client writes it, with settings of every usual key (and
some rarer ones, values in and out of range, of other JSON types) put in.
"""

from __future__ import annotations

import json
from functools import partial
from typing import Any
from unittest import mock

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import crossing
from lmcodec.providers._crossing_claude import _within_ceiling, claude_refusals_out
from lmcodec.providers._crossing_survey import Seen
from lmcodec.providers._typed_readings import TYPED_READERS
from lmcodec.providers.anthropic import read as anthropic_read
from lmcodec.providers.anthropic._build_tables import OUTPUT_CEILINGS
from lmcodec.providers.anthropic._read_typed import Refused, read_body, read_surveyed, read_typed

from ..budget import examples
from ..wire.lm15_trees import SETTINGS

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
MODELS = {
    "openai": "gpt-4.1-mini",
    "openai_chat": "gpt-4.1-mini",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
}
_FAILS = (Refused, lc.LmcodecError, msgspec.MsgspecError, RecursionError, ValueError, TypeError)
_TEXT = st.text(max_size=12)
_NUMBER = st.one_of(
    st.integers(-2, 300), st.floats(-1.0, 2.0, allow_nan=False), st.sampled_from([None, "1", True])
)
_SETTING = {
    "anthropic": {
        "temperature": _NUMBER,
        "top_p": _NUMBER,
        "top_k": _NUMBER,
        "max_tokens": _NUMBER,
        "stream": st.sampled_from([True, False, None, 1]),
        "system": st.one_of(_TEXT, st.just([{"type": "text", "text": "Be brief."}]), st.none()),
        "tool_choice": st.sampled_from(
            [{"type": "auto"}, {"type": "any"}, {"type": "none"}, {"type": "tool", "name": "f"}, "auto"]
        ),
        "stop_sequences": st.sampled_from([["END"], [], [""]]),
        "metadata": st.sampled_from([{"user_id": "u1"}, {}, None]),
        "service_tier": st.sampled_from(["auto", "standard_only"]),
        "thinking": st.sampled_from([{"type": "enabled", "budget_tokens": 2048}, {"type": "disabled"}]),
        "container": st.just("c-1"),
    },
    "openai_chat": {
        "temperature": _NUMBER,
        "top_p": _NUMBER,
        "max_completion_tokens": _NUMBER,
        "max_tokens": _NUMBER,
        "stream": st.sampled_from([True, False, None]),
        "stop": st.sampled_from(["END", ["END"], []]),
        "seed": _NUMBER,
        "user": _TEXT,
    },
    "openai": {
        "temperature": _NUMBER,
        "top_p": _NUMBER,
        "max_output_tokens": _NUMBER,
        "stream": st.sampled_from([True, False]),
        "instructions": _TEXT,
        "store": st.booleans(),
    },
    "gemini": {
        "generationConfig": st.fixed_dictionaries(
            {}, optional={"temperature": _NUMBER, "maxOutputTokens": _NUMBER, "topK": _NUMBER}
        ),
        "systemInstruction": st.builds(lambda text: {"parts": [{"text": text}]}, _TEXT),
    },
}


def _message(source: str, role: str, text: str, as_blocks: bool) -> dict[str, Any]:
    if source == "gemini":
        return {"role": "model" if role == "assistant" else "user", "parts": [{"text": text}]}
    if source == "openai":
        kind = "output_text" if role == "assistant" else "input_text"
        return {"role": role, "content": [{"type": kind, "text": text}] if as_blocks else text}
    return {"role": role, "content": [{"type": "text", "text": text}] if as_blocks else text}


@st.composite
def small_bodies(draw: st.DrawFn, source: str) -> bytes:
    """A client's small body in ``source``'s dialect: one to three turns of text, some settings."""
    texts = draw(st.lists(_TEXT, min_size=1, max_size=3))
    rows = [
        _message(source, "assistant" if i % 2 else "user", text, draw(st.booleans()))
        for i, text in enumerate(texts)
    ]
    body: dict[str, Any] = {
        "input" if source == "openai" else "contents" if source == "gemini" else "messages": rows
    }
    if source != "gemini":
        body["model"] = draw(
            st.sampled_from(["claude-sonnet-4-5", "claude-3-haiku-20240307", "gpt-4.1-mini"])
        )
    if source == "anthropic":
        body["max_tokens"] = draw(st.sampled_from([1, 256, 4096, 64000, 200000]))
    for key, values in _SETTING[source].items():
        if draw(st.integers(0, 3)) == 0:
            body[key] = draw(values)
    return json.dumps(body).encode()


def _outcome(run: Any) -> Any:
    try:
        return run()
    except lc.LmcodecError as exc:
        return type(exc), str(exc), getattr(exc, "path", None)


@settings(SETTINGS, max_examples=examples(400))
@given(small_bodies("anthropic"))
def test_the_anthropic_view_reads_as_the_dict_of_its_keys(body: bytes) -> None:
    """``read_view`` (the readers' way in) against ``read_surveyed`` of the view's keys as a dict,
    the way it replaces, and the general path; with and without a routed model."""
    general = _outcome(lambda: anthropic_read._decode_general(body))
    for model in (None, "claude-opus-4-1"):
        try:
            viewed = read_body(body, model)
        except _FAILS:
            viewed = None
        try:
            keyed = anthropic_read._read_one_pass(body, partial(read_typed, routed=model))
        except _FAILS:
            keyed = None
        assert (viewed is None) == (keyed is None)
        if viewed is not None:
            expected = general if model is None else msgspec.structs.replace(general, model=model)
            assert viewed[0] == keyed == expected
            assert lc.encode(viewed[0]) == lc.encode(expected)
    assert _outcome(lambda: lc.decode_request("anthropic", body)) == general


def _read_by_keys(body: bytes, routed: str | None = None) -> tuple[lc.Request, Seen | None, bool]:
    """The fast path's way in before ``read_view``: ``read_surveyed`` of the view's keys as a dict
    (the stream flag as ``json.loads`` reads it)."""
    raw, views, tool_values = anthropic_read._one_pass(body)
    request, seen = read_surveyed(raw, views, tool_values, routed)
    return request, seen, json.loads(body).get("stream") is True


def _calls(body: bytes, destination: str, model: str | None) -> list[Any]:
    """What the public calls give for an Anthropic body: the Request, its build, the translation
    (body bytes and notes), each an error's class, message and path where it fails."""

    def built(made: lc.ProviderRequest) -> tuple[bytes, Any]:
        return made.body, msgspec.to_builtins(made.adaptations)

    return [
        _outcome(lambda: lc.encode(lc.decode_request("anthropic", body, model=model))),
        _outcome(
            lambda: built(lc.build_request(destination, lc.decode_request("anthropic", body, model=model)))
        ),
        _outcome(lambda: built(lc.translate_request("anthropic", destination, body, model=model))),
        _outcome(
            lambda: built(lc.translate_request("anthropic", destination, body, model=model, stream=True))
        ),
    ]


@settings(SETTINGS, max_examples=examples(200))
@given(small_bodies("anthropic"), st.sampled_from(DIALECTS), st.booleans())
def test_anthropic_calls_equal_the_way_before(body: bytes, destination: str, routed: bool) -> None:
    model = MODELS[destination] if routed else None
    now = _calls(body, destination, model)
    with mock.patch.object(anthropic_read, "read_body", _read_by_keys):
        before = _calls(body, destination, model)
    assert now == before


@settings(SETTINGS, max_examples=examples(150))
@given(st.data())
def test_the_survey_of_a_small_reading_is_the_walk_s(data: st.DataObject) -> None:
    """Each dialect's gateway reading of a small body records ``crossing.survey``'s answer."""
    source = data.draw(st.sampled_from(DIALECTS))
    body = data.draw(small_bodies(source))
    surveyed = TYPED_READERS[source](body, None)
    if surveyed is not None and surveyed[1] is not None:
        assert surveyed[1] == crossing.survey(surveyed[0])


_CLAUDE = st.sampled_from([marker for marker, _ in OUTPUT_CEILINGS])


@settings(SETTINGS, max_examples=examples(300))
@given(
    st.one_of(_CLAUDE.map(lambda marker: f"{marker}20250101"), st.sampled_from(["gpt-4.1", "claude-next"])),
    st.one_of(st.none(), st.integers(1, 300_000), st.sampled_from([4096, 4097, 8192, 8193, 64000, 64001])),
)
def test_claude_refusals_out_without_thinking_or_sampling_is_the_ceiling_step(
    model: str, cap: int | None
) -> None:
    request = lc.Request(model=model, messages=(lc.Message.user("hi"),), config=lc.Config(max_tokens=cap))
    changed, notes = claude_refusals_out(request)
    expected, expected_notes = _within_ceiling(request, request.config, (), changed=False)
    assert changed == expected
    assert notes == expected_notes
    assert (changed is request) == (expected is request)
