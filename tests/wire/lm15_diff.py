"""The lm15 differential strategies and checks in one namespace, for test modules elsewhere
(tests/test_interop.py, tests/llm) that reuse the argument trees."""

from __future__ import annotations

import types

from . import lm15_call_strategies, lm15_endpoint_strategies, lm15_strategies, lm15_trees

DIFF = types.SimpleNamespace(
    **{
        name: value
        for module in (lm15_trees, lm15_strategies, lm15_call_strategies, lm15_endpoint_strategies)
        for name, value in vars(module).items()
        if not name.startswith("__")
    }
)
