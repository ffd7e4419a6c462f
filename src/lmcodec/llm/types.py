"""Structs mirroring llm 0.36's serialization shapes (``llm.serialization``).

One frozen Struct per dict shape; field order is llm's key emission order, so
msgspec writes exactly the keys, in exactly the order, that ``to_dict()`` writes:

=================  ===================================================================
Struct             llm shape
=================  ===================================================================
``Attachment``     ``AttachmentDict``   {type?, url?, path?, content?}
``TextPart``       ``TextPartDict``     {type="text", text, provider_metadata?}
``ReasoningPart``  ``ReasoningPartDict`` {type="reasoning", text, redacted?, provider_metadata?}
``ToolCallPart``   ``ToolCallPartDict`` {type="tool_call", name, arguments, tool_call_id?,
                                         server_executed?, provider_metadata?}
``ToolResultPart`` ``ToolResultPartDict`` {type="tool_result", name, output, tool_call_id?,
                                         server_executed?, exception?, attachments?,
                                         provider_metadata?}
``AttachmentPart`` ``AttachmentPartDict`` {type="attachment", attachment?, provider_metadata?}
``Message``        ``MessageDict``      {role, parts, provider_metadata?}
``Prompt``         ``PromptDict``       {messages, options?, system?}
``Usage``          ``UsageDict``        {input?, output?, details?}
``Response``       ``ResponseDict``     {model, prompt, messages, id?, usage?, datetime_utc?}
=================  ===================================================================

An optional key is ``None`` on the Python side when absent, exactly like the
attribute of llm's own dataclass, and is omitted on encoding. llm's readers
treat ``null`` and a missing key alike for every optional key, so ``None`` is
the exact model (there is no null-vs-absent distinction to keep).

Emission rules reproduced (llm ``to_dict``):

- ``provider_metadata``, ``attachments``, ``options``, ``system``, ``id`` and the
  AttachmentDict fields are written only when truthy;
- ``redacted`` and ``server_executed`` only when true;
- ``tool_call_id`` and ``exception`` whenever not ``None`` (``""`` is written);
- ``usage`` only when ``input`` or ``output`` is set; inside it each key when not ``None``.

Decoding (``lmcodec.llm.decode``) reads straight into these Structs. The field
annotations are the canonical shapes: anything outside them (``{}`` metadata,
``"redacted": 1``, non-canonical base64, ...) makes the fast typed decode fail
and the payload is re-read by :mod:`lmcodec.llm.reading`, which applies llm's own
``from_dict`` rules. Like llm, that path keeps values of the wrong JSON type
verbatim where llm passes them through (``{"type": "text", "text": 5}`` stays 5),
so the annotations state the TypedDict contract, not a runtime guarantee.

Building a Struct in Python applies llm's ``to_dict`` emission rules (falsy
metadata becomes ``None``, ``redacted=1`` becomes ``True``, sequences become lists,
``Attachment(content=b"...")`` is base64-encoded), so ``encode(obj)`` writes what
llm writes for the same values. The constructors hold their payload values as llm's
``json.dumps`` writes them, as ``from_builtins`` does (see :mod:`lmcodec.llm.codec`): a
plain ``float("nan")`` is kept as a NonFiniteFloat (written ``NaN``), a value
``json.dumps`` refuses (bytes, a set, an llm object, ...) is an
:class:`~lmcodec.errors.EncodeError` naming its field, and a field holding Structs
takes only this module's (an llm part in a ``Message`` is refused: ``lc.llm.from_llm``
converts it). Code of this package whose values are JSON already (decoded text,
llm's reading rules, a canonical Turn converted) builds with :func:`lmcodec.llm._struct.unchecked`.

The constructors take llm's dataclass arguments: the same positional order and
the same defaults (``TextPart()`` is ``text=""``, ``ToolCallPart()`` has
``arguments={}``, ``Message("user")`` has ``parts=[]``), while decoding still
requires the keys llm's ``from_dict`` requires. Field order is the wire order,
which is llm's dataclass order except for ``ToolResultPart`` (llm: ...,
``attachments``, ``exception``; the wire: ``exception`` first): its
``exception``, ``attachments`` and ``provider_metadata`` are keyword-only, so a
call written for llm's order fails instead of storing attachments as the
exception. ``Attachment`` is keyword-only because llm orders it ``type, path,
url, content``.
"""

