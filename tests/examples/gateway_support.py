"""examples/gateway.py loaded as a module, for the tests that drive it (each under a name of its
own, so one test module's patches never reach another's)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "gateway.py"


def load_gateway(name: str) -> Any:
    """The example gateway executed as the module ``name``, registered in ``sys.modules`` first
    (its annotations are resolved in its own module). Import Starlette (pytest.importorskip) before
    calling: the gateway needs it."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
