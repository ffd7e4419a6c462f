"""Request and Response: the composed artifacts sent to and returned by a model."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, TypeAlias

import msgspec

from lmcodec.wire._checks import require_model
from lmcodec.wire._plan import REQUIRED, Factory
from lmcodec.wire._struct import WireStruct
from lmcodec.wire._types import JsonObject, NonEmptyStr
from lmcodec.wire.config import EMPTY_CONFIG, Config
from lmcodec.wire.messages import Message, SystemContent, prompt_parts
from lmcodec.wire.parts import CitationPart, DataPart, PromptPart, TextPart, ThinkingPart, ToolCallPart
from lmcodec.wire.telemetry import EMPTY_USAGE, Adaptation, FinishReason, TokenLogprob, Usage
from lmcodec.wire.tools import BuiltinTool, FunctionTool, Tool
from lmcodec.wire.unknown import UnknownTool

__all__ = ["Request", "Response", "check_tools", "normalize_system"]

_force_setattr = msgspec.structs.force_setattr

_MISSING: Any = object()


def _empty_as(value: Any, empty: Any) -> bool:
    """Whether ``value``, of a user's subclass of ``empty``'s class, holds ``empty``'s value in
    each field of that class (the subclass's own fields are not written: it is empty as its kind;
    ``empty``'s fields are None or ``()``, so no nested subclass is equal to one); a value of
    another type put there past the checks (``msgspec.structs.replace``) is not."""
    return all(getattr(value, name, _MISSING) == getattr(empty, name) for name in empty.__struct_fields__)


def normalize_system(kwargs: dict[str, Any]) -> None:
    """lm15's system content rules: None, a non-empty string, or prompt parts."""
    system = kwargs.get("system")
    if system is None:
        return
    if isinstance(system, str):
        if system == "":
            raise ValueError("system cannot be empty")
        return
    kwargs["system"] = prompt_parts("system", system)


def normalize_tools(owner: str, kwargs: dict[str, Any]) -> None:
    """One tool becomes a one-tuple; a function where a tool belongs gets the fix named."""
    tools = kwargs.get("tools", ())
    if isinstance(tools, (FunctionTool, BuiltinTool)) or callable(tools):
        tools = (tools,)
    tools = tuple(tools)
    for item in tools:
        if isinstance(item, (FunctionTool, BuiltinTool, UnknownTool)):
            continue
        if callable(item):
            raise TypeError(
                f"{owner}.tools must contain Tool objects, not a function: describe it as "
                "FunctionTool(name=..., description=..., parameters={...JSON Schema...})"
            )
        raise TypeError(f"{owner}.tools must contain Tool objects, not {type(item).__name__}")
    kwargs["tools"] = tools


def check_tools(owner: str, tools: tuple[Tool, ...]) -> list[str]:
    """Tool names, after rejecting duplicates."""
    names = [t.name for t in tools]
    if len(set(names)) != len(names):
        raise ValueError(f"{owner}.tools cannot contain duplicate tool names")
    return names


# fmt: off
if TYPE_CHECKING:  # lm15's positional fields: __match_args__ as type checkers read it
    _RequestArgs: TypeAlias = tuple[Literal["model"], Literal["messages"], Literal["system"],
        Literal["tools"], Literal["config"]]
    _ResponseArgs: TypeAlias = tuple[Literal["id"], Literal["model"], Literal["message"],
        Literal["finish_reason"], Literal["usage"], Literal["logprobs"], Literal["provider_data"],
        Literal["adaptations"]]
# fmt: on


class Request(WireStruct, frozen=True, kw_only=True):
    """A complete request: conversation, system instructions, tools and config."""

    model: NonEmptyStr
    messages: Annotated[tuple[Message, ...], msgspec.Meta(min_length=1)]
    system: NonEmptyStr | Annotated[tuple[PromptPart, ...], msgspec.Meta(min_length=1)] | None = None
    tools: tuple[Tool, ...] = ()
    config: Config = EMPTY_CONFIG

    _lm_defaults: ClassVar[dict[str, Any]] = {"config": Factory(Config)}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_RequestArgs]

        def __init__(
            self,
            model: str,
            messages: Message | Sequence[Message],
            system: SystemContent | None = ...,
            tools: Tool | Sequence[Tool] = ...,
            config: Config = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        require_model(kwargs)
        messages = kwargs.get("messages")
        if messages is None:
            raise TypeError("Request.messages must be a Message or a sequence of Messages, not None")
        if isinstance(messages, Message):
            kwargs["messages"] = (messages,)
        elif messages is not None and not isinstance(messages, str):
            kwargs["messages"] = tuple(messages)
        if not kwargs["messages"]:
            raise ValueError("at least one message is required")
        if isinstance(messages, str) or not all(isinstance(m, Message) for m in kwargs["messages"]):
            raise TypeError(
                'Request.messages must contain Message objects: wrap plain text with Message.user("...").'
            )
        normalize_system(kwargs)
        normalize_tools("Request", kwargs)

    def __post_init__(self) -> None:
        names = check_tools("Request", self.tools) if self.tools else ()
        config = self.config
        if config is not EMPTY_CONFIG:
            if config == EMPTY_CONFIG or (type(config) is not Config and _empty_as(config, EMPTY_CONFIG)):
                msgspec.structs.force_setattr(self, "config", EMPTY_CONFIG)  # (a subclass: as its kind)
            elif config.tool_choice is not None and config.tool_choice.allowed:
                missing = set(config.tool_choice.allowed) - set(names)
                if missing:
                    raise ValueError(
                        f"ToolChoice.allowed contains tools not present in Request.tools: {sorted(missing)}"
                    )


class Response(WireStruct, frozen=True, kw_only=True):
    """A model's answer: an assistant Message plus finish reason and telemetry.

    ``provider_data`` is kept in memory and written only where lm15 writes it:
    inside a BatchEntry or a Turn, or with ``include_provider_data=True``.
    ``id`` and ``usage`` are required arguments of the constructor, as in
    lm15, yet optional on the wire (the schema says so): an empty usage and a
    null id are omitted, and read back as ``Usage()`` and ``None``, as lm15's
    ``response_from_dict`` reads them.
    """

    id: NonEmptyStr | None = None
    model: NonEmptyStr
    message: Message
    finish_reason: FinishReason
    usage: Usage = EMPTY_USAGE
    logprobs: tuple[TokenLogprob, ...] | None = None
    logprobs_complete: bool = True
    adaptations: tuple[Adaptation, ...] = ()
    provider_data: JsonObject | None = None

    _lm_order: ClassVar[tuple[str, ...] | None] = (
        "id",
        "model",
        "message",
        "finish_reason",
        "usage",
        "logprobs",
        "provider_data",
        "adaptations",
    )
    _lm_kwonly: ClassVar[tuple[str, ...]] = ("logprobs_complete",)
    _lm_defaults: ClassVar[dict[str, Any]] = {"id": REQUIRED, "usage": REQUIRED}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_ResponseArgs]

        def __init__(
            self,
            id: str | None,
            model: str,
            message: Message,
            finish_reason: FinishReason,
            usage: Usage,
            logprobs: TokenLogprob | Sequence[TokenLogprob] | None = ...,
            provider_data: JsonObject | None = ...,
            adaptations: Sequence[Adaptation] = ...,
            *,
            logprobs_complete: bool = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        # (every Response built or decoded runs this: written out, with no helper call)
        if self.message.role != "assistant":
            raise ValueError("Response.message must have role 'assistant'")
        usage = self.usage
        if usage is not EMPTY_USAGE and (
            usage == EMPTY_USAGE or (type(usage) is not Usage and _empty_as(usage, EMPTY_USAGE))
        ):
            _force_setattr(self, "usage", EMPTY_USAGE)  # (a subclass: omitted as its kind is)
        logprobs = self.logprobs
        if logprobs is not None and not logprobs:
            _force_setattr(self, "logprobs", None)
        data = self.provider_data
        if data is not None and not data:  # (empty_to_none)
            _force_setattr(self, "provider_data", None)

    def __repr__(self) -> str:
        text = self.text
        fields = [
            ("text", repr(text)) if text is not None else ("message", repr(self.message)),
            ("model", repr(self.model)),
            ("finish_reason", repr(self.finish_reason)),
            ("usage", repr(self.usage)),
        ]
        if self.citations:
            fields.append(("citations", repr(self.citations)))
        if self.logprobs is not None:
            fields.append(("logprobs", f"<{len(self.logprobs)} tokens>"))
        if not self.logprobs_complete:
            fields.append(("logprobs_complete", "False"))
        if self.adaptations:
            fields.append(("adaptations", repr([f"{a.field}:{a.action}" for a in self.adaptations])))
        if self.id is not None:
            fields.append(("id", repr(self.id)))
        if self.provider_data is not None:
            fields.append(("provider_data", f"<dict: {len(self.provider_data)} keys>"))
        body = ",\n".join(f"    {name}={value}" for name, value in fields)
        return f"Response(\n{body},\n)"

    @property
    def text(self) -> str | None:
        """The assistant text; thinking and citations do not hide it; a lone DataPart reads as JSON."""
        text = self.message.text
        if text is not None:
            return text
        parts = self.message.parts
        if all(isinstance(p, (TextPart, CitationPart, ThinkingPart)) for p in parts):
            texts = [p.text for p in parts if isinstance(p, TextPart)]
            if texts:
                return "\n".join(texts)
        data_parts = [p for p in parts if isinstance(p, DataPart)]
        if len(data_parts) == 1 and all(isinstance(p, (DataPart, CitationPart, ThinkingPart)) for p in parts):
            return json.dumps(data_parts[0].value, separators=(",", ":"), ensure_ascii=False)
        return None

    @property
    def tool_calls(self) -> list[ToolCallPart]:
        """The tool calls of the message."""
        return self.message.parts_of(ToolCallPart)

    @property
    def citations(self) -> list[CitationPart]:
        """The citation parts of the message."""
        return self.message.parts_of(CitationPart)

    @property
    def data(self) -> Any:
        """The first DataPart's value, else the parsed JSON text (``json``)."""
        part = self.message.first(DataPart)
        if part is not None:
            return part.value
        return self.json

    @property
    def probabilities(self) -> dict[str, dict[str, float]] | None:
        """Per-judgment distributions of the first DataPart, or None."""
        part = self.message.first(DataPart)
        return None if part is None else part.probabilities

    @property
    def method(self) -> str | None:
        """How the first DataPart's distribution was measured, or None."""
        part = self.message.first(DataPart)
        return None if part is None else part.method

    def expected(self, field_name: str) -> float | None:
        """Σ p·int(key) over a judgment's distribution, or None."""
        dist = (self.probabilities or {}).get(field_name)
        if not dist:
            return None
        try:
            return sum(float(p) * int(k) for k, p in dist.items())
        except ValueError:
            return None

    def parse_json(self, *, default: Any = _MISSING) -> Any:
        """Parse the response text as exact JSON (``default`` instead of raising, if given)."""
        text = self.text
        if text is None:
            if default is not _MISSING:
                return default
            raise ValueError(
                "Cannot parse response as JSON: response is not pure text. "
                f"Parts: {[p.type for p in self.message.parts]}"
            )
        stripped = text.strip()
        try:
            return json.loads(stripped)
        except json.JSONDecodeError as exc:
            if default is not _MISSING:
                return default
            preview = stripped[:200] + ("..." if len(stripped) > 200 else "")
            raise ValueError(f"Cannot parse response as JSON: {exc}\nRaw text: {preview}") from exc

    @property
    def json(self) -> Any:
        """Parsed JSON text, or None when parsing fails."""
        return self.parse_json(default=None)
