"""lmcodec <-> lm15 objects: :func:`from_lm15` and :func:`to_lm15` (lm15 is imported lazily).

The wire Structs mirror lm15's dataclasses (same class names, fields and constructors), so
the conversion is field by field: every ``init`` field of the lm15 dataclass is read from
one side and passed, converted, to the constructor of the same-named class on the other
side, which checks it as lm15 does. Nested objects (parts in messages, ``Usage`` in a
``Response``, tools, deltas in events, ...) convert recursively, so any lm15 object works,
whichever union it belongs to (``Part``, ``Delta``, ``StreamEvent``, ``Tool``, ...);
containers (tuples, lists, dicts) are copied, so the two objects share no mutable payload;
the copy is iterative, so a payload nested as deep as the decoders take it (H1) converts.
:func:`from_lm15` first tries a fast way (the object's fields as builtins, written out per
class, converted by msgspec in C) and takes the checked constructors only when the fast way
does not apply: both give the same object or the same error (``tests/test_lm15.py``).

The result holds the same values: ``lc.to_builtins(from_lm15(x))`` equals lm15's own
``serde.*_to_dict(x)``, and ``to_lm15(from_lm15(x)) == x`` except where lmcodec normalizes
at construction a value lm15 keeps in memory but never writes (README, "Where lmcodec differs
from lm15 in memory"): ``FunctionTool(description="")``, ``BuiltinTool(config={})``,
``Response(logprobs=())``, ``StreamEndEvent(usage=Usage())`` and an empty ``provider_data``
come back with ``None`` there, which lm15 serializes the same. ``lc.Turn`` has no lm15 class
(convert its ``request`` and ``response``); lm15's ``ModelInfo.compat`` (a runtime
``CompatProfile``) has no wire form and is refused unless it is None.
"""

from __future__ import annotations

import dataclasses
import importlib
import types
import typing
from collections.abc import Callable
from functools import cache
from math import isfinite
from typing import Any

import msgspec

from lmcodec.codecs._hooks import dec_hook
from lmcodec.errors import EncodeError, ValidationError
from lmcodec.wire._checks import is_json_value
from lmcodec.wire.unknown import Unknown

__all__ = ["from_lm15", "to_lm15"]

_LM15_MODULES = ("lm15.types", "lm15.models", "lm15.adaptation", "lm15.credentials")


@cache
def _tables() -> tuple[dict[type, Any], dict[type, Any], dict[type, tuple[str, ...]]]:
    """(lm15 class -> lmcodec class, lmcodec class -> lm15 class, lm15 class -> init fields)."""
    import lmcodec.wire as wire

    to_lc: dict[type, Any] = {}
    to_lm: dict[type, Any] = {}
    fields: dict[type, tuple[str, ...]] = {}
    for name in _LM15_MODULES:
        module = importlib.import_module(name)
        for attr, cls in vars(module).items():
            if not (isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == name):
                continue
            ours = getattr(wire, attr, None)
            if not (isinstance(ours, type) and issubclass(ours, msgspec.Struct)):
                continue
            to_lc[cls] = ours
            to_lm[ours] = cls
            fields[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.init)
    return to_lc, to_lm, fields


_SCALARS = frozenset({str, int, float, bool, type(None)})
_CONTAINERS = frozenset({tuple, list, dict})


def _path_text(where: tuple[Any, str]) -> str:
    """The JSON path of a linked ``(parent, segment)`` location, built only when needed."""
    segments: list[str] = []
    node: Any = where
    while node is not None:
        node, segment = node
        segments.append(segment)
    return "".join(reversed(segments))


