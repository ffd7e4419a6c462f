"""Part conversion llm <-> canonical, both directions (internal to lmcodec.llm.convert).

``part_to(q, role, pos, path, seen)`` gives the canonical part of an llm part in a message of
canonical ``role``, or None when that message cannot hold it (the message then carries the
llm part verbatim). ``part_from(p, role, pos)`` gives the llm part of a canonical part, or None
when it has no llm form (the message then carries it in its lm15 channel). ``pos`` is the
part's place in the llm record, ``(message_index, part_index)`` (``"out"`` for the output),
which names the tool-call ids synthesized for llm calls without one.

from_turn consumes the ``llm`` markers of a part only when to_turn gives the part back
exactly from the result (checked, only for parts that have markers); otherwise the markers
ride along verbatim in the lm15 channel, like any state with no llm slot.
"""

from __future__ import annotations

import base64
import binascii
import json
import mimetypes
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import msgspec

from lmcodec.codecs.json import from_builtins as lc_from_builtins
from lmcodec.codecs.json import to_builtins as lc_to_builtins
from lmcodec.errors import LmcodecError, ValidationError
from lmcodec.llm import types as L
from lmcodec.llm._channel import (
    MARKER,
    PART_RANKS,
    PartChannel,
    Split,
    build,
    carried_states,
    channel_value,
    fast,
    has_markers,
    locate,
    make_state,
    not_json,
    parse_channel,
    pm_states,
    split,
    strict_equal,
)
from lmcodec.llm._struct import unchecked
from lmcodec.llm.types import _is_canonical_base64
from lmcodec.wire import parts as W
from lmcodec.wire._checks import base64_payload, is_json_value, wire_path
from lmcodec.wire._exact import exact_class
from lmcodec.wire.unknown import UnknownPart

__all__ = ["Seen", "Subclassed", "class_for", "part_from", "part_to", "to_channel"]

Pos = tuple[Any, int]
_PROMPT_ROLES = frozenset({"user", "developer"})
_MEDIA = (W.ImagePart, W.AudioPart, W.VideoPart, W.DocumentPart, W.BinaryPart)
_MEDIA_BY_TAG: dict[str, Any] = {str(c.__struct_config__.tag): c for c in _MEDIA}
_TAG_OF: dict[Any, str] = {c: t for t, c in _MEDIA_BY_TAG.items()}
_MIME = mimetypes.MimeTypes()  # built-in table only: no system files, same answer everywhere
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
    (b"%PDF-", "application/pdf"),
    (b"ID3", "audio/mpeg"),
    (b"OggS", "audio/ogg"),
    (b"fLaC", "audio/flac"),
)
_RIFF = {b"WEBP": "image/webp", b"WAVE": "audio/wav", b"AVI ": "video/x-msvideo"}


class Seen:
    """How many lm15 channels to_turn consumed (with any, it checks the record: ``_turn_channel``)."""

    __slots__ = ("channels",)

    def __init__(self) -> None:
        self.channels = 0


def synth_id(pos: Pos) -> str:
    """The tool-call id to_turn gives an llm call without one: position-based, deterministic."""
    return f"llm-{pos[0]}-{pos[1]}"


def class_for(media_type: str) -> Any:
    """The canonical media class of a MIME type (the class is recorded when it differs)."""
    if media_type.startswith("image/"):
        return W.ImagePart
    if media_type.startswith("audio/"):
        return W.AudioPart
    if media_type.startswith("video/"):
        return W.VideoPart
    if media_type == "application/pdf":
        return W.DocumentPart
    return W.BinaryPart


def infer_media_type(content: str | None, path: str | None, url: str | None) -> str:
    """A MIME type without I/O: magic bytes of the content, else the path/url suffix."""
    if content is not None:
        head = base64.b64decode(content[:24])
        for magic, media_type in _MAGIC:
            if head.startswith(magic):
                return media_type
        if head[:4] == b"RIFF" and head[8:12] in _RIFF:
            return _RIFF[head[8:12]]
        if head[4:8] == b"ftyp":
            return "video/mp4"
    for name in (path, urlsplit(url).path if url is not None else None):
        if name:
            guessed = _MIME.guess_type(name)[0]
            if guessed:
                return guessed
    return "application/octet-stream"


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


# ---------------------------------------------------------------------------
# llm -> canonical


def _channel(pm: Any, path: str, seen: Seen) -> tuple[list[W.ContinuationState], PartChannel | None]:
    states, raw = pm_states(pm, f"{path}.provider_metadata")
    if raw is None:
        return states, None
    seen.channels += 1
    channel: PartChannel = parse_channel(raw, PartChannel, f"{path}.provider_metadata")
    return states, channel


