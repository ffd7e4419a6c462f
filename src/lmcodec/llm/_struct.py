"""The base of the llm Structs and their llm-style constructor: llm's dataclass defaults and
positional order, its ``to_dict`` emission rules, and the check of the values a Python caller gives.

Construction in Python (never decoding) goes through the metaclass, which applies the rules via
each class's ``_llm_fix`` (:mod:`lmcodec.llm.types` defines the classes and their rules).
"""

from collections.abc import Callable
from typing import Any, ClassVar, ParamSpec, TypeVar

import msgspec
from msgspec.structs import force_setattr

from lmcodec.errors import EncodeError
from lmcodec.llm._json_values import is_json, json_value

__all__ = ["Children", "LlmStruct", "keep_json_values", "llm_defaults", "unchecked"]

P = ParamSpec("P")
T = TypeVar("T")

Children = dict[str, tuple[type, ...]]
"""A class's ``_children``: the fields holding Structs (a Struct or a list of them), with the classes
each takes."""


class _LlmStructMeta(msgspec.StructMeta):
    """Construction in Python: llm's defaults and positional order, then the class's ``_llm_fix``
    (llm's emission rules) and the check of the values given."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        obj = cls._built(args, kwargs)
        _check_fields(obj)
        return obj

    def _built(cls, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        if len(args) > len(cls.__match_args__):
            raise _too_many_positional(cls, len(args))
        for position, name, default in cls._llm_defaults:  # type: ignore[attr-defined]
            if len(args) <= position and name not in kwargs:
                kwargs[name] = default()
        obj = super().__call__(*args, **kwargs)
        obj._llm_fix(args, kwargs)
        return obj


def unchecked(cls: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``cls(*args, **kwargs)`` without the check of its values, for this package's callers whose
    values are JSON and llm Structs already (decoded text, llm's reading rules, a
    canonical Turn converted): the check would walk every payload again (``from_turn`` +20%
    instructions, benchmarks/NOTES.md)."""
    built: T = cls._built(args, kwargs)  # type: ignore[attr-defined]
    return built


_PLAIN: frozenset[Any] = frozenset((str, int, bool, type(None)))


def keep_json_values(obj: "LlmStruct", path: str) -> None:
    """``obj``'s own JSON fields (not its Structs) as llm's ``json.dumps`` writes them: a
    non-finite float made a NonFiniteFloat, a value json.dumps refuses an EncodeError naming
    its path (``path`` is ``obj``'s). A changed value is a copy: the caller's is never changed."""
    children = obj._children
    for name in obj.__struct_fields__:
        if name not in children:
            value = getattr(obj, name)
            if type(value) not in _PLAIN and not is_json(value):
                force_setattr(obj, name, json_value(value, f"{path}.{name}"))


def _check_fields(obj: "LlmStruct") -> None:
    """A Python-built Struct's values: its JSON fields by :func:`keep_json_values`, each Struct
    field holding the classes its ``_children`` names only (msgspec's constructor checks no type)."""
    cls = type(obj)
    for name, classes in obj._children.items():
        value = getattr(obj, name)
        for i, item in enumerate(value) if type(value) is list else ((None, value),):
            if item is not None and not isinstance(item, classes):
                where = f"{name}[{i}]" if i is not None else name
                raise EncodeError(
                    f"lc.llm.{cls.__name__}.{where} must be one of lc.llm's "
                    f"{' / '.join(c.__name__ for c in classes)}, not {_qualified(item)}"
                    + ("; convert llm's objects with lc.llm.from_llm" if _is_llm_s(item) else "")
                )
    keep_json_values(obj, "$")


def _qualified(value: Any) -> str:
    cls = type(value)
    return f"{cls.__module__}.{cls.__qualname__}"


def _is_llm_s(value: Any) -> bool:
    return type(value).__module__.split(".")[0] == "llm"


def _too_many_positional(cls: Any, given: int) -> TypeError:
    positional = cls.__match_args__
    keyword = [name for name in cls.__struct_fields__ if name not in positional]
    return TypeError(
        f"{cls.__name__}() takes at most {len(positional)} positional arguments "
        f"({', '.join(positional)}), {given} given; pass {', '.join(keyword)} by keyword"
    )


def llm_defaults(cls: Any, **defaults: Callable[[], Any]) -> None:
    """Give ``cls``'s constructor llm's defaults for fields its decoding requires (llm's
    dataclass defaults them, its ``from_dict`` requires them)."""
    fields = cls.__struct_fields__
    cls._llm_defaults = tuple((fields.index(name), name, make) for name, make in defaults.items())


class LlmStruct(
    msgspec.Struct,
    metaclass=_LlmStructMeta,
    frozen=True,
    omit_defaults=True,
    repr_omit_defaults=True,
    gc=False,
):
    """Base of the llm Structs. ``gc=False``: records are trees that never refer back to
    themselves, so the cycle collector need not track them - with many decoded
    records alive it otherwise walks them all, several times per batch decoded.
    (Putting a record inside one of its own lists or dicts would leak that cycle.)

    ``_children`` names the fields holding Structs (a Struct or a list of them), with the classes
    they take; every other field holds a JSON value.
    """

    _children: ClassVar[Children] = {}
    _llm_defaults: ClassVar[tuple[tuple[int, str, Callable[[], Any]], ...]] = ()

    def _llm_fix(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        """Normalize a Python-built value to what llm's ``to_dict`` would write."""

    def _fix_metadata(self) -> None:
        pm = getattr(self, "provider_metadata", None)
        if pm is not None and not pm:
            force_setattr(self, "provider_metadata", None)
