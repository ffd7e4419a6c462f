"""The body writers' call ``arguments`` (``openai/_sse_write.BodyArguments``; red team 47 F04):
many small calls' texts decoded from their joined bytes at once, and an input of more than one key
not looked at as lm15's ``partial_json`` marker; each against the one-call text."""

from __future__ import annotations

from typing import Any

import pytest

import lmcodec as lc
from lmcodec.providers.openai._sse_write import BodyArguments, call_arguments
from tests.call_counts import calls_made


def _answer(n: int) -> lc.Response:
    parts = tuple(
        lc.TextPart("see: ") if i % 2 else lc.ToolCallPart(f"call_{i}", "f", {"q": i, "r": "x"})
        for i in range(n)
    )
    return lc.Response("resp_1", "gpt-4.1", lc.Message("assistant", parts), "tool_call", lc.Usage(10, 5, 15))


@pytest.mark.parametrize("dialect", ["openai", "openai_chat"])
def test_calls_arguments_are_decoded_once_and_not_tested_as_markers(dialect: str) -> None:
    """Many small calls: their arguments text decoded in one ``bytes.decode`` (one a call before),
    and an input of more than one key, which cannot be lm15's ``partial_json`` marker, not looked
    at for one (``raw_arguments``, a Python call a call before)."""
    answers = [_answer(n) for n in (40, 400)]
    lc.encode_response(dialect, answers[0])
    counts = [calls_made(lambda r=r: lc.encode_response(dialect, r)) for r in answers]
    assert [c["c:decode"] for c in counts] == [1, 1], counts
    assert [c["raw_arguments"] for c in counts] == [0, 0]


@pytest.mark.parametrize(
    "value",
    [{"partial_json": '{"a": 1'}, {"partial_json": '{"a": 1}'}, {"partial_json": 3}, {"q": "a\nb"}, {}],
)
@pytest.mark.parametrize("provider", ["openai", "openai_chat"])
def test_one_key_inputs_and_newlines_settle_as_the_one_call_text(
    value: dict[str, Any], provider: str
) -> None:
    """Beside plain calls: a ``partial_json`` marker keeps its text, a JSON one or a non-str one is an
    argument, a newline inside a value stays inside its call's text."""
    inputs = [{"a": 1, "b": "x"}, value, {"c": [1, 2]}]
    entries: list[dict[str, Any]] = [{"arguments": ""} for _ in inputs]
    together = BodyArguments(provider)
    for entry, each in zip(entries, inputs, strict=True):
        together.put(entry, each)
    together.settle()
    assert [e["arguments"] for e in entries] == [call_arguments(each, provider) for each in inputs]
