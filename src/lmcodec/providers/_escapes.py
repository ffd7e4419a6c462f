"""Tool-argument text that spells a lone surrogate as a JSON escape (``{"a":"\\ud800"}``).

The wires that stream a call's arguments as text (Chat and Responses ``arguments``, Anthropic
``input_json_delta``) get the text as it came. It is ASCII, but lm15 (``json.loads``) reads the
escape as a string holding U+D800, which no UTF-8 JSON carries, and the clients' partial-JSON
readers (jiter: the anthropic SDK's accumulator, the openai SDK's Chat accumulator for a strict
tool) raise ``ValueError`` on it. The writers refuse it as they refuse the character itself
(docs/writers.md), at the fragment that makes the surrogate lone, however the text is cut:
:func:`watch` carries to the call's next fragment the few characters an escape or a surrogate
pair may still need (at most a high surrogate's six and an unfinished escape's five), so each
character is looked at a bounded number of times. A fragment without a backslash costs one
substring search.
"""

from __future__ import annotations

import re
from typing import Final

from lmcodec.errors import EncodeError

__all__ = ["watch"]

_SURROGATE: Final = re.compile(r"\\u[dD][89a-fA-F]")
"""The start of a ``\\uD800``-``\\uDFFF`` escape (a backslash that is itself escaped matches too:
the run of backslashes before it tells them apart)."""
_HEX: Final = frozenset("0123456789abcdefABCDEF")
_PAIR_OR_SURROGATE: Final = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[dD][89a-fA-F]"
)
"""A surrogate pair's two escapes, else the start of a ``\\uD800``-``\\uDFFF`` escape."""


def watch(held: str, fragment: str, provider: str) -> str:
    """What to carry to the call's next fragment (``""`` but where ``fragment`` ends inside an
    escape or after a high surrogate), having checked ``held + fragment`` (``held``: what the
    previous call returned for the same tool call, ``""`` for its first fragment). Raises
    :class:`~lmcodec.EncodeError` naming the code point where a ``\\uD800``-``\\uDFFF`` escape is
    not half of a surrogate pair."""
    text = held + fragment if held else fragment
    if "\\" not in text:
        return ""
    if _SURROGATE.search(text) is None:
        return _open_escape(text)
    return _scan(text, provider)


def _open_escape(text: str) -> str:
    """The end of ``text`` that begins an escape the next fragment completes (``\\``, ``\\u``,
    ``\\uX``, ... ``\\uXXX``), else ``""``. A backslash ending an even run closes an escape."""
    k = text.rfind("\\", max(0, len(text) - 5))
    if k < 0:
        return ""
    after = text[k + 1 :]
    if after and (after[0] != "u" or not _HEX.issuperset(after[1:])):
        return ""
    i = k
    while i > 0 and text[i - 1] == "\\":
        i -= 1
    return "" if (k - i) % 2 else "\\" + after


def _scan(text: str, provider: str) -> str:
    """Check each ``\\uD800``-``\\uDFFF`` escape of ``text`` that is not half of a pair (pairs and
    candidates found by one C search; one spelled after an escaped backslash is text, not an
    escape): linear, and the rest of the text is never copied."""
    for match in _PAIR_OR_SURROGATE.finditer(text):
        at, end = match.span()
        if at and text[at - 1] == "\\" and not _starts_escape(text, at):
            if end - at == 12:  # "\\\\ud83d" is text: the "\\ude80" after it is a lone low half
                raise _lone(text, at + 6, provider)
            continue
        if end - at == 12:
            continue  # a surrogate pair
        digits = text[at + 2 : at + 6]
        if len(digits) < 4 or not _HEX.issuperset(digits):
            continue  # cut at the end (_open_escape holds it) or not a \\uXXXX escape
        if digits[1] in "cdefCDEF":
            raise _lone(text, at, provider)
        low = text[at + 6 : at + 12]  # not a low half's escape: the search would have paired it
        if len(low) < 6 and (not low or low == "\\" or (low[:2] == "\\u" and _HEX.issuperset(low[2:]))):
            return text[at:]  # the text is cut where the low half may follow
        raise _lone(text, at, provider)
    return _open_escape(text)


def _starts_escape(text: str, at: int) -> bool:
    """Whether the backslash at ``at`` starts an escape: it follows an even run of backslashes
    (each run is walked once, by the one surrogate-like escape that ends it)."""
    start = at
    while start and text[start - 1] == "\\":
        start -= 1
    return (at - start) % 2 == 0


def _lone(text: str, at: int, provider: str) -> EncodeError:
    return EncodeError(
        f"cannot write the {provider} stream or body: tool call arguments spell a lone surrogate "
        f"(U+{text[at + 2 : at + 6].upper()}) as a JSON escape, which UTF-8 JSON cannot carry and "
        "the clients' JSON readers refuse"
    )
