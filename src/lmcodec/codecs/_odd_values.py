"""Wire values built past their checks: a Request, Response, Message, Part or Config whose field
``msgspec.structs.replace`` (or a Struct made without its class call) set to a value of another
type (a ``model`` made an int, bytes, a list or None), which no constructor or decode lets
through. The entry points that take one refuse it with :class:`lmcodec.ValidationError` at the
field's path, as ``lc.from_builtins`` refuses the same value read from builtins, where a reader or
writer met it with a bare TypeError, AttributeError or KeyError: the check runs on that error's
path only (:func:`refuse_odd`), or, for the request model a stream's engine reads before anything
else, as one class test beside the colon test it already makes (:func:`checked_model`)."""

from __future__ import annotations

from typing import Any

import msgspec

from lmcodec.codecs._hooks import enc_hook
from lmcodec.codecs.json import from_builtins
from lmcodec.errors import LmcodecError, ValidationError
from lmcodec.wire._float_literals import decode_any

__all__ = ["checked_model", "refuse_odd"]

_KEPT = (bytes, bytearray, memoryview)
"""Kept as they are by the builtins pass: a str field given bytes is refused, not read as base64."""


def checked_model(value: Any, argument: str) -> str:
    """``value.model`` (``value`` a Request or Response), where a non-empty str as its type
    requires; else the ValidationError at ``$.model``. A caller on a hot path makes the class test
    itself and calls this only for a model that fails it."""
    model = value.model
    if isinstance(model, str) and model:
        return model
    refuse_odd(value, argument)
    shown = repr(model)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    raise ValidationError(  # (where refuse_odd finds nothing: another field builtins cannot say)
        f"{argument}.model must be a model's name (a non-empty str), not {type(model).__name__} {shown}",
        "$.model",
    )


def refuse_odd(value: Any, argument: str) -> None:
    """Raise the :class:`lmcodec.ValidationError` (with the field's path) that ``value``, a wire
    Struct, earns where one of its fields holds a value its type refuses; return where ``value``
    reads back whole (the caller's own error then stands). Its builtins are read back by
    ``lc.from_builtins``, so it costs a round trip: run it on an error's path only. A value
    builtins cannot say at all (an ``object()``) is refused at its path too (:func:`_unsayable`)."""
    try:
        builtins = msgspec.to_builtins(value, builtin_types=_KEPT, enc_hook=_builtin)
    except TypeError:  # a value no builtin says (an object set past the checks), or not ours
        unsayable = _unsayable(value, "$")
        if unsayable is not None:
            path, odd = unsayable
            raise ValidationError(
                f"{argument} holds a value of type {type(odd).__name__!r}, which no wire field "
                f"holds ({_PAST})",
                path,
            ) from None
        return
    except (ValueError, OverflowError, RecursionError):  # nothing builtins can say: not ours
        return
    try:
        read = from_builtins(builtins, type(value), unknown="keep")
    except ValidationError as exc:
        raise ValidationError(
            f"{argument} holds a value its type refuses ({_PAST}): {exc.message}", exc.path
        ) from None
    except (LmcodecError, TypeError, ValueError, RecursionError):
        return
    try:
        found = _difference(value, read, "$")  # read back, but as another value: a dict for a Struct
    except RecursionError:
        return
    if found is not None:
        path, given, wanted = found
        kinds = f"a {type(given).__name__} where its type holds a {type(wanted).__name__}"
        raise ValidationError(f"{argument} holds {kinds} ({_PAST})", path)


_PAST = "changed past its checks: msgspec.structs.replace?"


def _difference(given: Any, read: Any, path: str) -> tuple[str, Any, Any] | None:
    """The path of the first value of ``given`` unequal to ``read``, ``given`` read back from its
    builtins, with the two values there; None where they are equal."""
    if given == read or (given != given and read != read):  # (a NaN logprob reads back as NaN)
        return None
    if isinstance(given, msgspec.Struct) and type(given) is type(read):
        for name in given.__struct_fields__:
            found = _difference(getattr(given, name), getattr(read, name), f"{path}.{name}")
            if found is not None:
                return found
        return None
    if isinstance(given, (tuple, list)) and isinstance(read, (tuple, list)) and len(given) == len(read):
        for i, (one, other) in enumerate(zip(given, read, strict=True)):
            found = _difference(one, other, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    return path, given, read


def _unsayable(value: Any, path: str) -> tuple[str, Any] | None:
    """The path of the first value inside ``value`` (through Structs, tuples, lists and dicts)
    that builtins cannot say, with that value; None where each leaf reads (the TypeError was
    another's). A walk with its own stack: linear in the value, whatever its depth."""
    stack: list[tuple[str, Any]] = [(path, value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, msgspec.Struct):
            steps: Any = [(f"{where}.{name}", getattr(item, name)) for name in item.__struct_fields__]
        elif isinstance(item, (tuple, list)):
            steps = [(f"{where}[{i}]", one) for i, one in enumerate(item)]
        elif isinstance(item, dict):
            steps = [(f"{where}[{_json_key(key)}]", one) for key, one in item.items()]
        else:
            try:
                msgspec.to_builtins(item, builtin_types=_KEPT, enc_hook=_builtin)
            except TypeError:
                return where, item
            except (ValueError, OverflowError):
                pass
            continue
        stack.extend(reversed(steps))
    return None


def _json_key(key: Any) -> str:
    """A dict key as a path step spells it (quoted)."""
    return msgspec.json.encode(str(key)).decode()


def _builtin(obj: Any) -> Any:
    """The codec's enc_hook, a raw JSON token (an unknown item, a non-finite logprob) read back."""
    value = enc_hook(obj)
    if isinstance(value, msgspec.Raw):
        return decode_any(value)
    return value
