"""Chat -> Chat: a client's ``developer`` rows sent back under that role (red team 26 F08).

The Chat reader takes a leading ``system`` or ``developer`` row as the system prompt and a later
one as a developer message (lm15's ingest: its builder "renders system there under
compat.instruction_role, so the wire cannot tell a system prompt from a leading developer
message"); lm15's builder writes both under its instruction role, ``system`` for OpenAI's preset.
``build_request`` stays lm15's. A gateway's same-dialect pass gives the body back as the client
wrote it: :func:`developer_rows_back` writes each instruction row of the built body under the role
the client's row in that place had. The rows are matched in order (the builder writes one row for
the system prompt and one per developer message, in the client's order); where the counts differ
(a row the builder left out), the body is sent as built and the rewrite is listed.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers._build_common import adaptation
from lmcodec.providers._key_marks import holds_mark
from lmcodec.wire import Adaptation

__all__ = ["developer_rows_back"]

_INSTRUCTION_ROLES: Final = frozenset({"system", "developer"})
_DEVELOPER: Final = (b'"developer"',)


class _Row(msgspec.Struct):
    role: Any = None


class _Rows(msgspec.Struct):
    messages: list[_Row] | None = None


_ROLES: Final = msgspec.json.Decoder(_Rows)
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
    value = msgspec.json.decode(built)
    sent = [row for row in value["messages"] if isinstance(row, dict) and row.get("role") == "system"]
    if len(sent) != len(asked):
        return built, (adaptation("messages", "substituted", _REWRITTEN, "developer", "system"),)
    for row, role in zip(sent, asked, strict=True):
        row["role"] = role
    return msgspec.json.encode(value), ()
