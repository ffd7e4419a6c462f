"""JSON encoding and decoding of llm's serialization format.

``encode(obj)`` writes what ``json.dumps(llm_obj.to_dict())`` writes, compactly
(no spaces, UTF-8 rather than ``\\uXXXX`` escapes). ``decode(data, type)`` reads
what llm's ``from_dict`` reads and returns the Struct whose encoding is llm's
``from_dict(d).to_dict()`` (format-level; see :func:`lmcodec.llm.reloaded` and
:func:`lmcodec.llm.apply_model` for the rest of llm's reading).

Hot path: one ``msgspec.json.Decoder`` per target, built at import, decodes
straight into the Structs. Only payloads outside the canonical form (what
llm's ``to_dict`` writes) pay a second parse and the llm-rules reader.

JSON text produced by Python's ``json`` module may contain ``NaN`` /
``Infinity`` and lone surrogates (``"\\ud83e"``), which llm round-trips. They are
read here too (via the stdlib parser, only for payloads msgspec refuses):
non-finite numbers come back as :class:`NonFiniteFloat` (a ``float``) and
``encode`` writes them as ``json.dumps`` does; lone surrogates are written
``\\u``-escaped. The dicts and objects of llm (:func:`from_builtins`,
``from_llm``) are checked where they come in, by Python's json encoder (C), not
where they are written: a plain ``float("nan")`` is kept as a NonFiniteFloat, and
a value ``json.dumps`` refuses (bytes, a set, a datetime, ...) is an
:class:`~lmcodec.errors.EncodeError` naming its path, where msgspec would write
another JSON value for it; the constructors check what they are given the same
way (:mod:`lmcodec.llm.types`), and ``encode`` the builtins it is given. ``encode``
refuses llm's own objects (convert them with ``lc.llm.from_llm``), in builtins too,
other dataclasses and lmcodec's canonical Structs, which msgspec would write in a
form neither llm nor :func:`decode` reads.
"""

import dataclasses
import json
from typing import TYPE_CHECKING, Any, TypeVar, overload

import msgspec

from lmcodec.codecs._buffers import encode_reusing
from lmcodec.codecs._hooks import HOSTILE, hostile_error, unreadable_buffer
from lmcodec.errors import DecodeError, EncodeError, LmcodecError, UnsupportedTypeError, ValidationError
from lmcodec.llm._json_values import is_json, json_value
from lmcodec.llm._struct import LlmStruct, keep_json_values
from lmcodec.llm.reading import reader_for
from lmcodec.llm.types import (
    Attachment,
    AttachmentPart,
    Message,
    Part,
    Prompt,
    ReasoningPart,
    Response,
    TextPart,
    ToolCallPart,
    ToolResultPart,
    Usage,
)
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire._types import NonFiniteFloat

if TYPE_CHECKING:
    from typing_extensions import TypeForm

__all__ = ["NonFiniteFloat", "decode", "encode", "from_builtins", "to_builtins"]

T = TypeVar("T")
Buffer = bytes | bytearray | memoryview | str

_PART_CLASSES: frozenset[Any] = frozenset(
    (TextPart, ReasoningPart, ToolCallPart, ToolResultPart, AttachmentPart)
)
_TARGETS: tuple[Any, ...] = (Response, Prompt, Message, Part, Attachment, Usage, *_PART_CLASSES)

# A single part class is decoded through the union so that the ``type`` key is
# required and checked, as llm's Part.from_dict requires it.
_DECODERS: dict[Any, msgspec.json.Decoder[Any]] = {
    t: msgspec.json.Decoder(Part if t in _PART_CLASSES else t, float_hook=float_literal) for t in _TARGETS
}
_DECODE_RESPONSE = _DECODERS[Response].decode
_OWN_TYPES: frozenset[Any] = frozenset((Response, Prompt, Message, Attachment, Usage, *_PART_CLASSES))
_CONVERT_TARGET: dict[Any, Any] = {t: Part if t in _PART_CLASSES else t for t in _TARGETS}


def _keep_json_values(obj: LlmStruct, path: str) -> None:
    """Each JSON value in a tree of Structs from llm's values as llm's ``json.dumps`` writes it
    (:func:`~lmcodec.llm._struct.keep_json_values` of each Struct; ``path`` is ``obj``'s).
    ``msgspec.convert`` shares the caller's containers: a changed value is a copy."""
    keep_json_values(obj, path)
    for name in obj._children:
        value = getattr(obj, name)
        if isinstance(value, LlmStruct):
            _keep_json_values(value, f"{path}.{name}")
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, LlmStruct):
                    _keep_json_values(item, f"{path}.{name}[{i}]")


