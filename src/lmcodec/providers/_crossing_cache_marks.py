"""Anthropic-style ``cache_control`` marks in a Chat Completions body, as the gateway reads them (F18).

LiteLLM, OpenRouter, Portkey and the Vercel AI SDK document ``cache_control: {"type": "ephemeral"}``
(``ttl`` optional) on a Chat content part, or on a whole message, for prompt-caching Claude behind an
OpenAI-compatible API. ``decode_request`` refuses the key (no canonical field rebuilds it);
``lc.translate_request`` takes every mark out of the body before reading it, each noted with its JSON
path. To Anthropic, the client's last mark that sits where the canonical breakpoint does (the last
text block of a system, developer or user row, or that row itself) is read as the Anthropic reader
reads a mark: the CacheConfig's breakpoint (written into the body as lm15's own
``prompt_cache_breakpoint``, which the Chat reader reads as it; ``ttl: "1h"`` as
``prompt_cache_retention: "24h"``, the canonical long retention), the system prompt marked with it as
lm15's builder marks it; every other mark is ``dropped``. To OpenAI and Gemini, which cache prefixes
by themselves and take no mark, every mark is ``dropped``.

One rule for every pair (red team 5): what the destination has no field for is ``dropped`` at its
path in the client's body. OpenAI (Responses and Chat Completions) and Gemini have none for a mark's
position, so every mark of a Chat client (above) or of an Anthropic client
(:func:`anthropic_marks_dropped`, on system blocks, tools, message blocks and tool results' blocks)
is dropped there; before, an Anthropic client's marks went with no Adaptation. OpenAI has one for a
longer lifetime, ``prompt_cache_retention: "24h"`` (the openai SDK's Responses and Chat request
types: ``"in_memory" | "24h"``), lm15's spelling of the canonical ``retention="long"`` that a
``ttl: "1h"`` reads as: to Responses from either client the ``ttl`` is sent so (``substituted``
at the ttl's path; a Chat client's own ``prompt_cache_retention`` stands), and so is an Anthropic
client's to Chat Completions asked for a model that is not Claude. Gemini, with no in-request
lifetime, drops it with its mark, and so does a Chat backend otherwise (review7 R14): Chat -> Chat
(marks on a Chat body are for a backend fronting Claude) and an Anthropic client's to a Chat
backend asked for a Claude model, since LiteLLM (default settings) refuses
``prompt_cache_retention`` for an Anthropic model ("UnsupportedParamsError: anthropic does not
support parameters: ['prompt_cache_retention']"). To Anthropic, a long retention with no system
prompt and no breakpoint for its ``1h`` ttl to ride (an OpenAI client's ``prompt_cache_retention``)
is ``dropped`` (:func:`unmarked_retention`; red team 19 F01).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers._crossing_parts import chat_fronts_claude
from lmcodec.providers._key_marks import holds_mark
from lmcodec.wire import Adaptation, Request
from lmcodec.wire._float_literals import decode_any, float_literal

__all__ = [
    "anthropic_marks",
    "anthropic_marks_out",
    "chat_cache_marks_out",
    "split_turn_joined",
    "unmarked_retention",
]

_MARKED_ROLES: Final = frozenset({"system", "developer", "user"})
_MARK: Final = (b"cache_control",)
"""The marks' key: a body that does not spell it (as its bytes or with ``\\u`` escapes) holds none."""

_TTLS: Final = frozenset({"5m", "1h"})
_BREAKPOINT: Final = {"mode": "explicit"}
_NOT_KEPT: Final = (
    "a cache mark other than the client's last on the last text block of a system, developer or user "
    "message: a CacheConfig carries one breakpoint; the prefix up to it is cached"
)
_NO_MARKS: Final = (
    "an Anthropic-style cache mark: {destination} caches prompt prefixes by itself and takes no mark"
)

_RETAINED: Final = (
    "a cache mark's 1h lifetime: {destination} caches prefixes by itself and keeps them longer with "
    "prompt_cache_retention '24h' (lm15's long retention)"
)
_OPENAI_DIALECTS: Final = frozenset({"openai", "openai_chat"})
"""The dialects whose wire has ``prompt_cache_retention`` (to Chat, an Anthropic client's only),
and whose builders (lm15's) write a CacheConfig breakpoint as ``prompt_cache_breakpoint``."""

_Mark = tuple[str, Any, int, int | None]
"""(JSON path, the mark, row index, block index or None for a mark on the row)."""


