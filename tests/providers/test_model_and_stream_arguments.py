"""The ``model=`` and ``stream=`` arguments of ``lc.translate_request``, ``lc.decode_request`` and
``lc.build_request`` are checked before anything is read or built (red team 30 F05): ``model=""``
built the Gemini path ``/v1beta/models/:generateContent`` and a body naming model ``""``,
``model=5`` was a bare TypeError deep in a reader (or a Request whose str ``model`` held the int),
and ``stream=1`` or ``"yes"`` was written into the body, which every API refuses (a boolean), or
picked Gemini's path by its truth. Each is now an ``lc.ValidationError`` naming the argument."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
CHAT_BODY = json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}).encode()
GEMINI_BODY = json.dumps({"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}).encode()
REQUEST = lc.Request(model="gpt-4o", messages=(lc.Message.user("hi"),))

_NOT_A_MODEL_NAME = st.one_of(
    st.just(""), st.integers(), st.floats(allow_nan=False), st.binary(min_size=1), st.lists(st.text())
)  # fmt: skip
_NOT_A_FLAG = st.one_of(
    st.integers(), st.floats(allow_nan=False), st.text(max_size=4), st.lists(st.booleans(), max_size=2)
).filter(lambda value: value is not True and value is not False)


@settings(max_examples=examples(100), deadline=None)
@given(model=_NOT_A_MODEL_NAME, destination=st.sampled_from(DIALECTS))
def test_a_model_argument_that_names_no_model_is_refused(model: Any, destination: str) -> None:
    for source, body in (("openai_chat", CHAT_BODY), ("gemini", GEMINI_BODY)):
        with pytest.raises(lc.ValidationError, match="model must be a model's name"):
            lc.translate_request(source, destination, body, model=model)
    with pytest.raises(lc.ValidationError, match="model must be a model's name"):
        lc.decode_request(destination, GEMINI_BODY if destination == "gemini" else CHAT_BODY, model=model)


@settings(max_examples=examples(100), deadline=None)
@given(stream=_NOT_A_FLAG, destination=st.sampled_from(DIALECTS))
def test_a_stream_argument_that_is_not_a_bool_is_refused(stream: Any, destination: str) -> None:
    with pytest.raises(lc.ValidationError, match="stream must be True, False or None"):
        lc.translate_request("openai_chat", destination, CHAT_BODY, stream=stream)
    with pytest.raises(lc.ValidationError, match="stream must be True or False, not"):
        lc.build_request(destination, REQUEST, stream=stream)


@pytest.mark.parametrize("destination", DIALECTS)
def test_build_request_takes_no_none_for_stream(destination: str) -> None:
    """``build_request``'s ``stream`` has no "as the body asks": there is no body."""
    with pytest.raises(lc.ValidationError, match="stream must be True or False, not None"):
        lc.build_request(destination, REQUEST, stream=None)  # type: ignore[arg-type]


@pytest.mark.parametrize("destination", DIALECTS)
def test_good_arguments_build_as_before(destination: str) -> None:
    """A model's name and a bool (or None: the body's flag) go on as they did."""
    for stream in (True, False):
        built = lc.translate_request("openai_chat", destination, CHAT_BODY, stream=stream, model="gpt-4.1")
        read = lc.decode_request("openai_chat", CHAT_BODY, model="gpt-4.1")
        assert built == lc.build_request(destination, read, stream=stream)
    assert lc.translate_request("openai_chat", destination, CHAT_BODY, stream=None) == lc.translate_request(
        "openai_chat", destination, CHAT_BODY
    )
    assert lc.decode_request("gemini", GEMINI_BODY, model="gemini-2.5-flash").model == "gemini-2.5-flash"
