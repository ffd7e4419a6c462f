"""Annotated scalar types shared by the wire Structs (checked by msgspec in C on decode)."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

__all__ = [
    "FiniteFloat",
    "JsonObject",
    "NonEmptyStr",
    "NonFiniteFloat",
    "NonNegativeInt",
    "PositiveInt",
    "Probability",
]

NonEmptyStr = Annotated[str, msgspec.Meta(min_length=1)]
NonNegativeInt = Annotated[int, msgspec.Meta(ge=0)]
PositiveInt = Annotated[int, msgspec.Meta(gt=0)]
Probability = Annotated[float, msgspec.Meta(ge=0.0, le=1.0)]
JsonObject = dict[str, Any]
FiniteFloat = Annotated[float, msgspec.Meta(ge=-1.7976931348623157e308, le=1.7976931348623157e308)]
"""A float a decoder checks is finite (NaN fails both bounds): non-finite logprobs take the slow path."""


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
