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
such a text is scanned escape by escape, which tells them apart)."""
_TOKEN: Final = re.compile(r"\\(u[0-9a-fA-F]{4}|[\s\S]?)")
"""One escape: ``\\uXXXX``, or a backslash and the character after it (none at the end)."""
_HEX: Final = frozenset("0123456789abcdefABCDEF")


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
    high = -1  # where a high surrogate's escape starts, until its low one follows
    for match in _TOKEN.finditer(text):
        escape, start = match.group(1), match.start()
        if high >= 0 and start != high + 6:  # text between the high surrogate and this escape
            raise _lone(text, high, provider)
        if len(escape) == 5:
            code = int(escape[1:], 16)
            if high >= 0:
                if 0xDC00 <= code <= 0xDFFF:
                    high = -1  # a pair
                    continue
                raise _lone(text, high, provider)
            if 0xD800 <= code <= 0xDBFF:
                high = start
            elif 0xDC00 <= code <= 0xDFFF:
                raise _lone(text, start, provider)
            continue
        rest = text[match.end() :]
        if not escape or (escape == "u" and len(rest) < 4 and _HEX.issuperset(rest)):
            return text[high if high >= 0 else start :]  # the next fragment completes it
        if high >= 0:  # another escape after the high surrogate
            raise _lone(text, high, provider)
    if high >= 0:
        if high + 6 == len(text):
            return text[high:]  # its low surrogate may come next
        raise _lone(text, high, provider)
    return ""


def _lone(text: str, at: int, provider: str) -> EncodeError:
    return EncodeError(
        f"cannot write the {provider} stream or body: tool call arguments spell a lone surrogate "
        f"(U+{text[at + 2 : at + 6].upper()}) as a JSON escape, which UTF-8 JSON cannot carry and "
        "the clients' JSON readers refuse"
    )
