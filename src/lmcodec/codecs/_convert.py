"""``msgspec.convert`` with its plan kept: a union or container target converted as a field.

msgspec keeps the conversion plan of a Struct on its class, but builds the plan of any other
target (a union such as ``lc.Part``, a ``list[...]``, an ``Optional``) again on every call: 8-17
µs for one small part, 15-30 times the conversion itself. :func:`convert` converts such a target
as the one field of a wrapper Struct made once per target, whose plan msgspec keeps, and gives
the value and the errors of ``msgspec.convert(value, tp)``: a failure's path is the direct
conversion's (``$.value.text`` read back as ``$.text``; a failure at the root has no path, as
msgspec writes it). ``tests/codecs/test_convert.py`` holds the two equal.
"""

from __future__ import annotations

from typing import Any

import msgspec

from lmcodec.codecs._hooks import dec_hook
from lmcodec.codecs._targets import resolve, wire_target

__all__ = ["convert", "convert_wire"]

_targets: dict[Any, Any] = {}
"""A target type -> what msgspec converts into: the type itself (a Struct), or its wrapper."""
_FIELD = "value"
_AT = " - at `"
_ROOT = "$." + _FIELD
_KEY_AT_ROOT = "key` in `" + _ROOT


def convert(value: Any, tp: Any) -> Any:
    """``msgspec.convert(value, tp, dec_hook=dec_hook)``, its plan built once per ``tp``."""
    try:
        target = _targets.get(tp)
    except TypeError:  # an unhashable target: nothing to keep
        return msgspec.convert(value, tp, dec_hook=dec_hook)
    if target is None:
        target = _targets[tp] = _target(tp)
    return _converted(value, tp, target)


_wire_targets: dict[Any, Any] = {}
"""As ``_targets``, for the targets :func:`convert_wire` has judged (each type once)."""


def convert_wire(value: Any, tp: Any) -> Any:
    """:func:`convert` into a wire type form only (``lc.from_builtins``): a target that is not
    one is an UnsupportedTypeError at its first use (:func:`~lmcodec.codecs._targets.wire_target`),
    with no cost after it (one lookup a call, as :func:`convert`)."""
    try:
        target = _wire_targets.get(tp)
    except TypeError:  # an unhashable target
        wire_target(tp)  # raises
        raise
    if target is None:
        wire_target(tp)
        target = _wire_targets[tp] = _target(tp)
    return _converted(value, tp, target)


def _converted(value: Any, tp: Any, target: Any) -> Any:
    if target is tp:
        return msgspec.convert(value, tp, dec_hook=dec_hook)
    try:
        return msgspec.convert({_FIELD: value}, target, dec_hook=dec_hook).value
    except msgspec.ValidationError as exc:
        raise unwrapped(exc) from None


def _target(tp: Any) -> Any:
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return tp
    return msgspec.defstruct("Convert", [(_FIELD, resolve(tp))], gc=False)


def unwrapped(exc: msgspec.ValidationError) -> msgspec.ValidationError:
    """The error of the direct conversion for the wrapper's error ``exc``."""
    text = str(exc)
    message, at, where = text.rpartition(_AT)
    if where.startswith(_ROOT):
        rest = where[len(_ROOT) :]  # "`" at the root, else ".field`" or "[i]`"
        return msgspec.ValidationError(message if rest == "`" else f"{message}{at}${rest}")
    if where.startswith(_KEY_AT_ROOT):
        return msgspec.ValidationError(f"{message}{at}key` in `${where[len(_KEY_AT_ROOT) :]}")
    return exc
