"""The Gemini reader's cheap ways on google-genai's agent loop, each against the slow way it replaces.

- ``_read_lenient.substituted_response`` copies a note prototype instead of running Adaptation's
  checked constructor: the same note for every JSON answer msgspec decodes;
- ``_read_snake.holds_snake_case_fields`` says whether ``camel_case_fields`` would rename a field
  (or refuse one given twice), without the copy: equal for generated trees; the reader's
  ``snake_case_kept`` of a google-genai body runs no ``camel_case_fields``;
- ``_read_snake.has_snake_case_names`` runs no regular expression on a name without ``_``.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.errors import ValidationError
from lmcodec.providers.gemini import _read_lenient, _read_snake, _read_typed
from lmcodec.wire import Adaptation

from ..budget import examples
from ..wire.lm15_trees import SETTINGS
from .test_read_gemini_genai import genai_body

_SCALARS = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
)
_KEYS = st.sampled_from(["output", "error", "result", "temp_c", "sky", "a"]) | st.text(max_size=6)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_KEYS, inner, max_size=3),
    max_leaves=12,
)
_ANSWERS = st.dictionaries(_KEYS, _JSON, min_size=1, max_size=3).map(
    lambda answer: msgspec.json.decode(msgspec.json.encode(answer))  # as the reader gets it
)


def _refused(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("the slow way ran")


@settings(SETTINGS, max_examples=examples(300))
@given(_ANSWERS, st.integers(0, 40), st.integers(0, 5))
def test_a_substituted_note_is_the_checked_constructor_s(answer: dict[str, Any], i: int, j: int) -> None:
    text, note = _read_lenient.substituted_response(answer, (i, j))
    expected = Adaptation(
        field=f"$.contents[{i}].parts[{j}].functionResponse.response",
        action="substituted",
        reason=_read_lenient.ERROR_REASON if _read_lenient.failed(answer) else _read_lenient._REASON,
        asked=answer,
        applied=text,
    )
    assert type(note) is Adaptation
    assert note == expected
    assert msgspec.json.encode(note) == msgspec.json.encode(expected)


def test_a_substituted_note_runs_no_checked_constructor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_read_lenient, "Adaptation", _refused)
    text, note = _read_lenient.substituted_response({"output": {"temp_c": 18}}, (2, 0))
    assert (text, note.field, note.action, note.asked) == (
        '{"temp_c":18}',
        "$.contents[2].parts[0].functionResponse.response",
        "substituted",
        {"output": {"temp_c": 18}},
    )


_NAMES = st.sampled_from(
    [
        "parts",
        "text",
        "role",
        "tools",
        "functionDeclarations",
        "function_declarations",
        "googleSearch",
        "google_search",
        "time_range",
        "timeRange",
        "parametersJsonSchema",
        "parameters_json_schema",
        "args",
        "labels",
        "mime_type",
        "mimeType",
        "_x",
        "a_",
    ]
)
_TREES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_NAMES, inner, max_size=4),
    max_leaves=16,
)


@settings(SETTINGS, max_examples=examples(600))
@given(
    st.dictionaries(st.sampled_from(["systemInstruction", "tools", "generationConfig", "toolConfig"]), _TREES)
)
def test_holds_snake_case_fields_says_what_camel_case_fields_does(tree: dict[str, Any]) -> None:
    try:
        renamed = _read_snake.camel_case_fields(tree) is not None
    except ValidationError:  # (a field given twice: a snake_case name was met)
        renamed = True
    assert _read_snake.holds_snake_case_fields(tree) is renamed


@settings(SETTINGS, max_examples=examples(300))
@given(st.lists(_NAMES | st.text(max_size=8) | st.integers(), max_size=5))
def test_has_snake_case_names_as_the_regular_expression_says(names: list[Any]) -> None:
    expected = any(isinstance(name, str) and _read_snake.SNAKE.fullmatch(name) for name in names)
    assert _read_snake.has_snake_case_names(names) is expected


@pytest.mark.parametrize("answer", ["output", "result"])
def test_a_genai_body_s_kept_settings_are_not_copied_to_be_checked(
    answer: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    request, _ = _read_typed.read_surveyed(genai_body(answer), "gemini-2.5-flash", [])
    assert request.config.extensions  # (its system instruction and tools ride as they came)
    monkeypatch.setattr(_read_snake, "camel_case_fields", _refused)
    assert _read_snake.snake_case_kept(request) is False
