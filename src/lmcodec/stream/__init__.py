"""Provider streams: bytes -> canonical StreamEvents -> Response.

The data path of a stream byte: the SSE framer (:mod:`lmcodec.framing.sse`, public as
:mod:`lmcodec.stream.sse`) cuts frames from
bytes, the provider's mapper (:mod:`lmcodec.providers`) decodes each frame into
a typed view and hands canonical content on, and either the event builder of
:func:`decode` / :class:`Decoder` or the :class:`Assembler` consumes it.
"""

import lmcodec.providers  # noqa: F401 (first, whole: see below)
from lmcodec.errors import StreamDecodeError
from lmcodec.stream import sink as sink  # (the public submodules: lc.stream.sink, lc.stream.sse)
from lmcodec.stream import sse as sse
from lmcodec.stream.assembler import Assembler
from lmcodec.stream.assembly import assemble
from lmcodec.stream.decoder import Decoder, adecode, decode, decode_response
from lmcodec.stream.encoder import Encoder, aencode, encode
from lmcodec.stream.stats import DecodeStats
from lmcodec.stream.translate import atranslate, translate

# The providers stage is imported by its package before any module of this stage runs, which import
# its modules (``lmcodec.providers._sink`` ...) directly: a thread that imports this stage while
# another imports the providers (``lc.translate_request``, ``import lmcodec.providers._mapper``)
# waits for that import to end instead of entering the providers' modules at another one, which
# would take CPython's per-module import locks in another order (red team 22 F01).

__all__ = [
    "Assembler",
    "DecodeStats",
    "Decoder",
    "Encoder",
    "StreamDecodeError",
    "adecode",
    "aencode",
    "assemble",
    "atranslate",
    "decode",
    "decode_response",
    "encode",
    "translate",
]
