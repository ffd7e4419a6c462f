"""What the canonical encoders write for the object they are given (``lc.encode``,
``lc.to_builtins``, ``lc.msgpack.encode``, the log writers): one check per call, not per value.

msgspec writes any dataclass or Struct in its generic form, so an lm15 object (a migrating user's),
or an llm object would be written silently as JSON that is no canonical record
(nulls, the tag last, values lm15 writes otherwise; red team 15, F04): such an object is an
EncodeError naming its conversion, as ``lc.build_request`` refuses it. A wire object is told by
its metaclass, ``type(type(obj)) is WireMeta``, where ``isinstance`` against the WireStruct base
looks ``__instancecheck__`` up through the metaclass (measured: benchmarks/NOTES.md).
"""

from __future__ import annotations

from typing import Any

import msgspec

from lmcodec.errors import EncodeError
from lmcodec.wire import Response
from lmcodec.wire._struct import WireMeta

__all__ = ["top_level"]


def top_level(obj: Any, include_provider_data: bool) -> Any:
    """The value the canonical encoders write for ``obj``: lm15 writes Response.provider_data only
    when nested or when asked to. An object of another family (an lm15 or llm dataclass, any
    dataclass), given or first in a list or tuple given, is an EncodeError: msgspec would
    write its generic form, which is no canonical JSON (red team 15, F04)."""
    if type(obj) is Response:
        if obj.provider_data is not None and not include_provider_data:
            return msgspec.structs.replace(obj, provider_data=None)
    elif type(type(obj)) is not WireMeta:  # a wire class (a user's subclass too) is no other family
        _refuse_other_families(obj)
    return obj


def _refuse_other_families(obj: Any) -> None:
    """An EncodeError for ``obj`` (or the first item of it, a list or tuple: one check per call,
    not per value) when it is an object of another family, named with its conversion; anything
    else is left to the encoder."""
    if type(obj) is list or type(obj) is tuple:
        if obj and type(type(obj[0])) is not WireMeta:
            _refuse_other_family(obj[0])
    else:
        _refuse_other_family(obj)


def _refuse_other_family(value: Any) -> None:
    """A dataclass instance is an EncodeError (the Structs lmcodec's formats carry canonical
    values in, such as lc.llm's channel, are written as they are)."""
    cls = type(value)
    if not hasattr(cls, "__dataclass_fields__"):
        return
    family = next((name for name in ("lm15", "llm") if _defined_in(cls, name)), "")
    hint = _CONVERSIONS.get(family, "convert it to an lmcodec object (or builtins) first")
    raise EncodeError(
        f"cannot encode {cls.__module__}.{cls.__qualname__} as canonical JSON: the encoders take "
        f"lmcodec's wire objects; {hint}"
    )


_CONVERSIONS = {
    "lm15": "convert lm15's with lc.from_lm15(...)",
    "llm": "convert llm's with lc.llm.from_llm(...) and write it with lc.llm.encode",
}


def _defined_in(cls: type, package: str) -> bool:
    """Whether ``cls`` or a class it derives from is defined in ``package`` (a user's subclass
    of lm15's TextPart is lm15's family)."""
    return any(
        klass.__module__ == package or klass.__module__.startswith(package + ".") for klass in cls.__mro__
    )
