"""A complete (non-streamed) body through a provider's ``parse_response``, lm15's crashes as DecodeErrors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from lmcodec.errors import DecodeError, LmcodecError
from lmcodec.providers._json import load_body
from lmcodec.providers._mapper import wire_model
from lmcodec.wire import Request, Response
from lmcodec.wire._float_literals import decode_any

__all__ = ["body_response", "guarded", "parse_body"]

_LM15_CRASHES = (AttributeError, TypeError, ValueError, KeyError, IndexError, OverflowError, RecursionError)


def guarded(provider: str, parse: Callable[..., Any], *args: Any) -> Any:
    """Run a complete-body parser; a plain Python exception (lm15 would let its
    ``AttributeError``/``TypeError``/... escape) becomes a :class:`DecodeError`."""
    try:
        return parse(*args)
    except LmcodecError:
        raise
    except (
        AttributeError,
        TypeError,
        ValueError,
        KeyError,
        IndexError,
        OverflowError,
        RecursionError,
    ) as exc:
        raise DecodeError(
            f"{provider}: the body cannot be read as lm15 reads it: {type(exc).__name__}: {exc}"
        ) from exc


def parse_body(provider: str, parse: Callable[..., Any], body: bytes, request: Request | None) -> Any:
    """A provider's ``parse_response``: ``parse(data, model, request, strict)`` over the body's JSON
    value, ``model`` the request's without the ``"<provider>:"`` prefix, ``strict`` whether msgspec
    read it (see :func:`body_response`), guarded as :func:`guarded` says."""
    try:
        data, strict = decode_any(body), True
    except (msgspec.DecodeError, RecursionError):  # NaN, 1e400, past 64 bits...: as lm15 reads it
        data, strict = load_body(body), False
    return guarded(provider, parse, data, wire_model(request, provider), request, strict)


def body_response(strict: bool, provider_data: dict[str, Any], **fields: Any) -> Response:
    """``Response(**fields, provider_data=provider_data)``, the body (and what was not mapped) as
    provider_data. Where msgspec read the body (``strict``) it is strict JSON (string keys, finite
    numbers), so the checked constructor's walk of it (``is_json_value``, the whole body again:
    red team 6 F02) is left out: the other fields are checked by the constructor, then the body is
    set (``__post_init__`` runs again). A body ``json.loads`` read is checked as given."""
    if not strict:
        return Response(**fields, provider_data=provider_data)
    response: Response = msgspec.structs.replace(Response(**fields), provider_data=provider_data)
    return response