def chat_cache_marks_out(
    body: bytes | bytearray | memoryview, destination: str
) -> tuple[bytes | bytearray | memoryview, tuple[Adaptation, ...]]:
    """``body`` without its ``cache_control`` marks (the one kept for Anthropic as the breakpoint)
    and one ``dropped`` note per mark the destination does not get; ``body`` as it is when it holds
    no mark or is not a JSON object with a ``messages`` list (the reader's own error stands)."""
    if not holds_mark(body, _MARK):
        return body, ()
    try:
        value = decode_any(body)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return body, ()
    rows = value.get("messages") if isinstance(value, dict) else None
    if not isinstance(rows, list):
        return body, ()
    marks, own_breakpoint = _marks_out(rows)
    if not marks:
        return body, ()
    kept = None
    if destination == "anthropic" and not own_breakpoint:  # a client's own breakpoint stands alone
        kept = next((mark for mark in reversed(marks) if _fits(value, rows, mark)), None)
    notes: list[Adaptation] = []
    if destination == "openai" and "prompt_cache_retention" not in value:  # not to Chat: R14
        long = [mark for mark in marks if _ephemeral(mark[1]) and mark[1].get("ttl") == "1h"]
        if long:
            value["prompt_cache_retention"] = "24h"
            notes.append(_retained(long[-1][0], destination))
    for mark in marks:
        if mark is kept or (kept is not None and _leading_system(rows, mark[2])):
            continue  # the builder marks the system prompt whenever the request caches
        reason = _NOT_KEPT if destination == "anthropic" else _NO_MARKS.format(destination=destination)
        notes.append(Adaptation(field=mark[0], action="dropped", reason=reason, asked=mark[1]))
    if kept is not None:
        _as_breakpoint(value, rows, kept)
    return msgspec.json.encode(value), tuple(notes)


def _ephemeral(spec: Any) -> bool:
    """Whether ``spec`` is a mark the Messages API takes: ``{"type": "ephemeral"}`` and, if any, a
    ttl of "5m" or "1h" (a ttl of another type, null included, is refused as the Anthropic reader
    refuses it; a list or an object is never looked up in a set: review7 R11)."""
    if not isinstance(spec, dict) or spec.get("type") != "ephemeral" or not spec.keys() <= {"type", "ttl"}:
        return False
    ttl = spec.get("ttl", "5m")
    return isinstance(ttl, str) and ttl in _TTLS


def _retained(path: str, destination: str) -> Adaptation:
    return Adaptation(
        field=f"{path}.ttl",
        action="substituted",
        reason=_RETAINED.format(destination=destination),
        asked="1h",
        applied={"prompt_cache_retention": "24h"},
    )


_NO_MARK_FOR_TTL: Final = (
    "the long retention rides a cache mark's 1h ttl on the Messages API, and this request has "
    "no system prompt and no breakpoint to mark (lm15's builder marks those only)"
)


def unmarked_retention(request: Request) -> tuple[Adaptation, ...]:
    """To Anthropic, a ``dropped`` note for a long retention the builder writes nowhere (red team
    19 F01: an OpenAI client's ``prompt_cache_retention: "24h"`` with no system prompt and no
    breakpoint, which lm15's builder marks with the ``1h`` ttl); none when a mark carries it."""
    cache = request.config.cache
    if cache is None or cache.retention != "long" or cache.mode == "off":
        return ()
    if request.system or cache.prefix_until_index is not None or cache.prefix == "history":
        return ()
    note = Adaptation(field="config.cache.retention", action="dropped", reason=_NO_MARK_FOR_TTL, asked="long")
    return (note,)


def anthropic_marks_out(
    body: bytes | bytearray | memoryview, request: Request, destination: str, noted: set[str]
) -> tuple[Request, tuple[Adaptation, ...]]:
    """An Anthropic client's ``request`` read from ``body`` as ``destination`` takes it, and
    :func:`anthropic_marks_dropped`'s notes. To OpenAI's dialects, without the breakpoint the
    reader kept of a mark (lm15's builders would write it as ``prompt_cache_breakpoint`` while the
    mark is noted ``dropped``, as a Chat client's marks are: review7 R08), and toward a Chat backend
    asked for a Claude model without the long retention (the ttl goes with its mark: R14). A turn
    the reader split at the kept mark is whole again (:func:`split_turn_joined`)."""
    request = split_turn_joined(body, request, noted)
    cache = request.config.cache
    if cache is None or destination not in _OPENAI_DIALECTS:
        return request, anthropic_marks_dropped(body, destination, False, noted)
    long = cache.retention == "long"
    changes: dict[str, Any] = {}
    if cache.prefix_until_index is not None:  # the mark kept as the breakpoint, noted dropped (R08)
        changes["prefix_until_index"] = None
    if long and chat_fronts_claude(destination, request.model):  # LiteLLM refuses the retention
        changes["retention"] = None
        long = False
    if changes:
        config = msgspec.structs.replace(request.config, cache=msgspec.structs.replace(cache, **changes))
        request = msgspec.structs.replace(request, config=config)
    return request, anthropic_marks_dropped(body, destination, long, noted)