def _cont(states: list[W.ContinuationState], ch: PartChannel | None, path: str) -> tuple[Any, ...]:
    return carried_states(states, ch.continuation if ch else [], f"{path}.provider_metadata")


def _marker(kind: str, data: dict[str, Any], path: str) -> W.ContinuationState:
    return make_state(MARKER, kind, data, path)


def media_to(
    a: L.Attachment,
    states: list[W.ContinuationState],
    ch: PartChannel | None,
    path: str,
) -> Any:
    """The media part of an attachment with at least one source; None otherwise."""
    media_type, url, p, content = a.type, a.url, a.path, a.content
    for v in (media_type, url, p, content):
        if v is not None and type(v) is not str:
            return None
    if content is None and url is None and p is None:
        return None
    marker: dict[str, Any] = {}
    if media_type is None:
        media_type = infer_media_type(content, p, url)
        marker["type"] = None
    kwargs: dict[str, Any] = {"media_type": media_type}
    if content is not None:
        kwargs["data"] = ch.data if ch is not None and ch.data is not None else content
        primary = "data"
    elif url is not None:
        kwargs["url"] = url
        primary = "url"
    else:
        kwargs["path"] = Path(p)  # type: ignore[arg-type]
        primary = "path"
    if url is not None and primary != "url":
        marker["url"] = url
    if p is not None and (primary != "path" or wire_path(Path(p)) != p):
        marker["path"] = p
    if marker:
        states = [*states, _marker("attachment", marker, path)]
    cls = class_for(media_type)
    if ch is not None:
        if ch.type is not None:
            cls = _MEDIA_BY_TAG.get(ch.type)
            if cls is None:
                raise ValidationError(f"unknown media type {ch.type!r} in the lm15 channel", path)
        if ch.detail is not None:
            kwargs["detail"] = ch.detail
    kwargs["continuation"] = _cont(states, ch, path)
    return build(cls, path, **kwargs)


def _tool_result_to(q: L.ToolResultPart, pos: Pos, path: str, seen: Seen) -> Any:
    name, output, tcid, exc = q.name, q.output, q.tool_call_id, q.exception
    if type(name) is not str or type(output) is not str:
        return None
    if (tcid is not None and type(tcid) is not str) or (exc is not None and type(exc) is not str):
        return None
    states, ch = _channel(q.provider_metadata, path, seen)
    if ch is not None and ch.content is not None:
        content: list[Any] = []
        for i, d in enumerate(ch.content):
            try:
                content.append(lc_from_builtins(d, W.ToolResultContentPart, unknown="keep"))
            except ValidationError as e:
                raise ValidationError(e.message, f"{path}.provider_metadata.lm15.content[{i}]") from None
    else:
        content = [fast(W.TextPart, path, text=output)]
        for i, a in enumerate(q.attachments):
            media = media_to(a, [], None, f"{path}.attachments[{i}]")
            if media is None:
                return None
            content.append(media)
    if not tcid:
        states.append(_marker("tool_call_id", {"value": tcid}, path))
    is_error = ch is not None and ch.is_error
    if exc is not None and not is_error:
        states.append(_marker("tool_exception", {"exception": exc}, path))
        is_error = True
    return fast(
        W.ToolResultPart,
        path,
        id=tcid or synth_id(pos),
        name=name or None,
        content=tuple(content),
        is_error=is_error,
        continuation=_cont(states, ch, path),
    )


def _tool_call_to(q: L.ToolCallPart, pos: Pos, path: str, seen: Seen) -> Any:
    name, tcid, args = q.name, q.tool_call_id, q.arguments
    if type(name) is not str or (tcid is not None and type(tcid) is not str):
        return None
    states, ch = _channel(q.provider_metadata, path, seen)
    if not tcid:
        states.append(_marker("tool_call_id", {"value": tcid}, path))
    if not name:
        states.append(_marker("tool_name", {"value": name}, path))
    if not is_json_value(args):
        raise not_json(locate(args, f"{path}.arguments"))
    inp: Any = args
    if type(args) is not dict:
        states.append(_marker("arguments", {"value": args}, f"{path}.arguments"))
        inp = {"_raw": _dumps(args)}
    return fast(
        W.ToolCallPart,
        path,
        id=tcid or synth_id(pos),
        name=name or "_",
        input=inp,
        continuation=_cont(states, ch, path),
    )


