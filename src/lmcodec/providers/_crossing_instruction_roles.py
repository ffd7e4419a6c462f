"""A Chat client's instruction rows across: ``developer`` rows back under that role Chat -> Chat
(red team 26 F08); an empty leading system row left out toward Anthropic and Gemini (red team 33 F02),
the later ones noted there as the user text lm15 makes them (red team 34 F07).

The Chat reader takes a leading ``system`` or ``developer`` row as the system prompt and a later
one as a developer message (lm15's ingest: its builder "renders system there under
compat.instruction_role, so the wire cannot tell a system prompt from a leading developer
message"); lm15's builder writes both under its instruction role, ``system`` for OpenAI's preset.
``build_request`` stays lm15's. A gateway's same-dialect pass gives the body back as the client
wrote it: :func:`developer_rows_back` writes each instruction row of the built body under the role
the client's row in that place had. The rows are matched in order (the builder writes one row for
the system prompt and one per developer message, in the client's order); where the counts differ
(a row the builder left out), the body is sent as built and the rewrite is listed.

A leading ``system`` or ``developer`` row of empty text (``""``, or empty text blocks: a client's
blank system-prompt field) is no system prompt: lm15's Chat ingest refuses it ("system cannot be
empty"), and the Chat reader keeps it as a developer message of empty text, as the Responses reader
keeps an empty leading system item, so Chat -> Chat (and Chat -> Responses) send the row back.
lm15's Anthropic and Gemini builders write a developer message as a user turn ``"[developer]\n"``:
toward them :func:`empty_system_row_out` leaves it out, ``dropped``, as the Anthropic and Gemini
readers' empty system prompts are left out toward another dialect.

To Anthropic and Gemini, whose only place for instructions is the system prompt, lm15's builders
write a developer message (a Chat ``system`` or ``developer`` row after the first, a Responses
``system`` or ``developer`` item that does not lead the input) as a user turn of text beginning
``"[developer]\n"``, where it stands in the conversation: :func:`later_instructions_noted` names
each one (``substituted``; red team 34 F07), and the rendering stays lm15's.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers._build_common import adaptation
from lmcodec.providers._key_marks import holds_mark
from lmcodec.wire import Adaptation, Message, Request, TextPart
from lmcodec.wire._float_literals import decode_any, float_literal

__all__ = ["developer_rows_back", "empty_system_row_out", "later_instructions_noted"]

_INSTRUCTION_ROLES: Final = frozenset({"system", "developer"})
_DEVELOPER: Final = (b'"developer"',)


class _Row(msgspec.Struct):
    role: Any = None


class _Rows(msgspec.Struct):
    messages: list[_Row] | None = None


_ROLES: Final = msgspec.json.Decoder(_Rows, float_hook=float_literal)
_REWRITTEN: Final = (
    "lm15's Chat builder writes every instruction row under one role (system); the client's "
    "developer rows could not be matched to the rows built, so they go as system rows"
)


def developer_rows_back(
    client_body: bytes | bytearray | memoryview, built: bytes
) -> tuple[bytes, tuple[Adaptation, ...]]:
    """``built`` (lm15's Chat body for ``client_body``) with its instruction rows under the roles
    the client wrote; ``built`` itself when the client wrote no ``developer`` row. Where the rows
    cannot be matched, ``built`` and one note naming the rewrite."""
    data = client_body.tobytes() if isinstance(client_body, memoryview) else client_body
    if not holds_mark(data, _DEVELOPER):  # (also "d\\u0065veloper": the same role)
        return built, ()
    try:
        rows = _ROLES.decode(data).messages or []
    except (msgspec.DecodeError, RecursionError):
        return built, ()
    asked = [row.role for row in rows if row.role in _INSTRUCTION_ROLES]
    if "developer" not in asked:
        return built, ()
    value = decode_any(built)
    sent = [row for row in value["messages"] if isinstance(row, dict) and row.get("role") == "system"]
    if len(sent) != len(asked):
        return built, (adaptation("messages", "substituted", _REWRITTEN, "developer", "system"),)
    for row, role in zip(sent, asked, strict=True):
        row["role"] = role
    return msgspec.json.encode(value), ()


_EMPTY_SYSTEM: Final = (
    "an empty system/developer row leading the conversation: no system prompt (lm15's Chat ingest "
    "refuses it: 'system cannot be empty'), left out where it would be a user turn '[developer]\\n'"
)


def empty_system_row_out(request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` (read from a Chat body) without its first message when that is a developer
    message of empty text only, before another, and one ``dropped`` note; else as it is (also
    where a cache breakpoint marks that message)."""
    messages = request.messages
    if len(messages) < 2 or messages[0].role != "developer":
        return request, ()
    for part in messages[0].parts:
        if type(part) is not TextPart or part.text:
            return request, ()
    changes: dict[str, Any] = {"messages": messages[1:]}
    cache = request.config.cache
    if cache is not None and cache.prefix_until_index is not None:
        if cache.prefix_until_index == 0:
            return request, ()
        shifted = msgspec.structs.replace(cache, prefix_until_index=cache.prefix_until_index - 1)
        changes["config"] = msgspec.structs.replace(request.config, cache=shifted)
    note = adaptation("messages[0]", "dropped", _EMPTY_SYSTEM, "")
    return msgspec.structs.replace(request, **changes), (note,)


_AS_USER_TEXT: Final = (
    "an instruction message after the conversation's start: {destination} takes instructions only as "
    "the system prompt, so it goes where it stands as a user turn of text beginning '[developer]\\n' "
    "(lm15's rendering)"
)


def later_instructions_noted(
    messages: tuple[Message, ...], destination: str, offset: int = 0
) -> tuple[Adaptation, ...]:
    """One ``substituted`` Adaptation per developer message of ``messages`` (sent to Anthropic or
    Gemini as user text), named ``messages[i]`` with ``i`` its index plus ``offset`` (the leading
    messages a pass before took out as the system prompt). Only the OpenAI dialects' readers make
    developer messages: the callers ask for no others."""
    for message in messages:  # (a plain loop, no index: ~200 instructions a message)
        if message.role == "developer":
            break
    else:
        return ()
    reason = _AS_USER_TEXT.format(destination=destination)
    return tuple(
        adaptation(f"messages[{index + offset}]", "substituted", reason, "developer", "user")
        for index, message in enumerate(messages)
        if message.role == "developer"
    )