_NONFINITE = {
    "NaN": NonFiniteFloat("nan"),
    "Infinity": NonFiniteFloat("inf"),
    "-Infinity": NonFiniteFloat("-inf"),
}


def _parse_float(text: str) -> float:
    value = float(text)
    return value if value - value == 0.0 else NonFiniteFloat(value)  # 1e400 -> inf


def _enc_hook(obj: Any) -> Any:
    if type(obj) is NonFiniteFloat:
        return msgspec.Raw(obj.json_token())
    raise TypeError(f"Encoding objects of type {type(obj).__name__} is unsupported")


def _builtins_hook(obj: Any) -> Any:
    if type(obj) is NonFiniteFloat:
        return float(obj)
    raise TypeError(f"Encoding objects of type {type(obj).__name__} is unsupported")


_ANY_DECODER = msgspec.json.Decoder(float_hook=float_literal)
_ENCODER = msgspec.json.Encoder(enc_hook=_enc_hook)


def _unsupported(target: Any) -> UnsupportedTypeError:
    return UnsupportedTypeError(
        f"lmcodec.llm cannot decode into {target!r}: it reads lc.llm.Response, Prompt, Message, Part, "
        "one part class (TextPart, ReasoningPart, ToolCallPart, ToolResultPart, AttachmentPart), "
        "Attachment and Usage; lc.decode reads lmcodec's own types"
    )


def _parse(data: Buffer) -> Any:
    """Builtins of a JSON text, or of Python's json dialect (NaN, lone surrogates)."""
    try:
        return _ANY_DECODER.decode(data)
    except (msgspec.DecodeError, UnicodeEncodeError) as exc:
        first: BaseException = exc
    except HOSTILE as exc:
        raise hostile_error(exc, data) from None
    text = bytes(data) if isinstance(data, (bytearray, memoryview)) else data
    try:
        return json.loads(text, parse_constant=_NONFINITE.__getitem__, parse_float=_parse_float)
    except RecursionError as exc:
        raise hostile_error(exc, data) from None
    except ValueError:  # UnicodeDecodeError included
        raise DecodeError(str(first)) from None


def _unreadable(data: Any, exc: Exception) -> Exception:
    """What to raise for ``exc``, a ValueError or BufferError that is not msgspec's own: the
    TypeError naming a released or strided memoryview (as :func:`lmcodec.decode` words it),
    else ``exc`` itself."""
    return unreadable_buffer(data) or exc


def _read(target: Any, value: Any) -> Any:
    """llm's reading rules over a parsed value; a Python failure on odd input is a ValidationError."""
    try:
        return reader_for(target)(value, "$")
    except LmcodecError:
        raise
    except RecursionError as exc:
        raise hostile_error(exc, None, "value") from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError) as exc:
        raise ValidationError(f"cannot read the value as llm does: {type(exc).__name__}: {exc}") from exc


def _check_part_class(obj: Any, target: Any) -> Any:
    if type(obj) is not target:
        want = target.__struct_config__.tag
        got = type(obj).__struct_config__.tag
        raise ValidationError(f"Expected a `{want}` part, got `{got}`", "$.type")
    return obj


@overload
def decode(data: Buffer) -> Response: ...
@overload
def decode(data: Buffer, type: type[T]) -> T: ...
@overload
def decode(data: Buffer, type: "TypeForm[T]") -> T: ...
def decode(data: Buffer, type: Any = Response) -> Any:
    """Decode llm JSON into ``type`` (default ``Response``; also ``Prompt``, ``Message``,
    ``Part`` or one part class, ``Attachment``, ``Usage``).

    Accepts what llm's ``from_dict`` accepts and normalizes it the way llm does;
    raises :class:`lmcodec.errors.ValidationError` (with ``.path``) where llm
    raises, :class:`lmcodec.errors.DecodeError` for malformed JSON.
    """
    if type is Response:  # the common case: no lookups before the typed decode
        try:
            return _DECODE_RESPONSE(data)
        except (msgspec.DecodeError, *HOSTILE):  # msgspec.ValidationError included
            return _read(Response, _parse(data))
        except (ValueError, BufferError) as exc:  # not msgspec's: a released or strided view?
            raise _unreadable(data, exc) from None
    try:
        decoder = _DECODERS[type]
    except (KeyError, TypeError):
        raise _unsupported(type) from None
    try:
        obj = decoder.decode(data)
    except (msgspec.DecodeError, *HOSTILE):  # msgspec.ValidationError included
        return _read(type, _parse(data))
    except (ValueError, BufferError) as exc:  # not msgspec's: a released or strided view?
        raise _unreadable(data, exc) from None
    if type in _PART_CLASSES:
        return _check_part_class(obj, type)
    return obj


