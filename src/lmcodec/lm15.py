"""lmcodec <-> lm15 objects: :func:`from_lm15` and :func:`to_lm15` (lm15 is imported lazily).

The wire Structs mirror lm15's dataclasses (same class names, fields and constructors), so
the conversion is field by field: every ``init`` field of the lm15 dataclass is read from
one side and passed, converted, to the constructor of the same-named class on the other
side, which checks it as lm15 does. Nested objects (parts in messages, ``Usage`` in a
``Response``, tools, deltas in events, ...) convert recursively, so any lm15 object works,
whichever union it belongs to (``Part``, ``Delta``, ``StreamEvent``, ``Tool``, ...);
containers (tuples, lists, dicts) are copied, so the two objects share no mutable payload;
the copy is iterative, so a payload nested as deep as the decoders take it (H1) converts.

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
from functools import cache
from typing import Any

import msgspec

from lmcodec.errors import ValidationError

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


def _copy(value: Any, convert: Any, path: str) -> Any:
    """``value`` with its tuples, lists and dicts copied and every other non-scalar item
    passed to ``convert(item, path)``.

    Iterative (an explicit stack), so an opaque payload nested as deep as lm15 and the
    decoders take it (100,000 levels) copies without Python recursion; the path of an item
    is built only for the items handed to ``convert``, so time stays linear in the size.
    """
    kind = type(value)
    if kind not in _CONTAINERS:
        return value if kind in _SCALARS else convert(value, path)
    root: list[Any] = []
    open_ids = {id(value)}
    # frame: (kind, items, copied items, location, source, parent's copied items, key in parent)
    stack: list[tuple[Any, Any, Any, Any, Any, Any, Any]] = [
        (kind, _items(value), {} if kind is dict else [], (None, path), value, root, None)
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
                copied = convert(item, _path_text((where, segment)))
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
        kwargs[name] = _copy(value, _from, f"{path}.{name}")
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, ValidationError):
            raise
        raise ValidationError(f"{type(obj).__name__}: {exc}", path) from None


def _to(obj: Any, path: str) -> Any:
    _, to_lm, fields = _tables()
    cls = to_lm.get(type(obj))
    if cls is None:
        if isinstance(obj, msgspec.Struct):
            raise TypeError(f"{type(obj).__name__} has no lm15 counterpart (at {path})")
        return obj
    kwargs = {
        name: _copy(getattr(obj, name), _to, f"{path}.{name}") for name in fields[cls] if name != "compat"
    }
    return cls(**kwargs)


def from_lm15(obj: Any) -> Any:
    """The lmcodec object of an lm15 object (any lm15.types / models / adaptation /
    credentials dataclass; a list or tuple of them gives a tuple)."""
    to_lc, _, _ = _tables()
    if isinstance(obj, (list, tuple)):
        return tuple(from_lm15(x) for x in obj)
    if type(obj) not in to_lc:
        raise TypeError(f"from_lm15() takes an lm15 object, not {type(obj).__module__}.{type(obj).__name__}")
    return _from(obj, "$")


def to_lm15(obj: Any) -> Any:
    """The lm15 object of an lmcodec wire object (a list or tuple of them gives a tuple)."""
    _, to_lm, _ = _tables()
    if isinstance(obj, (list, tuple)):
        return tuple(to_lm15(x) for x in obj)
    if type(obj) not in to_lm:
        hint = "; convert turn.request and turn.response" if type(obj).__name__ == "Turn" else ""
        raise TypeError(f"to_lm15() takes an lmcodec wire object, not {type(obj).__name__}{hint}")
    return _to(obj, "$")
