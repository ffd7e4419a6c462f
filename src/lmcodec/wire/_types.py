"""Annotated scalar types shared by the wire Structs (checked by msgspec in C on decode), and
the guard making a lone tagged class require its tag."""

from __future__ import annotations

from typing import Annotated, Any, Union

import msgspec

from lmcodec.wire._float_literals import FAR

__all__ = [
    "FiniteFloat",
    "JsonObject",
    "NonEmptyStr",
    "NonFiniteFloat",
    "NonNegativeInt",
    "PositiveInt",
    "Probability",
    "TagGuard",
    "tag_required",
]

NonEmptyStr = Annotated[str, msgspec.Meta(min_length=1)]
NonNegativeInt = Annotated[int, msgspec.Meta(ge=0)]
PositiveInt = Annotated[int, msgspec.Meta(gt=0)]
Probability = Annotated[float, msgspec.Meta(ge=0.0, le=1.0)]
JsonObject = dict[str, Any]
FiniteFloat = Annotated[float, msgspec.Meta(ge=-FAR, le=FAR)]
"""A logprob a decoder checks is finite and near (NaN fails both bounds): non-finite logprobs take
the slow path, and so do far ones (1e289 and up: msgspec 0.23 parses each on a slow path, ~10-100
us, and the bound refuses the first; the slow path reads them with the float hook)."""


class NonFiniteFloat(float):
    """A NaN or infinity: a ``float``, written to JSON as ``NaN`` / ``Infinity`` / ``-Infinity``.

    These are the tokens Python's ``json`` writes: lm15 does for a non-finite
    ``TokenLogprob.logprob`` / ``TopLogprob.logprob`` (where plain msgspec would
    write ``null``), and llm for any float; ``lc.llm.decode`` reads them back
    as this type. MessagePack stores the plain float.
    """

    __slots__ = ()

    def json_token(self) -> bytes:
        """The Python-json spelling of this value."""
        if self != self:
            return b"NaN"
        return b"Infinity" if self > 0 else b"-Infinity"


class TagGuard(msgspec.Struct, tag_field="type", tag="", frozen=True, gc=False):
    """The member no value is of the union :func:`tag_required` makes: a decoded ``"type": ""``
    selects it, and it refuses itself as msgspec refuses any tag it does not know."""

    def __post_init__(self) -> None:
        raise ValueError("Invalid value ''")


def tag_required(cls: type[msgspec.Struct]) -> Any:
    """The decode type of a field holding one tagged class ``cls``, whose tag it requires.

    msgspec requires the tag only of a union of tagged Structs: a lone tagged class takes an
    object without its ``"type"`` (lm15's ``part_from_dict`` refuses it, KeyError). The union of
    ``cls`` and :class:`TagGuard` requires it at the same cost (the tag is the first key msgspec
    writes); the constructors and ``lc.schema`` leave the guard out, and type checkers see
    ``cls`` (the field's alias is ``cls`` under ``TYPE_CHECKING``).
    """
    return Union[cls, TagGuard]  # noqa: UP007  (a union built at run time)
