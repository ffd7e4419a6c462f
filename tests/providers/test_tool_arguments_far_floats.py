"""Red team 47 F01: a body's tool arguments holding floats of a decimal scale of 289+ are read by
``float`` (the arguments decoder's float_hook), to the value msgspec gives, and a literal past the
double range still leaves the arguments to ``parse_json_object`` as before."""

from __future__ import annotations

import time

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.providers._arguments_end import arguments_whole
from lmcodec.providers._tool_arguments import strict_json_object
from tests.budget import examples

_NUMBER = st.one_of(
    st.builds(lambda m, e: f"{m}e{e}", st.integers(1, 10**19), st.integers(280, 330)),
    st.sampled_from(["1.7976931348623157e308", "1E+0300", "-2.5e-300", "0.5", "1e400"]),
)


def _before(arguments: str) -> object:
    try:
        value = msgspec.json.Decoder().decode(arguments)
    except Exception:
        return None
    return value if type(value) is dict else {"value": value}


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(_NUMBER, min_size=1, max_size=6))
def test_arguments_read_as_msgspec_reads_them(numbers: list[str]) -> None:
    arguments = '{"x": [' + ", ".join(numbers) + "]}"
    assert strict_json_object(arguments) == _before(arguments)


def _cpu(arguments: str) -> float:
    started = time.process_time()
    strict_json_object(arguments)
    return time.process_time() - started


def test_many_far_floats_in_arguments_cost_as_plain_floats() -> None:
    # msgspec's slow path: ~10 us a number, 30-60x the same text of 1.5s; float_literal: ~1-2x
    far = '{"x": [' + ", ".join(["1.7976931348623157e308"] * 20_000) + "]}"
    near = '{"x": [' + ", ".join(["1.5"] * 20_000) + "]}"
    strict_json_object(near)
    assert _cpu(far) < 8 * _cpu(near) + 0.02
    value = strict_json_object(far)
    assert value is not None and value["x"][0] == 1.7976931348623157e308


def _cpu_whole(arguments: str) -> float:
    started = time.process_time()
    arguments_whole(arguments)
    return time.process_time() - started


def test_whole_arguments_of_far_floats_cost_as_plain_floats() -> None:
    # arguments_whole (a streamed call's arguments given at once) reads them by the same hook
    far = '{"x": [' + ", ".join(["1.7976931348623157e308"] * 20_000) + "]}"
    near = '{"x": [' + ", ".join(["1.5"] * 20_000) + "]}"
    arguments_whole(near)
    assert _cpu_whole(far) < 8 * _cpu_whole(near) + 0.02
    assert arguments_whole(far) == (True, None)