def _text_to(q: L.TextPart, role: str, path: str, seen: Seen) -> Any:
    if role == "tool" or type(q.text) is not str:
        return None
    states, ch = _channel(q.provider_metadata, path, seen)
    cont = _cont(states, ch, path)
    if ch is None or ch.type is None:
        return fast(W.TextPart, path, text=q.text, continuation=cont)
    if ch.type == "refusal":
        if role != "assistant":
            return None
        return build(W.RefusalPart, path, text=q.text, continuation=cont)
    if ch.type == "data" and ch.value is not msgspec.UNSET:
        if role != "assistant" and ch.probabilities is not None:
            return None
        kwargs: dict[str, Any] = {"value": ch.value, "continuation": cont}
        if ch.probabilities is not None or ch.method is not None:
            kwargs["probabilities"] = ch.probabilities
            kwargs["method"] = ch.method
        return build(W.DataPart, path, **kwargs)
    raise ValidationError(f"unknown part type {ch.type!r} in the lm15 channel", f"{path}.provider_metadata")


def part_to(q: Any, role: str, pos: Pos, path: str, seen: Seen) -> Any:
    """The canonical part of llm part ``q`` in a message of canonical ``role``, or None (carry it)."""
    cls = type(q)
    if cls is L.TextPart:
        return _text_to(q, role, path, seen)
    if cls is L.ReasoningPart:
        if role != "assistant" or type(q.text) is not str:
            return None
        states, ch = _channel(q.provider_metadata, path, seen)
        if q.redacted:
            states.append(_marker("reasoning_redacted", {}, path))
        return fast(W.ThinkingPart, path, text=q.text, continuation=_cont(states, ch, path))
    if cls is L.ToolCallPart:
        if role != "assistant" or q.server_executed:
            return None
        return _tool_call_to(q, pos, path, seen)
    if cls is L.ToolResultPart:
        if role != "tool" or q.server_executed:
            return None
        return _tool_result_to(q, pos, path, seen)
    a = q.attachment
    if a is not None and a.type is None and a.url is None and a.path is None and a.content is None:
        raise ValidationError(
            "an empty attachment cannot be carried: llm writes it as {} and reads that back as no "
            "attachment, so no record holding it survives llm's own JSON",
            f"{path}.attachment",
        )
    if role == "tool" or a is None:
        return None
    states, ch = _channel(q.provider_metadata, path, seen)
    return media_to(a, states, ch, f"{path}.attachment")


# ---------------------------------------------------------------------------
# canonical -> llm


def to_channel(p: Any) -> bool:
    """True for a canonical part with no llm form: it rides in its message's lm15 channel (an
    UnknownPart as its JSON value, read back by ``unknown="keep"``)."""
    cls = type(p)
    if cls is W.CitationPart or cls is UnknownPart:
        return True
    if cls in _TAG_OF:
        if p.file_id is not None:
            return True
        if p.data is not None and not _is_canonical_base64(p.data):
            return not base64_payload(p.data)  # "data:...;base64," holds no bytes
    elif cls not in _NATIVE and exact_class(cls) is not None:
        raise Subclassed  # a user's subclass of a kind: from_turn converts the Turn of lmcodec classes
    return False


_NATIVE: frozenset[type] = frozenset(
    {W.TextPart, W.ThinkingPart, W.ToolCallPart, W.ToolResultPart, W.RefusalPart, W.DataPart}
)  # the parts with an llm form of their own (the media ones: _TAG_OF)


class Subclassed(Exception):
    """A part of a user's subclass of a kind was met: the caller converts the value of lmcodec
    classes (``as_exact``), which gives what the same value of the kinds gives."""


def _pm(s: Split, ch: PartChannel) -> Any:
    if "provider_metadata" in s.markers:
        return s.markers["provider_metadata"]["value"]
    ch.continuation = s.carried
    pm: dict[str, Any] = dict(s.pm)
    value = channel_value(ch)
    if value:
        pm["lm15"] = value
    return pm or None


def media_from(m: Any, s: Split, ch: PartChannel) -> L.Attachment:
    """The llm attachment of a media part (``to_channel(m)`` is False); extras go to ``ch``."""
    marker = s.markers.get("attachment", {})
    content = m.data
    if content is not None and not _is_canonical_base64(content):
        ch.data = content
        content = base64.b64encode(m.bytes).decode("ascii")
    cls = type(m)
    if class_for(m.media_type) is not cls:
        ch.type = _TAG_OF[cls]
    if cls is W.ImagePart and m.detail is not None:
        ch.detail = m.detail
    path = marker["path"] if "path" in marker else (wire_path(m.path) if m.path is not None else None)
    return unchecked(
        L.Attachment,
        type=None if "type" in marker else m.media_type,
        url=m.url if m.url is not None else marker.get("url"),
        path=path,
        content=content,
    )