def split_turn_joined(body: bytes | bytearray | memoryview, request: Request, noted: set[str]) -> Request:
    """``request`` with the client's turn whole where the reader split it after the kept mark (red
    team 26 F03): the split makes the marked block end a canonical message, so that Anthropic gets
    the breakpoint there; to a destination that takes no mark it only cuts the turn, and to Gemini
    a cut between parallel tool results is a 400 (the responses to one call turn go together).
    The two halves are joined where they have one role (where they differ, the turn splits there
    unmarked too); ``noted``: the paths of the blocks the reader left out."""
    cache = request.config.cache
    index = None if cache is None else cache.prefix_until_index
    messages = request.messages
    if cache is None or index is None or index + 1 >= len(messages):
        return request
    before, after = messages[index], messages[index + 1]
    if before.role != after.role or not _kept_mark_splits(body, noted):
        return request
    joined = msgspec.structs.replace(before, parts=(*before.parts, *after.parts))
    messages = (*messages[:index], joined, *messages[index + 2 :])
    if index == len(messages) - 1:  # the mark's turn is the last: the reader's reading of such a mark
        cache = msgspec.structs.replace(cache, prefix_until_index=None, prefix="history")
    config = msgspec.structs.replace(request.config, cache=cache)
    return msgspec.structs.replace(request, messages=messages, config=config)


def _kept_mark_splits(body: bytes | bytearray | memoryview, noted: set[str]) -> bool:
    """Whether the client's last mark on a message block (the one the reader keeps) has a block
    after it in its turn that the reader did not leave out (a path in ``noted``): where it splits."""
    try:
        value = decode_any(body)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return False
    rows = value.get("messages") if isinstance(value, dict) else None
    if not isinstance(rows, list):
        return False
    for i in range(len(rows) - 1, -1, -1):
        content = rows[i].get("content") if isinstance(rows[i], dict) else None
        if not isinstance(content, list):
            continue
        for j in range(len(content) - 1, -1, -1):
            if isinstance(content[j], dict) and "cache_control" in content[j]:
                return any(f"$.messages[{i}].content[{k}]" not in noted for k in range(j + 1, len(content)))
    return False


def anthropic_marks_dropped(
    body: bytes | bytearray | memoryview, destination: str, long: bool, noted: set[str]
) -> tuple[Adaptation, ...]:
    """One ``dropped`` note per ``cache_control`` mark of an Anthropic ``body`` (a path in ``noted``
    already has one), and, when the request's retention is ``long`` and ``destination`` has
    ``prompt_cache_retention``, a ``substituted`` one at the last ``1h`` ttl; none when the body
    spells no mark (one byte search)."""
    if not holds_mark(body, _MARK):
        return ()
    try:
        marks = anthropic_marks(body)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return ()
    reason = _NO_MARKS.format(destination=destination)
    notes = [
        Adaptation(field=path, action="dropped", reason=reason, asked=spec)
        for path, spec in marks
        if path not in noted
    ]
    ttl = [path for path, spec in marks if _ephemeral(spec) and spec.get("ttl") == "1h"]
    if long and ttl and destination in _OPENAI_DIALECTS:
        notes.append(_retained(ttl[-1], destination))
    return tuple(notes)


class _Block(msgspec.Struct, frozen=True, gc=False):
    """What :func:`anthropic_marks` reads of a content block, system block or tool: its mark, and
    a tool result's content left unparsed (its text is skipped, never made a Python string)."""

    type: Any = None
    cache_control: Any = msgspec.UNSET
    content: msgspec.Raw | None = None


class _Row(msgspec.Struct, frozen=True, gc=False):
    content: str | list[_Block] | None = None


class _Body(msgspec.Struct, frozen=True, gc=False):
    system: str | list[_Block] | None = None
    tools: list[_Block] | None = None
    messages: list[_Row] | None = None


_read_body: Final = msgspec.json.Decoder(_Body, float_hook=float_literal).decode
_read_blocks: Final = msgspec.json.Decoder(str | list[_Block] | None, float_hook=float_literal).decode


