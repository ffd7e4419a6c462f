"""Values held by the llm Structs as llm's ``json.dumps`` writes them.

Decoding JSON text gives JSON values only (a ``NaN`` read as a :class:`NonFiniteFloat`). A value
handed over from Python (a constructor, ``from_builtins``, ``from_llm``) may hold a plain
``float("nan")``, which msgspec writes ``null`` where ``json.dumps`` writes ``NaN``, or a value
``json.dumps`` refuses (bytes, a set, a datetime, a Decimal, a UUID, a dataclass, ...), which
msgspec would write as some other JSON value (base64 text, an array, a string): llm can never
have written it, and it would read back as another value.

:func:`json_value` gives the value to keep: each non-finite float as a NonFiniteFloat (which
``encode`` writes as ``json.dumps`` does), anything ``json.dumps`` refuses an
:class:`UnwritableValueError` naming its path. Python's json encoder (C) checks the value first;
only a value it refuses is walked here. A value nested past the stack is left as it is (the
encoder or ``to_turn`` names it later).
"""

import json
from _json import encode_basestring_ascii, make_encoder
from typing import Any

import msgspec

from lmcodec.errors import EncodeError
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire._types import NonFiniteFloat

__all__ = ["UnwritableValueError", "dumps_accepts", "is_json", "json_value"]


def _refuse(value: Any) -> Any:
    raise TypeError(type(value).__name__)


# json.dumps's own C encoder, built once (JSONEncoder.encode builds one a call, dearer than the
# check of a small dict): refuses what llm's json.dumps refuses, and NaN. No circularity check:
# a cycle is a RecursionError, left alone as a value nested past the stack is.
_strict_dumps = make_encoder(None, _refuse, encode_basestring_ascii, None, ":", ",", False, False, False)


class UnwritableValueError(EncodeError):
    """A value llm's ``json.dumps`` cannot write (it raises TypeError), at ``path``."""

    def __init__(self, what: str, path: str) -> None:
        super().__init__(
            f"cannot be written as llm JSON (llm's json.dumps refuses it too): {what} - at `{path}`"
        )
        self.what = what
        self.path = path

    def __reduce__(self) -> tuple[type, tuple[str, str], dict[str, Any]]:
        return type(self), (self.what, self.path), self.__dict__

    def under(self, prefix: str) -> "UnwritableValueError":
        """The same refusal, its path taken as relative to the value at ``prefix``."""
        return UnwritableValueError(self.what, prefix + self.path[1:])


def _child(path: str, key: Any) -> str:
    if isinstance(key, str) and key.isidentifier():
        return f"{path}.{key}"
    return f"{path}[{json.dumps(key)}]"


def _marked(value: Any, path: str, kept: tuple[type, ...]) -> Any:
    if value is None or isinstance(value, str) or isinstance(value, kept):
        return value
    if isinstance(value, float):
        return value if value - value == 0.0 or type(value) is NonFiniteFloat else NonFiniteFloat(value)
    if isinstance(value, int):  # bool too
        return value
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if not (key is None or isinstance(key, (str, int, float))):
                raise UnwritableValueError(f"a key of type {_type_name(key)}", path)
            out[key] = _marked(item, _child(path, key), kept)
        return out
    if isinstance(value, list):
        return [_marked(item, f"{path}[{i}]", kept) for i, item in enumerate(value)]
    if isinstance(value, tuple):
        return tuple(_marked(item, f"{path}[{i}]", kept) for i, item in enumerate(value))
    raise UnwritableValueError(f"a value of type {_type_name(value)}", path)


def _type_name(value: Any) -> str:
    cls = type(value)
    return cls.__qualname__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}"


_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder(float_hook=float_literal).decode


def is_json(value: Any) -> bool:
    """False when ``value`` holds a non-finite float or a value llm's ``json.dumps`` refuses
    (True for a value nested past the stack: :func:`json_value` leaves it as it is).

    First msgspec's round trip: a value that reads back equal is JSON already (each value
    msgspec writes as something else - bytes, a set, a tuple, a datetime, a Decimal, a UUID, a
    dataclass, an int key, NaN as null - reads back as another type, unequal), 0.6x the
    instructions of json's C encoder on a small payload (benchmarks/NOTES.md); any other
    value is judged by that encoder (:func:`dumps_accepts`)."""
    try:
        if _decode(_encode(value)) == value:
            return True
    except Exception:  # whatever msgspec or a value's __eq__ raises: the exact check judges
        pass
    return dumps_accepts(value)


def dumps_accepts(value: Any) -> bool:
    """:func:`is_json` by llm's own writer: json's C encoder, no NaN."""
    try:
        _strict_dumps(value, 0)
    except RecursionError:
        return True
    except (TypeError, ValueError):
        return False
    return True


def json_value(value: Any, path: str, kept: tuple[type, ...] = ()) -> Any:
    """``value``, found not :func:`is_json`, with its non-finite floats made NonFiniteFloat (a
    copy: the caller's containers are never changed); UnwritableValueError, naming the path,
    for a value llm's ``json.dumps`` refuses. Instances of ``kept`` are taken as they are (the
    Structs of llm's format in builtins given to ``encode``)."""
    try:
        return _marked(value, path, kept)
    except RecursionError:  # circular, or deeper than the stack: left for the encoder to refuse
        return value
