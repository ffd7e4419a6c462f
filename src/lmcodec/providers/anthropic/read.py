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
from lmcodec.providers._unsigned_thinking import Unsigned, emptied_turn, left_out
from lmcodec.providers.anthropic._read_carried import content_document_parts, media_part, search_result_part
from lmcodec.providers.anthropic._read_config import (
    STR,
    Marks,
    cache_ttl,
    field,
    keep_wire_shapes,
    read_config,
    read_system,
    read_tools,
)
from lmcodec.providers.anthropic._read_replay import citations_absent
from lmcodec.providers.anthropic._read_replay import messages as replay_messages
from lmcodec.providers.anthropic._read_typed import BODY_VIEW as _BODY
from lmcodec.providers.anthropic._read_typed import TOP_KEYS as _TOP
from lmcodec.providers.anthropic._read_typed import Refused, read_body
from lmcodec.providers.anthropic._read_views import (
    SERVER_RUN,
    BodyView,
    Document,
    Image,
    MessageView,
    Redacted,
    SearchResult,
    Text,
    Thinking,
    ToolResult,
    ToolUse,
)
from lmcodec.wire import Adaptation, Request

__all__ = ["decode_request", "decode_request_without_unsigned_thinking", "typed_surveyed_or_none"]

_RAW_FIELDS: Final = tuple(name for name in BodyView.__struct_fields__ if name not in ("messages", "tools"))
_TOOLS: Final = msgspec.json.Decoder(list[dict[str, Any]])


_CITATIONS: Final = (
    "a replayed answer's citations: output metadata the canonical text part has no field for and "
    "no builder sends back; the answer's text is sent"
)


def _text(block: Text, path: str, gateway: Unsigned = None) -> dict[str, Any]:
    """A text block's part; its non-empty ``citations`` refused, or (``gateway``: the gateway's
    reading, red-team 5 F13) left out and noted there."""
    if not citations_absent(block.citations):
        if gateway is None:
            raise ValidationError("citations on a text block have no canonical field", f"{path}.citations")
        gateway.append(
            Adaptation(field=f"{path}.citations", action="dropped", reason=_CITATIONS, asked=block.citations)
        )
    return {"type": "text", "text": block.text}


def _result_content(block: ToolResult, path: str, gateway: Unsigned = None) -> list[dict[str, Any]]:
    content = block.content
    if isinstance(content, str) or not content:
        return [{"type": "text", "text": content if isinstance(content, str) else ""}]
    parts: list[dict[str, Any]] = []
    for k, item in enumerate(content):
        where = f"{path}.content[{k}]"
        if item.cache_control is not msgspec.UNSET:
            if gateway is None:
                raise ValidationError("a cache mark inside a tool_result cannot be represented", where)
            gateway.append(_mark_dropped(f"{where}.cache_control", "inside a tool_result"))
        if isinstance(item, Text):
            parts.append(_text(item, where, gateway))
        elif isinstance(item, SearchResult):
            parts.append(search_result_part(item, where, gateway))
        elif isinstance(item, Document) and item.source.type == "content":
            parts.extend(content_document_parts(item, where, gateway))
        else:
            parts.append(media_part(item, where, gateway))
    return parts


