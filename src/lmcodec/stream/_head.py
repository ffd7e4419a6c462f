"""The id and model of a start-less stream (Chat Completions, Gemini), read from its first ``data`` line.

Chat Completions and Gemini streams have no start frame: lm15's synthesized start names the
request's model and no id. :func:`lmcodec.stream.translate` reads both from the stream's first
``data`` line instead (Chat's ``id`` and ``model``, Gemini's ``responseId`` and ``modelVersion``),
so the client sees the id and the served model the backend sent. A Chat chunk's ``created``,
``service_tier`` and ``system_fingerprint`` are read there too, for a Chat client's writer
(``follow_chunks``: the openai SDK's accumulator reads ``service_tier`` from the first chunk only).
An Anthropic stream's first ``data`` line is its ``message_start``: its usage is read there for an
Anthropic client's writer (``start_usage``: anthropic SDKs before 0.51 read the input counts there
only, red team 21 F02).
"""

from __future__ import annotations

import re
from typing import Any, Final

import msgspec

from lmcodec.framing._chunks import not_a_chunk
from lmcodec.providers._json import load_head
from lmcodec.wire import StreamStartEvent

__all__ = ["HeadPeek"]

_PEEK_LIMIT: Final = 1 << 20  # give up looking for the first data line after this many bytes
_LINE_END: Final = re.compile(rb"[\r\n]")  # an SSE line ends at LF, CR or CRLF (CRLF: an empty line after)
_BOM: Final = b"\xef\xbb\xbf"


class _HeadMessage(msgspec.Struct):
    usage: dict[str, Any] | None = None


class _Head(msgspec.Struct):
    """What a start-less stream's first frame says about the response (everything else skipped)."""

    id: str | None = None
    model: str | None = None
    responseId: str | None = None
    modelVersion: str | None = None
    created: Any = None
    service_tier: Any = None
    system_fingerprint: Any = None
    message: _HeadMessage | None = None  # an Anthropic message_start's
    type: Any = None  # an Anthropic event's ("ping": passed over)


_head_decoder: Final = msgspec.json.Decoder(_Head)


class HeadPeek:
    """Reads the id and model of a start-less stream from its first ``data`` line.

    A ``data:`` field is read only at a line's start (not in a comment or an ``event`` line), and a
    ping's data line (``{"type": "ping"}``, Anthropic's keep-alive, which may come before the
    ``message_start``) is passed over. Each chunk's own bytes are searched once, at C speed (one
    ``find`` for ``data:`` and one look for the last line end where no data line starts in it: a
    Gemini JSON-array stream, comment lines; review 14 F03): of the lines before the one read, the
    peek holds at most the first 5 bytes of the current one (red team 22 F02: it searched
    everything seen again on every chunk), so its time is linear in the bytes fed. A UTF-8 BOM is
    dropped even when the first chunks cut it (review 14 F06).
    """

    __slots__ = (
        "bom",
        "created",
        "done",
        "fed",
        "id",
        "in_data",
        "model",
        "seen",
        "service_tier",
        "start_usage",
        "system_fingerprint",
    )

    def __init__(self) -> None:
        self.seen = bytearray()  # the current line's bytes: all of a data line, else its first 5 at most
        self.in_data: bool | None = None  # the current line is a data line (None: not told yet)
        self.bom: bytes | None = b""  # the stream's first bytes while they may be a cut BOM (None: told)
        self.fed = 0  # bytes fed so far (the peek gives up past _PEEK_LIMIT)
        self.done = False
        self.id: str | None = None
        self.model: str | None = None
        # what a Chat chunk also names about the response, written on by a Chat client's writer
        self.created: int | None = None
        self.service_tier: str | None = None
        self.system_fingerprint: str | None = None
        self.start_usage: dict[str, Any] | None = None  # an Anthropic message_start's usage

    def feed(self, chunk: bytes | bytearray | memoryview) -> None:
        if type(chunk) is not bytes:  # (the first chunks only: the peek stops at the first line)
            wrong = not_a_chunk(chunk)
            if wrong is not None:
                raise wrong
            chunk = bytes(chunk)
        self.fed += len(chunk)
        if self.bom is not None:  # (dropped as the SSE framer drops it, however the chunks cut it)
            chunk = self.bom + chunk
            if len(chunk) < 3 and _BOM.startswith(chunk):
                self.bom = chunk
                return
            self.bom = None
            if chunk.startswith(_BOM):
                chunk = chunk[3:]
        if not self._scan(chunk) and self.fed > _PEEK_LIMIT:
            self._stop()

    def _scan(self, chunk: bytes) -> bool:
        """Read ``chunk`` on from where the last one ended; True once the head is read."""
        at, size, line = 0, len(chunk), self.seen
        while at < size:
            in_data = self.in_data
            if in_data is None and line:  # a line's first bytes, cut by the last chunk
                part = chunk[at : at + 5 - len(line)]
                cut = _LINE_END.search(part)
                if cut is not None:
                    part = part[: cut.start()]
                line += part
                at += len(part)
                if cut is None and len(line) < 5:
                    return False
                in_data = self.in_data = line == b"data:"
                if not in_data:
                    line.clear()
            if in_data is None:  # at a line's start: the first "data:" that starts a line after it
                found = chunk.find(b"data:", at)
                while found > at and chunk[found - 1] not in b"\r\n":
                    found = chunk.find(b"data:", found + 1)
                if found < 0:  # none here: hold the last line's first bytes if it may become one
                    last = max(chunk.rfind(b"\n", at), chunk.rfind(b"\r", at)) + 1
                    tail = chunk[max(last, at) :]
                    if len(tail) < 5:
                        line += tail
                    else:
                        self.in_data = False
                    return False
                match = _LINE_END.search(chunk, found + 5)
                if match is None:  # the data line goes on in the next chunk
                    line += chunk[found:]
                    self.in_data = True
                    return False
                if self._read(chunk[found + 5 : match.start()].strip()):
                    return True
                at = match.end()  # (a ping's: the lines after it are read on)
                continue
            match = _LINE_END.search(chunk, at)
            if match is None:
                if in_data:
                    line += chunk[at:]
                return False
            if in_data:
                line += chunk[at : match.start()]
                data = bytes(line[5:]).strip()
                line.clear()
                if self._read(data):
                    return True
            self.in_data = None
            at = match.end()
        return False

    def _read(self, data: bytes) -> bool:
        """Read a data line's JSON; False for a ping's (the line after it is read next)."""
        head = load_head(_head_decoder, data) or _Head()
        if head.type == "ping":
            return False
        self.id = head.id or head.responseId
        self.model = head.model or head.modelVersion
        created = head.created
        self.created = created if type(created) is int and created >= 0 else None
        tier, fingerprint = head.service_tier, head.system_fingerprint
        self.service_tier = tier if type(tier) is str and tier else None
        self.system_fingerprint = fingerprint if type(fingerprint) is str and fingerprint else None
        self.start_usage = head.message.usage if head.message is not None else None
        self._stop()
        return True

    def _stop(self) -> None:
        self.done = True
        self.seen = bytearray()

    def start(self, event: StreamStartEvent) -> StreamStartEvent:
        """The synthesized start with the stream's own id and model, where it named them."""
        if event.id is not None or (self.id is None and self.model is None):
            return event
        result: StreamStartEvent = msgspec.structs.replace(
            event, id=self.id or None, model=self.model or event.model
        )
        return result
