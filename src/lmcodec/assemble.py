"""Stream assembly (public face of :mod:`lmcodec.stream.assembler`)."""

from lmcodec.errors import StreamCleanupWarning
from lmcodec.stream.assembler import Assembler
from lmcodec.stream.assembly import assemble

__all__ = ["Assembler", "StreamCleanupWarning", "assemble"]
