"""MessagePack of the canonical values, single objects and length-delimited logs."""

from lmcodec.codecs.msgpack import decode, encode, read_stream, write_stream

__all__ = ["decode", "encode", "read_stream", "write_stream"]