def _copy(value: Any, convert: Any, where: tuple[Any, str]) -> Any:
    """``value`` with its tuples, lists and dicts copied and every other non-scalar item
    passed to ``convert(item, location)``, a location being a linked ``(parent, segment)``
    pair that :func:`_path_text` renders (only on an error: red team 6 F06 found a path string
    built for every field of every object converted).

    Iterative (an explicit stack), so an opaque payload nested as deep as lm15 and the
    decoders take it (100,000 levels) copies without Python recursion; the path of an item
    is built only for the items handed to ``convert``, so time stays linear in the size.
    """
    kind = type(value)
    if kind not in _CONTAINERS:
        return value if kind in _SCALARS else convert(value, where)
    root: list[Any] = []
    open_ids = {id(value)}
    # frame: (kind, items, copied items, location, source, parent's copied items, key in parent)
    stack: list[tuple[Any, Any, Any, Any, Any, Any, Any]] = [
        (kind, _items(value), {} if kind is dict else [], where, value, root, None)
    ]
    while stack:
        kind, items, out, where, source, parent_out, key_in_parent = stack[-1]
        descended = False
        for key, item in items:
            item_kind = type(item)
            if item_kind in _SCALARS:
                copied = item
            elif item_kind in _CONTAINERS:
                if id(item) in open_ids:
                    cycle = "the value contains itself (a cycle has no JSON form)"
                    raise ValidationError(cycle, _path_text(where))
                open_ids.add(id(item))
                segment = f".{key}" if kind is dict else f"[{key}]"
                child_out: Any = {} if item_kind is dict else []
                stack.append((item_kind, _items(item), child_out, (where, segment), item, out, key))
                descended = True
                break
            else:
                segment = f".{key}" if kind is dict else f"[{key}]"
                copied = convert(item, (where, segment))
            if kind is dict:
                out[key] = copied
            else:
                out.append(copied)
        if descended:
            continue
        stack.pop()
        open_ids.discard(id(source))
        done = tuple(out) if kind is tuple else out
        if type(parent_out) is dict:
            parent_out[key_in_parent] = done
        else:
            parent_out.append(done)
    return root[0]


def _items(container: Any) -> Any:
    """An iterator of (key or index, item) over a tuple, list or dict."""
    return iter(container.items()) if type(container) is dict else enumerate(container)


def _from(obj: Any, path: str) -> Any:
    to_lc, _, fields = _tables()
    cls = to_lc.get(type(obj))
    if cls is None:
        return obj  # a scalar, a Path, or a value lm15 holds verbatim
    kwargs: dict[str, Any] = {}
    for name in fields[type(obj)]:
        value = getattr(obj, name)
        if name == "compat" and cls.__name__ == "ModelInfo":
            if value is not None:
                raise ValidationError(
                    "ModelInfo.compat (a runtime CompatProfile) has no canonical form; "
                    "convert dataclasses.replace(info, compat=None)",
                    f"{path}.compat",
                )
            continue
        kwargs[name] = _copy(value, _from_at, (None, f"{path}.{name}"))
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, ValidationError):
            raise
        raise ValidationError(f"{type(obj).__name__}: {exc}", path) from None


def _from_at(obj: Any, where: tuple[Any, str]) -> Any:
    return _from(obj, _path_text(where))


_segments: dict[type, tuple[tuple[str, str], ...]] = {}
"""lm15 class -> its constructor fields (``compat`` left out) with their path segments."""


def _field_segments(cls: type) -> tuple[tuple[str, str], ...]:
    segments = _segments.get(cls)
    if segments is None:
        segments = tuple((name, f".{name}") for name in _tables()[2][cls] if name != "compat")
        _segments[cls] = segments
    return segments


def _to(obj: Any, where: tuple[Any, str]) -> Any:
    """The lm15 object of ``obj`` (at the linked location ``where``, rendered only on an error)."""
    cls = _tables()[1].get(type(obj)) or _lm15_class_of_subclass(type(obj))
    if cls is None:
        if isinstance(obj, Unknown):
            raise ValidationError(
                f"a {obj.family} of unknown type {obj.type!r} (kept by decode(..., unknown='keep')) "
                "has no lm15 counterpart; remove it or convert it to a known type first",
                _path_text(where),
            )
        if isinstance(obj, msgspec.Struct):
            raise TypeError(f"{type(obj).__name__} has no lm15 counterpart (at {_path_text(where)})")
        return obj
    kwargs: dict[str, Any] = {}
    for name, segment in _field_segments(cls):
        value = getattr(obj, name)
        kwargs[name] = value if type(value) in _SCALARS else _copy(value, _to, (where, segment))
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:  # a value lmcodec holds and lm15 does not (MessagePack's
        # bytes, timestamps, integer keys, extensions, in an opaque payload; a field changed past its
        # checks by msgspec.structs.replace): lm15's constructor refuses it
        raise EncodeError(
            f"lm15's {cls.__name__} cannot hold this value (at {_path_text(where)}): {exc}"
        ) from exc


def from_lm15(obj: Any) -> Any:
    """The lmcodec object of an lm15 object (any lm15.types / models / adaptation /
    credentials dataclass; a list or tuple of them gives a tuple)."""
    to_lc, _, _ = _tables()
    if isinstance(obj, (list, tuple)):
        return tuple(from_lm15(x) for x in obj)
    cls = to_lc.get(type(obj))
    if cls is None:
        raise TypeError(f"from_lm15() takes an lm15 object, not {type(obj).__module__}.{type(obj).__name__}")
    try:
        return msgspec.convert(_tree(obj), cls, dec_hook=dec_hook)
    except (_Checked, msgspec.ValidationError, TypeError, ValueError, OverflowError, RecursionError):
        return _from(obj, "$")  # the checked constructors decide, and name the fault


