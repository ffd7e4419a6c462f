"""The Messages reader's fast path, its settings side: a body's top-level values (system, sampling,
tool_choice and the rest) made into the canonical Request around its messages and tools.

Split from :mod:`lmcodec.providers.anthropic._read_typed` (which reads the conversation). A body of
usual keys whose values come back from the builder as they stand is read by
:func:`usual_settings`, which makes the Config directly and runs no builder; any other by
:func:`settings`, as the general path reads it (``read_config``, then ``keep_wire_shapes`` where a
key needs the builder's own answer). ``tests/providers/test_read_anthropic_typed.py`` holds both
equal to the general path.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec
from msgspec import UNSET

from lmcodec.providers.anthropic._read_config import (
    ANY,
    Marks,
    keep_wire_shapes,
    read_config,
    read_system,
)
from lmcodec.providers.anthropic._read_views import BodyView
from lmcodec.wire import Config, Message, Request, TextPart, ToolChoice
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire.config import EMPTY_CONFIG

__all__ = ["USUAL_KEYS", "settings", "usual_settings"]

_replace: Final = msgspec.structs.replace
_TEXT: Final = TextPart(text="-")
_REQUEST: Final = Request(model="-", messages=(Message(role="user", parts=(_TEXT,)),))


def _text(text: str) -> TextPart:
    return _replace(_TEXT, text=text)


USUAL_KEYS: Final = frozenset(
    {
        "model",
        "messages",
        "tools",
        "max_tokens",
        "stream",
        "system",
        "temperature",
        "top_p",
        "top_k",
        "tool_choice",
    }
)
"""The keys of a body :func:`usual_settings` may read (the conversation's, the sampling settings, a
string system prompt, tool_choice)."""
_INT: Final = msgspec.json.Decoder(int, float_hook=float_literal)
_FLOAT: Final = msgspec.json.Decoder(float, float_hook=float_literal)
_CHOICES: Final = {mode: ToolChoice(mode=mode) for mode in ("auto", "required", "none")}
_CHOICE_MODES: Final = {"auto": "auto", "any": "required", "tool": "required", "none": "none"}


def usual_settings(
    keys: BodyView, model: str, messages: tuple[Message, ...], tools: tuple[Any, ...]
) -> Request | None:
    """The Request of a body of usual keys only (:data:`USUAL_KEYS`, given as its one-pass view
    ``keys``; no cache mark, its tools written back as sent) whose every top-level value the
    builder writes back as it stands, its Config made directly; None where a value would ride in
    extensions or the conversion of ``read_config``'s fields would refuse it (the caller then
    reads the settings as the general path does). A value of the wrong JSON type raises, as
    ``read_config`` does."""
    system = None
    if keys.system is not UNSET:
        system = ANY.decode(keys.system)
        if type(system) is not str or not system:
            return None
    if keys.max_tokens is UNSET:
        return None
    max_tokens = _INT.decode(keys.max_tokens)
    if max_tokens < 1:
        return None
    temperature = top_p = top_k = choice = None
    if keys.temperature is not UNSET:
        temperature = _FLOAT.decode(keys.temperature)
        if not 0.0 <= temperature <= 1.0:
            return None
    if keys.top_p is not UNSET:
        top_p = _FLOAT.decode(keys.top_p)
        if not 0.0 <= top_p <= 1.0:
            return None
    if keys.top_k is not UNSET:
        top_k = _INT.decode(keys.top_k)
        if top_k < 1:
            return None
    if keys.tool_choice is not UNSET:
        choice = _usual_choice(ANY.decode(keys.tool_choice))
        if choice is None:
            return None
    config = _replace(
        EMPTY_CONFIG,
        max_tokens=max_tokens,
        temperature=temperature,
        top_p=top_p,
        top_k=top_k,
        tool_choice=choice,
    )
    request: Request = _replace(
        _REQUEST, model=model, messages=messages, system=system, tools=tools, config=config
    )
    return request


def _usual_choice(value: Any) -> ToolChoice | None:
    """The ToolChoice of a ``tool_choice`` the builder writes back as it stands (``_tool_choice_sent``
    of it is ``value``), else None."""
    if type(value) is not dict:
        return None
    kind = value.get("type")
    mode = _CHOICE_MODES.get(kind) if type(kind) is str else None
    if mode is None:
        return None
    size = len(value)
    parallel = None
    if "disable_parallel_tool_use" in value:
        if value["disable_parallel_tool_use"] is not True or mode == "none":
            return None
        parallel = False
        size -= 1
    if kind == "tool":
        name = value.get("name")
        if type(name) is not str or not name or size != 2:
            return None
        named: ToolChoice = _replace(_CHOICES["required"], allowed=(name,), parallel=parallel)
        return named
    if size != 1:
        return None
    choice: ToolChoice = _CHOICES[mode] if parallel is None else _replace(_CHOICES[mode], parallel=parallel)
    return choice


def settings(
    raw: dict[str, msgspec.Raw],
    model: str,
    marks: Marks,
    messages: tuple[Message, ...],
    tools: tuple[Any, ...],
    tool_values: list[dict[str, Any]] | None,
    tools_as_sent: bool,
) -> Request:
    """The Request with its settings read as the general path reads them (``read_config``), the
    wire shapes the builder would not write back kept in extensions."""
    system: str | tuple[TextPart, ...] | None = None
    if "system" in raw:
        value = read_system(raw["system"], marks)
        system = value if not isinstance(value, list) else tuple([_text(p["text"]) for p in value])
    plain: dict[str, Any] = {}
    if tool_values is not None:
        plain["tools"] = tool_values
    fields = read_config(raw, model, marks, len(messages), plain)
    config = msgspec.convert(fields, Config) if fields else EMPTY_CONFIG
    request = _replace(_REQUEST, model=model, messages=messages, system=system, tools=tools, config=config)
    extensions = fields.get("extensions", {})
    overrides = _overrides(request, raw, plain, tools_as_sent)
    if overrides is None:
        return keep_wire_shapes(request, raw, extensions, plain)
    if not overrides:
        return request
    config = _replace(request.config, extensions={**extensions, **overrides})
    return _replace(request, config=config)


def _overrides(
    request: Request, raw: dict[str, msgspec.Raw], plain: dict[str, Any], tools_as_sent: bool
) -> dict[str, Any] | None:
    """The top-level values :func:`keep_wire_shapes` keeps in extensions (those the builder would
    write otherwise), found without running the builder for the usual keys; None where a key
    present needs the builder's own answer (thinking, output_config, system blocks, any tool
    but a plain function tool). Keys in the order ``keep_wire_shapes`` adds them."""
    if "thinking" in raw or "output_config" in raw or not tools_as_sent:
        return None
    config = request.config
    overrides: dict[str, Any] = {}
    if "system" in raw:
        value = ANY.decode(raw["system"])
        if type(value) is str:
            if not value or config.cache is not None:  # absent, or written as a marked block
                overrides["system"] = value
        elif value is None:
            overrides["system"] = value
        else:
            return None
    max_tokens = plain["max_tokens"]
    if max_tokens < 1:  # no visible cap: the builder writes its default
        overrides["max_tokens"] = max_tokens
    if "stop_sequences" in plain:
        sequences = plain["stop_sequences"]
        if not sequences or not all(sequences):
            overrides["stop_sequences"] = sequences
    if "tools" in plain and not plain["tools"]:
        overrides["tools"] = plain["tools"]
    if "tool_choice" in raw:
        value = ANY.decode(raw["tool_choice"])
        if value != _tool_choice_sent(config.tool_choice):
            overrides["tool_choice"] = value
    if "metadata" in raw:
        value = plain.get("metadata")  # null is not kept in plain
        if config.user_id is None or value != {"user_id": config.user_id}:
            overrides["metadata"] = value
    return overrides


def _tool_choice_sent(choice: Any) -> dict[str, Any]:
    """The tool_choice the builder writes for the reader's ToolChoice (lm15's spelling)."""
    if choice.mode == "none":
        return {"type": "none"}
    if choice.mode == "required" and len(choice.allowed) == 1:
        sent: dict[str, Any] = {"type": "tool", "name": choice.allowed[0]}
    else:
        sent = {"type": "any" if choice.mode == "required" else "auto"}
    if choice.parallel is False:
        sent["disable_parallel_tool_use"] = True
    return sent
