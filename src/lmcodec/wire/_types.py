"""Annotated scalar types shared by the wire Structs (checked by msgspec in C on decode)."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

__all__ = ["JsonObject", "NonEmptyStr", "NonNegativeInt", "PositiveInt", "Probability"]

NonEmptyStr = Annotated[str, msgspec.Meta(min_length=1)]
NonNegativeInt = Annotated[int, msgspec.Meta(ge=0)]
PositiveInt = Annotated[int, msgspec.Meta(gt=0)]
Probability = Annotated[float, msgspec.Meta(ge=0.0, le=1.0)]
JsonObject = dict[str, Any]
