"""Stream assembly (public face of :mod:`lmcodec.stream.assembler`).

``Assembler`` and ``assemble`` are imported from the stream stage at first use: ``import lmcodec``
imports this face (``lmcodec/__init__.py`` says why) without running the stream stage.
"""

import importlib as _importlib
import os as _os
import threading as _threading
import types as _types
import typing as _typing

from lmcodec.errors import StreamCleanupWarning

__all__ = ["Assembler", "StreamCleanupWarning", "assemble"]

_LAZY_IMPORTS = _threading.RLock()
"""Held around every import a module ``__getattr__`` of the package runs (:func:`_imported`: here
and in ``lmcodec/__init__.py``, which imports it from this face: the face may not import the root).
Threads that reach a lazy name for the first time at once import the stage one after another:
each entering the stage's import cycles at a different module would take CPython's per-module
import locks in different orders (``_DeadlockError``, or a partially initialised module: red team
22 F01)."""


def _unheld_in_child() -> None:
    """A forked child's own :data:`_LAZY_IMPORTS`: fork copies it held where another thread was
    importing a lazy name at the fork, and that thread does not run in the child (its first lazy
    name deadlocked)."""
    global _LAZY_IMPORTS
    _LAZY_IMPORTS = _threading.RLock()


if hasattr(_os, "register_at_fork"):  # (a platform without fork has no hook, and no forked child)
    _os.register_at_fork(after_in_child=_unheld_in_child)


def _imported(module: str) -> _types.ModuleType:
    """``module``, imported under :data:`_LAZY_IMPORTS` (read at each call: the child's own after
    a fork)."""
    with _LAZY_IMPORTS:
        return _importlib.import_module(module)


if _typing.TYPE_CHECKING:
    from lmcodec.stream.assembler import Assembler as Assembler
    from lmcodec.stream.assembly import assemble as assemble
else:

    def __getattr__(name: str) -> object:
        """``Assembler`` / ``assemble``: taken from the stream stage's package (imported by
        :func:`_imported`) on first access, then kept."""
        if name not in ("Assembler", "assemble"):
            raise AttributeError(f"module 'lmcodec.assemble' has no attribute {name!r}")
        value = getattr(_imported("lmcodec.stream"), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        """The module's names and the two it gives at first access."""
        return sorted({*globals(), "Assembler", "assemble"})