def _lm15_class_of_subclass(cls: type) -> Any:
    """The lm15 class of a user's subclass of a wire class (lm15's serde writes a subclass of its
    classes as the class: lmcodec converts it so), else None."""
    table = _tables()[1]
    return next((table[klass] for klass in cls.__mro__[1:] if klass in table), None)


def to_lm15(obj: Any) -> Any:
    """The lm15 object of an lmcodec wire object (a list or tuple of them gives a tuple)."""
    _, to_lm, _ = _tables()
    if isinstance(obj, (list, tuple)):
        return tuple(to_lm15(x) for x in obj)
    if type(obj) not in to_lm and _lm15_class_of_subclass(type(obj)) is None:
        hint = "; convert turn.request and turn.response" if type(obj).__name__ == "Turn" else ""
        raise TypeError(f"to_lm15() takes an lmcodec wire object, not {type(obj).__name__}{hint}")
    return _to(obj, (None, "$"))


# ---------------------------------------------------------------------------
# The fast way: the lm15 object's fields as builtins, converted by msgspec in C. An lm15
# object passed lm15's constructor checks, which lmcodec's constructors mirror, and every rule
# a type cannot say runs in __post_init__, so a tree msgspec takes gives the object the checked
# constructors give (tests/test_lm15.py holds the two equal, mutated objects included); anything
# else (a value msgspec refuses, a payload that is not JSON or shares a container, ModelInfo.compat)
# goes to the checked constructors, which convert it or name the fault.


class _Checked(Exception):
    """The fast way does not apply to this object: the checked constructors convert it."""


_LEAF_TYPES = frozenset({str, int, float, bool, bytes, type(None)})
_JSON_LEAVES = frozenset({str, int, bool, type(None)})
_STR = frozenset({str})
_copy_encoder = msgspec.msgpack.Encoder()
_copy_decoder = msgspec.msgpack.Decoder()


_trees: dict[type, Callable[[Any], dict[str, Any]]] = {}
"""lm15 class -> the function that gives its objects as the builtins of its lmcodec class."""


def _tree(obj: Any) -> dict[str, Any]:
    """An lm15 object as the builtins msgspec converts into its lmcodec class."""
    kind = type(obj)
    return (_trees.get(kind) or _tree_function(kind))(obj)


def _tree_function(lm15_cls: type) -> Callable[[Any], dict[str, Any]]:
    """The function that gives one lm15 class's objects as builtins, written out for the class
    (an attribute read and an exact-type test per field, as lm15's own ``*_to_dict`` is written:
    a generic walk cost 4-8 times more). A leaf must have exactly its field's type: msgspec gives
    a subclass (an IntEnum, a str or float subclass) back as its base type, reads a str as
    base64 for bytes and an int as a float, where the checked constructors keep the value or
    refuse it; a field that takes lm15 objects takes only the classes its type names; a payload
    is copied (:func:`_payload`)."""
    to_lc, to_lm, fields = _tables()
    cls = to_lc[lm15_cls]
    compat = cls.__name__ == "ModelInfo" and "compat" in fields[lm15_cls]
    names = [n for n in fields[lm15_cls] if not (compat and n == "compat")]
    hints = typing.get_type_hints(cls, include_extras=True)
    scope: dict[str, Any] = {
        "Checked": _Checked,
        "payload": _payload,
        "value": _value,
        "trees": _trees,
        "make": _tree_function,
    }
    lines = ["def tree_of_one(obj):"]
    if compat:
        lines.append("    if obj.compat is not None: raise Checked  # no wire form: the checked way names it")
    items: list[str] = []
    others: list[str] = []
    for i, name in enumerate(names):
        tp = hints[name]
        lines.append(f"    v{i} = obj.{name}")
        items.append(f"{name!r}: v{i}")
        if _is_leaf(tp):
            scope[f"T{i}"] = _exact_types(tp)
            lines.append(f"    if type(v{i}) not in T{i}: raise Checked")
        elif _is_payload(tp):
            others.append(f"    if v{i} is not None: out[{name!r}] = payload(v{i})")
        else:
            scope[f"C{i}"] = _lm15_classes_in(tp, to_lm)
            others += [
                f"    if v{i} is not None:",
                f"        k = type(v{i})",
                f"        if k in C{i}: out[{name!r}] = (trees.get(k) or make(k))(v{i})",
                f"        elif k is not tuple or v{i}: out[{name!r}] = value(v{i}, C{i})",  # () as it is
            ]
    config = cls.__struct_config__
    if config.tag_field is not None:
        items.append(f"{config.tag_field!r}: {config.tag!r}")
    lines += ["    out = {" + ", ".join(items) + "}", *others, "    return out"]
    exec("\n".join(lines), scope)
    function: Callable[[Any], dict[str, Any]] = scope["tree_of_one"]
    _trees[lm15_cls] = function
    return function


