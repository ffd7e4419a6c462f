"""llm ``prompt.options`` <-> canonical Config, llm usage <-> canonical Usage (internal).

Options: the typed projection ``project`` reads the option names llm plugins commonly
declare; ``emit`` writes a Config's typed fields back under those names. When
``emit(project(options))`` is not exactly ``options`` (other names, other value types or
order), the raw dict rides in ``Config.extensions["llm"]["options"]``. The other way, a
Config that ``project(emit(config))`` does not give back travels whole in the lm15 channel.
"""

from __future__ import annotations

import math
from typing import Any

import msgspec

from lmcodec.llm._channel import strict_equal
from lmcodec.wire.config import Config, effort_for_budget
from lmcodec.wire.config import Reasoning as _Reasoning
from lmcodec.wire.telemetry import EMPTY_USAGE, Usage

__all__ = ["config_of", "emit", "options_of", "project", "usage_of", "valid_count"]

Reasoning: Any = _Reasoning  # lm15's constructor: effort may be omitted when a budget is given
_EFFORTS = frozenset({"off", "minimal", "low", "medium", "high", "xhigh", "max"})
_JSON_OBJECT = {"type": "json_object"}


def _int(v: Any) -> bool:
    return type(v) is int


def _number(v: Any, low: float, high: float) -> bool:
    if type(v) is int:
        return low <= v <= high
    return type(v) is float and math.isfinite(v) and low <= v <= high


def _text(v: Any) -> bool:
    return type(v) is str and v != ""


def project(options: dict[str, Any]) -> dict[str, Any]:
    """Config keyword arguments from llm options (values lm15 would reject are skipped)."""
    kw: dict[str, Any] = {}
    get = options.get
    v: Any
    for name in ("max_tokens", "top_k"):
        v = get(name)
        if _int(v) and v > 0:
            kw[name] = v
    for name, low, high in (
        ("temperature", 0.0, 2.0),
        ("top_p", 0.0, 1.0),
        ("frequency_penalty", -2.0, 2.0),
        ("presence_penalty", -2.0, 2.0),
    ):
        v = get(name)
        if _number(v, low, high):
            kw[name] = float(v)
    stop = get("stop")
    if _text(stop):
        kw["stop"] = (stop,)
    elif type(stop) is list and stop and all(_text(s) for s in stop):
        kw["stop"] = tuple(stop)
    if _int(get("seed")):
        kw["seed"] = get("seed")
    if _text(get("service_tier")):
        kw["service_tier"] = get("service_tier")
    effort: Any = get("reasoning_effort")
    budget: Any = get("thinking_budget")
    budget = budget if _int(budget) and budget > 0 else None
    if type(effort) is str and effort in _EFFORTS:
        kw["reasoning"] = Reasoning(effort=effort, thinking_budget=None if effort == "off" else budget)
    elif budget is not None:
        kw["reasoning"] = Reasoning(thinking_budget=budget)
    if get("json_object") is True:
        kw["response_format"] = dict(_JSON_OBJECT)
    return kw


def emit(config: Config) -> dict[str, Any]:
    """The llm options of a Config's typed fields (what ``project`` reads back)."""
    o: dict[str, Any] = {}
    c = config
    for name in ("max_tokens", "temperature", "top_p", "top_k"):
        v = getattr(c, name)
        if v is not None:
            o[name] = v
    if c.stop:
        o["stop"] = list(c.stop)
    for name in ("seed", "frequency_penalty", "presence_penalty", "service_tier"):
        v = getattr(c, name)
        if v is not None:
            o[name] = v
    r = c.reasoning
    if r is not None:
        budget = r.thinking_budget
        if budget is None or r.effort != effort_for_budget(budget):
            o["reasoning_effort"] = r.effort
        if budget is not None:
            o["thinking_budget"] = budget
    if c.response_format == _JSON_OBJECT:
        o["json_object"] = True
    return o


def config_of(options: dict[str, Any] | None) -> Config:
    """to_turn: the Config of llm options (raw dict in extensions when emit does not restore it)."""
    if not options:
        return Config()
    kw = project(options)
    config = Config(**kw)
    if not strict_equal(emit(config), options):
        config = Config(**kw, extensions={"llm": {"options": options}})
    return config


def _same(a: Config, b: Config) -> bool:
    """Equal, and the same JSON value (types and key order too); lone surrogates and NaN are fine."""
    return a == b and strict_equal(a, b)


def options_of(config: Config) -> tuple[dict[str, Any] | None, bool]:
    """from_turn: (llm options, whether the whole Config must ride in the lm15 channel)."""
    ext = config.extensions
    raw: Any = None
    if ext is not None and list(ext) == ["llm"]:
        inner = ext["llm"]
        if type(inner) is dict and list(inner) == ["options"]:
            raw = inner["options"]
    if type(raw) is dict and raw and None not in raw.values():  # llm drops None-valued options
        base = msgspec.structs.replace(config, extensions=None)
        typed = Config(**project(raw))
        if _same(typed, base) and not strict_equal(emit(typed), raw):
            return raw, False
    else:
        raw = None
        options = emit(config)
        if _same(Config(**project(options)), config):
            return options or None, False
    options = {**raw, **emit(config)} if raw else emit(config)
    return options or None, True


def valid_count(v: Any) -> bool:
    """A token count lm15 accepts (or None)."""
    return v is None or (type(v) is int and v >= 0)


def _dig(d: dict[str, Any], *keys: str) -> int | None:
    v: Any = d
    for k in keys:
        if type(v) is not dict:
            return None
        v = v.get(k)
    return v if type(v) is int and v >= 0 else None


def _first(d: dict[str, Any], *paths: tuple[str, ...]) -> int | None:
    for p in paths:
        v = _dig(d, *p)
        if v is not None:
            return v
    return None


def usage_of(input_tokens: Any, output_tokens: Any, details: Any) -> Usage:
    """The canonical Usage of llm usage values (``valid_count`` both): details parsed best-effort."""
    if input_tokens is None and output_tokens is None:
        return EMPTY_USAGE
    kw: dict[str, Any] = {"input_tokens": input_tokens, "output_tokens": output_tokens}
    if type(details) is dict:
        kw["cache_read_tokens"] = _first(
            details,
            ("input_tokens_details", "cached_tokens"),
            ("prompt_tokens_details", "cached_tokens"),
            ("cache_read_input_tokens",),
            ("cachedContentTokenCount",),
        )
        kw["cache_write_tokens"] = _first(details, ("cache_creation_input_tokens",))
        kw["reasoning_tokens"] = _first(
            details,
            ("output_tokens_details", "reasoning_tokens"),
            ("completion_tokens_details", "reasoning_tokens"),
            ("thoughtsTokenCount",),
        )
        kw["input_audio_tokens"] = _first(details, ("prompt_tokens_details", "audio_tokens"))
        kw["output_audio_tokens"] = _first(details, ("completion_tokens_details", "audio_tokens"))
    return Usage(**kw)
