"""Message: a contribution to a conversation, attributed to a speaker."""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, TypeAlias, TypeVar

import msgspec

from lmcodec.wire._struct import WireStruct
from lmcodec.wire.parts import (
    AssistantPart,
    CitationPart,
    ContinuationState,
    DataPart,
    Part,
    PromptPart,
    RefusalPart,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultContentPart,
    ToolResultPart,
    reject_judged_data,
)
from lmcodec.wire.unknown import UnknownPart

__all__ = [
    "PART_CLASSES",
    "AssistantContent",
    "Message",
    "PromptContent",
    "Role",
    "SystemContent",
    "ToolResultContent",
    "normalize_content",
    "prompt_parts",
]

Role = Literal["user", "assistant", "tool", "developer"]
_ROLES = frozenset(typing.get_args(Role))

PromptContent: TypeAlias = str | PromptPart | Sequence[str | PromptPart]
"""What a user or developer message, or system instructions, are built from (lm15's alias)."""
SystemContent: TypeAlias = PromptContent
AssistantContent: TypeAlias = str | AssistantPart | Sequence[str | AssistantPart]
"""What an assistant message is built from: any part but a tool result."""
ToolResultContent: TypeAlias = str | ToolResultContentPart | Sequence[str | ToolResultContentPart]
"""What a tool result holds: text and presentational parts."""

_P = TypeVar("_P")

PART_CLASSES: tuple[type, ...] = typing.get_args(Part)
_PROMPT_FORBIDDEN = frozenset({ToolCallPart, ToolResultPart, ThinkingPart, RefusalPart, CitationPart})
_PROMPT_ALLOWED = frozenset(c for c in typing.get_args(Part) if c not in _PROMPT_FORBIDDEN)
_PROMPT_FORBIDDEN_CLASSES = tuple(_PROMPT_FORBIDDEN)
_PART_SET = frozenset(PART_CLASSES)
_MANY = 8
"""From this many parts on, their classes are asked in one C call (a set of them), not one by one."""


