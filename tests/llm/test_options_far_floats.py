"""llm's ``prompt.options`` values holding far floats (``1e300``: msgspec 0.23 parses a typed
float of decimal scale 289+ on a slow path, ~10-100 us each; ~0.6 s per MB of them): an option's
float is a ``NearFloat``, so the typed decoder refuses the first far one at the 1e288 bound and
``lc.llm.decode`` reads the record from its builtins (the float hook: ``float``'s reading); the
values are ``json.loads``'s (and are written as ``from_builtins`` of them writes them)."""

from __future__ import annotations

import json

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.llm.codec import _DECODERS
from tests.budget import examples

_FLOATS = st.one_of(
    st.builds(lambda m, e: f"{m}e{e}", st.integers(1, 10**19), st.integers(280, 308)),
    st.builds(lambda m, e: f"-{m}.5E+{e}", st.integers(1, 10**6), st.integers(286, 300)),
    st.sampled_from(["1.7976931348623157e308", "-1e288", "1e289", "-0.5", "0.0", "1e-300", "2"]),
)
_VALUES = st.recursive(
    st.one_of(_FLOATS, st.sampled_from(['"s"', "true", "false", "7"])),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3).map(lambda xs: "[" + ",".join(xs) + "]"),
        st.lists(inner, min_size=1, max_size=3).map(
            lambda xs: "{" + ",".join(f'"k{i}":{x}' for i, x in enumerate(xs)) + "}"
        ),
    ),
    max_leaves=6,
)


def _prompt(options: list[str]) -> str:
    pairs = ",".join(f'"o{i}":{value}' for i, value in enumerate(options))
    return f'{{"messages":[{{"role":"user","parts":[{{"type":"text","text":"hi"}}]}}],"options":{{{pairs}}}}}'


def _record(options: list[str]) -> bytes:
    return (
        f'{{"model":"m","prompt":{_prompt(options)},'
        '"messages":[{"role":"assistant","parts":[{"type":"text","text":"x"}]}]}'
    ).encode()


@settings(max_examples=examples(100), deadline=None)
@given(options=st.lists(_VALUES, min_size=1, max_size=4))
def test_options_read_as_json_loads_reads_them(options: list[str]) -> None:
    data = _record(options)
    response = lc.llm.decode(data)
    assert response.prompt is not None
    assert repr(response.prompt.options) == repr(json.loads(data)["prompt"]["options"])
    assert lc.llm.encode(response) == lc.llm.encode(lc.llm.from_builtins(json.loads(data)))
    prompt = lc.llm.decode(_prompt(options).encode(), lc.llm.Prompt)
    assert repr(prompt.options) == repr(response.prompt.options)


@pytest.mark.parametrize("target", [lc.llm.Response, lc.llm.Prompt])
@pytest.mark.parametrize("literal", ["1e300", "-1.7976931348623157e308", "1e289"])
def test_the_typed_decoder_refuses_a_far_option_at_the_bound(target: object, literal: str) -> None:
    """The bound that keeps a record of far option floats off msgspec's slow path: the first far
    one stops the typed decode (the builtins' reading follows); an ordinary one passes."""
    data = _record([literal, "1e300"]) if target is lc.llm.Response else _prompt([literal, "1e300"]).encode()
    bound = r"[<>]= -?1e\+288 - at `\$(\.prompt)?\.options\[\.\.\.\]`"
    with pytest.raises(msgspec.ValidationError, match=bound):
        _DECODERS[target].decode(data)
    _DECODERS[target].decode(data.replace(b"1e300", b"-0.5").replace(literal.encode(), b"1e288"))
