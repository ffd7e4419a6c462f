"""TypedDicts of llm 0.36's serialization format, importable without llm.

Same names, keys, required/optional split and key order as ``llm.serialization``
(``ResponseDict``, ``PromptDict``, ``MessageDict``, ``PartDict`` and its five
variants, ``AttachmentDict``, ``UsageDict``). Use them to annotate code that
handles ``Response.to_dict()`` payloads, with ``pydantic.TypeAdapter`` for
validation or for JSON Schema export::

    from pydantic import TypeAdapter
    from lmcodec.llm import ResponseDict

    TypeAdapter(ResponseDict).validate_python(payload)
    TypeAdapter(ResponseDict).json_schema()

Optional keys are declared in a ``total=False`` subclass rather than with
``NotRequired`` so the module needs neither Python 3.11 nor typing_extensions;
llm's required keys always come first in emission order, so the annotation
order is still the wire order. ``typing_extensions.TypedDict`` is used when it
is installed (pydantic requires it before Python 3.12).
"""

from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from typing import TypedDict
else:
    try:
        from typing_extensions import TypedDict
    except ImportError:  # pragma: no cover - pydantic (and llm) bring typing_extensions
        from typing import TypedDict

__all__ = [
    "AttachmentDict",
    "AttachmentPartDict",
    "MessageDict",
    "PartDict",
    "PromptDict",
    "ReasoningPartDict",
    "ResponseDict",
    "TextPartDict",
    "ToolCallPartDict",
    "ToolResultPartDict",
    "UsageDict",
]


class AttachmentDict(TypedDict, total=False):
    """Nested attachment payload; every key optional. ``content`` is standard padded base64."""

    type: str
    url: str
    path: str
    content: str


class _TextPartDictRequired(TypedDict):
    type: Literal["text"]
    text: str


class TextPartDict(_TextPartDictRequired, total=False):
    provider_metadata: dict[str, Any]


class _ReasoningPartDictRequired(TypedDict):
    type: Literal["reasoning"]
    text: str


class ReasoningPartDict(_ReasoningPartDictRequired, total=False):
    """``redacted=True`` with ``text=""`` marks opaque reasoning."""

    redacted: bool
    provider_metadata: dict[str, Any]


class _ToolCallPartDictRequired(TypedDict):
    type: Literal["tool_call"]
    name: str
    arguments: dict[str, Any]


class ToolCallPartDict(_ToolCallPartDictRequired, total=False):
    tool_call_id: str
    server_executed: bool
    provider_metadata: dict[str, Any]


class _ToolResultPartDictRequired(TypedDict):
    type: Literal["tool_result"]
    name: str
    output: str


class ToolResultPartDict(_ToolResultPartDictRequired, total=False):
    tool_call_id: str
    server_executed: bool
    exception: str
    attachments: list[AttachmentDict]
    provider_metadata: dict[str, Any]


class _AttachmentPartDictRequired(TypedDict):
    type: Literal["attachment"]


class AttachmentPartDict(_AttachmentPartDictRequired, total=False):
    attachment: AttachmentDict
    provider_metadata: dict[str, Any]


PartDict = TextPartDict | ReasoningPartDict | ToolCallPartDict | ToolResultPartDict | AttachmentPartDict
"""Union of the part shapes, discriminated by ``type``."""


class _MessageDictRequired(TypedDict):
    role: str
    parts: list[PartDict]


class MessageDict(_MessageDictRequired, total=False):
    """``role`` is free text ("user", "assistant", "system", "tool" in practice)."""

    provider_metadata: dict[str, Any]


class _PromptDictRequired(TypedDict):
    messages: list[MessageDict]


class PromptDict(_PromptDictRequired, total=False):
    """The full input chain sent for the turn, plus non-None options and the raw system prompt."""

    options: dict[str, Any]
    system: str


class UsageDict(TypedDict, total=False):
    """Token usage; ``details`` is the provider's own breakdown."""

    input: int
    output: int
    details: dict[str, Any]


class _ResponseDictRequired(TypedDict):
    model: str
    prompt: PromptDict
    messages: list[MessageDict]


class ResponseDict(_ResponseDictRequired, total=False):
    """What ``llm.Response.to_dict()`` returns and ``Response.from_dict()`` reads."""

    id: str
    usage: UsageDict
    datetime_utc: str
