"""Tools offered to a model, and the tool-choice policy."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeAlias

import msgspec

from lmcodec.wire._plan import Factory
from lmcodec.wire._struct import WireStruct
from lmcodec.wire._types import JsonObject, NonEmptyStr
from lmcodec.wire.parts import ToolCallPart

__all__ = ["BuiltinTool", "FunctionTool", "Tool", "ToolCallInfo", "ToolChoice", "ToolChoiceMode"]

ToolChoiceMode = Literal["auto", "required", "none"]


def _default_parameters() -> JsonObject:
    return {"type": "object", "properties": {}}


class FunctionTool(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="function"):
    """A function tool specification; ``parameters`` is an opaque JSON Schema."""

    type: ClassVar[Literal["function"]] = "function"
    name: NonEmptyStr
    description: str | None = None
    parameters: JsonObject

    _lm_defaults: ClassVar[dict[str, Any]] = {"parameters": Factory(_default_parameters)}

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["name"], Literal["description"], Literal["parameters"]]]

        def __init__(
            self,
            name: str,
            description: str | None = ...,
            parameters: JsonObject = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        if self.description == "":
            msgspec.structs.force_setattr(self, "description", None)


class BuiltinTool(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="builtin"):
    """A provider-native tool (web search, code execution, ...)."""

    type: ClassVar[Literal["builtin"]] = "builtin"
    name: NonEmptyStr
    config: JsonObject | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["name"], Literal["config"]]]

        def __init__(
            self,
            name: str,
            config: JsonObject | None = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        if self.config == {}:
            msgspec.structs.force_setattr(self, "config", None)


Tool: TypeAlias = FunctionTool | BuiltinTool


class ToolChoice(WireStruct, frozen=True, kw_only=True):
    """How the model should use tools."""

    mode: ToolChoiceMode
    allowed: tuple[NonEmptyStr, ...] = ()
    parallel: bool | None = None

    _lm_defaults: ClassVar[dict[str, Any]] = {"mode": "auto"}

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["mode"], Literal["allowed"], Literal["parallel"]]]

        def __init__(
            self,
            mode: ToolChoiceMode = ...,
            allowed: str | Sequence[str] = ...,
            parallel: bool | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        allowed = kwargs["allowed"]
        if not isinstance(allowed, str):
            allowed = tuple(allowed)
            if any(not isinstance(name, str) or not name for name in allowed):
                raise ValueError("ToolChoice.allowed must contain non-empty tool names")
            kwargs["allowed"] = allowed
        elif not allowed:
            raise ValueError("ToolChoice.allowed must contain non-empty tool names")

    def __post_init__(self) -> None:
        if self.mode == "none" and (self.allowed or self.parallel is not None):
            raise ValueError("ToolChoice(mode='none') cannot specify allowed or parallel")

    @classmethod
    def from_tools(
        cls,
        allowed: Tool | str | Sequence[Tool | str],
        *,
        mode: ToolChoiceMode = "auto",
        parallel: bool | None = None,
    ) -> ToolChoice:
        """A choice naming the given tools (Tool objects or names)."""
        if isinstance(allowed, str):
            names: tuple[str, ...] = (allowed,)
        elif isinstance(allowed, (FunctionTool, BuiltinTool)):
            names = (allowed.name,)
        else:
            names = tuple(t.name if isinstance(t, (FunctionTool, BuiltinTool)) else t for t in allowed)
        return cls(mode=mode, allowed=names, parallel=parallel)


class ToolCallInfo(WireStruct, frozen=True, kw_only=True):
    """Callback view of a tool call without the part discriminator (no wire form in lm15)."""

    id: NonEmptyStr
    name: NonEmptyStr
    input: JsonObject

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["id"], Literal["name"], Literal["input"]]]

        def __init__(
            self,
            id: str,
            name: str,
            input: JsonObject,
        ) -> None: ...

    @classmethod
    def from_part(cls, part: ToolCallPart) -> ToolCallInfo:
        """The info of a ToolCallPart."""
        if not isinstance(part, ToolCallPart):
            raise TypeError("ToolCallInfo.from_part() requires a ToolCallPart")
        return cls(id=part.id, name=part.name, input=part.input)

    def to_part(self) -> ToolCallPart:
        """The ToolCallPart of this info."""
        return ToolCallPart(id=self.id, name=self.name, input=self.input)
