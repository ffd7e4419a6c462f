"""The compiled constructors (wire/_compiled.py) against the generic plan walk they replace.

Every wire class is built from the same arguments both ways, by keyword and by position: the
two give equal objects, or raise the same error class with the same message. And a valid
argument that the inline test already accepts is not handed to its check (red team 6 F11: the
generic walk called one check per field, about twice lm15's constructor cost).
"""

from __future__ import annotations

import builtins
import math
import sys
from pathlib import Path
from types import FrameType
from typing import Any, Literal

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
import lmcodec.wire as wire
from lmcodec.wire._plan import plan_of
from lmcodec.wire._struct import WireStruct, _construct_of, generic_call

from ..budget import examples

CLASSES = sorted(
    (
        c
        for c in (getattr(wire, n) for n in wire.__all__)
        if isinstance(c, type) and issubclass(c, WireStruct)
    ),
    key=lambda c: c.__name__,
)

_TEXT = lc.TextPart(text="t")
_STATE = lc.ContinuationState(provider="p", kind="k", data={"a": 1})
POOL: list[Any] = [
    None,
    "",
    "x",
    "user",
    "assistant",
    "stop",
    "text",
    "auto",
    "low",
    "image/png",
    "aGk=",
    "file-1",
    0,
    1,
    -1,
    7,
    2**70,
    0.5,
    -0.25,
    1.0,
    math.inf,
    -math.inf,
    math.nan,
    True,
    False,
    (),
    [],
    {},
    {"a": 1},
    {"a": math.nan},
    {1: 2},
    {"type": "object"},
    ("x",),
    ["x", "y"],
    (1, 2),
    [255, -1],
    b"x",
    bytearray(b"y"),
    Path("a.png"),
    _TEXT,
    (_TEXT,),
    [_TEXT, lc.ThinkingPart(text="h")],
    _STATE,
    (_STATE,),
    lc.Usage(input_tokens=1),
    lc.Message.user("u"),
    lc.Message.assistant("a"),
    (lc.Message.user("u"),),
    lc.TopLogprob(token="a", logprob=-1.0),
    (lc.TopLogprob(token="a", logprob=-1.0),),
    lc.FunctionTool(name="f"),
    lc.Config(),
    lc.Adaptation(field="f", action="dropped", reason="r"),
]


def _canon(value: Any) -> Any:
    """A comparable form: NaN equal to NaN, types kept (1 != 1.0 != True)."""
    if isinstance(value, msgspec.Struct):
        return (type(value).__name__, tuple(_canon(getattr(value, f)) for f in value.__struct_fields__))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(_canon(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple((_canon(k), _canon(v)) for k, v in value.items()))
    return (type(value).__name__, repr(value))


def _outcome(build: Any) -> Any:
    try:
        return ("ok", _canon(build()))
    except Exception as exc:  # what the generic path raises (BearerToken: AttributeError, as lm15)
        return ("raised", type(exc).__name__, str(exc))


@settings(max_examples=examples(400), deadline=None)
@given(st.sampled_from(CLASSES), st.data())
def test_compiled_constructor_is_the_generic_plan(cls: Any, data: st.DataObject) -> None:
    plan = plan_of(cls)
    names = sorted(plan.names)
    chosen = (
        data.draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names)), "fields")
        if names
        else []
    )
    kwargs = {name: data.draw(st.sampled_from(POOL), name) for name in chosen}
    assert _outcome(lambda: cls(**kwargs)) == _outcome(lambda: generic_call(cls, (), kwargs))
    given_positionally = [n for n in plan.positional if n in kwargs]
    count = len(given_positionally)
    if given_positionally == list(plan.positional[:count]):
        args = tuple(kwargs[n] for n in plan.positional[:count])
        rest = {n: v for n, v in kwargs.items() if n not in plan.positional[:count]}
        assert _outcome(lambda: cls(*args, **rest)) == _outcome(lambda: generic_call(cls, args, rest))


