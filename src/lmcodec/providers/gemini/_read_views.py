"""Typed views of a GenerateContent request body, as google-genai sends it (REST, camelCase).

Part views forbid unknown fields: a field the canonical Request has no home for is refused with
its JSON path rather than dropped. :class:`BodyView` is a whole body of mapped keys only, decoded
in one pass by the fast path (a body with any other key is read key by key).

The fast path's conversation views (``Genai*``, :data:`GENAI_CONTENTS`) also take the media fields
google-genai writes in snake_case (``inlineData: {"mime_type": ...}``, ``fileData: {"file_uri":
...}``, ``inline_data`` below a function response: it copies those objects into the body as they
stand), each as a second field of the spelling's JSON name; the general path's views take the
JSON names only (it reads such a body camelCased: ``_read_snake``), so its errors stay as they were.
"""

from __future__ import annotations

from typing import Any, Final, Literal

import msgspec
from msgspec import UNSET, UnsetType

from lmcodec.wire._float_literals import float_literal

__all__ = [
    "GENAI_CONTENTS",
    "Blob",
    "BodyView",
    "ContentView",
    "FileData",
    "FunctionCall",
    "FunctionResponse",
    "GenaiBlob",
    "GenaiContentView",
    "GenaiFileData",
    "GenaiFunctionResponse",
    "GenaiPartView",
    "PartView",
    "SystemView",
]


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True, rename="camel", gc=False):
    """Views are trees decoded from JSON, never part of a cycle: not tracked by the GC."""


class Blob(_Strict, frozen=True):
    mime_type: str
    data: str


class FileData(_Strict, frozen=True):
    file_uri: str
    mime_type: str | UnsetType = UNSET


class FunctionCall(_Strict, frozen=True):
    name: str
    args: dict[str, Any] | UnsetType = UNSET
    id: str | UnsetType = UNSET


class FunctionResponse(_Strict, frozen=True):
    name: str
    response: dict[str, Any] | UnsetType = UNSET
    id: str | UnsetType = UNSET
    parts: list[PartView] | UnsetType = UNSET


class PartView(_Strict, frozen=True):
    text: str | UnsetType = UNSET
    thought: bool | UnsetType = UNSET
    thought_signature: str | UnsetType = UNSET
    inline_data: Blob | UnsetType = UNSET
    file_data: FileData | UnsetType = UNSET
    function_call: FunctionCall | UnsetType = UNSET
    function_response: FunctionResponse | UnsetType = UNSET
    executable_code: Any = UNSET
    code_execution_result: Any = UNSET


class ContentView(_Strict, frozen=True):
    parts: list[PartView]
    role: Literal["user", "model"] | UnsetType = UNSET


class GenaiBlob(_Strict, frozen=True):
    """A Blob with its ``mimeType`` under either name (one of the two, the reader checks)."""

    data: str
    mime_type: str | UnsetType = UNSET
    mime_type_snake: str | UnsetType = msgspec.field(default=UNSET, name="mime_type")


class GenaiFileData(_Strict, frozen=True):
    """A FileData with ``fileUri`` and ``mimeType`` under either name (each once, the reader checks)."""

    file_uri: str | UnsetType = UNSET
    mime_type: str | UnsetType = UNSET
    file_uri_snake: str | UnsetType = msgspec.field(default=UNSET, name="file_uri")
    mime_type_snake: str | UnsetType = msgspec.field(default=UNSET, name="mime_type")


class GenaiFunctionResponse(_Strict, frozen=True):
    name: str
    response: dict[str, Any] | UnsetType = UNSET
    id: str | UnsetType = UNSET
    parts: list[GenaiPartView] | UnsetType = UNSET


class GenaiPartView(_Strict, frozen=True):
    """:class:`PartView` with ``inline_data`` / ``file_data`` beside their JSON names (the reader
    refuses a part holding both spellings, as the camelCasing walk does)."""

    text: str | UnsetType = UNSET
    thought: bool | UnsetType = UNSET
    thought_signature: str | UnsetType = UNSET
    inline_data: GenaiBlob | UnsetType = UNSET
    file_data: GenaiFileData | UnsetType = UNSET
    function_call: FunctionCall | UnsetType = UNSET
    function_response: GenaiFunctionResponse | UnsetType = UNSET
    executable_code: Any = UNSET
    code_execution_result: Any = UNSET
    inline_data_snake: GenaiBlob | UnsetType = msgspec.field(default=UNSET, name="inline_data")
    file_data_snake: GenaiFileData | UnsetType = msgspec.field(default=UNSET, name="file_data")


class GenaiContentView(_Strict, frozen=True):
    parts: list[GenaiPartView]
    role: Literal["user", "model"] | UnsetType = UNSET


class SystemView(_Strict, frozen=True):
    parts: list[PartView]
    role: str | UnsetType = UNSET


class BodyView(_Strict, frozen=True):
    """A body holding only the keys the reader maps; ``model`` is kept raw, as the reader decodes
    it only where no model is given with the body."""

    contents: list[GenaiContentView] | UnsetType = UNSET
    system_instruction: SystemView | UnsetType = UNSET
    generation_config: dict[str, Any] | UnsetType = UNSET
    tools: list[dict[str, Any]] | UnsetType = UNSET
    tool_config: dict[str, Any] | UnsetType = UNSET
    cached_content: str | UnsetType = UNSET
    store: bool | UnsetType = UNSET
    service_tier: str | UnsetType = UNSET
    model: msgspec.Raw | UnsetType = UNSET


# The decoders both reader paths use, built once: the key-by-key route and the walker read the same
# pieces of a body.
TOP: Final = msgspec.json.Decoder(dict[str, msgspec.Raw], float_hook=float_literal)
CONTENTS: Final = msgspec.json.Decoder(list[ContentView], float_hook=float_literal)
GENAI_CONTENTS: Final = msgspec.json.Decoder(list[GenaiContentView], float_hook=float_literal)
SYSTEM: Final = msgspec.json.Decoder(SystemView, float_hook=float_literal)
OBJECT: Final = msgspec.json.Decoder(dict[str, Any], float_hook=float_literal)
TOOLS: Final = msgspec.json.Decoder(list[dict[str, Any]], float_hook=float_literal)
STR: Final = msgspec.json.Decoder(str, float_hook=float_literal)
BOOL: Final = msgspec.json.Decoder(bool, float_hook=float_literal)
