"""lmcodec: LLM conversation data (lm15 canonical JSON, MessagePack, llm format, provider streams) at msgspec speed."""

from lmcodec import wire as _wire
from lmcodec.api import (
    audio,
    binary,
    citation,
    continuation_data,
    data,
    document,
    image,
    refusal,
    replace,
    text,
    thinking,
    tool_call,
    tool_result,
    video,
)
from lmcodec.codecs import msgpack
from lmcodec.codecs.json import decode, encode, from_builtins, schema, to_builtins
from lmcodec.errors import DecodeError, EncodeError, LmcodecError, StreamAssemblyError, ValidationError
from lmcodec.wire import *  # noqa: F403

__all__ = sorted(
    [
        *_wire.__all__,
        "DecodeError",
        "EncodeError",
        "LmcodecError",
        "StreamAssemblyError",
        "ValidationError",
        "audio",
        "binary",
        "citation",
        "continuation_data",
        "data",
        "decode",
        "document",
        "encode",
        "from_builtins",
        "image",
        "msgpack",
        "refusal",
        "replace",
        "schema",
        "text",
        "thinking",
        "to_builtins",
        "tool_call",
        "tool_result",
        "video",
    ]
)