def _tool_result_from(p: W.ToolResultPart, s: Split, ch: PartChannel, consume: bool) -> L.ToolResultPart:
    first = p.content[0]
    simple = type(first) is W.TextPart and not first.continuation
    attachments: list[L.Attachment] = []
    for c in p.content[1:] if simple else p.content:
        if type(c) not in _TAG_OF or to_channel(c):
            simple = False
            continue
        cs = split(c.continuation, PART_RANKS if consume else None)
        sub = PartChannel()
        attachment = media_from(c, cs, sub)
        if cs.pm or cs.carried or set(cs.markers) - {"attachment"} or channel_value(sub):
            simple = False  # the media part needs provider_metadata, which attachments lack
            continue
        attachments.append(attachment)
    output: str
    if simple and type(first) is W.TextPart:
        output = first.text
    else:  # the whole content rides in the channel; llm gets the text and the plain media
        if any(exact_class(type(c)) not in (type(c), None) for c in p.content):
            raise Subclassed  # a user's subclass of a kind: from_turn converts the Turn of lmcodec classes
        ch.content = [lc_to_builtins(c) for c in p.content]
        output = "\n".join(c.text for c in p.content if type(c) is W.TextPart)
    exception: str | None = None
    if "tool_exception" in s.markers:
        exception = s.markers["tool_exception"]["exception"]
    elif p.is_error:
        exception = output
        ch.is_error = True
    return unchecked(
        L.ToolResultPart,
        name=p.name or "",
        output=output,
        tool_call_id=s.markers["tool_call_id"]["value"] if "tool_call_id" in s.markers else p.id,
        exception=exception,
        attachments=attachments,
        provider_metadata=_pm(s, ch),
    )


def _from(p: Any, consume: bool) -> Any:
    s = split(p.continuation, PART_RANKS if consume else None)
    ch = PartChannel()
    cls = type(p)
    if cls is W.TextPart:
        return unchecked(L.TextPart, text=p.text, provider_metadata=_pm(s, ch))
    if cls is W.ThinkingPart:
        redacted = "reasoning_redacted" in s.markers
        return unchecked(L.ReasoningPart, text=p.text, redacted=redacted, provider_metadata=_pm(s, ch))
    if cls is W.ToolCallPart:
        m = s.markers
        return unchecked(
            L.ToolCallPart,
            name=m["tool_name"]["value"] if "tool_name" in m else p.name,
            arguments=m["arguments"]["value"] if "arguments" in m else p.input,
            tool_call_id=m["tool_call_id"]["value"] if "tool_call_id" in m else p.id,
            provider_metadata=_pm(s, ch),
        )
    if cls is W.ToolResultPart:
        return _tool_result_from(p, s, ch, consume)
    if cls is W.RefusalPart:
        ch.type = "refusal"
        return unchecked(L.TextPart, text=p.text, provider_metadata=_pm(s, ch))
    if cls is W.DataPart:
        ch.type = "data"
        ch.value = p.value
        ch.probabilities = p.probabilities
        ch.method = p.method
        return unchecked(L.TextPart, text=_dumps(p.value), provider_metadata=_pm(s, ch))
    attachment = media_from(p, s, ch)
    return unchecked(L.AttachmentPart, attachment=attachment, provider_metadata=_pm(s, ch))


def _nested_markers(p: Any) -> bool:
    if has_markers(p.continuation, PART_RANKS):
        return True
    if type(p) is W.ToolResultPart:
        return any(
            not isinstance(c, UnknownPart) and has_markers(c.continuation, PART_RANKS) for c in p.content
        )
    return False


def part_from(p: Any, role: str, pos: Pos) -> Any:
    """The llm part of canonical part ``p`` (``to_channel(p)`` is False), at ``pos`` in a message
    of canonical ``role``. Markers are consumed only when to_turn gives ``p`` back from the result."""
    if _nested_markers(p):
        try:
            q = _from(p, True)
            back = part_to(q, role, pos, "$", Seen())
            if back is not None and strict_equal(back, p):
                return q
        except (TypeError, ValueError, KeyError, LmcodecError, binascii.Error):
            pass
    return _from(p, False)