def test_arguments_that_do_not_bind_are_worded_by_the_generic_path() -> None:
    text_part: Any = lc.TextPart  # (called wrongly on purpose)
    response: Any = lc.Response
    for build, message in [
        (lambda: text_part("a", (), 3), "TextPart() takes 2 positional arguments but 3 were given"),
        (lambda: text_part(txt="a"), "TextPart() got an unexpected keyword argument 'txt'"),
        (lambda: text_part("a", text="b"), "TextPart() got multiple values for argument 'text'"),
        (lambda: text_part(), "TextPart() missing required argument: 'text'"),
        (
            lambda: response("r", "m", lc.Message.assistant("a"), "stop"),
            "Response() missing required argument: 'usage'",
        ),
    ]:
        try:
            build()
        except TypeError as exc:
            assert str(exc) == message
        else:
            raise AssertionError(message)


def test_a_check_error_keeps_its_own_traceback() -> None:
    text_part: Any = lc.TextPart
    try:
        text_part(text=3)
    except TypeError as exc:
        assert str(exc) == "TextPart.text must be a string"
        assert exc.__context__ is None
    else:
        raise AssertionError("TextPart(text=3) was built")


def _check_calls(build: Any) -> list[str]:
    """The names of the check functions (``check_*``) called while ``build()`` runs."""
    calls: list[str] = []

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_name.startswith("check_"):
            calls.append(frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        build()
    finally:
        sys.setprofile(None)
    return calls


def test_valid_arguments_are_not_handed_to_their_checks() -> None:
    """Strings, floats, ints, known classes, literals and arguments left out are taken as the
    inline tests say: no check call (the generic walk made one per field: 2 for a TextPart, 8 for
    a Usage, 9 for a Response)."""
    usage = lc.Usage(input_tokens=1, output_tokens=2)
    message = lc.Message.assistant("a")
    assert _check_calls(lambda: lc.TextPart(text="hi")) == []
    assert _check_calls(lambda: lc.Usage(input_tokens=1, output_tokens=2)) == []
    assert _check_calls(lambda: lc.TopLogprob(token="a", logprob=-1.0)) == []
    assert _check_calls(lambda: lc.Response("r", "m", message, "stop", usage)) == []
    assert _check_calls(lambda: generic_call(lc.TextPart, (), {"text": "hi"})) == ["check_str", "check_tuple"]


def test_a_tuple_of_parts_is_checked_without_an_isinstance_call_per_part() -> None:
    """``isinstance(part, <the part classes>)`` tries each class of the union in turn (3.4 ms for
    1,000 ToolCallParts): each part's type is looked up in a set first (before: one call a part)."""
    parts = tuple(lc.tool_call(f"c{i}", "f", {"i": i}) for i in range(100))
    calls = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal calls
        if event == "c_call" and arg is isinstance:
            calls += 1

    sys.setprofile(profile)
    try:
        message = lc.Message(role="assistant", parts=parts)
    finally:
        sys.setprofile(None)
    assert message.parts == parts
    assert calls < 10, calls


class _NamedAfterBuiltins(WireStruct, frozen=True, kw_only=True):
    """A field named after each builtin the compiled code uses, each beside a field whose test uses
    it (reviewer R01: a parameter named ``type`` shadowed the ``type`` of ``type(count) is int``)."""

    type: builtins.str
    isinstance: builtins.int = 0
    str: builtins.float = 0.0
    int: builtins.bool = False
    float: Literal["a", "b"] = "a"
    bool: builtins.bytes = b""
    bytes: builtins.tuple[builtins.str, ...] = ()
    tuple: lc.TextPart | None = None
    TypeError: builtins.int = 0  # (the compiled code raises it for a missing ``type``)


@settings(max_examples=examples(300), deadline=None)
@given(st.data())
def test_fields_named_after_builtins_build_as_the_generic_plan(data: st.DataObject) -> None:
    cls: Any = _NamedAfterBuiltins
    names = sorted(plan_of(cls).names)
    chosen = data.draw(st.lists(st.sampled_from(names), unique=True), "fields")
    kwargs = {name: data.draw(st.sampled_from(POOL), name) for name in chosen}
    assert _outcome(lambda: cls(**kwargs)) == _outcome(lambda: generic_call(cls, (), kwargs))


def test_fields_named_after_builtins_take_valid_arguments() -> None:
    cls: Any = _NamedAfterBuiltins
    built = cls(type="t", isinstance=2, str=0.5, int=True, float="b", bool=b"x", bytes=("y",), tuple=_TEXT)
    assert built == generic_call(cls, (), msgspec.structs.asdict(built))
    assert (built.type, built.isinstance, built.str, built.tuple) == ("t", 2, 0.5, _TEXT)


def test_a_compiled_constructor_names_no_global_a_field_could_shadow() -> None:
    """Every global name the compiled code reads is private (``_lm_``, which no field may start
    with): a builtin named by an inline test would be shadowed by a field of that name."""
    for cls in (*CLASSES, _NamedAfterBuiltins):
        construct = _construct_of(cls)
        code = construct.__code__
        assert not {n for n in code.co_names if not n.startswith("_lm_")}, (cls, code.co_names)


class _AuditedMessage(lc.Message, frozen=True, kw_only=True):
    """A Message whose own hook refuses an empty text part (reviewer R04)."""

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        for part in kwargs.get("parts") or ():
            if isinstance(part, lc.TextPart) and not part.text:
                raise ValueError("empty text part refused")
        super()._lm_prepare(kwargs)


class _TokenWithCount(lc.TokenLogprob, frozen=True, kw_only=True):
    """A subclass that keeps its parent's hook and test (both inherited)."""


def test_a_subclass_hook_is_not_skipped_under_its_parents_test() -> None:
    """The test under which a hook changes nothing is read from the class defining the hook in
    use: a subclass overriding ``_lm_prepare`` (not its test) has its hook run on every call."""
    audited: Any = _AuditedMessage
    args = {"role": "user", "parts": (lc.TextPart(text=""),)}
    for build in (lambda: audited(**args), lambda: generic_call(audited, (), args)):
        try:
            build()
        except ValueError as exc:
            assert str(exc) == "empty text part refused"
        else:
            raise AssertionError("the subclass's hook was skipped")
    assert audited(role="user", parts=(_TEXT,)).parts == (_TEXT,)
    inherited: Any = _TokenWithCount
    assert _check_calls(lambda: inherited(token="a", logprob=-1.0)) == []
    assert inherited(token="a", logprob=-1.0, bytes=[1]).bytes == (1,)


def test_a_type_error_raised_inside_with_arguments_that_bind_is_not_reworded() -> None:
    """The compiled constructor's TypeError goes to the generic path only where the arguments do
    not bind to its signature (asked of ``inspect.Signature``, not read off the traceback)."""
    build_message: Any = lc.Message
    audited: Any = _AuditedMessage
    for build, wording in [
        (lambda: build_message("user", 3), "Message.parts must contain Part objects"),
        (
            lambda: build_message("user", (_TEXT,), None, 4),
            "Message() takes 3 positional arguments but 4 were given",
        ),
        (
            lambda: audited(role="user", parts=(_TEXT,), colour=1),
            "_AuditedMessage() got an unexpected keyword argument 'colour'",
        ),
    ]:
        try:
            build()
        except TypeError as exc:
            assert str(exc) == wording
            assert exc.__context__ is None or exc.__suppress_context__  # (shown: no other error)
        else:
            raise AssertionError(wording)


def test_an_empty_tuple_made_at_run_time_is_written_as_the_default() -> None:
    # On Python 3.10 tuple(x for x in ()) is an empty tuple other than the () singleton; msgspec
    # omits a default by identity, so a constructor that kept it wrote "continuation": [].
    empty = tuple(x for x in ())
    built = [
        lc.TextPart(text="a", continuation=empty),
        lc.ToolCallPart(id="c", name="f", input={}, continuation=empty),
        lc.ImagePart(url="https://x/y.png", continuation=empty),
        lc.Message(role="user", parts=(lc.TextPart(text="a"),), continuation=empty),
    ]
    for obj in built:
        assert b"continuation" not in lc.encode(obj), obj
        assert obj.continuation == () and len(obj.continuation) == 0
