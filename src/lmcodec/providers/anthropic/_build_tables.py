"""lm15 1.5.0's per-model rules for the Messages API, as data (MAP-7 rules 6 and 10, MAP-17)."""

from __future__ import annotations

from typing import Final

from lmcodec.providers._memo import remember_by_name

__all__ = [
    "ADAPTIVE_MARKERS",
    "API_VERSION",
    "BETA_BY_BUILTIN",
    "BUILTIN_TYPES",
    "DEFAULT_MAX_TOKENS",
    "OUTPUT_CEILINGS",
    "PATH",
    "adaptive_in_table",
    "ceiling_in_table",
    "output_ceiling",
    "takes_adaptive_thinking",
]

PATH: Final = "/v1/messages"
API_VERSION: Final = "2023-06-01"

ADAPTIVE_MARKERS: Final = (
    "sonnet-5",
    "opus-5",
    "sonnet-4-6",
    "opus-4-6",
    "opus-4-7",
    "opus-4-8",
    "fable",
    "mythos",
    "haiku-5",
)
"""Model-name markers of the class that takes ``thinking: {type: adaptive}`` + ``output_config.effort``."""

OUTPUT_CEILINGS: Final = (
    ("claude-3-haiku", 4096),
    ("claude-3-opus", 4096),
    ("claude-3-sonnet", 4096),
    ("claude-3-5-", 8192),
    ("claude-3.5-", 8192),
    ("claude-haiku-4-5", 64000),
    ("claude-sonnet-4-5", 64000),
    ("claude-opus-4-5", 64000),
    ("claude", 128000),
)
"""First matching marker -> the model's output ceiling, the ``max_tokens`` sent when none is set."""

DEFAULT_MAX_TOKENS: Final = 16384
"""``max_tokens`` for a model name that is not Claude's (and when a budget alone reaches the ceiling)."""

BUILTIN_TYPES: Final = {"web_search": "web_search_20250305", "code_execution": "code_execution_20250522"}
"""Canonical builtin tool name -> the Messages API's versioned tool type."""

BETA_BY_BUILTIN: Final = {"code_execution": "code-execution-2025-05-22"}
"""A builtin tool whose presence adds an ``anthropic-beta`` flag."""


_ADAPTIVE: Final[dict[str, bool]] = {}  # model name -> takes adaptive thinking


def takes_adaptive_thinking(model: str) -> bool:
    """lm15 ``anthropic_adaptive_class``, remembered by name (``_memo.remember_by_name``: names of
    the usual length only): the scan of the markers by a generator cost ~0.9 us, a build with
    thinking on asks it once and the gateway's Claude passes again."""
    adaptive = _ADAPTIVE.get(model)
    if adaptive is None:
        adaptive = adaptive_in_table(model)
        remember_by_name(_ADAPTIVE, model, adaptive)
    return adaptive


def adaptive_in_table(model: str) -> bool:
    """:func:`takes_adaptive_thinking` read from the markers."""
    lowered = model.lower()
    return any(marker in lowered for marker in ADAPTIVE_MARKERS)


_CEILINGS: Final[dict[str, int | None]] = {}  # model name -> its output ceiling
_UNSEEN: Final = -1


def output_ceiling(model: str) -> int | None:
    """The output ceiling of a Claude model by name; None for any other model.

    Remembered by name (``_memo.remember_by_name``: names of the usual length only): a gateway
    asks it on every request with a cap, for the few names its clients send, and lowering the name
    and scanning the table cost ~1.3% of a Chat -> Anthropic translation (review 9)."""
    ceiling = _CEILINGS.get(model, _UNSEEN)
    if ceiling != _UNSEEN:
        return ceiling
    ceiling = ceiling_in_table(model)
    remember_by_name(_CEILINGS, model, ceiling)
    return ceiling


def ceiling_in_table(model: str) -> int | None:
    """:func:`output_ceiling` read from the table (lm15 ``_claude_output_ceiling``)."""
    lowered = model.lower()
    for marker, ceiling in OUTPUT_CEILINGS:
        if marker in lowered:
            return ceiling
    return None
