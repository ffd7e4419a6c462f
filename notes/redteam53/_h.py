"""Shared set-up of red team 53's reproducers: this checkout's src first on the path."""
from __future__ import annotations

import os
import sys
import warnings

warnings.simplefilter("ignore")
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "src"))
import lmcodec as lc  # noqa: E402

__all__ = ["ROOT", "lc"]
