"""lmcodec: LLM conversation data at msgspec speed."""

from lmcodec.errors import DecodeError, LmcodecError, StreamAssemblyError, ValidationError

__all__ = ["DecodeError", "LmcodecError", "StreamAssemblyError", "ValidationError"]
