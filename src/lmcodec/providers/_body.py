"""A complete (non-streamed) body through a provider's ``parse_response``, lm15's crashes as DecodeErrors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lmcodec.errors import DecodeError, LmcodecError
from lmcodec.providers._json import load_body
from lmcodec.providers._mapper import wire_model
from lmcodec.wire import Request

__all__ = ["guarded", "parse_body"]

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
    """A provider's ``parse_response``: ``parse(data, model, request)`` over the body's JSON value,
    ``model`` the request's without the ``"<provider>:"`` prefix, guarded as :func:`guarded` says."""
    return guarded(provider, parse, load_body(body), wire_model(request, provider), request)
