"""MessagePack of the canonical values, single objects and length-delimited logs."""

from lmcodec.codecs.msgpack import StreamReader, decode, encode, read_stream, write_stream

__all__ = ["StreamReader", "decode", "encode", "read_stream", "write_stream"]
