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
    raw = _concat_b64_chunks(chunks)
    if media_type is None or media_type in _PCM_MEDIA_TYPES:
        raw, media_type = _pcm_to_wav(raw), "audio/wav"
    return AudioPart(media_type=media_type, data=base64.b64encode(raw).decode("ascii"), continuation=cont)