import base64
import binascii
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

import msgspec
from msgspec.structs import force_setattr

from lmcodec.llm._struct import Children, LlmStruct, llm_defaults
from lmcodec.wire._float_literals import NearFloat

__all__ = [
    "Attachment",
    "AttachmentPart",
    "Message",
    "Part",
    "Prompt",
    "ReasoningPart",
    "Response",
    "TextPart",
    "ToolCallPart",
    "ToolResultPart",
    "Usage",
]

# ---------------------------------------------------------------------------
# Field types. What the fast decoder accepts is the canonical form; everything
# else llm accepts goes through lmcodec.llm.reading.

_NonEmptyStr = Annotated[str, msgspec.Meta(min_length=1)]
# Non-empty dict: ``{}`` is dropped by llm, so the fast path must not accept it.
_Metadata = Annotated[dict[str, Any], msgspec.Meta(min_length=1)]
# An option value: anything but ``null`` (llm drops None-valued options). A float is a NearFloat:
# a far one (1e289 and up: msgspec parses each on a slow path) fails its bound at the first, and
# the record is read from its builtins, whose floats the float hook reads (lc.llm.decode's fallback).
_OptionValue = str | int | NearFloat | bool | list[Any] | dict[str, Any]
_Options = Annotated[dict[str, _OptionValue], msgspec.Meta(min_length=1)]

if TYPE_CHECKING:
    _AttachmentStr = str | None
else:
    # Absent -> None, but ``null`` and ``""`` are rejected by the fast decoder
    # so that ``{"attachment": {"type": null}}`` (kept by llm, written as
    # ``{}``) can be told apart from ``{"attachment": {}}`` (dropped by llm).
    _AttachmentStr = _NonEmptyStr

_B64_ALPHABET = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
# The last symbol before "==" / "=" carries only zero padding bits in canonical base64.
_B64_BEFORE_TWO_PADS = frozenset(b"AQgw")
_B64_BEFORE_ONE_PAD = frozenset(b"AEIMQUYcgkosw048")


def _is_canonical_base64(s: str) -> bool:
    """True when ``s`` is exactly what ``base64.b64encode`` writes for some non-empty bytes.

    Runs on every decoded attachment: the alphabet is checked by ``bytes.translate``
    in C (a third faster than an equivalent regular expression).
    """
    n = len(s)
    if not n or n % 4 or not s.isascii():
        return False
    raw = s.encode("ascii")
    if raw[-1] == 61:  # "="
        if raw[-2] == 61:
            if raw[-3] not in _B64_BEFORE_TWO_PADS:
                return False
        elif raw[-2] not in _B64_BEFORE_ONE_PAD:
            return False
        raw = raw.rstrip(b"=")
    return not raw.translate(None, _B64_ALPHABET)


def _canonical_base64(value: object) -> str | None:
    """llm's ``b64encode(b64decode(content))`` for str, ``b64encode`` for bytes; None if empty."""
    if isinstance(value, str):
        if _is_canonical_base64(value):
            return value
        try:
            raw = base64.b64decode(value)
        except (binascii.Error, ValueError) as exc:
            raise ValueError(f"Invalid base64 content: {exc}") from None
    elif isinstance(value, (bytes, bytearray, memoryview)):
        raw = bytes(value)
    else:
        raise TypeError(f"Attachment content must be str or bytes, got {type(value).__name__}")
    return base64.b64encode(raw).decode("ascii") if raw else None


def _truthy_or_none(value: Any) -> Any:
    return value if value else None


# ---------------------------------------------------------------------------
# The tagged base of the parts (the Struct base and its llm-style constructor:
# lmcodec.llm._struct), and the list normalization the _llm_fix methods share.


class _PartBase(LlmStruct, frozen=True, tag_field="type"):
    pass


def _as_list(obj: LlmStruct, name: str) -> None:
    value = getattr(obj, name)
    if type(value) is not list:
        force_setattr(obj, name, list(value) if value else [])


