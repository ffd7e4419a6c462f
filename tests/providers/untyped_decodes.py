"""Count the package's untyped JSON decodes: every lmcodec module's ``decode_any`` (the one
Decoder with the far-float hook, wire/_float_literals.py, bound by name where it is imported)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any
from unittest import mock

from lmcodec.wire import _float_literals


@contextmanager
def untyped_decodes(**options: Any) -> Iterator[mock.MagicMock]:
    """One mock (``side_effect`` and the rest from ``options``) standing in for ``decode_any`` in
    every lmcodec module that imported it; its ``call_count`` counts the untyped decodes."""
    counted = mock.MagicMock(**options)
    original = _float_literals.decode_any
    with ExitStack() as patches:
        for module in list(sys.modules.values()):
            if (
                getattr(module, "__name__", "").startswith("lmcodec")
                and getattr(module, "decode_any", None) is original
            ):
                patches.enter_context(mock.patch.object(module, "decode_any", counted))
        yield counted
