"""Value checks shared by construction and decoding.

These are the rules a msgspec type annotation cannot say on its own: strict
JSON payloads, base64 shape, local paths. They raise TypeError/ValueError as
lm15's constructors do; during a decode msgspec turns those into a
ValidationError carrying the JSON path.
"""

from __future__ import annotations

import math
from pathlib import Path, PurePath, PureWindowsPath
from typing import Any, Final

__all__ = [
    "base64_payload",
    "check_base64",
    "check_json_object",
    "has_base64_shape",
    "is_json_value",
    "require_instance",
    "to_path",
    "wire_path",
]

_BASE64_ALPHABET: Final = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_WHITESPACE = (" ", "\n", "\r", "\t", "\v", "\f")


def is_json_value(value: Any) -> bool:
    """True when ``value`` is made only of strict JSON values (no NaN/inf, str keys).

    A container's scalar children are checked where they are met, not pushed on
    the stack: most of a payload is scalars, so the walk stays a tight loop. A
    dict is walked by ``items()``, its keys and values in one pass (one iterator,
    not a key loop and a values view: ~6% of a Gemini end chunk's walk)."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            for key, child in item.items():
                if type(key) is not str and not isinstance(key, str):
                    return False
                ckind = type(child)
                if ckind is str or ckind is int or ckind is bool or child is None:
                    continue
                if ckind is float:
                    if not math.isfinite(child):
                        return False
                    continue
                stack.append(child)
        elif kind is list:
            for child in item:
                ckind = type(child)
                if ckind is str or ckind is int or ckind is bool or child is None:
                    continue
                if ckind is float:
                    if not math.isfinite(child):
                        return False
                    continue
                stack.append(child)
        elif not _is_json_leaf(item):
            return False
    return True


def _is_json_leaf(item: Any) -> bool:
    """:func:`is_json_value` of a value that is not a dict or a list."""
    kind = type(item)
    if item is None or kind is bool or kind is int or kind is str:
        return True
    if kind is float or isinstance(item, float):
        return math.isfinite(item)
    return isinstance(item, (int, str))


def check_json_object(value: Any, field_name: str, *, required: bool = False) -> None:
    """Raise TypeError unless ``value`` is a strict JSON object (or None when optional)."""
    if value is None:
        if required:
            raise TypeError(f"{field_name} must be a JSON object")
        return
    if not isinstance(value, dict):
        raise TypeError(f"{field_name} must be a JSON object")
    if not is_json_value(value):
        raise TypeError(f"{field_name} must contain only JSON-compatible values")


def base64_payload(data: str) -> str:
    """The base64 characters of a raw base64 string or ``data:`` URI, whitespace removed."""
    return _without_whitespace(_uri_payload(data))


def _uri_payload(data: str) -> str:
    """What follows the first ``;base64,`` of a ``data:`` URI; any other string as it is. One
    search from past ``data:`` (which holds no ``;``) and one slice."""
    if data.startswith("data:"):
        start = data.find(";base64,", 5)
        if start >= 0:
            return data[start + 8 :]
    return data


def _without_whitespace(payload: str) -> str:
    """``payload`` with every whitespace character (``str.split``'s) removed when it has
    surrounding whitespace or one of the six ASCII ones inside; else ``payload`` as it is."""
    stripped = payload.strip()
    if stripped != payload or any(ws in stripped for ws in _WHITESPACE):
        return "".join(stripped.split())
    return payload


def check_base64(owner: str, data: str) -> None:
    """Raise ValueError unless ``data`` has valid base64 shape (INV-011/012).

    An ASCII payload (all but hostile input) is copied once (``str.encode``) and its alphabet
    deleted once (``bytes.translate``): the leftover, usually empty, tells padding, whitespace
    and strangers apart (:func:`_ascii_base64_shape`). Any other payload takes the general rule,
    whitespace removed by ``str.split`` first (:func:`_without_whitespace`): red team 47 F02."""
    if data == "":
        raise ValueError(f"{owner}.data cannot be empty")
    payload = _uri_payload(data)
    if payload.isascii():
        valid = _ascii_base64_shape(payload)
    else:
        payload = _without_whitespace(payload)
        valid = len(payload) % 4 == 0 and has_base64_shape(payload)
    if not valid:
        raise ValueError(f"{owner}.data must be a valid base64 string")


_ASCII_WHITESPACE: Final = b" \t\n\r\v\f\x1c\x1d\x1e\x1f"
"""What ``str.split()`` and ``str.strip()`` remove from an ASCII string."""
_SEPARATORS: Final = "\x1c\x1d\x1e\x1f"
"""The ASCII whitespace outside ``_WHITESPACE``: removed only from a payload it surrounds
or one holding one of ``_WHITESPACE``."""


def _ascii_base64_shape(payload: str) -> bool:
    """:func:`_without_whitespace` then the shape check, for an ASCII ``payload``, in one pass."""
    raw = payload.encode("ascii")
    left = raw.translate(None, _BASE64_ALPHABET)
    if left and left.strip(b"=") and _whitespace_removed(payload, left):
        raw = raw.translate(None, _ASCII_WHITESPACE)
        left = left.translate(None, _ASCII_WHITESPACE)
    if len(raw) % 4:
        return False
    return not left or (len(left) <= 2 and not left.strip(b"=") and raw.endswith(left))


def _whitespace_removed(payload: str, left: bytes) -> bool:
    """Whether :func:`_without_whitespace` removes the whitespace of an ASCII ``payload`` whose
    characters outside the alphabet are ``left``."""
    if any(ord(ws) in left for ws in _WHITESPACE):
        return True
    return payload[0] in _SEPARATORS or payload[-1] in _SEPARATORS


def has_base64_shape(payload: str) -> bool:
    """lm15's ``_BASE64_RE.fullmatch(payload)`` (``^[A-Za-z0-9+/]*={0,2}$``) by a C-speed deletion
    of the alphabet: Python's regex engine took ~141 us per 64 KiB payload, 62% of decoding a request
    carrying images (red team 17 F10); this takes ~30 us."""
    if not payload.isascii():
        return False
    body = payload.rstrip("=")
    if len(payload) - len(body) > 2:
        return False
    return not body.encode("ascii").translate(None, _BASE64_ALPHABET)


def to_path(value: Any, owner: str) -> Path:
    """A local path as lm15 stores it: a pathlib.Path, never empty."""
    if isinstance(value, Path):
        return value
    if not isinstance(value, (str, PurePath)) and not hasattr(value, "__fspath__"):
        raise TypeError(f"{owner} path must be a string or path")
    if str(value) == "":
        raise ValueError(f"{owner} path cannot be empty")
    return Path(value)


def wire_path(path: PurePath) -> str:
    """A path on the wire: ``/`` as the separator on every OS (INV-009)."""
    text = str(path)
    return text.replace("\\", "/") if isinstance(path, PureWindowsPath) else text


def require_model(kwargs: dict[str, Any]) -> None:
    """lm15's first check of every model request: ``model`` a non-empty string (ValueError)."""
    model = kwargs.get("model")
    if not isinstance(model, str) or not model:
        raise ValueError("model is required")


def require_model_and_prompt(kwargs: dict[str, Any]) -> None:
    """lm15's first checks of the image, speech and video requests, in its order and kinds."""
    require_model(kwargs)
    prompt = kwargs.get("prompt")
    if not isinstance(prompt, str):
        raise TypeError("prompt must be a string")
    if not prompt:
        raise ValueError("prompt is required")


def require_instance(value: Any, cls: type, argument: str, *, optional: bool = False) -> None:
    """An argument of the API that must be one of lmcodec's Structs (``None`` too if
    ``optional``): a TypeError naming what was given and how to convert it (a dict, or
    lm15's dataclass of the same name, would otherwise fail later on a missing attribute)."""
    if isinstance(value, cls) or (optional and value is None):
        return
    name = cls.__name__
    given = type(value)
    if given.__module__.split(".")[0] == "lm15":
        hint = "; convert lm15's with lc.from_lm15(...)"
    elif isinstance(value, dict):
        hint = f"; read a dict with lc.from_builtins(value, lc.{name})"
    else:
        hint = ""
    expected = f"an lc.{name}" + (" or None" if optional else "")
    module = "" if given.__module__ == "builtins" else f"{given.__module__}."
    raise TypeError(f"{argument} must be {expected}, not {module}{given.__qualname__}{hint}")