@overload
def from_builtins(value: Any) -> Response: ...
@overload
def from_builtins(value: Any, type: type[T]) -> T: ...
@overload
def from_builtins(value: Any, type: "TypeForm[T]") -> T: ...
def from_builtins(value: Any, type: Any = Response) -> Any:
    """Like :func:`decode`, from an already-parsed value (e.g. ``llm_response.to_dict()``).

    Unlike llm's ``from_dict``, which keeps references to the caller's dicts,
    the result holds its own copies of the containers.
    """
    try:
        target = _CONVERT_TARGET[type]
    except (KeyError, TypeError):
        raise _unsupported(type) from None
    plain = is_json(value)
    try:
        obj = msgspec.convert(value, target)
    except (msgspec.ValidationError, TypeError, ValueError, *HOSTILE):
        obj = _read(type, value)
    else:
        if type in _PART_CLASSES:
            obj = _check_part_class(obj, type)
    if not plain:  # a NaN, or a value llm's json.dumps refuses, somewhere in it
        _keep_json_values(obj, "$")
    return obj


def _refuse_foreign(obj: Any, function: str) -> None:
    """An EncodeError for what msgspec would write in a form that is not llm's: llm's own
    objects, another dataclass, lmcodec's canonical Structs. Builtins pass."""
    if isinstance(obj, LlmStruct):
        return
    cls = type(obj)
    name = f"{cls.__module__}.{cls.__qualname__}"
    package = cls.__module__.split(".")[0]
    if package == "llm":
        raise EncodeError(
            f"lc.llm.{function}() takes lc.llm's types, not llm's own {name}: "
            "convert it with lc.llm.from_llm(obj), the value of its to_dict()"
        )
    if package == "lmcodec" and isinstance(obj, msgspec.Struct):
        raise EncodeError(
            f"lc.llm.{function}() takes lc.llm's types, not lmcodec's canonical {name}: "
            f"lc.{function}() writes it; lc.llm.from_turn(turn) converts an lc.Turn to llm's format"
        )
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        raise EncodeError(
            f"lc.llm.{function}() cannot write a {name}: a dataclass is not a value of llm's format"
        )


def _as_llm_writes(obj: Any, function: str) -> Any:
    """``obj``, not a Struct of this package, as llm's ``json.dumps`` writes it: llm's objects and
    other dataclasses refused (:func:`_refuse_foreign`), anywhere in builtins too (msgspec writes
    a dataclass as its own JSON), a non-finite float kept as a NonFiniteFloat."""
    _refuse_foreign(obj, function)
    if isinstance(obj, LlmStruct) or is_json(obj):
        return obj
    return json_value(obj, "$", (LlmStruct,))


def to_builtins(obj: Any) -> Any:
    """The dict/list value of ``obj``: equal, key order included, to llm's ``to_dict()``."""
    if type(obj) not in _OWN_TYPES:
        obj = _as_llm_writes(obj, "to_builtins")
    return msgspec.to_builtins(obj, enc_hook=_builtins_hook)


def _encode_stdlib(value: Any) -> bytes:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=True)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: escape them, as json.dumps does by default
        return json.dumps(value, separators=(",", ":"), allow_nan=True).encode("ascii")


def encode(obj: Any) -> bytes:
    """Compact JSON of ``obj`` (a Struct of this package, or builtins), key order as llm's."""
    if type(obj) not in _OWN_TYPES:
        obj = _as_llm_writes(obj, "encode")
    try:
        return encode_reusing(_ENCODER.encode_into, obj)
    except UnicodeEncodeError:  # a lone surrogate: only Python's json can write it
        return _encode_stdlib(to_builtins(obj))
    except (TypeError, ValueError, OverflowError, RecursionError) as exc:  # as lc.encode: a value JSON
        # cannot spell (a MessagePack extension in a payload), nested past the stack, ...
        raise EncodeError(f"cannot be written as llm JSON: {exc}") from exc