# ---------------------------------------------------------------------------
# AttachmentDict


class Attachment(LlmStruct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """``AttachmentDict``: every key optional; ``content`` is standard padded base64.

    ``content`` may be given as bytes (encoded like llm's ``_attachment_to_dict``)
    or as base64 text (normalized like llm's reader: non-alphabet characters are
    discarded by ``b64decode``, then re-encoded; bad padding raises ValueError).
    """

    type: _AttachmentStr = None
    url: _AttachmentStr = None
    path: _AttachmentStr = None
    content: _AttachmentStr = None

    def __post_init__(self) -> None:
        content = self.content
        if content is not None and not (type(content) is str and _is_canonical_base64(content)):
            force_setattr(self, "content", _canonical_base64(content))

    def _llm_fix(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        for name in ("type", "url", "path"):
            value = getattr(self, name)
            if value is not None and not value:
                force_setattr(self, name, None)


def _is_empty_attachment(a: Attachment) -> bool:
    return a.type is None and a.url is None and a.path is None and a.content is None


# ---------------------------------------------------------------------------
# PartDict variants, tagged by "type"


class TextPart(_PartBase, frozen=True, tag="text"):
    """``TextPartDict``: ``{"type": "text", "text", "provider_metadata"?}``."""

    if TYPE_CHECKING:  # the constructor's default (see llm_defaults); decoding requires the key
        text: str = ""
    else:
        text: str
    provider_metadata: _Metadata | None = None

    def _llm_fix(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        self._fix_metadata()


class ReasoningPart(_PartBase, frozen=True, tag="reasoning"):
    """``ReasoningPartDict``. ``redacted=True, text=""`` marks opaque reasoning;
    ``text=""`` with only ``provider_metadata`` is llm 0.36's metadata-only form."""

    if TYPE_CHECKING:
        text: str = ""
    else:
        text: str
    redacted: bool = False
    provider_metadata: _Metadata | None = None

    def _llm_fix(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        if type(self.redacted) is not bool:
            force_setattr(self, "redacted", bool(self.redacted))
        self._fix_metadata()


class ToolCallPart(_PartBase, frozen=True, tag="tool_call"):
    """``ToolCallPartDict``. ``arguments`` is always written, even ``{}``."""

    if TYPE_CHECKING:
        name: str = ""
        arguments: dict[str, Any] = msgspec.field(default_factory=dict)
    else:
        name: str
        arguments: dict[str, Any]
    tool_call_id: str | None = None
    server_executed: bool = False
    provider_metadata: _Metadata | None = None

    def _llm_fix(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        if type(self.server_executed) is not bool:
            force_setattr(self, "server_executed", bool(self.server_executed))
        self._fix_metadata()


class _ToolResultHead(_PartBase, frozen=True):
    """The fields of :class:`ToolResultPart` that llm's dataclass takes in the same position."""

    if TYPE_CHECKING:
        name: str = ""
        output: str = ""
    else:
        name: str
        output: str
    tool_call_id: str | None = None
    server_executed: bool = False


class ToolResultPart(_ToolResultHead, frozen=True, kw_only=True, tag="tool_result"):
    """``ToolResultPartDict``. ``exception`` is llm's rendered ``"Class: message"``.

    ``exception``, ``attachments`` and ``provider_metadata`` are keyword-only: the wire writes
    ``exception`` before ``attachments``, llm's dataclass takes them the other way round."""

    _children: ClassVar[Children] = {"attachments": (Attachment,)}

    exception: str | None = None
    attachments: list[Attachment] = msgspec.field(default_factory=list)
    provider_metadata: _Metadata | None = None

    def _llm_fix(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        if type(self.server_executed) is not bool:
            force_setattr(self, "server_executed", bool(self.server_executed))
        _as_list(self, "attachments")
        self._fix_metadata()


class AttachmentPart(_PartBase, frozen=True, tag="attachment"):
    """``AttachmentPartDict``.

    Reading ``"attachment": {}`` gives ``attachment=None`` (llm treats the empty
    dict as falsy), while ``AttachmentPart(Attachment())`` built in Python keeps
    the empty attachment and writes ``"attachment": {}``, as llm's ``to_dict``
    does - the one shape llm itself does not read back unchanged.
    """

    _children: ClassVar[Children] = {"attachment": (Attachment,)}

    attachment: Attachment | None = None
    provider_metadata: _Metadata | None = None

    def __post_init__(self) -> None:
        a = self.attachment
        if a is not None and _is_empty_attachment(a):
            # Only ``{}`` decodes to an all-None Attachment (null, "" and
            # unknown keys leave the fast path), and llm drops ``{}``.
            force_setattr(self, "attachment", None)

    def _llm_fix(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        given = kwargs["attachment"] if "attachment" in kwargs else (args[0] if args else None)
        if self.attachment is None and given:
            force_setattr(self, "attachment", given)
        self._fix_metadata()


Part = TextPart | ReasoningPart | ToolCallPart | ToolResultPart | AttachmentPart
"""``PartDict``: the tagged union of the five part shapes."""


# ---------------------------------------------------------------------------
# MessageDict, PromptDict, UsageDict, ResponseDict


class Message(LlmStruct, frozen=True):
    """``MessageDict``: ``{"role", "parts", "provider_metadata"?}``; ``parts`` may be empty."""

    _children: ClassVar[Children] = {
        "parts": (TextPart, ReasoningPart, ToolCallPart, ToolResultPart, AttachmentPart)
    }

    role: str
    if TYPE_CHECKING:
        parts: list[Part] = msgspec.field(default_factory=list)
    else:
        parts: list[Part]
    provider_metadata: _Metadata | None = None

    def _llm_fix(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        _as_list(self, "parts")
        self._fix_metadata()


class Prompt(LlmStruct, frozen=True, dict=True, gc=True):
    """``PromptDict``: the full input chain of the turn, plus options and raw system.

    Tracked by the cycle collector (msgspec allows ``dict=True`` only with ``gc=True``).

    ``None``-valued options are dropped (llm never writes them); their names are
    remembered, unencoded, for :func:`lmcodec.llm.apply_model`, because llm's
    reader still hands them to the model's ``Options``, which may refuse them.
    """

    _children: ClassVar[Children] = {"messages": (Message,)}

    messages: list[Message]
    options: _Options | None = None
    system: _NonEmptyStr | None = None

    def _llm_fix(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        _as_list(self, "messages")
        options = self.options
        if options is not None:
            if isinstance(options, dict):
                kept = {k: v for k, v in options.items() if v is not None}
                if len(kept) != len(options):
                    vars(self)["_llm_none_options"] = tuple(k for k in options if k not in kept)
                    options = kept
            force_setattr(self, "options", options if options else None)
        force_setattr(self, "system", _truthy_or_none(self.system))


class Usage(LlmStruct, frozen=True):
    """``UsageDict``: token counts and provider-specific ``details`` (kept verbatim)."""

    input: int | None = None
    output: int | None = None
    details: dict[str, Any] | None = None


class Response(LlmStruct, frozen=True):
    """``ResponseDict``: one turn - model, input chain, output messages, audit fields.

    ``usage`` without ``input`` and ``output`` is dropped (llm writes usage only
    when one of them is set). ``datetime_utc`` is kept as read; llm itself never
    restores it (see :func:`lmcodec.llm.reloaded`).
    """

    _children: ClassVar[Children] = {"prompt": (Prompt,), "messages": (Message,), "usage": (Usage,)}

    model: str
    prompt: Prompt
    messages: list[Message]
    id: _NonEmptyStr | None = None
    usage: Usage | None = None
    datetime_utc: str | None = None

    def __post_init__(self) -> None:
        u = self.usage
        if u is not None and u.input is None and u.output is None:
            force_setattr(self, "usage", None)

    def _llm_fix(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        _as_list(self, "messages")
        force_setattr(self, "id", _truthy_or_none(self.id))


llm_defaults(TextPart, text=str)
llm_defaults(ReasoningPart, text=str)
llm_defaults(ToolCallPart, name=str, arguments=dict)
llm_defaults(ToolResultPart, name=str, output=str)
llm_defaults(Message, parts=list)
