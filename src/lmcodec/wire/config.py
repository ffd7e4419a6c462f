"""Generation parameters: Config, Reasoning, CacheConfig."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, TypeAlias

import msgspec

from lmcodec.wire._struct import WireStruct
from lmcodec.wire._types import JsonObject, NonEmptyStr, NonNegativeInt, PositiveInt
from lmcodec.wire.tools import ToolChoice

__all__ = [
    "EFFORT_THINKING_BUDGETS",
    "EMPTY_CONFIG",
    "CacheConfig",
    "Config",
    "Reasoning",
    "ReasoningEffort",
    "effort_for_budget",
]

ReasoningEffort = Literal["off", "minimal", "low", "medium", "high", "xhigh", "max"]
ReasoningSummary = Literal["auto", "concise", "detailed"]
CacheMode = Literal["auto", "off"]
CacheRetention = Literal["short", "long"]
CachePrefix = Literal["stable", "history"]
ProbabilityPolicy = Literal["off", "if_available", "required"]

EFFORT_THINKING_BUDGETS: dict[str, int] = {
    "minimal": 1024,
    "low": 2048,
    "medium": 8192,
    "high": 16384,
    "xhigh": 24576,
    "max": 32768,
}
_EFFORTS = ("off", "minimal", "low", "medium", "high", "xhigh", "max")


def effort_for_budget(budget: int) -> str:
    """The highest effort whose table budget is at or below ``budget`` (``minimal`` below 1024)."""
    level = "minimal"
    for name, tokens in EFFORT_THINKING_BUDGETS.items():
        if tokens <= budget:
            level = name
    return level


class Reasoning(WireStruct, frozen=True, kw_only=True):
    """How much hidden thinking the model does before it answers (MAP-7)."""

    effort: ReasoningEffort
    thinking_budget: PositiveInt | None = None
    summary: ReasoningSummary | None = None
    budget: PositiveInt | msgspec.UnsetType = msgspec.UNSET
    """Legacy spelling of ``thinking_budget``, read and moved there (never written)."""

    _lm_order: ClassVar[tuple[str, ...] | None] = ("effort", "thinking_budget", "summary")
    _lm_defaults: ClassVar[dict[str, Any]] = {"effort": None}

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["effort"], Literal["thinking_budget"], Literal["summary"]]]

        def __init__(
            self,
            effort: ReasoningEffort | None = ...,
            thinking_budget: int | None = ...,
            summary: ReasoningSummary | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        effort = kwargs["effort"]
        budget = kwargs["thinking_budget"]
        if type(budget) is float and budget.is_integer():
            budget = kwargs["thinking_budget"] = int(budget)
        if budget is not None and not isinstance(budget, bool) and budget == 0:
            raise ValueError(
                "thinking_budget must be > 0; to turn thinking off, use Reasoning(effort='off') "
                "with no budget"
            )
        if effort is None:
            if budget is None:
                raise TypeError(
                    "Reasoning needs effort= (one of "
                    + ", ".join(repr(e) for e in _EFFORTS)
                    + ") or thinking_budget=; leave Config.reasoning unset to let the model decide"
                )
            if isinstance(budget, bool) or not isinstance(budget, int):
                raise TypeError("thinking_budget must be an int")
            if budget < 0:
                raise ValueError("thinking_budget must be > 0")
            kwargs["effort"] = effort_for_budget(budget)
        elif effort == "none":
            raise ValueError("unsupported reasoning effort: none (lm15 spells \"none\" as effort='off')")

    def __post_init__(self) -> None:
        if self.budget is not msgspec.UNSET:
            if self.thinking_budget is None and self.effort != "off":
                msgspec.structs.force_setattr(self, "thinking_budget", self.budget)
            msgspec.structs.force_setattr(self, "budget", msgspec.UNSET)
        if self.effort == "off" and (self.thinking_budget is not None or self.summary is not None):
            raise ValueError("Reasoning(effort='off') cannot specify thinking_budget or summary")

    @property
    def is_off(self) -> bool:
        """True when thinking is turned off."""
        return self.effort == "off"


# fmt: off
if TYPE_CHECKING:  # lm15's positional fields: __match_args__ as type checkers read it
    _CacheConfigArgs: TypeAlias = tuple[Literal["mode"], Literal["retention"], Literal["key"],
        Literal["prefix_until_index"], Literal["prefix"], Literal["resource"]]
    _ConfigArgs: TypeAlias = tuple[Literal["max_tokens"], Literal["temperature"], Literal["top_p"],
        Literal["top_k"], Literal["stop"], Literal["response_format"], Literal["tool_choice"],
        Literal["reasoning"], Literal["cache"], Literal["seed"], Literal["frequency_penalty"],
        Literal["presence_penalty"], Literal["service_tier"], Literal["user_id"], Literal["store"],
        Literal["logprobs"], Literal["probabilities"], Literal["extensions"]]
# fmt: on


class CacheConfig(WireStruct, frozen=True, kw_only=True):
    """Universal prompt cache configuration (MAP-6)."""

    mode: CacheMode
    retention: CacheRetention | None = None
    key: NonEmptyStr | None = None
    prefix_until_index: NonNegativeInt | None = None
    prefix: CachePrefix | None = None
    resource: NonEmptyStr | None = None

    _lm_defaults: ClassVar[dict[str, Any]] = {"mode": "auto"}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_CacheConfigArgs]

        def __init__(
            self,
            mode: CacheMode = ...,
            retention: CacheRetention | None = ...,
            key: str | None = ...,
            prefix_until_index: int | None = ...,
            prefix: CachePrefix | None = ...,
            resource: str | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        # lm15's order: the other fields, then the combination rules, then prefix_until_index.
        checks = cls.__dict__["_lm_plan"].checks
        for name in ("mode", "retention", "prefix", "key", "resource"):
            check = checks.get(name)
            if check is not None:
                kwargs[name] = check(kwargs[name])
        _check_cache_combination(  # (by name: a user's subclass may add fields)
            kwargs["mode"],
            kwargs["retention"],
            kwargs["key"],
            kwargs["prefix_until_index"],
            kwargs["prefix"],
            kwargs["resource"],
        )

    def __post_init__(self) -> None:
        _check_cache_combination(
            self.mode, self.retention, self.key, self.prefix_until_index, self.prefix, self.resource
        )


def _check_cache_combination(
    mode: str, retention: Any, key: Any, prefix_until_index: Any, prefix: Any, resource: Any
) -> None:
    """``mode='off'`` takes no other field; ``prefix`` and ``prefix_until_index`` exclude each other."""
    if mode == "off" and (
        retention is not None
        or key is not None
        or prefix is not None
        or prefix_until_index is not None
        or resource is not None
    ):
        raise ValueError(
            "CacheConfig(mode='off') cannot specify retention, key, prefix, prefix_until_index, or resource"
        )
    if prefix is not None and prefix_until_index is not None:
        raise ValueError("CacheConfig cannot specify both prefix and prefix_until_index")


_RESPONSE_FORMAT_TYPES = ("json_object", "json_schema")


def check_response_format(value: JsonObject) -> None:
    """INV-050: exactly ``{"type":"json_object"}`` or ``{"type":"json_schema","schema",...}``."""
    fmt = value.get("type")
    if fmt not in _RESPONSE_FORMAT_TYPES:
        raise ValueError(
            "response_format must be {'type': 'json_object'} or {'type': 'json_schema', "
            "'schema': {...}, 'name'?: str, 'strict'?: bool}; provider-native shapes go in "
            f"Config.extensions (got keys {sorted(value)})"
        )
    allowed = {"type"} if fmt == "json_object" else {"type", "schema", "name", "strict"}
    extra = set(value) - allowed
    if extra:
        raise ValueError(
            f"response_format {fmt!r} does not take keys {sorted(extra)}; "
            "provider-native shapes go in Config.extensions"
        )
    if fmt == "json_schema":
        if not isinstance(value.get("schema"), dict):
            raise ValueError("response_format json_schema requires a 'schema' object")
        if "name" in value and (not isinstance(value["name"], str) or not value["name"]):
            raise ValueError("response_format name must be a non-empty string")
        if "strict" in value and not isinstance(value["strict"], bool):
            raise TypeError("response_format strict must be a bool")


class Config(WireStruct, frozen=True, kw_only=True):
    """Generation parameters; provider-specific settings go in ``extensions``."""

    max_tokens: PositiveInt | None = None
    temperature: Annotated[float, msgspec.Meta(ge=0.0, le=2.0)] | None = None
    top_p: Annotated[float, msgspec.Meta(ge=0.0, le=1.0)] | None = None
    top_k: PositiveInt | None = None
    stop: tuple[NonEmptyStr, ...] = ()
    response_format: JsonObject | None = None
    tool_choice: ToolChoice | None = None
    reasoning: Reasoning | None = None
    cache: CacheConfig | None = None
    seed: int | None = None
    frequency_penalty: Annotated[float, msgspec.Meta(ge=-2.0, le=2.0)] | None = None
    presence_penalty: Annotated[float, msgspec.Meta(ge=-2.0, le=2.0)] | None = None
    service_tier: NonEmptyStr | None = None
    user_id: NonEmptyStr | None = None
    store: bool | None = None
    logprobs: NonNegativeInt | None = None
    probabilities: ProbabilityPolicy | None = None
    extensions: JsonObject | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[_ConfigArgs]

        def __init__(
            self,
            max_tokens: int | None = ...,
            temperature: float | None = ...,
            top_p: float | None = ...,
            top_k: int | None = ...,
            stop: str | Sequence[str] = ...,
            response_format: JsonObject | None = ...,
            tool_choice: ToolChoice | None = ...,
            reasoning: Reasoning | None = ...,
            cache: CacheConfig | None = ...,
            seed: int | None = ...,
            frequency_penalty: float | None = ...,
            presence_penalty: float | None = ...,
            service_tier: str | None = ...,
            user_id: str | None = ...,
            store: bool | None = ...,
            logprobs: int | None = ...,
            probabilities: ProbabilityPolicy | None = ...,
            extensions: JsonObject | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        # lm15: a bare string is one stop; None (or any falsy value) means none; bad items are ValueErrors.
        stop = kwargs["stop"]
        stop = (stop,) if isinstance(stop, str) else tuple(stop or ())
        if any(not isinstance(s, str) or not s for s in stop):
            raise ValueError("stop must contain non-empty strings")
        kwargs["stop"] = stop

    def __post_init__(self) -> None:
        if self.response_format is not None:
            check_response_format(self.response_format)
        if self.extensions is not None and not self.extensions:
            msgspec.structs.force_setattr(self, "extensions", None)


EMPTY_CONFIG = Config()
"""The all-default Config: a Request holding an equal one omits ``config``."""
