"""A client's request body in this provider's dialect -> canonical Request.

The body is what the anthropic SDK sends to ``POST /v1/messages`` (``MessageCreateParams``).
``build_request("anthropic", decode_request("anthropic", body), stream=body.get("stream", False))``
gives back the body's JSON value, with these documented equivalences of the Messages API
(the rebuilt body uses the long or short form lm15 writes):

- a message's ``content`` string is one text block;
- a tool_result's ``content`` of one text block is that block's text; an absent or empty
  ``content`` is ``""``; ``is_error: false`` is no ``is_error``;
- a user turn that mixes tool_result blocks with other blocks is split into consecutive user
  turns (the canonical Request keeps tool results in ``tool`` messages); the API reads
  consecutive user turns as one;
- ``stream`` is not part of the Request: pass it to ``build_request``;
- a model spelled ``"anthropic:<model>"`` is rebuilt without the prefix;
- a reply replayed as the anthropic SDK returns it (``response.content``): ``citations: null``
  or ``[]`` on a text block, ``caller: null`` or ``{"type": "direct"}`` and ``toolset_name:
  null`` on a tool_use block read as absent (``_read_replay.py``); any other value of them is
  refused.

Mapping: ``max_tokens`` is the visible cap (the thinking budget is subtracted when
``thinking.type`` is ``enabled``, as lm15 adds it); ``thinking``/``output_config.effort`` become
``Config.reasoning`` where the model's class (lm15's table) rebuilds them; ``output_config.format``
is ``response_format``; ``metadata.user_id`` is ``user_id``; cache marks on the last block of one
message (and on the system prompt) become a ``CacheConfig``; thinking signatures and redacted
thinking ride the ThinkingPart's continuation (``anthropic``/``thinking_signature`` and
``redacted_thinking``), so they are replayed to Anthropic. A tool result's name is left unset (a
Gemini build finds it from the matching tool_use).

What the canonical fields cannot carry exactly is kept in ``Config.extensions`` under its
top-level key (lm15's builders send extensions verbatim, overriding the built value): unknown
top-level fields (``container``, ``mcp_servers``, ``context_management``, top-level
``cache_control``, ...), and ``system``, ``tools``, ``tool_choice``, ``thinking``,
``output_config``, ``metadata``, ``stop_sequences``, ``max_tokens`` whenever the canonical fields
would rebuild them differently (several system blocks, a cache mark on a tool, ``display``, a
model outside the thinking class, ...). The canonical fields still hold their meaning for other
dialects; extensions are this dialect's own wire and should be forwarded only to it.

Refused with :class:`lmcodec.ValidationError` (never dropped): block types with no canonical
part (``server_tool_use``, ``web_search_tool_result``, ``search_result``, ``mcp_tool_use``, ...),
any unknown block field, non-empty ``citations`` on a text block (``lc.translate_request`` leaves
them out, ``dropped``: a replayed answer's output metadata), a document's ``title``/``context``/
``citations`` or ``text``/``content`` source, a thinking block with an empty or absent
signature (lm15 would send it back as a text block; ``lc.translate_request``, the gateway's
reading, leaves it out with an Adaptation instead: ``providers/_unsigned_thinking.py``), cache
marks on more than one message or not on a message's last block or with a ``ttl`` other than
``1h``, an empty content list, a message of role ``system`` inside ``messages`` (the anthropic
SDK's ``SystemMessageParam``: the canonical system prompt is the top-level one), ``thinking`` of a
type other than ``enabled``/``disabled``/``adaptive``/``between_tools``, and a missing
``model``/``messages``/``max_tokens``. (``thinking: {"type": "between_tools"}``, no canonical
reasoning, rides in extensions as it came: Anthropic gets it back, another dialect reasoning off,
as ``disabled``: ``providers/_crossing_settings.py``.) Errors carry
the JSON path; decoding is linear in the body's size.

The gateway's reading (``decode_request_without_unsigned_thinking``, red-team 5 F02) takes what the
Messages API accepts of these instead: a ``ttl: "5m"`` mark is the default; of several message
marks the last is the CacheConfig's (the others ``dropped``), and one before more content in its
turn splits the turn after it (the API joins consecutive turns, so the cached prefix is the
client's); a mark inside a tool_result, a document's ``title``/``context``/``citations`` are
``dropped``; a ``text``-source document is its text (``substituted``); each noted with its path.
So are the blocks of a tool Anthropic's server ran in a replayed answer (``server_tool_use``, its
``*_tool_result``, ``mcp_tool_use``/``mcp_tool_result``: ``dropped``, red-team 5 F13; a turn of
nothing else goes too). A ``search_result`` block is the text of its passages (``substituted``,
its ``source``/``title``/``citations`` ``dropped``); it and such a document ride their part whole,
and Anthropic gets them back as sent, with no note (red team 14 F17, ``_read_carried.py``).
``container_upload``, the client's own content, stays refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

import msgspec
from msgspec import UNSET

from lmcodec.codecs._hooks import decode_error, with_path
from lmcodec.errors import LmcodecError, ValidationError
from lmcodec.providers._crossing_survey import ContentSurvey, read_survey
from lmcodec.providers._pairing import named_by_their_calls
from lmcodec.providers._tool_rules import DUPLICATE_TOOL, duplicate_tool
from lmcodec.providers._unsigned_thinking import Unsigned
from lmcodec.providers.anthropic._read_blocks import read_messages
from lmcodec.providers.anthropic._read_config import (
    STR,
    Marks,
    field,
    keep_wire_shapes,
    read_config,
    read_system,
    read_tools,
)
from lmcodec.providers.anthropic._read_replay import messages as replay_messages
from lmcodec.providers.anthropic._read_typed import BODY_VIEW as _BODY
from lmcodec.providers.anthropic._read_typed import TOP_KEYS as _TOP
from lmcodec.providers.anthropic._read_typed import Refused, read_body
from lmcodec.providers.anthropic._read_views import BodyView, MessageView
from lmcodec.wire import Adaptation, Request
from lmcodec.wire._float_literals import float_literal

__all__ = [
    "decode_request",
    "decode_request_without_unsigned_thinking",
    "typed_or_none",
    "typed_same_dialect_or_none",
    "typed_surveyed_or_none",
]

_RAW_FIELDS: Final = tuple(name for name in BodyView.__struct_fields__ if name not in ("messages", "tools"))
_TOOLS: Final = msgspec.json.Decoder(list[dict[str, Any]], float_hook=float_literal)


def _read(
    raw: dict[str, msgspec.Raw],
    views: list[MessageView] | None = None,
    tool_values: list[dict[str, Any]] | None = None,
    unsigned: Unsigned = None,
) -> Request:
    """The Request of a body given as its top-level keys (``messages`` and ``tools`` may come
    decoded already, as :class:`BodyView` gives them, and are then absent from ``raw``);
    ``unsigned``: see :func:`._read_blocks.read_messages`."""
    for key in ("model", "messages", "max_tokens"):
        if key not in raw and not (key == "messages" and views is not None):
            raise ValidationError(f"Object missing required field `{key}`")
    model: str = field(STR, raw["model"], "model")
    marks = Marks()
    plain: dict[str, Any] = {}
    if views is None:
        views = replay_messages(raw["messages"])
    messages = read_messages(views, marks, unsigned)
    if not messages:
        raise ValidationError("messages needs at least one message", "$.messages")
    tree: dict[str, Any] = {"model": model, "messages": messages}
    if "system" in raw:
        system = read_system(raw["system"], marks)
        if system is not None:
            tree["system"] = system
    if tool_values is None and "tools" in raw:
        tool_values = field(_TOOLS, raw["tools"], "tools")
    if tool_values is not None:
        plain["tools"] = tool_values
        tree["tools"] = read_tools(tool_values)
    config = read_config(raw, model, marks, len(messages), plain)
    if config:
        tree["config"] = config
    try:
        request = msgspec.convert(tree, Request)
    except msgspec.ValidationError as exc:
        fault = _tool_fault(tree)
        if fault is None:
            raise
        raise fault from exc
    return named_by_their_calls(keep_wire_shapes(request, raw, config.get("extensions", {}), plain))


_ROLE: Final = re.compile(r"\$\.messages\[\d+\]\.role")


def _worded(exc: ValidationError) -> ValidationError:
    """msgspec's bare "Invalid enum value" for a message role or a thinking type the canonical
    Request has no place for (red team 19 F06: the anthropic SDK's mid-conversation
    ``{"role": "system"}``; a thinking type newer than the SDK's), said as the other refusals say
    it; any other error as it is."""
    if not exc.message.startswith("Invalid enum value "):
        return exc
    value = exc.message.removeprefix("Invalid enum value ")
    if _ROLE.fullmatch(exc.path):
        return ValidationError(
            f"a message of role {value} cannot be carried by a canonical Request (user and "
            "assistant turns; the system prompt is the top-level system)",
            exc.path,
        )
    if exc.path == "$.thinking.type":
        return ValidationError(
            f"thinking of type {value} cannot be carried by a canonical Request (enabled, disabled, "
            "adaptive or between_tools)",
            exc.path,
        )
    return exc


def _tool_fault(tree: dict[str, Any]) -> ValidationError | None:
    """The tool rule a canonical tree breaks, at its path in the body (red team 19 F03: the
    Request's check names ``$``); None when it breaks another."""
    repeated = duplicate_tool(tree.get("tools"))
    if repeated is not None:
        return ValidationError(DUPLICATE_TOOL, f"$.tools[{repeated}].name")
    choice = tree.get("config", {}).get("tool_choice") or {}
    names = {tool.get("name") for tool in tree.get("tools", ())}
    if any(name not in names for name in choice.get("allowed", ())):
        return ValidationError("tool_choice names a tool the request does not declare", "$.tool_choice.name")
    return None


def _read_one_pass(body: bytes, read: Callable[..., Request] = _read) -> Request:
    """The body read by ``read`` (:func:`_read`, or the fast path's :func:`read_typed`, which takes
    the same arguments) from :func:`_one_pass`'s pieces."""
    return read(*_one_pass(body))


def _one_pass(
    body: bytes,
) -> tuple[dict[str, msgspec.Raw], list[MessageView] | None, list[dict[str, Any]] | None]:
    """A body of mapped keys only, its bulk (messages, tools) decoded in the same pass as the
    top level; any other body (or one the views refuse) as its top-level keys, where each
    decode names its fault with its JSON path."""
    try:
        whole = _BODY.decode(body)
    except msgspec.ValidationError:
        return _TOP.decode(body), None, None
    raw = {name: item for name in _RAW_FIELDS if (item := getattr(whole, name)) is not UNSET}
    views = None if whole.messages is UNSET else whole.messages
    return raw, views, None if whole.tools is UNSET else whole.tools


def decode_request(body: bytes, *, model: str | None = None) -> Request:
    """The canonical Request a client's body asks for (unmapped fields go to Config.extensions).

    ``model``, when given, replaces the body's model (a gateway routing an alias to a backend model).
    """
    return _decode_request(body, model)


def _decode_request(body: bytes, model: str | None = None) -> Request:
    """The typed fast path; where it refuses (or fails), the general path, which names the
    fault with its JSON path or agrees. Either way each tool result is named after its call
    where a call id is reused (``_pairing``), and ``model`` (when given) is the Request's."""
    try:
        return read_body(body, model)[0]
    except (Refused, LmcodecError, msgspec.MsgspecError, RecursionError, ValueError, TypeError):
        request = _decode_general(body)
    return request if model is None else msgspec.structs.replace(request, model=model)


def decode_request_without_unsigned_thinking(
    body: bytes, *, model: str | None = None
) -> tuple[Request, tuple[Adaptation, ...]]:
    """The gateway's reading (``_unsigned_thinking``): the Request ``decode_request`` gives, except
    that each unsigned thinking block is left out rather than refused, and the notes of those."""
    unsigned: list[Adaptation] = []
    request = typed_or_none(body, model)
    if request is None:
        request = _decode_general(body, unsigned)
        if model is not None:
            request = msgspec.structs.replace(request, model=model)
    return request, tuple(unsigned)


def typed_or_none(body: Any, model: str | None) -> Request | None:
    """:func:`typed_surveyed_or_none`'s Request, without the survey (a body to its own dialect)."""
    try:
        return read_body(body, model)[0]
    except (Refused, LmcodecError, msgspec.MsgspecError, RecursionError, ValueError, TypeError):
        return None


def typed_same_dialect_or_none(body: Any, model: str | None) -> tuple[Request, bool, bool] | None:
    """:func:`typed_or_none`'s Request, whether the body's ``stream`` is ``true`` (as the view read
    it), and whether two of its tool_use blocks share an id, as the reading counted them (``Seen``;
    none where an id names two functions): the gateway's hand-over toward its own dialect, whose
    rename of a repeat (``_translate_same_dialect``) then walks no request without one."""
    try:
        request, seen, streams = read_body(body, model)
    except (Refused, LmcodecError, msgspec.MsgspecError, RecursionError, ValueError, TypeError):
        return None
    return request, streams, seen is None or len(seen.names) != seen.calls


def typed_surveyed_or_none(
    body: Any, model: str | None
) -> tuple[Request, ContentSurvey | None, tuple[Adaptation, ...], bool, bool] | None:
    """The typed fast path's Request, as :func:`decode_request_without_unsigned_thinking` gives it
    with no note, its survey (``crossing.survey``'s answer, from what the reading met: no walk
    of its own; None where a call id names two functions), its notes (none: a body the gateway's
    reading notes anything of is one the typed path refuses), whether the body's ``stream`` is
    ``true`` (as the view read it: the gateway's hand-over, no search of the body for the key)
    and whether the reading met no ``cache_control`` mark where one can be (``Seen.unmarked``);
    None where the typed path refuses."""
    try:
        request, seen, streams = read_body(body, model)
    except (Refused, LmcodecError, msgspec.MsgspecError, RecursionError, ValueError, TypeError):
        return None
    if seen is None:
        return request, None, (), streams, False
    return request, read_survey(seen), (), streams, seen.unmarked


def _decode_general(body: bytes, unsigned: Unsigned = None) -> Request:
    def read(
        raw: dict[str, msgspec.Raw],
        views: list[MessageView] | None = None,
        tool_values: list[dict[str, Any]] | None = None,
    ) -> Request:
        return _read(raw, views, tool_values, unsigned)

    try:
        return _read_one_pass(body, read)
    except ValidationError as exc:
        worded = _worded(exc)
        if worded is exc:
            raise
        raise worded from None
    except LmcodecError:
        raise
    except msgspec.ValidationError as exc:
        raise with_path(exc) from None
    except msgspec.DecodeError as exc:
        raise decode_error(exc, body) from None
    except RecursionError:
        raise ValidationError("the body nests deeper than a request can") from None
    except (ValueError, TypeError) as exc:
        raise ValidationError(str(exc)) from None
