"""Canonical JSON (the lm15 1.5.0 wire format) and its builtins form.

Every decode failure is an :class:`lmcodec.LmcodecError`: a
:class:`~lmcodec.ValidationError` with the JSON path of the offending value, or
a :class:`~lmcodec.DecodeError` with the byte offset of malformed input
(``docs/hostile-input.md`` lists the outcome of each kind of hostile input).
The strict decoder always runs first; the lenient and ``unknown="keep"``
readers run only after it has failed, so canonical input never pays for them.

The decoders are generic in their target: ``decode(data, Request)`` is a
``Request`` to a type checker (the ``type[T]`` overload, which every checker
reads) and ``decode(data, Part)`` the ``Part`` union (the ``TypeForm[T]``
overload of PEP 747: mypy with TypeForm on, as by default since 2026, and
pyright; a checker without it cannot infer a union target, so annotate the
variable there). ``typing_extensions`` is needed by type checkers only.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Literal, TypeVar, overload

import msgspec

from lmcodec.codecs import _keep, _keep_json, _nonfinite
from lmcodec.codecs import lenient as _lenient
from lmcodec.codecs._buffers import encode_reusing
from lmcodec.codecs._convert import convert, convert_wire
from lmcodec.codecs._hooks import (
    HOSTILE,
    LONE_SURROGATE,
    NOT_FINITE,
    dec_hook,
    decode_error,
    enc_hook,
    hostile_error,
    json_with_surrogates,
    raise_encode_error,
    unreadable_buffer,
)
from lmcodec.codecs._last_value import last_values
from lmcodec.codecs._targets import refused, resolve, schema_of_members, wire_target
from lmcodec.codecs._top_level import top_level
from lmcodec.errors import DecodeError, LmcodecError, UnsupportedTypeError, ValidationError
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire._types import TagGuard
from lmcodec.wire.unknown import Unknown

if TYPE_CHECKING:
    from typing_extensions import TypeForm

__all__ = ["decode", "encode", "from_builtins", "schema", "to_builtins"]

T = TypeVar("T")
OnUnknown = Literal["error", "keep"]

_encoder = msgspec.json.Encoder(enc_hook=enc_hook)
_decoders: dict[Any, msgspec.json.Decoder[Any]] = {}
_raw_decoder = msgspec.json.Decoder(float_hook=float_literal)
# Python-side failures of a conversion of arbitrary values (hostile or odd builtins).
_CONVERT_ERRORS = (TypeError, ValueError, AttributeError, KeyError, IndexError, *HOSTILE)


_STRUCT_META: Final = type(msgspec.Struct)
"""The class of a Struct class: a target decode and msgspec.convert read alike (no judging)."""


def decoder_for(tp: TypeForm[T]) -> msgspec.json.Decoder[T]:
    """The one shared Decoder of a target type, built on first use (a wire type form: see
    :func:`~lmcodec.codecs._targets.wire_target`)."""
    dec: msgspec.json.Decoder[T] | None = _decoders.get(tp)
    if dec is None:
        wire_target(tp)
        dec = _built(tp)
    return dec


def _built(tp: TypeForm[T]) -> msgspec.json.Decoder[T]:
    """The Decoder of any target msgspec reads (lmcodec's own Structs too), kept; a target it
    cannot read is an UnsupportedTypeError."""
    dec: msgspec.json.Decoder[T] | None = _decoders.get(tp)
    if dec is None:
        target = resolve(tp)
        try:
            dec = _decoders[tp] = msgspec.json.Decoder(target, dec_hook=dec_hook, float_hook=float_literal)
        except TypeError as exc:
            raise refused(tp, exc) from None
    return dec


def encode(obj: Any, *, include_provider_data: bool = False) -> bytes:
    """Canonical JSON bytes of a wire object (or a list/tuple of them).

    ``Response.provider_data`` (a provider's raw last frame or body) is written only with
    ``include_provider_data=True`` or inside a Turn or BatchEntry, as lm15 writes it: a bare
    Response read from a provider does not read back equal without it.
    """
    try:
        return encode_reusing(_encoder.encode_into, top_level(obj, include_provider_data))
    except (TypeError, ValueError, OverflowError, RecursionError) as exc:
        escaped = (
            json_with_surrogates(obj, include_provider_data) if isinstance(exc, UnicodeEncodeError) else None
        )
        if escaped is None:
            raise_encode_error(exc)
        return escaped  # a lone surrogate, spelled as its \udXXXX escape as json.dumps does


def encode_into(obj: Any, buffer: bytearray, offset: int = 0) -> None:
    """Write canonical JSON of ``obj`` into ``buffer`` at ``offset`` (see msgspec's encode_into)."""
    try:
        _encoder.encode_into(top_level(obj, False), buffer, offset)
    except (TypeError, ValueError, OverflowError, RecursionError) as exc:
        raise_encode_error(exc)


Buffer = bytes | bytearray | memoryview | str


@overload
def decode(data: Buffer, type: type[T], *, lenient: bool = False, unknown: OnUnknown = "error") -> T: ...
@overload
def decode(data: Buffer, type: TypeForm[T], *, lenient: bool = False, unknown: OnUnknown = "error") -> T: ...
def decode(data: Buffer, type: TypeForm[T], *, lenient: bool = False, unknown: OnUnknown = "error") -> T:
    """Decode canonical JSON into ``type`` (a wire class or union), validating every rule.

    ``lenient=True`` also accepts the tolerant input forms lm15's from_dict
    accepts. ``unknown="keep"`` reads a part, delta, stream event or tool of an
    unknown ``type`` tag, at any depth, as an :class:`~lmcodec.UnknownPart` /
    ``UnknownDelta`` / ``UnknownEvent`` / ``UnknownTool`` holding its raw JSON
    (re-encoded byte-exact); the default ``"error"`` rejects it, as lm15 does.
    The return type leaves the Unknown* items out: with ``"keep"``, a union
    target may come back as one, and any part or event inside may be one.
    Canonical input never pays for either: the strict decoder runs first.
    """
    if unknown != "error":  # a misspelt option fails at the call, not at the first unknown tag
        _check_unknown(unknown)
    try:
        try:
            return decoder_for(type).decode(data)
        except msgspec.ValidationError as exc:
            if NOT_FINITE not in str(exc):
                raise
            # A far logprob: the bound stopped msgspec's slow path at one; the builtins' reading
            # raises what the strict decoder would have met after it (a NaN, 1e400, bad JSON).
            far: T | None = _far_logprobs(data, type)
            if far is None:
                raise
            return far
    except msgspec.ValidationError as exc:
        first = exc
    except msgspec.DecodeError as exc:
        if _nonfinite.has_tokens(data):
            try:
                value: T | None = _non_finite_logprobs(data, type)
            except _nonfinite.OutOfRange:  # 1e400 beside them: refused as alone
                if unknown == "keep":  # the keeping reader's error at it, past an unknown item
                    _keep_json.decode_stood_in(data, type, decoder_for(type))
                raise _out_of_range(data, type) from None
            if value is None and unknown == "keep":  # beside an unknown item
                value = _keep_json.decode_stood_in(data, type, decoder_for(type))
            if value is not None:
                if lenient:
                    return value
                raise DecodeError(f"{decode_error(exc, data)}{_NOT_CANONICAL}") from exc
        error = decode_error(exc, data)
        if lenient and LONE_SURROGATE in str(error):  # what encode writes for a lone surrogate
            read: T = _read_as_python_json(data, type, unknown, error)
            return read
        raise error from exc
    except BufferError as exc:  # msgspec reads a buffer in place: a strided view has no single span
        raise TypeError(f"a C-contiguous bytes-like object is required ({exc})") from None
    except TypeError as exc:
        if isinstance(exc, LmcodecError) or isinstance(data, (bytes, bytearray, memoryview, str)):
            raise
        raise _not_json_text(data, type) from None
    except HOSTILE as exc:
        raise hostile_error(exc, data) from exc
    except ValueError:  # after HOSTILE: a UnicodeError is a ValueError too
        wrong = unreadable_buffer(data)  # a released memoryview
        if wrong is None:
            raise
        raise wrong from None
    result: T = _fallback(data, type, first, lenient, unknown, True)
    return result


_NOT_CANONICAL: Final = (
    ": a non-finite logprob (NaN/Infinity, as lm15 writes it) is not canonical JSON; "
    "decode with lenient=True to read it"
)


def _not_json_text(data: object, tp: Any) -> UnsupportedTypeError:
    """lc.decode given what is no JSON text (a dict parsed already: red team 54 F04)."""
    name = getattr(tp, "__name__", "the type")
    return UnsupportedTypeError(
        f"lc.decode reads JSON text (bytes or str), not {type(data).__name__}: read a parsed value "
        f"with lc.from_builtins(value, {name})"
    )


def _far_logprobs(data: Any, tp: Any) -> Any:
    """``data`` read when what the strict decoder refused is a far logprob (1e289 and up, which
    its bound refuses at the first: one number on msgspec's slow path), else None: its builtins
    read with the float hook (``float``'s speed, msgspec's values and errors: malformed JSON, a
    NaN, ``Number out of range``), then converted with the far logprobs stood in for."""
    try:
        value = _raw_decoder.decode(data)
    except msgspec.ValidationError as exc:  # out of range: msgspec's error at the typed path
        raise _nonfinite.typed_error(data, decoder_for(tp)) or exc from None
    read = _nonfinite.convert(value, tp, dec_hook)
    if read is None:  # another fault: the strict decoder's refusal of it, at its typed path
        fault = _nonfinite.typed_error(data, decoder_for(tp))
        if fault is not None:
            raise fault
    return read


def _non_finite_logprobs(data: Any, tp: Any) -> Any:
    """``data`` read when its only departure from JSON is NaN/Infinity logprobs (as lm15 writes
    them), else None: by the typed decoder with the tokens stood in for, else (a reading it
    refuses, such as a lone surrogate escape) as builtins from ``json.loads``."""
    value = _nonfinite.decode_json(data, tp, decoder_for(tp))
    if value is not None:
        return value
    parsed = _nonfinite.parse(data)
    return None if parsed is None else _nonfinite.convert(parsed, tp, dec_hook)


def _out_of_range(data: Any, tp: Any) -> LmcodecError:
    """The refusal of a literal past the double range that Python's JSON reading (its way past a
    NaN logprob or a lone surrogate escape) met: the strict decoder's, as for the literal alone."""
    return decode_error(_nonfinite.range_error(data, decoder_for(tp)), data)


def _read_as_python_json(data: Any, tp: Any, unknown: OnUnknown, error: LmcodecError) -> Any:
    """``lenient=True`` on JSON holding a lone surrogate escape: read as lm15 reads it,
    ``json.loads`` then its tolerant forms (``error`` stands when ``json.loads`` refuses it)."""
    try:
        parsed = _nonfinite.parse(data)  # json.loads reads lone surrogate escapes
    except _nonfinite.OutOfRange:
        raise _out_of_range(data, tp) from None
    if parsed is None:
        raise error
    return from_builtins(parsed, tp, lenient=True, unknown=unknown)


def _fallback(
    data: Any, tp: Any, first: msgspec.ValidationError, lenient: bool, unknown: OnUnknown, rewrite: bool
) -> Any:
    """After the strict decoder failed validation: the readers below; when they refuse ``data`` too
    and an object of it repeats a key (``rewrite``), ``data`` with the last value of each (H9: as
    ``json.loads``, where msgspec checked every value), else their refusal."""
    try:
        return _fallback_readers(data, tp, first, lenient, unknown)
    except (ValidationError, DecodeError) as refused:
        if not rewrite:
            raise
        rewritten = last_values(data, refused.path if isinstance(refused, ValidationError) else None)
        if rewritten is None:
            raise
        again: msgspec.ValidationError | None = None
        try:  # decode's steps, but no key repeats in a text last_values wrote: not scanned again
            return decoder_for(tp).decode(rewritten)
        except msgspec.ValidationError as exc:
            again = exc
        except (msgspec.DecodeError, *HOSTILE):
            pass
        if again is not None:
            try:
                return _fallback(rewritten, tp, again, lenient, unknown, False)
            except (ValidationError, DecodeError):
                pass
        raise


def _fallback_readers(
    data: Any, tp: Any, first: msgspec.ValidationError, lenient: bool, unknown: OnUnknown
) -> Any:
    """The unknown-keeping and lenient readers.

    The strict decoder stops at its first fault, so a lone surrogate escape after it (which the
    readers of JSON bytes refuse) is met here: with ``lenient``, such input is read as Python's
    JSON reads it."""
    keep = _check_unknown(unknown)
    if keep:
        try:
            return _keep_json.decode(data, tp, first)
        except ValidationError as refused:
            if NOT_FINITE in str(refused):  # a far or non-finite logprob beside an unknown item
                kept = _keep_json.decode_stood_in(data, tp, decoder_for(tp))
                if kept is not None:
                    return kept
            if not lenient or str(refused).startswith(_nonfinite.OUT_OF_RANGE):  # (no reader takes 1e400)
                raise
        except DecodeError as exc:
            if _nonfinite.has_tokens(data):  # a NaN/Infinity logprob after the unknown item
                kept = _keep_json.decode_stood_in(data, tp, decoder_for(tp))
                if kept is not None:
                    if lenient:
                        return kept
                    raise DecodeError(f"{exc}{_NOT_CANONICAL}") from exc
                try:
                    _nonfinite.parse(data)
                except _nonfinite.OutOfRange:  # 1e400 beside them: refused as alone
                    raise _out_of_range(data, tp) from None
            if not (lenient and LONE_SURROGATE in str(exc)):
                raise
            return _read_as_python_json(data, tp, unknown, exc)
    if not lenient:
        raise decode_error(first, data) from first
    try:
        value = _lenient.read(data)  # long arrays left to be read an item at a time
    except msgspec.DecodeError as exc:
        if LONE_SURROGATE in str(decode_error(exc, data)):
            return _read_as_python_json(data, tp, unknown, decode_error(first, data))
        raise decode_error(first, data) from first
    except HOSTILE:
        raise decode_error(first, data) from first
    return _from_lenient(value, tp, decode_error(first, data), keep, data)


def _check_unknown(unknown: str) -> bool:
    if unknown == "error":
        return False
    if unknown == "keep":
        return True
    raise ValueError(f"unknown must be 'error' or 'keep', not {unknown!r}")


def to_builtins(obj: Any, *, include_provider_data: bool = False) -> Any:
    """The JSON-compatible value of ``obj``: equal to lm15's ``*_to_dict`` output.

    ``Response.provider_data`` (a provider's raw last frame or body) is written only with
    ``include_provider_data=True`` or inside a Turn or BatchEntry, as lm15 writes it: a bare
    Response read from a provider does not read back equal without it.
    """
    data = encode(obj, include_provider_data=include_provider_data)
    try:
        return _raw_decoder.decode(data)
    except msgspec.DecodeError:  # a non-finite logprob, written NaN/Infinity as lm15 writes it
        return json.loads(data)


@overload
def from_builtins(value: Any, type: type[T], *, lenient: bool = False, unknown: OnUnknown = "error") -> T: ...
@overload
def from_builtins(
    value: Any, type: TypeForm[T], *, lenient: bool = False, unknown: OnUnknown = "error"
) -> T: ...
def from_builtins(value: Any, type: TypeForm[T], *, lenient: bool = False, unknown: OnUnknown = "error") -> T:
    """Build ``type`` (a wire type form) from a JSON-compatible value (lm15's ``*_from_dict``).

    ``lenient`` and ``unknown`` as for :func:`decode`; an unknown item read
    from builtins holds its value (it is written as canonical JSON, not
    byte-exact). Values under opaque fields (``DataPart.value``,
    ``ToolCallPart.input``, ...) are taken as given, unchecked.
    """
    result: T = _from_builtins(value, type, lenient, unknown, convert_wire)
    return result


def read_builtins(value: Any, type: TypeForm[T], *, lenient: bool = False, unknown: OnUnknown = "error") -> T:
    """:func:`from_builtins` with the target unjudged: for lmcodec's own readers, whose targets
    (``llm/_turn_channel.TurnChannel``) are its own."""
    result: T = _from_builtins(value, type, lenient, unknown, convert)
    return result


def _from_builtins(
    value: Any, type: Any, lenient: bool, unknown: OnUnknown, converted: Callable[[Any, Any], Any]
) -> Any:
    strict: LmcodecError
    if unknown != "error":  # a misspelt option fails at the call, not at the first unknown tag
        _check_unknown(unknown)
    try:
        obj = converted(value, type)
    except UnsupportedTypeError:  # the target (convert_wire), not the value
        raise
    except msgspec.ValidationError as exc:
        if not isinstance(type, _STRUCT_META):  # judged as decode judges it (convert resolves "int")
            _built(type)
        first: Exception = exc
        strict = decode_error(exc)
    except (*_CONVERT_ERRORS, NameError) as exc:
        # A target no codec reads is an UnsupportedTypeError (API misuse), not bad input; a type
        # given as a string ("Turn", list["Turn"]) is a NameError from msgspec.convert.
        _built(type)
        if not (lenient and isinstance(exc, UnicodeEncodeError)):
            raise _convert_error(exc) from exc
        # A lone surrogate where msgspec needs a string's UTF-8 (a vocabulary word, a union's
        # choice): lm15's tolerant forms may move or drop it (a bare string becomes a part's text).
        first, strict = exc, _convert_error(exc)
    else:
        # A target decode refuses but convert resolves itself ("int", list["int"]: R06) is judged
        # as decode judges it; a Struct result (a wire class or union of them) needs no judging.
        if not isinstance(obj, msgspec.Struct) and not isinstance(type, _STRUCT_META):
            _built(type)
        return obj
    if NOT_FINITE in str(first):  # a NaN/inf logprob, which lm15's from_dict takes
        finite: Any = _nonfinite.convert(value, type, dec_hook)
        if finite is not None:
            return finite
    keep = _check_unknown(unknown)
    if keep:
        try:
            kept: Any = _keep.from_builtins(value, type)
            return kept
        except DecodeError:
            if not lenient:
                raise
    if not lenient:
        raise strict from first
    read: Any = _from_lenient(value, type, strict, keep)
    return read


def _convert_error(exc: BaseException) -> LmcodecError:
    if isinstance(exc, RecursionError):
        return hostile_error(exc, None, "value")
    return ValidationError(f"cannot convert the value: {type(exc).__name__}: {exc}")


def _from_lenient(value: Any, tp: Any, strict: LmcodecError, keep: bool, data: Any = None) -> Any:
    """lm15's tolerant forms rewritten to canonical ones, then validated; else the strict error
    stands. ``value`` as :func:`lenient.read` gives it when read from JSON ``data``."""
    try:
        normalized = _lenient.normalize(value, tp)
    except _lenient.Rejected:
        raise strict from None
    except _CONVERT_ERRORS:
        raise strict from None
    try:
        return convert(normalized, tp)
    except msgspec.ValidationError as exc:
        if keep:
            if data is not None:  # normalized holds converted items: read it whole as builtins
                normalized = _lenient.normalize(_raw_decoder.decode(data), tp)
            return _keep.from_builtins(normalized, tp)
        raise decode_error(exc) from exc
    except _CONVERT_ERRORS as exc:
        raise _convert_error(exc) from exc


def schema(type: Any) -> dict[str, Any]:
    """The JSON Schema of a wire type; of a union whose members no decoder can choose between
    (``lc.EndpointRequest``), the ``anyOf`` of the members' schemas.

    It says what msgspec checks in C: keys, JSON types, tags, Literal vocabularies and Meta
    constraints, so every value the strict decoder accepts validates against it. The converse does
    not hold: the rules the decoder runs in Python after that (lm15's invariants:
    a Response's message is the assistant's, ``retry_after`` is not negative, a ``json_object``
    response format has no schema, ...) are not in it; a value that validates may still be refused
    by ``lc.decode``, which stays the check of a record."""
    wire_target(type)
    target = resolve(type)
    try:
        out = msgspec.json.schema(target, schema_hook=_schema_hook)
    except TypeError as exc:
        members = typing.get_args(type) if typing.get_origin(type) in _UNIONS else ()
        if not members:
            raise refused(type, exc) from None
        out = schema_of_members(members, _schema_hook)
    defs = out.get("$defs", {})
    if _GUARD not in defs:
        return out
    del defs[_GUARD]
    without: dict[str, Any] = _without_guard(out)
    return without


_GUARD = TagGuard.__name__
_GUARD_REF = {"$ref": f"#/$defs/{_GUARD}"}


def _without_guard(node: Any) -> Any:
    """A schema with each ``tag_required(cls)`` union written as ``cls``: the guard is no value,
    and ``cls``'s own schema already requires its tag."""
    if isinstance(node, list):
        return [_without_guard(item) for item in node]
    if not isinstance(node, dict):
        return node
    choices = node.get("anyOf")
    if isinstance(choices, list) and _GUARD_REF in choices:
        (only,) = (choice for choice in choices if choice != _GUARD_REF)
        rest = {k: v for k, v in node.items() if k not in ("anyOf", "discriminator")}
        return {**only, **_without_guard(rest)}
    return {key: _without_guard(value) for key, value in node.items()}


_UNIONS = (typing.Union, types.UnionType)


def _schema_hook(tp: Any) -> dict[str, Any]:
    from pathlib import Path

    if tp is Path:
        return {"type": "string", "minLength": 1}
    if isinstance(tp, type) and issubclass(tp, Unknown):
        return {"type": "object"}
    raise NotImplementedError