class Message(WireStruct, frozen=True, kw_only=True):
    """A message: a role and a non-empty sequence of typed Parts."""

    role: Role
    parts: Annotated[tuple[Part, ...], msgspec.Meta(min_length=1)]
    continuation: tuple[ContinuationState, ...] = ()

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["role"], Literal["parts"], Literal["continuation"]]]

        def __init__(
            self,
            role: Role,
            parts: Part | Sequence[Part],
            continuation: ContinuationState | Sequence[ContinuationState] = ...,
        ) -> None: ...

    _lm_prepare_unless: ClassVar[tuple[str, dict[str, Any]] | None] = (
        "{b}type(role) is {b}str and role in {g}roles and {b}type(parts) is {b}tuple and parts",
        {"roles": _ROLES},
    )

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        role = kwargs.get("role")
        if role not in _ROLES:  # lm15 checks the role before the parts (unhashable: its TypeError)
            raise ValueError(f"unsupported role: {role}")
        parts = kwargs.get("parts")
        if isinstance(parts, str):
            raise TypeError("Message.parts must be Part objects; use Message.user('text') for strings")
        if parts is not None and not isinstance(parts, PART_CLASSES):
            try:
                kwargs["parts"] = tuple(parts)
            except TypeError:
                raise TypeError("Message.parts must contain Part objects") from None
            if not kwargs["parts"]:
                raise ValueError("Message requires at least one part")

    def __post_init__(self) -> None:
        role = self.role
        # lm15's role rules are isinstance checks: a user's subclass of a part is its part. The
        # exact classes are asked first (what decoding gives), the subclass only where they fail.
        if role == "assistant":
            if len(self.parts) > _MANY:  # in C (a reader's answer may hold thousands of parts)
                kinds = set(map(type, self.parts))
                if ToolResultPart not in kinds and kinds <= _PART_SET:
                    return
            for p in self.parts:
                cls = type(p)
                if cls is ToolResultPart or (cls not in _PART_SET and isinstance(p, ToolResultPart)):
                    raise TypeError("assistant messages cannot contain ToolResultPart objects")
            return
        if role == "tool":
            for p in self.parts:
                if type(p) is not ToolResultPart and not isinstance(p, (ToolResultPart, UnknownPart)):
                    raise TypeError("tool messages may only contain ToolResultPart objects")
            return
        for p in self.parts:
            cls = type(p)
            if cls not in _PROMPT_ALLOWED:
                if isinstance(p, UnknownPart):  # unknown items take no part in the role rules
                    continue
                if isinstance(p, _PROMPT_FORBIDDEN_CLASSES) or not isinstance(p, PART_CLASSES):
                    raise TypeError(f"{role} messages cannot contain model/tool protocol parts")
                if isinstance(p, DataPart) and p.probabilities is not None:  # a subclass's
                    reject_judged_data(role, (p,))
            elif cls is DataPart and p.probabilities is not None:  # type: ignore[union-attr]
                reject_judged_data(role, (p,))

    @staticmethod
    def user(content: PromptContent) -> Message:
        """A user message from a string, a Part, or a sequence of both."""
        return Message(role="user", parts=normalize_content(content))

    @staticmethod
    def assistant(content: AssistantContent) -> Message:
        """An assistant message from a string, a Part, or a sequence of both."""
        return Message(role="assistant", parts=normalize_content(content))

    @staticmethod
    def developer(content: PromptContent) -> Message:
        """A developer (high-authority instruction) message."""
        return Message(role="developer", parts=normalize_content(content))

    @staticmethod
    def tool(
        results: str | ToolResultPart | Sequence[ToolResultPart] | Mapping[str, ToolResultContent],
        output: ToolResultContent | None = None,
        *,
        is_error: bool = False,
    ) -> Message:
        """A tool message. Three spellings, as in lm15:

        ``Message.tool(call_id, output, is_error=False)``,
        ``Message.tool({call_id: output, ...})``,
        ``Message.tool(part_or_parts)`` with explicit ToolResultParts.
        """
        usage = (
            "Accepted spellings: Message.tool(call_id, output, is_error=...), "
            "Message.tool({call_id: output, ...}), or Message.tool(ToolResultPart(...))."
        )
        if isinstance(results, str):
            if output is None:
                raise TypeError(f"Message.tool(call_id) is missing the output. {usage}")
            return Message(role="tool", parts=(tool_result_part(results, output, is_error=is_error),))
        if output is not None:
            raise TypeError(
                "Message.tool() takes an output only with a call-id string: "
                "Message.tool(call_id, output, is_error=...)."
            )
        if is_error:
            raise TypeError(
                "Message.tool({...}, is_error=True) is ambiguous: the dict form cannot say "
                "which result errored. Use Message.tool(call_id, output, is_error=True)."
            )
        if isinstance(results, Mapping):
            return Message(
                role="tool",
                parts=tuple(tool_result_part(k, v) for k, v in results.items()),
            )
        parts = (results,) if isinstance(results, ToolResultPart) else tuple(results)
        if not all(isinstance(p, ToolResultPart) for p in parts):
            raise TypeError(f"Message.tool() requires ToolResultPart objects. {usage}")
        return Message(role="tool", parts=parts)

    def parts_of(self, cls: type[_P]) -> list[_P]:
        """All parts that are instances of ``cls``."""
        return [p for p in self.parts if isinstance(p, cls)]

    def first(self, cls: type[_P]) -> _P | None:
        """The first part that is an instance of ``cls``, if any."""
        return next((p for p in self.parts if isinstance(p, cls)), None)

    @property
    def text(self) -> str | None:
        """The joined text, only when every part is a TextPart."""
        texts = [p.text for p in self.parts if type(p) is TextPart]
        if len(texts) != len(self.parts):
            return None
        return "\n".join(texts)


def normalize_content(content: Any) -> tuple[Any, ...]:
    """A string, a Part, or a sequence of strings and Parts, as a tuple of Parts."""
    if isinstance(content, str):
        return (TextPart(text=content),)
    if isinstance(content, PART_CLASSES):
        return (content,)
    if isinstance(content, Sequence):
        raw = tuple(content)
        if not raw:
            raise ValueError("content sequence cannot be empty")
        parts: list[Any] = []
        for part in raw:
            if isinstance(part, str):
                parts.append(TextPart(text=part))
            elif isinstance(part, PART_CLASSES):
                parts.append(part)
            else:
                raise TypeError("content sequence must contain strings or Part objects")
        return tuple(parts)
    raise TypeError("content must be a string, Part, or sequence of Parts")


def prompt_parts(where: str, content: Any) -> tuple[Any, ...]:
    """Normalize system/prompt content and reject model/tool protocol parts."""
    parts = normalize_content(content)
    if any(isinstance(p, _PROMPT_FORBIDDEN_CLASSES) for p in parts):
        raise TypeError(f"{where} parts cannot contain model/tool protocol parts")
    reject_judged_data(where, parts)
    return parts


def _states(value: Sequence[ContinuationState] | ContinuationState | None) -> tuple[ContinuationState, ...]:
    if value is None:
        return ()
    if isinstance(value, ContinuationState):
        return (value,)
    return tuple(value)


def tool_result_part(
    id: str,
    content: Any,
    *,
    name: str | None = None,
    is_error: bool = False,
    continuation: Sequence[ContinuationState] | ContinuationState | None = None,
) -> ToolResultPart:
    """A ToolResultPart from a string, a Part or a sequence of them."""
    parts = normalize_content(content)
    return ToolResultPart(
        id=id,
        content=parts,
        name=name,
        is_error=is_error,
        continuation=_states(continuation),
    )
