"""Model metadata (lm15.models): ModelInfo, ModelOrigin, InferenceModelInfo, InferencePricing.

An empty optional JSON object (``extensions``, ``dimensions``, ``provider_data``) is stored as
``None``: lm15 keeps ``{}`` in memory and writes it as absent (``_clean_mapping``), as lmcodec
then does. Empty modalities are the one empty value written as ``[]`` (see InferenceModelInfo).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, TypeAlias

import msgspec

from lmcodec.wire._struct import WireStruct, empty_to_none
from lmcodec.wire._types import JsonObject, NonEmptyStr, PositiveInt

__all__ = ["InferenceModelInfo", "InferencePricing", "ModelInfo", "ModelOrigin"]

_Price = Annotated[float, msgspec.Meta(ge=0.0)]
_PRICES = ("input_per_million", "output_per_million", "cache_read_per_million", "cache_write_per_million")


def _non_empty_text(value: Any, name: str) -> None:
    """lm15's check of a text field of its model metadata (a ValueError, whatever the fault)."""
    if not isinstance(value, str) or not value:
        raise ValueError(f"{name} must be a non-empty string")


def _non_negative_or_none(value: Any, name: str) -> None:
    """lm15's check of a price (a bool is no number)."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{name} must be a number or None")
    if value < 0:
        raise ValueError(f"{name} must be >= 0")


# fmt: off
if TYPE_CHECKING:  # lm15's positional fields: __match_args__ as type checkers read it
    _InferencePricingArgs: TypeAlias = tuple[Literal["input_per_million"], Literal["output_per_million"],
        Literal["cache_read_per_million"], Literal["cache_write_per_million"], Literal["currency"],
        Literal["dimensions"]]
    _InferenceModelInfoArgs: TypeAlias = tuple[Literal["input_modalities"], Literal["output_modalities"],
        Literal["context_window"], Literal["max_output_tokens"], Literal["supports_reasoning"],
        Literal["reasoning_efforts"], Literal["pricing"], Literal["extensions"]]
    _ModelOriginArgs: TypeAlias = tuple[Literal["type"], Literal["id"], Literal["base_model"],
        Literal["provider_data"]]
    _ModelInfoArgs: TypeAlias = tuple[Literal["id"], Literal["provider"], Literal["api_family"],
        Literal["aliases"], Literal["origin"], Literal["inference"], Literal["extensions"]]
# fmt: on


class InferencePricing(WireStruct, frozen=True, kw_only=True):
    """Prices per million tokens."""

    input_per_million: _Price | None = None
    output_per_million: _Price | None = None
    cache_read_per_million: _Price | None = None
    cache_write_per_million: _Price | None = None
    currency: NonEmptyStr
    dimensions: JsonObject | None = None

    _lm_defaults: ClassVar[dict[str, Any]] = {"currency": "USD"}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_InferencePricingArgs]

        def __init__(
            self,
            input_per_million: float | None = ...,
            output_per_million: float | None = ...,
            cache_read_per_million: float | None = ...,
            cache_write_per_million: float | None = ...,
            currency: str = ...,
            dimensions: JsonObject | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        # lm15's checks, first and with its ValueError, where the field checks' would be TypeError
        for name in _PRICES:
            _non_negative_or_none(kwargs[name], name)
        _non_empty_text(kwargs["currency"], "currency")

    def __post_init__(self) -> None:
        empty_to_none(self, "dimensions")

    def estimate(
        self,
        *,
        input_tokens: int | None = None,
        output_tokens: int | None = None,
        cache_read_tokens: int | None = None,
        cache_write_tokens: int | None = None,
    ) -> float:
        """Estimated cost; an unknown (None) count or rate contributes nothing."""
        total = 0.0
        for rate, count in (
            (self.input_per_million, input_tokens),
            (self.output_per_million, output_tokens),
            (self.cache_read_per_million, cache_read_tokens),
            (self.cache_write_per_million, cache_write_tokens),
        ):
            if rate is not None and count is not None:
                total += count * rate / 1_000_000
        return total


class InferenceModelInfo(WireStruct, frozen=True, kw_only=True):
    """What a model does at inference time.

    lm15 writes empty modalities as absent and reads an absent key as ``("text",)``; msgspec
    omits only a field's read default, so lmcodec writes ``[]`` there (read back as the ``()``
    written) and its strict reader refuses an absent key (``lenient=True`` reads lm15's default).
    """

    input_modalities: tuple[NonEmptyStr, ...]
    output_modalities: tuple[NonEmptyStr, ...]
    context_window: PositiveInt | None = None
    max_output_tokens: PositiveInt | None = None
    supports_reasoning: bool = False
    reasoning_efforts: tuple[NonEmptyStr, ...] = ()
    pricing: InferencePricing | None = None
    extensions: JsonObject | None = None

    _lm_defaults: ClassVar[dict[str, Any]] = {
        "input_modalities": ("text",),
        "output_modalities": ("text",),
    }

    if TYPE_CHECKING:
        __match_args__: ClassVar[_InferenceModelInfoArgs]

        def __init__(
            self,
            input_modalities: str | Sequence[str] = ...,
            output_modalities: str | Sequence[str] = ...,
            context_window: int | None = ...,
            max_output_tokens: int | None = ...,
            supports_reasoning: bool = ...,
            reasoning_efforts: str | Sequence[str] = ...,
            pricing: InferencePricing | None = ...,
            extensions: JsonObject | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        # lm15's ValueError for a count that is no positive integer (a same-valued float is one)
        for name in ("context_window", "max_output_tokens"):
            value = kwargs[name]
            if type(value) is float and not value.is_integer():
                raise ValueError(f"{name} must be an integer")
            if type(value) is float:
                value = int(value)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value <= 0):
                raise ValueError(f"{name} must be a positive integer or None")

    def __post_init__(self) -> None:
        empty_to_none(self, "extensions")


class ModelOrigin(WireStruct, frozen=True, kw_only=True):
    """Where a model comes from (a provider model, or a tuned one)."""

    type: NonEmptyStr
    id: NonEmptyStr | None = None
    base_model: NonEmptyStr | None = None
    provider_data: JsonObject | None = None

    _lm_defaults: ClassVar[dict[str, Any]] = {"type": "provider"}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_ModelOriginArgs]

        def __init__(
            self,
            type: str = ...,
            id: str | None = ...,
            base_model: str | None = ...,
            provider_data: JsonObject | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        # lm15's ValueError for a type, id or base model that is no non-empty string
        _non_empty_text(kwargs["type"], "ModelOrigin.type")
        for name in ("id", "base_model"):
            if kwargs[name] is not None:
                _non_empty_text(kwargs[name], f"ModelOrigin.{name}")

    def __post_init__(self) -> None:
        empty_to_none(self, "provider_data")


DEFAULT_ORIGIN = ModelOrigin(type="provider")


class ModelInfo(WireStruct, frozen=True, kw_only=True):
    """Model metadata for discovery, routing and cost estimation."""

    id: NonEmptyStr
    provider: NonEmptyStr
    api_family: NonEmptyStr
    aliases: tuple[NonEmptyStr, ...] = ()
    origin: ModelOrigin = DEFAULT_ORIGIN
    inference: InferenceModelInfo | None = None
    extensions: JsonObject | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[_ModelInfoArgs]

        def __init__(
            self,
            id: str,
            provider: str,
            api_family: str,
            aliases: str | Sequence[str] = ...,
            origin: ModelOrigin = ...,
            inference: InferenceModelInfo | None = ...,
            extensions: JsonObject | None = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        empty_to_none(self, "extensions")
        origin = self.origin
        if origin is not DEFAULT_ORIGIN and origin == DEFAULT_ORIGIN:
            msgspec.structs.force_setattr(self, "origin", DEFAULT_ORIGIN)
