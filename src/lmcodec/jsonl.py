"""JSON Lines logs of canonical records (``import lmcodec.jsonl`` works like ``import msgspec.json``)."""

from lmcodec.codecs.jsonl import Reader, read, write

__all__ = ["Reader", "read", "write"]
