"""Stream assembly (public face of :mod:`lmcodec.stream.assembler`).

``Assembler`` and ``assemble`` are imported from the stream stage at first use: ``import lmcodec``
imports this face (``lmcodec/__init__.py`` says why) without running the stream stage.
"""

import importlib as _importlib
import typing as _typing

from lmcodec.errors import StreamCleanupWarning

__all__ = ["Assembler", "StreamCleanupWarning", "assemble"]

_DEFINED_IN = {"Assembler": "lmcodec.stream.assembler", "assemble": "lmcodec.stream.assembly"}

if _typing.TYPE_CHECKING:
    from lmcodec.stream.assembler import Assembler as Assembler
    from lmcodec.stream.assembly import assemble as assemble
else:

    def __getattr__(name: str) -> object:
        """``Assembler`` / ``assemble``: imported from the stream stage on first access, then kept."""
        defined_in = _DEFINED_IN.get(name)
        if defined_in is None:
            raise AttributeError(f"module 'lmcodec.assemble' has no attribute {name!r}")
        value = getattr(_importlib.import_module(defined_in), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        """The module's names and the two it gives at first access."""
        return sorted({*globals(), *_DEFINED_IN})
