"""Streamed audio: base64 chunks decoded one by one and joined, raw PCM wrapped in a WAV header."""

from __future__ import annotations

import base64
import struct
from typing import Final

from lmcodec.wire import AudioPart, ContinuationState

__all__ = ["audio_part"]

_PCM_MEDIA_TYPES: Final = frozenset({"audio/pcm", "audio/pcm16"})


def _concat_b64_chunks(chunks: list[str]) -> bytes:
    """Each chunk decoded on its own (padding retried, undecodable chunks skipped), bytes concatenated."""
    raw = bytearray()
    b64decode = base64.b64decode
    for chunk in chunks:
        if not chunk:
            continue
        try:
            raw += b64decode(chunk)
        except Exception:
            try:
                raw += b64decode(chunk + "=" * (-len(chunk) % 4))
            except Exception:
                pass
    return bytes(raw)


_ALPHABET: Final = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _joined_b64(chunks: list[str]) -> str | None:
    """The base64 of :func:`_concat_b64_chunks`'s bytes, without decoding every chunk: where each
    chunk but the last is whole four-character groups of the standard alphabet (Gemini's TTS
    frames are), its bytes are its groups', so the chunks joined as they stand are the bytes'
    canonical base64 up to the last chunk, which is decoded and encoded as before. None where a
    chunk is not so (padding, whitespace, other characters: decoded one by one)."""
    for chunk in chunks[:-1]:
        if len(chunk) % 4 or not chunk.isascii() or chunk.encode("ascii").translate(None, _ALPHABET):
            return None
    return "".join(chunks[:-1]) + _b64(_concat_b64_chunks(chunks[-1:]))


def _pcm_to_wav(pcm: bytes, sample_rate: int = 24000, channels: int = 1, bits: int = 16) -> bytes:
    """Raw PCM wrapped in a WAV header (lm15 ``_pcm_to_wav``)."""
    byte_rate = sample_rate * channels * bits // 8
    block_align = channels * bits // 8
    size = len(pcm)
    header = struct.pack(
        "<4sI4s4sIHHIIHH4sI",
        b"RIFF", 36 + size, b"WAVE", b"fmt ", 16, 1,
        channels, sample_rate, byte_rate, block_align, bits,
        b"data", size,
    )  # fmt: skip
    return header + pcm


def audio_part(chunks: list[str], media_type: str | None, cont: tuple[ContinuationState, ...]) -> AudioPart:
    """The streamed chunks as one part, as lm15 joins them (each chunk decoded, the bytes joined and
    encoded again; raw PCM wrapped in a WAV header, whose 44 bytes need the bytes themselves)."""
    if media_type is None or media_type in _PCM_MEDIA_TYPES:
        wav = _pcm_to_wav(_concat_b64_chunks(chunks))
        return AudioPart(media_type="audio/wav", data=_b64(wav), continuation=cont)
    data = _joined_b64(chunks) if chunks else None
    if data is None:
        data = _b64(_concat_b64_chunks(chunks))
    return AudioPart(media_type=media_type, data=data, continuation=cont)


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")
