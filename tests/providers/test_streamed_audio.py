"""Streamed audio chunks joined into one part (providers/_streamed_audio.py): the joined-base64 way
(chunks of whole groups taken as they stand, red team 51 F03) against lm15's way of decoding every
chunk and encoding the bytes again, on chunkings and spellings drawn by hypothesis."""

from __future__ import annotations

import base64
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _streamed_audio as audio

from ..budget import examples


def _decoded_every_chunk(chunks: list[str], media_type: str) -> object:
    """lm15's join (``_concat_b64_chunks`` then one encode) made a part: the reference."""
    data = base64.b64encode(audio._concat_b64_chunks(chunks)).decode("ascii")
    return _outcome(lambda: lc.AudioPart(media_type=media_type, data=data).data)


def _outcome(step: Callable[[], object]) -> object:
    try:
        return step()
    except ValueError as exc:  # (no bytes at all: a part refuses empty data, both ways)
        return str(exc)


_clean = st.binary(max_size=30).map(lambda raw: base64.b64encode(raw).decode("ascii"))
_odd = st.one_of(
    _clean.map(lambda text: text.rstrip("=")),  # padding left off
    _clean.map(lambda text: text[:2] + "\n" + text[2:]),  # whitespace inside
    _clean.map(lambda text: text.replace("A", "-")),  # another alphabet's character
    _clean.map(lambda text: text + "é"),  # not ASCII
    st.text(alphabet="ABCD+/=_-QR \n", max_size=9),  # anything near base64
    st.just(""),
)
_chunks = st.lists(st.one_of(_clean, _clean, _odd), min_size=1, max_size=8)
_some_bytes = _chunks.filter(lambda chunks: bool(audio._concat_b64_chunks(chunks)))


_MEDIA = st.sampled_from(["audio/L16;codec=pcm;rate=24000", "audio/mpeg", "audio/wav"])


@settings(max_examples=examples(400), deadline=None)
@given(chunks=_chunks, media_type=_MEDIA)
def test_the_joined_chunks_are_what_decoding_every_chunk_gives(chunks: list[str], media_type: str) -> None:
    joined = _outcome(lambda: audio.audio_part(chunks, media_type, ()).data)
    assert joined == _decoded_every_chunk(chunks, media_type)


@settings(max_examples=examples(200), deadline=None)
@given(chunks=_some_bytes)
def test_raw_pcm_is_wrapped_from_the_decoded_bytes(chunks: list[str]) -> None:
    wav = audio.audio_part(chunks, "audio/pcm", ())
    assert wav.media_type == "audio/wav"
    assert base64.b64decode(wav.data or "")[44:] == audio._concat_b64_chunks(chunks)


def test_whole_groups_are_joined_without_decoding_them() -> None:
    """The fast way is taken where it applies: a chunk that would not decode is never looked at."""
    frames = [base64.b64encode(bytes(range(i, i + 6))).decode("ascii") for i in range(3)]
    assert audio._joined_b64([*frames, "QUI="]) == "".join(frames) + "QUI="
    assert audio._joined_b64([frames[0] + "=", "QUI="]) is None  # padding inside: decoded one by one
    assert audio._joined_b64(["QUI", "QUI="]) is None  # not whole groups


def test_a_last_chunk_of_noncanonical_padding_bits_is_spelled_canonically() -> None:
    """'QR==' decodes to b'A' as 'QQ==' does: the join spells it as encoding the bytes does."""
    assert audio.audio_part(["QUJD", "QR=="], "audio/mpeg", ()).data == "QUJDQQ=="
