"""The Responses reader's fast path: ``input`` and ``tools`` decoded once into typed views.

It maps what the views accept exactly as the dict walker of ``read.py`` maps it (same canonical
Request, same cache breakpoint, same key order in a reasoning item's state, the tools as sent first
in the extensions where one says ``strict: false``, as Codex's do), building the
canonical Structs directly from the views: each check msgspec's conversion of the walker's value
makes and the views do not (non-empty ids, names and refusals, the image detail words, an item
holding only its kind's keys) is made here, and the Structs' own ``__post_init__`` checks run on
construction. Where a rule of the walker would refuse, it raises :class:`Refused` and the caller
runs the walker, which names the fault with its JSON path.
``tests/providers/test_read_openai_typed.py`` holds the two paths equal.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import msgspec
from msgspec import UNSET

from lmcodec.errors import LmcodecError
from lmcodec.providers._crossing_survey import Seen
from lmcodec.providers._pairing import named_by_their_calls
from lmcodec.providers.openai._read_common import usual_config
from lmcodec.providers.openai._read_config import (
    CANONICAL_KEYS,
    RESERVED_KEYS,
    non_strict,
    read_config,
    strict_flagged,
)
from lmcodec.providers.openai._read_config import read_tools as read_tool_dicts
from lmcodec.providers.openai._read_input import Refused, read_input, text_part, user_text
from lmcodec.providers.openai._read_views import (
    EXTENSION_FIELDS,
    FunctionToolView,
    HostedToolsBody,
    Item,
    ResponsesBody,
)
from lmcodec.wire import BuiltinTool, Config, FunctionTool, Message, Request, TextPart
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire.config import EMPTY_CONFIG

__all__ = ["Refused", "ToolFlags", "decode_typed", "decode_typed_with_stream_flag", "decode_view"]

_ANY: Final = msgspec.json.Decoder(float_hook=float_literal)
_BODY: Final = msgspec.json.Decoder(ResponsesBody, float_hook=float_literal)
_HOSTED_BODY: Final = msgspec.json.Decoder(HostedToolsBody, float_hook=float_literal)
_TOP: Final = msgspec.json.Decoder(dict[str, msgspec.Raw], float_hook=float_literal)
_INPUT: Final = msgspec.json.Decoder(str | list[Item], float_hook=float_literal)
_TOOLS: Final = msgspec.json.Decoder(list[FunctionToolView] | None, float_hook=float_literal)
_SETTINGS: Final = ResponsesBody.__struct_fields__[3 : -len(EXTENSION_FIELDS)]
_EXTENSIONS_AT: Final = len(ResponsesBody.__struct_fields__) - len(EXTENSION_FIELDS)
_NO_EXTENSIONS: Final = (UNSET,) * len(EXTENSION_FIELDS)
_RARE_AT: Final = ResponsesBody.__struct_fields__.index("text")
_NO_RARE: Final = (UNSET,) * (len(ResponsesBody.__struct_fields__) - _RARE_AT)
"""Where the rarer keys of :class:`ResponsesBody` start (extensions included), and their fields unset."""
_astuple: Final = msgspec.structs.astuple
_replace: Final = msgspec.structs.replace
_REQUEST: Final = Request(model="-", messages=(Message(role="user", parts=(TextPart(text="-"),)),))
_BUILTIN: Final = BuiltinTool(name="-")
_FUNCTION: Final = FunctionTool(name="-", parameters={"type": "object", "properties": {}})


class ToolFlags(Seen, gc=False):
    """A :class:`Seen` that records the function tools flagged ``strict: true`` and no part: what
    the gateway's same-dialect reading asks (``lc.translate_request("openai", "openai", ...)``
    sends the flag back; recording every part for a survey it never makes cost ~5% of the reading)."""

    records_parts: ClassVar[bool] = False
    items: Any = None
    """The input items' views the reading read (None: a text input, or not read): where the
    gateway looks for the keys the reading reads as absent that Responses gets back as sent."""
    repeated_calls: bool = False
    """Whether two function calls of the input share a call_id, as the reading counted them (the
    same-dialect rename of a repeat, ``_translate_same_dialect``, walks no request without one)."""


class _NonStrict(Exception):
    """A function tool's view says ``strict: false``: the tools ride as sent, which only their
    plain values hold (key order, nulls), so they are read as the hosted ones are."""


def read_tools(views: list[FunctionToolView], seen: Seen | None = None) -> tuple[FunctionTool, ...]:
    """The function tools of their views; ``seen``, given, records those flagged ``strict: true``."""
    tools: list[FunctionTool] = []
    for view in views:
        if view.strict is False:
            raise _NonStrict
        if not view.name:
            raise Refused
        parameters = view.parameters
        tools.append(
            _replace(
                _FUNCTION,
                name=view.name,
                description=view.description,
                parameters=parameters if parameters is not None else {"type": "object", "properties": {}},
            )
        )
    if seen is not None:  # (a list, then a set where one is flagged: a generator cost ~2k)
        flagged = [view.name for view in views if view.strict]
        if flagged:
            seen.strict_tools = frozenset(flagged)
    return tuple(tools)


def decode_typed(
    body: bytes | bytearray | memoryview, model: str | None = None, seen: Seen | None = None
) -> Request | None:
    """The body through the typed views into canonical Structs, the settings as the walker reads
    them; None where the views or a rule refuse it (the walker then reads it). Tool results are
    named after their calls where a call id is reused (``_pairing``); ``model``, when given, is
    the Request's (the body's own still decides the model-dependent rules). ``seen``, given (the
    gateway's reading), records the parts made (``_read_input.read_input``)."""
    try:
        return _decode(body, model, seen)[0]
    except (Refused, LmcodecError, msgspec.DecodeError, RecursionError):
        return None


def decode_typed_with_stream_flag(
    body: bytes | bytearray | memoryview, model: str | None = None, seen: Seen | None = None
) -> tuple[Request, bool] | None:
    """:func:`decode_typed`'s Request and whether the body's top-level ``stream`` is ``true``, as
    the views decoded it (the gateway's hand-over: no search of the body for the key)."""
    try:
        return _decode(body, model, seen)
    except (Refused, LmcodecError, msgspec.DecodeError, RecursionError):
        return None


def decode_view(
    body: bytes | bytearray | memoryview,
    whole: ResponsesBody,
    tools: list[Any] | None,
    model: str | None,
    seen: Seen | None = None,
) -> Request | None:
    """:func:`decode_typed` of a body whose view was decoded elsewhere (``whole``, of ``body``; the
    gateway reads replayed items into it: ``providers/_gateway_read.py``), its ``tools`` as plain
    values, read as a body with a hosted tool is; None where a rule refuses it."""
    try:
        read, sent = ((), None) if tools is None else tools_from_dicts(tools, seen)
        return _from_body(body, whole, read, sent, model, seen)[0]
    except (Refused, LmcodecError, msgspec.DecodeError, RecursionError):
        return None


def _decode(
    body: bytes | bytearray | memoryview, routed: str | None, seen: Seen | None
) -> tuple[Request, bool]:
    try:
        whole = _BODY.decode(body)
    except msgspec.ValidationError as exc:
        # Where the views refused says which way is worth trying (each way is exact or refuses):
        where = str(exc).rpartition(" - at `")[2]
        if where.startswith("$.input"):  # an input item the views do not take: the walker
            raise Refused from None
        if where.startswith("$.tools["):  # a hosted tool: the tools read as plain values
            return _hosted(body, routed, seen)
        return _decode_in_two_steps(body, routed, seen)  # a key with no canonical home
    try:
        tools = () if whole.tools is None else read_tools(whole.tools, seen)
    except _NonStrict:
        return _hosted(body, routed, seen)
    return _from_body(body, whole, tools, None, routed, seen)


def _hosted(
    body: bytes | bytearray | memoryview, routed: str | None, seen: Seen | None
) -> tuple[Request, bool]:
    """The body with its tools as plain values (a hosted tool, a ``strict: false``)."""
    try:
        hosted = _HOSTED_BODY.decode(body)
    except msgspec.ValidationError:
        return _decode_in_two_steps(body, routed, seen)
    tools, sent = ((), None) if hosted.tools is None else tools_from_dicts(hosted.tools, seen)
    return _from_body(body, hosted, tools, sent, routed, seen)


def _from_body(
    body: bytes | bytearray | memoryview,
    whole: ResponsesBody,
    tools: tuple[Any, ...],
    sent: list[Any] | None,
    routed: str | None,
    seen: Seen | None,
) -> tuple[Request, bool]:
    fields = _astuple(whole)  # input, tools, instructions, the settings, the extension fields
    if fields[_RARE_AT:] == _NO_RARE:  # the usual settings only: read off the view
        model = {} if whole.model is UNSET else {"model": whole.model}
        return _typed(body, whole.input, whole.instructions, tools, sent, model, routed, seen, whole)
    value = _settings(fields)
    if fields[_EXTENSIONS_AT:] != _NO_EXTENSIONS:
        extra = [
            (name, item)
            for name, item in zip(EXTENSION_FIELDS, fields[_EXTENSIONS_AT:], strict=True)
            if item is not UNSET
        ]
        if len(extra) > 1:  # extensions keep the body's key order, which a Struct does not hold
            order = {key: index for index, key in enumerate(_TOP.decode(body))}
            extra.sort(key=lambda pair: order[pair[0]])
        value.update(extra)
    return _typed(body, whole.input, whole.instructions, tools, sent, value, routed, seen)


def _settings(fields: tuple[Any, ...]) -> dict[str, Any]:
    """The settings the body sets, of the view's fields."""
    return {
        name: item
        for name, item in zip(_SETTINGS, fields[3:_EXTENSIONS_AT], strict=True)
        if item is not UNSET
    }


def _decode_in_two_steps(
    body: bytes | bytearray | memoryview, routed: str | None, seen: Seen | None
) -> tuple[Request, bool]:
    """``input`` and ``tools`` through the typed views, every other key decoded as it stands."""
    top = _TOP.decode(body)
    raw_input = top.pop("input", None)
    raw_tools = top.pop("tools", None)
    if raw_input is None:
        raise Refused
    value = {key: _ANY.decode(raw) for key, raw in top.items()}
    tools, sent = ((), None) if raw_tools is None else _tools(raw_tools, seen)
    items = _INPUT.decode(raw_input)
    return _typed(body, items, value.get("instructions", UNSET), tools, sent, value, routed, seen)


def _tools(raw: msgspec.Raw, seen: Seen | None) -> tuple[tuple[Any, ...], list[Any] | None]:
    """Function tools through their view; a list with a hosted tool or a ``strict: false`` as the
    walker reads it."""
    try:
        return ((), None) if (views := _TOOLS.decode(raw)) is None else (read_tools(views, seen), None)
    except (msgspec.ValidationError, _NonStrict):
        listed = _ANY.decode(raw)
        if listed is None:
            return (), None
        if type(listed) is not list:
            raise Refused from None
        return tools_from_dicts(listed, seen)


def tools_from_dicts(listed: list[Any], seen: Seen | None = None) -> tuple[tuple[Any, ...], list[Any] | None]:
    """The walker's reading of ``tools`` (its checks, its refusals), made into the canonical
    Structs directly (``msgspec.convert`` would walk every parameters schema again), and the tools
    as sent where a function tool says ``strict: false`` (they ride in the extensions, first);
    ``seen``, given, records the function tools flagged ``strict: true``."""
    tools: list[Any] = []
    for tool in read_tool_dicts(listed):
        name = tool["name"]
        if not name:
            raise Refused
        if tool["type"] == "function":
            tools.append(
                _replace(
                    _FUNCTION,
                    name=name,
                    description=tool.get("description"),
                    parameters=tool["parameters"],
                )
            )
        else:
            tools.append(_replace(_BUILTIN, name=name, config=tool.get("config")))
    if seen is not None:
        seen.strict_tools = strict_flagged(listed)
    return tuple(tools), listed if non_strict(listed) else None


def _typed(
    body: bytes | bytearray | memoryview,
    items: str | list[Item],
    instructions: Any,
    tools: tuple[Any, ...],
    sent: list[Any] | None,
    value: dict[str, Any],
    routed: str | None,
    seen: Seen | None,
    usual: ResponsesBody | None = None,
) -> tuple[Request, bool]:
    """The Request, and whether the body's ``stream`` is ``true``; ``value`` holds the settings, or
    only the model when ``usual`` (the one-pass view of a body setting only the usual keys) is
    given. ``routed``: the Request's model, where it is not the body's; ``sent``: the tools as sent,
    where they ride in the extensions; ``seen``: where the parts made are recorded, if anywhere."""
    model = value.get("model")
    if type(model) is not str or not model or not RESERVED_KEYS.isdisjoint(value):
        raise Refused
    system: str | tuple[TextPart, ...] | None = None
    if isinstance(instructions, str):
        # An empty string is kept as one empty text part: lm15 writes it back in place.
        system = instructions or (text_part(""),)
    elif instructions is not None and instructions is not UNSET:
        raise Refused
    try:
        request = _request(
            body, model, routed, items, instructions is UNSET, system, tools, sent, value, seen, usual
        )
    except (ValueError, TypeError):  # a canonical Struct's own check (the walker names the fault)
        raise Refused from None
    return request, (value.get("stream") if usual is None else usual.stream) is True


def _request(
    body: bytes | bytearray | memoryview,
    model: str,
    routed: str | None,
    items: str | list[Item],
    stable_allowed: bool,
    system: str | tuple[TextPart, ...] | None,
    tools: tuple[Any, ...],
    sent: list[Any] | None,
    value: dict[str, Any],
    seen: Seen | None,
    usual: ResponsesBody | None,
) -> Request:
    breakpoint: int | None = None
    stable = False
    reused = False
    flags: ToolFlags | None = None
    if seen is not None and not seen.records_parts:  # (the tools' flags only: the tools' reading's)
        if isinstance(seen, ToolFlags):  # (and the items' views, for the gateway's carriage)
            seen.items = items if type(items) is list else None
            flags = seen
        seen = None
    if isinstance(items, str):
        messages = user_text(items)
        if seen is not None:
            seen.texts = True
            seen.empty_text = seen.empty_text or not items
    else:
        stable_text, messages, breakpoint, stable, reused, repeated = read_input(
            items, body, stable_allowed, seen
        )
        if flags is not None:
            flags.repeated_calls = repeated
        if stable_text is not None:
            system = stable_text
    config = None
    if usual is not None and breakpoint is None and not stable and sent is None:
        config = usual_config(
            usual.max_output_tokens,
            usual.temperature,
            usual.top_p,
            usual.tool_choice,
            usual.parallel_tool_calls,
            usual.stream,
        )
    if config is None:
        if usual is not None:
            value = _settings(_astuple(usual))
        extensions: dict[str, Any] = {} if sent is None else {"tools": sent}
        fields = read_config(value, model, extensions, breakpoint, stable)
        for key, item in value.items():
            if key not in CANONICAL_KEYS:
                extensions[key] = item
        if extensions:
            fields["extensions"] = extensions
        config = msgspec.convert(fields, Config) if fields else EMPTY_CONFIG
    request: Request = _replace(
        _REQUEST,
        model=model if routed is None else routed,
        messages=messages,
        system=system,
        tools=tools,
        config=config,
    )
    return named_by_their_calls(request) if reused else request