def _part(block: Any, path: str, gateway: Unsigned = None) -> dict[str, Any]:
    """The block as a canonical part, in canonical JSON form (one msgspec.convert checks them all);
    ``gateway``: the gateway's reading's notes (:func:`_text`)."""
    kind = type(block)
    if kind is Text:
        return _text(block, path, gateway)
    if kind is ToolUse:
        return {"type": "tool_call", "id": block.id, "name": block.name, "input": block.input}
    if kind is ToolResult:
        out = {
            "type": "tool_result",
            "id": block.tool_use_id,
            "content": _result_content(block, path, gateway),
        }
        if block.is_error is True:
            out["is_error"] = True
        return out
    if kind is Thinking:
        if not block.signature:
            raise ValidationError(
                "a thinking block without a signature cannot be replayed", f"{path}.signature"
            )
        state = {
            "provider": "anthropic",
            "kind": "thinking_signature",
            "data": {"signature": block.signature},
        }
        return {"type": "thinking", "text": block.thinking, "continuation": [state]}
    if kind is Redacted:
        state = {"provider": "anthropic", "kind": "redacted_thinking", "data": {"data": block.data}}
        return {"type": "thinking", "text": "", "continuation": [state]}
    if kind is Image or kind is Document:
        return media_part(block, path, gateway)
    if kind is SearchResult:
        return search_result_part(block, path, gateway)
    raise ValidationError(
        f"a {block.__struct_config__.tag!r} block has no canonical part and cannot be carried", f"{path}.type"
    )