def _exact_types(tp: Any) -> frozenset[type]:
    """The types a leaf field's value has when lm15's checks passed it (a Literal's by its values)."""
    found: set[type] = set()
    for member in _members(tp):
        if typing.get_origin(member) is typing.Literal:
            found.update(type(v) for v in typing.get_args(member))
        else:
            found.add(member)
    return frozenset(found)


def _members(tp: Any) -> tuple[Any, ...]:
    """``tp`` without Annotated, as its union members (one when it is no union)."""
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return tuple(m for arg in typing.get_args(tp) for m in _members(arg))
    return (tp,)


def _is_leaf(tp: Any) -> bool:
    """A field msgspec takes from lm15's value as it stands: strings, numbers, words, bytes."""
    return all(m in _LEAF_TYPES or typing.get_origin(m) is typing.Literal for m in _members(tp))


def _is_payload(tp: Any) -> bool:
    """An opaque JSON field (copied, so the two objects share no payload)."""
    return all(m is Any or m is type(None) or typing.get_origin(m) is dict for m in _members(tp))


def _lm15_classes_in(tp: Any, to_lm: dict[Any, type]) -> frozenset[type]:
    """The lm15 classes of the Structs a field's type names, at any depth (in unions, tuples)."""
    found: set[type] = set()
    stack = [tp]
    while stack:
        item = stack.pop()
        if item in to_lm:
            found.add(to_lm[item])
        stack.extend(typing.get_args(item))
    return frozenset(found)


def _value(value: Any, classes: frozenset[type]) -> Any:
    """A field value that may hold lm15 objects: one of ``classes``, a sequence of them, or a
    leaf. Any other object goes the checked way: msgspec would read a dict, or an lm15 object
    of a class the field does not take, as the field's Struct (unknown keys ignored), where
    the checked constructors refuse it."""
    kind = type(value)
    if kind in _LEAF_TYPES:
        return value
    if kind is tuple or kind is list:
        if _LEAF_TYPES.issuperset(map(type, value)):
            return list(value)  # strings or numbers (stop words, a token's bytes): nothing to walk
        return [
            (_trees.get(type(item)) or _tree_function(type(item)))(item)
            if type(item) in classes
            else _value(item, classes)
            for item in value
        ]
    if kind in classes:
        return _tree(value)
    raise _Checked


def _payload(value: Any) -> Any:
    """A copy of a JSON payload; _Checked when it holds anything but values of exactly the JSON
    types (lm15's constructors take only JSON, and the checked way keeps a subclass as it is: it
    names the fault or keeps the value) or a container twice (a cycle, or one shared: the checked
    way tells them apart). The walk is iterative (any depth) and only looks; MessagePack, which
    holds every JSON value exactly, makes the copy in C."""
    kind = type(value)
    if kind is not dict and kind is not list:
        if value is not None and not is_json_value(value):
            raise _Checked
        return value
    if (
        kind is dict
        and _STR.issuperset(map(type, value))
        and _JSON_LEAVES.issuperset(map(type, value.values()))
    ):
        return dict(value)  # flat, as most are: its values are immutable
    seen: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            raise _Checked
        seen.add(id(item))
        if type(item) is dict:
            if not _STR.issuperset(map(type, item)):
                raise _Checked
            children: Any = item.values()
        else:
            children = item
        if _JSON_LEAVES.issuperset(map(type, children)):
            continue  # flat, as most are
        for child in children:
            ckind = type(child)
            if ckind is dict or ckind is list:
                stack.append(child)
            elif ckind not in _JSON_LEAVES and (ckind is not float or not isfinite(child)):
                raise _Checked
    try:
        return _copy_decoder.decode(_copy_encoder.encode(value))
    except (OverflowError, msgspec.EncodeError) as exc:  # an int past 64 bits
        raise _Checked from exc
