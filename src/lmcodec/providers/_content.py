"""Content helpers shared by the complete-body parsers and the ports: logprobs, unmapped paths,
judgments, citations."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from lmcodec.providers._mapper import new, replace
from lmcodec.wire import CitationPart, Request, TokenLogprob, TopLogprob
from lmcodec.wire.judgments import replace_text_with_data, schema_has_judgments

__all__ = [
    "attach_unmapped",
    "blocks",
    "citation_part",
    "judgment_parts",
    "openai_token_logprobs",
    "record_unmapped",
    "schema_has_judgments",
    "token_logprob",
    "top_logprob",
]


def _logprob_bytes(value: Any) -> tuple[int, ...] | None:
    """``tuple(value) if isinstance(value, list) else None``, checked as lm15's
    ``_validate_logprob_bytes`` checks it (ints only: no bool, no float)."""
    if not isinstance(value, list):
        return None
    for b in value:
        if isinstance(b, bool) or not isinstance(b, int) or b < 0:
            raise TypeError("bytes must contain non-negative ints")
    return tuple(value)


_TOKEN: Final = new(TokenLogprob, token="", logprob=0.0)
_TOP: Final = new(TopLogprob, token="", logprob=0.0)


def top_logprob(
    token: str, logprob: float, token_bytes: tuple[int, ...] | None, token_id: Any = None
) -> TopLogprob:
    """``TopLogprob(token=, logprob=, bytes=, token_id=)`` of a ``str`` token, a ``float`` logprob
    and checked bytes: a copy of a template (``replace``, no ``__post_init__`` on the class) where
    the checked constructor would take the values as given (a finite logprob, an int or no
    token_id), else the checked constructor itself, which coerces or refuses as lm15 does."""
    if logprob - logprob == 0.0 and (token_id is None or type(token_id) is int):
        built: TopLogprob = replace(_TOP, token=token, logprob=logprob, bytes=token_bytes, token_id=token_id)
        return built
    return TopLogprob(token=token, logprob=logprob, bytes=token_bytes, token_id=token_id)


def token_logprob(
    token: str,
    logprob: float,
    token_bytes: tuple[int, ...] | None,
    top: tuple[TopLogprob, ...],
    token_id: Any = None,
) -> TokenLogprob:
    """``TokenLogprob(...)`` as :func:`top_logprob` builds a TopLogprob (``top`` built by it)."""
    if logprob - logprob == 0.0 and (token_id is None or type(token_id) is int):
        built: TokenLogprob = replace(
            _TOKEN, token=token, logprob=logprob, bytes=token_bytes, token_id=token_id, top=top
        )
        return built
    return TokenLogprob(token=token, logprob=logprob, bytes=token_bytes, token_id=token_id, top=top)


def openai_token_logprobs(entries: Any) -> tuple[TokenLogprob, ...]:
    """lm15 ``common.openai_token_logprobs`` over plain values (what the checked constructors
    take, built as :func:`token_logprob` builds them)."""
    if not isinstance(entries, list):
        return ()
    out: list[TokenLogprob] = []
    for entry in entries:
        if not isinstance(entry, dict) or "token" not in entry or "logprob" not in entry:
            continue
        top: list[TopLogprob] = []
        for alt in entry.get("top_logprobs") or []:
            if not isinstance(alt, dict) or "token" not in alt or "logprob" not in alt:
                continue
            token, logprob = str(alt["token"]), float(alt["logprob"])
            top.append(top_logprob(token, logprob, _logprob_bytes(alt.get("bytes"))))
        token, logprob = str(entry["token"]), float(entry["logprob"])
        entry_bytes = _logprob_bytes(entry.get("bytes"))
        out.append(token_logprob(token, logprob, entry_bytes, tuple(top)))
    return tuple(out)


def record_unmapped(unmapped: list[dict[str, str]], path: str, typ: Any) -> None:
    """lm15 ``_record_unmapped``."""
    unmapped.append({"path": path, "type": str(typ or "<missing>")})


def attach_unmapped(data: dict[str, Any], unmapped: list[dict[str, str]]) -> dict[str, Any]:
    """lm15 ``_attach_unmapped``: ``data`` itself, or a shallow copy recording what was not mapped."""
    if not unmapped:
        return data
    out = dict(data)
    out["_lm15_unmapped"] = unmapped
    return out


def judgment_parts(parts: Sequence[Any], request: Request | None) -> tuple[Any, ...]:
    """lm15 ``replace_text_with_data(parts, request_judgments(request))``: the
    single TextPart of a judgment answer becomes a DataPart (``json.loads``: its
    RecursionError on a too deeply nested text escapes, as in lm15)."""
    if request is None or not schema_has_judgments(request.config.response_format):
        return tuple(parts)
    out = list(parts)
    replace_text_with_data(out, json.loads, (ValueError, TypeError))
    return tuple(out)


_BLOCKS_AS_ONE = 64


def blocks(value: Any, unmapped: list[dict[str, str]], path: str) -> Any:
    """``value`` where lm15 enumerates a list of blocks (content, parts, output items).

    A string or an object of more than 64 characters or keys there is recorded as one
    unmapped value and reads as no blocks: lm15 records one entry per character or key,
    which for a 5 MB string is five million dicts (seconds, and tens of times the input
    in memory). Shorter ones are enumerated as lm15 does."""
    if isinstance(value, (str, dict)) and len(value) > _BLOCKS_AS_ONE:
        record_unmapped(unmapped, path, type(value).__name__)
        return ()
    return value


_CITATION: Final = new(CitationPart, url="-")


def citation_part(url: str | None, title: str | None, text: str | None) -> CitationPart:
    """``CitationPart(url=url, title=title, text=text)`` for non-empty plain strs or None, one
    set (what its checks pass unchanged), copied from a template: ~0.2 us against ~2.8."""
    part: CitationPart = replace(_CITATION, url=url, title=title, text=text)
    return part