def _split(role: str, parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """User turns: runs of tool results become ``tool`` messages, the rest ``user`` messages."""
    if role == "assistant":
        return [{"role": "assistant", "parts": parts}]
    out: list[dict[str, Any]] = []
    run: list[dict[str, Any]] = []
    run_is_tool = False
    for part in parts:
        is_tool = part["type"] == "tool_result"
        if run and is_tool != run_is_tool:
            out.append({"role": "tool" if run_is_tool else "user", "parts": run})
            run = []
        run.append(part)
        run_is_tool = is_tool
    out.append({"role": "tool" if run_is_tool else "user", "parts": run})
    return out


def _messages(views: list[MessageView], marks: Marks, unsigned: Unsigned = None) -> list[dict[str, Any]]:
    """The canonical messages; an unsigned thinking block is refused, or (``unsigned`` given: the
    gateway's reading) left out and noted there with its turn if nothing else is left of it (so
    are a replayed text block's citations: :func:`_text`; and cache marks: :func:`_gateway_mark`)."""
    out: list[dict[str, Any]] = []
    kept = _last_mark(views) if unsigned is not None else None
    for i, view in enumerate(views):
        content = view.content
        if isinstance(content, str):
            out.append({"role": view.role, "parts": [{"type": "text", "text": content}]})
            continue
        if not content:
            raise ValidationError("a message needs at least one content block", f"$.messages[{i}].content")
        parts = []
        last = len(content) - 1
        ttl: str | bool | None = False
        split = None  # where a mark before more content ends its turn (the gateway's reading)
        server = False  # whether a server-run tool block was left out (the gateway's reading)
        for j, block in enumerate(content):
            kind = type(block)
            if kind is Text and block.citations is msgspec.UNSET and block.cache_control is msgspec.UNSET:
                parts.append({"type": "text", "text": block.text})  # the common block, inline
                continue
            if kind is ToolUse and block.cache_control is msgspec.UNSET:
                parts.append({"type": "tool_call", "id": block.id, "name": block.name, "input": block.input})
                continue
            where = f"$.messages[{i}].content[{j}]"
            if unsigned is not None and kind is Thinking and not block.signature:
                unsigned.append(left_out(where, "a thinking block without a signature", block.thinking))
                continue
            if unsigned is not None and kind in SERVER_RUN:
                unsigned.append(
                    Adaptation(field=where, action="dropped", reason=_SERVER_BLOCK, asked=_tag(block))
                )
                server = True
                continue
            mark = getattr(block, "cache_control", msgspec.UNSET)
            if mark is not msgspec.UNSET and unsigned is not None:
                ttl = _gateway_mark(mark, where, (i, j) == kept, unsigned, ttl)
                if (i, j) == kept and j != last:
                    split = len(parts) + 1
            elif mark is not msgspec.UNSET:
                if j != last or marks.message is not None:
                    raise ValidationError(
                        "cache marks are carried on the last block of one message only (CacheConfig)",
                        f"{where}.cache_control",
                    )
                ttl = cache_ttl(mark, where)
            if kind is Document and block.source.type == "content":  # several parts
                parts.extend(content_document_parts(block, where, unsigned))
                split = len(parts) if split is not None and (i, j) == kept else split
                continue
            parts.append(_part(block, where, unsigned))
        if not parts:  # (its blocks were all unsigned thinking or server tool blocks, left out)
            assert unsigned is not None
            turn = f"$.messages[{i}]"
            unsigned.append(
                Adaptation(field=turn, action="dropped", reason=_SERVER_TURN)
                if server
                else emptied_turn(turn)
            )
            continue
        if split is not None and split < len(parts):  # the API joins consecutive turns
            out.extend(_split(view.role, parts[:split]))
            marked = len(out) - 1
            out.extend(_split(view.role, parts[split:]))
        else:
            out.extend(_split(view.role, parts))
            marked = len(out) - 1
        if ttl is not False:
            marks.message = (marked, ttl if isinstance(ttl, str) else None)
    return out


_SERVER_BLOCK: Final = (
    "a block of a tool Anthropic's server ran (its call or result) in a replayed answer: no canonical "
    "part carries it and no builder sends it back; the answer's text is sent"
)
_SERVER_TURN: Final = "a turn of left-out blocks only (server tool blocks): nothing of it is left to send"


def _tag(block: Any) -> Any:
    return block.__struct_config__.tag


def _last_mark(views: list[MessageView]) -> tuple[int, int] | None:
    """The (message, block) of the last cache mark on a message block: the one a CacheConfig keeps."""
    for i in range(len(views) - 1, -1, -1):
        content = views[i].content
        if isinstance(content, str):
            continue
        for j in range(len(content) - 1, -1, -1):
            if getattr(content[j], "cache_control", msgspec.UNSET) is not msgspec.UNSET:
                return i, j
    return None


_MARKS: Final = (
    "a cache mark {where}: a CacheConfig carries one breakpoint, the client's last; the prefix up to "
    "it is cached"
)


def _mark_dropped(where: str, what: str) -> Adaptation:
    return Adaptation(field=where, action="dropped", reason=_MARKS.format(where=what), asked="ephemeral")


def _gateway_mark(
    mark: Any, where: str, kept: bool, notes: list[Adaptation], ttl: str | bool | None
) -> str | bool | None:
    """The gateway's reading of a block's cache mark (red-team 5 F02): the kept one's ttl (``"5m"``,
    the default spelled out, is none), else ``ttl`` as it was, the mark noted ``dropped``."""
    if not kept:
        notes.append(_mark_dropped(f"{where}.cache_control", "before the last one"))
        return ttl
    return None if mark.ttl == "5m" else cache_ttl(mark, where)


def _read(
    raw: dict[str, msgspec.Raw],
    views: list[MessageView] | None = None,
    tool_values: list[dict[str, Any]] | None = None,
    unsigned: Unsigned = None,
) -> Request:
    """The Request of a body given as its top-level keys (``messages`` and ``tools`` may come
    decoded already, as :class:`BodyView` gives them, and are then absent from ``raw``);
    ``unsigned``: see :func:`_messages`."""
    for key in ("model", "messages", "max_tokens"):
        if key not in raw and not (key == "messages" and views is not None):
            raise ValidationError(f"Object missing required field `{key}`")
    model: str = field(STR, raw["model"], "model")
    marks = Marks()
    plain: dict[str, Any] = {}
    messages = _messages(views if views is not None else replay_messages(raw["messages"]), marks, unsigned)
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


def typed_surveyed_or_none(body: Any, model: str | None) -> tuple[Request, ContentSurvey | None] | None:
    """The typed fast path's Request, as :func:`decode_request_without_unsigned_thinking` gives it
    with no note, and its survey (``crossing.survey``'s answer, from what the reading met: no walk
    of its own; None where a call id names two functions); None where the typed path refuses."""
    try:
        request, seen = read_body(body, model)
    except (Refused, LmcodecError, msgspec.MsgspecError, RecursionError, ValueError, TypeError):
        return None
    return request, None if seen is None else read_survey(seen)


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