def anthropic_marks(body: bytes | bytearray | memoryview) -> list[tuple[str, Any]]:
    """(JSON path, mark) of every ``cache_control`` of an Anthropic ``body``, in body order: system
    blocks, tools, message blocks and a tool result's blocks. Read by a view that declares only the
    marks (a Claude Code body's text is skipped, not decoded); a body the view refuses is walked
    as plain values (:func:`_walked_marks`)."""
    try:
        view = _read_body(body)
    except msgspec.ValidationError:
        return _walked_marks(decode_any(body))
    marks: list[tuple[str, Any]] = []
    _view_marks(view.system, "$.system", marks)
    _view_marks(view.tools, "$.tools", marks)
    for i, row in enumerate(view.messages or ()):
        _view_marks(row.content, f"$.messages[{i}].content", marks)
        if isinstance(row.content, list):
            for j, block in enumerate(row.content):
                inner = block.content
                if block.type == "tool_result" and inner is not None and holds_mark(bytes(inner), _MARK):
                    try:
                        blocks = _read_blocks(inner)
                    except msgspec.ValidationError:
                        blocks = None
                    _view_marks(blocks, f"$.messages[{i}].content[{j}].content", marks)
    return marks


def _view_marks(blocks: Any, path: str, marks: list[tuple[str, Any]]) -> None:
    if isinstance(blocks, list):
        for k, block in enumerate(blocks):
            if block.cache_control is not msgspec.UNSET:
                marks.append((f"{path}[{k}].cache_control", block.cache_control))


def _walked_marks(value: Any) -> list[tuple[str, Any]]:
    """:func:`anthropic_marks` over plain JSON values (the reference the view agrees with)."""
    marks: list[tuple[str, Any]] = []
    if not isinstance(value, dict):
        return marks
    for key in ("system", "tools"):
        _block_marks(value.get(key), f"$.{key}", marks)
    rows = value.get("messages")
    for i, row in enumerate(rows if isinstance(rows, list) else ()):
        content = row.get("content") if isinstance(row, dict) else None
        _block_marks(content, f"$.messages[{i}].content", marks)
        for j, block in enumerate(content if isinstance(content, list) else ()):
            if isinstance(block, dict) and block.get("type") == "tool_result":
                _block_marks(block.get("content"), f"$.messages[{i}].content[{j}].content", marks)
    return marks


def _block_marks(blocks: Any, path: str, marks: list[tuple[str, Any]]) -> None:
    for k, block in enumerate(blocks if isinstance(blocks, list) else ()):
        if isinstance(block, dict) and "cache_control" in block:
            marks.append((f"{path}[{k}].cache_control", block["cache_control"]))


def _marks_out(rows: list[Any]) -> tuple[list[_Mark], bool]:
    """Every mark taken out of ``rows``, in body order, and whether a block holds a
    ``prompt_cache_breakpoint`` of its own."""
    marks: list[_Mark] = []
    own_breakpoint = False
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            continue
        content = row.get("content")
        for j, block in enumerate(content if isinstance(content, list) else ()):
            if isinstance(block, dict):
                if "cache_control" in block:
                    marks.append(
                        (f"$.messages[{i}].content[{j}].cache_control", block.pop("cache_control"), i, j)
                    )
                own_breakpoint = own_breakpoint or "prompt_cache_breakpoint" in block
        if "cache_control" in row:
            marks.append((f"$.messages[{i}].cache_control", row.pop("cache_control"), i, None))
    return marks, own_breakpoint


def _fits(value: dict[str, Any], rows: list[Any], mark: _Mark) -> bool:
    """Whether ``mark`` is one the Messages API takes, where the canonical breakpoint is, with a
    ttl the request's retention carries."""
    _, spec, i, j = mark
    if not _ephemeral(spec):
        return False
    if spec.get("ttl") == "1h" and value.get("prompt_cache_retention", "24h") != "24h":
        return False
    role = rows[i].get("role")
    if type(role) is not str or role not in _MARKED_ROLES:  # (an object is unhashable: red team 37 F01)
        return False
    row = rows[i]
    content = row.get("content")
    if isinstance(content, str):
        return j is None
    if not isinstance(content, list) or not content or j not in (None, len(content) - 1):
        return False
    last = content[-1]
    return isinstance(last, dict) and last.get("type") == "text"


def _leading_system(rows: list[Any], index: int) -> bool:
    """Whether row ``index`` is the leading system row the Chat reader reads as the system prompt."""
    row = rows[index]
    return (
        index == 0 and len(rows) > 1 and isinstance(row, dict) and row.get("role") in ("system", "developer")
    )


def _as_breakpoint(value: dict[str, Any], rows: list[Any], mark: _Mark) -> None:
    row = rows[mark[2]]
    if isinstance(row["content"], str):
        row["content"] = [{"type": "text", "text": row["content"]}]
    row["content"][-1]["prompt_cache_breakpoint"] = _BREAKPOINT
    if mark[1].get("ttl") == "1h":
        value["prompt_cache_retention"] = "24h"
