"""Every exception class lmcodec defines pickles and unpickles to an equal error (type, message,
arguments, attributes), so that it crosses a process boundary: a ``ProcessPoolExecutor`` or
``multiprocessing.Pool`` worker's error reaches the parent (red team 48 F01: ``StreamError`` did
not unpickle, which broke the pool). The classes are found by walking the package, so a new one
is covered: one whose ``__init__`` takes other arguments than a message needs a sample below."""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil
from collections.abc import Callable
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.wire import (
    ErrorDetail,
    Message,
    Response,
    StreamDeltaEvent,
    StreamStartEvent,
    TextDelta,
    TextPart,
    Usage,
)


def _defined_exceptions() -> dict[str, type[BaseException]]:
    """Every exception (and warning) class defined in an lmcodec module, by its dotted name."""
    found: dict[str, type[BaseException]] = {}
    for info in pkgutil.walk_packages(lc.__path__, "lmcodec."):
        if info.name.endswith("__main__"):  # (runs the CLI)
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            lmcodec_error = inspect.isclass(value) and issubclass(value, BaseException)
            if lmcodec_error and value.__module__.startswith("lmcodec"):
                found[f"{value.__module__}.{value.__qualname__}"] = value  # (lmcodec.errors': "lmcodec.X")
    return found


DEFINED = _defined_exceptions()
_RESPONSE = Response(
    id="resp_1",
    model="m",
    message=Message(role="assistant", parts=[TextPart(text="so far")]),
    finish_reason="stop",
    usage=Usage(input_tokens=1, output_tokens=2),
)
_DETAIL = ErrorDetail(
    code="rate_limit",
    message="slow down",
    provider_code="rate_limit_exceeded",
    http_response={"retry_after": 2, "request_id": "req_1", "rate_limit_headers": {"retry-after": ["2"]}},
)

# The classes whose __init__ takes other arguments than one message, each with a sample that sets
# every attribute it has.
SAMPLES: dict[str, Callable[[], BaseException]] = {
    "lmcodec.DecodeError": lambda: lc.DecodeError("bad byte", offset=7),
    "lmcodec.ValidationError": lambda: lc.ValidationError("must be a str", "$.parts[1].text"),
    "lmcodec.StreamAssemblyError": lambda: lc.StreamAssemblyError(
        "no end event", partial=_RESPONSE, part_index=1
    ),
    "lmcodec.StreamError": lambda: lc.StreamError(_DETAIL),
    "lmcodec.StreamDecodeError": lambda: lc.StreamDecodeError(
        "not JSON",
        frame=3,
        events=[
            StreamStartEvent(id="r", model="m"),
            StreamDeltaEvent(delta=TextDelta(part_index=0, text="H")),
        ],
        partial=_RESPONSE,
    ),
    "lmcodec.RecordError": lambda: lc.RecordError(
        "must be a str",
        line=4,
        offset=120,
        path="$.prompt",
        cause=lc.ValidationError("must be a str", "$.prompt"),
        file="logs.jsonl",
    ),
    "lmcodec.ProviderError": lambda: lc.ProviderError(
        "overloaded", code="server", provider="anthropic", provider_code="overloaded_error", feature="x"
    ),
    "lmcodec.llm._json_values.UnwritableValueError": lambda: _unwritable(),
    "lmcodec.arrow._checks.BadRows": lambda: _class("arrow._checks.BadRows")({2: "int too big"}),
    "lmcodec.arrow._checks.UnknownItem": lambda: _class("arrow._checks.UnknownItem")({0: "a tag"}),
    "lmcodec.arrow._checks.ColumnMismatch": lambda: _class("arrow._checks.ColumnMismatch")("a.b", "is int"),
    "lmcodec.arrow._checks.ColumnsDiffer": lambda: _class("arrow._checks.ColumnsDiffer")("a.b", "is absent"),
    "lmcodec.cli.main._Signalled": lambda: _class("cli.main._Signalled")(15),
}


def _class(name: str) -> Any:
    return DEFINED[f"lmcodec.{name}"]


def _unwritable() -> BaseException:
    from lmcodec.llm._json_values import UnwritableValueError

    return UnwritableValueError("a set", "$.options.stop")


def _sample(name: str) -> BaseException:
    cls = DEFINED[name]
    if name in SAMPLES:
        return SAMPLES[name]()
    assert "__init__" not in vars(cls) or cls.__init__ is Exception.__init__, (
        f"{name} defines __init__: add a sample of it to SAMPLES"
    )
    return cls("a message")


def _same(a: Any, b: Any) -> bool:
    """Equal as errors: type, str, arguments and every attribute (an error among them compared so)."""
    if isinstance(a, BaseException) or isinstance(b, BaseException):
        return (
            type(a) is type(b)
            and str(a) == str(b)
            and len(a.args) == len(b.args)
            and all(_same(x, y) for x, y in zip(a.args, b.args, strict=True))
            and vars(a).keys() == vars(b).keys()
            and all(_same(vars(a)[key], vars(b)[key]) for key in vars(a))
        )
    return bool(type(a) is type(b) and a == b)


def test_the_walk_finds_the_errors_of_the_errors_module_and_elsewhere() -> None:
    errors = {cls for cls in DEFINED.values() if cls.__module__ == "lmcodec"}
    assert errors == {getattr(lc.errors, name) for name in lc.errors.__all__ if name != "BadRecord"}
    assert "lmcodec.llm._json_values.UnwritableValueError" in DEFINED


def test_every_sample_names_a_class_the_walk_finds() -> None:
    assert set(SAMPLES) <= set(DEFINED)


@pytest.mark.parametrize("protocol", [0, pickle.HIGHEST_PROTOCOL])
@pytest.mark.parametrize("name", sorted(DEFINED))
def test_every_error_pickles_to_an_equal_error(name: str, protocol: int) -> None:
    error = _sample(name)
    error.__notes__ = ["a note added where it was caught"]  # (what 3.11's add_note sets)
    back = pickle.loads(pickle.dumps(error, protocol))
    assert _same(back, error), (vars(back), vars(error))


def test_a_stream_error_keeps_its_detail_and_what_is_read_from_it() -> None:
    back = pickle.loads(pickle.dumps(lc.StreamError(_DETAIL)))
    assert isinstance(back, lc.StreamError)
    assert back.error == _DETAIL
    assert (str(back), back.code, back.provider_code, back.retry_after, back.request_id) == (
        "slow down",
        "rate_limit",
        "rate_limit_exceeded",
        2,
        "req_1",
    )


def test_a_stream_error_raised_by_assemble_crosses_a_pickle() -> None:
    stream = [
        b'data: {"id":"c","model":"m","choices":[{"index":0,"delta":{"content":"Hi"}}]}\n\n',
        b'data: {"error":{"message":"slow down","type":"rate_limit_exceeded",'
        b'"code":"rate_limit_exceeded"}}\n\n',
    ]
    with pytest.raises(lc.StreamError) as raised:
        lc.assemble(lc.stream.decode("openai_chat", stream))
    back = pickle.loads(pickle.dumps(raised.value))
    assert _same(back, raised.value)
    assert back.code == "rate_limit"
