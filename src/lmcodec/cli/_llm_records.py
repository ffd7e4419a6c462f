"""What ``--from llm`` takes as an llm record: a line llm's reader reads *and* that has the
shape llm writes.

llm 0.36's ``Response.from_dict`` reads any JSON object with a string ``model`` (a missing
``prompt`` or ``messages`` defaults to empty), and so does :func:`lmcodec.llm.decode`, which
follows it. The command line cannot stop there: a provider's response body (``model``,
``content``) read so becomes a turn whose answer is empty, and a canonical Request (``model``,
``messages``) one whose answer is the user's prompt, each "converted" with status 0 (red team
54 F01). So a record counts as llm's when it holds a ``prompt`` (``to_dict`` always writes one),
or, without one, ``messages`` that are all the assistant's (``to_dict``'s top-level messages are
the answer's); any other line is a bad record, with the reason.
"""

from __future__ import annotations

import json
from typing import Any, Final

import msgspec

import lmcodec as lc
from lmcodec.wire._float_literals import float_literal

__all__ = ["read_llm_record"]


class _Shape(msgspec.Struct):
    """The keys of llm's records that tell them from other JSON objects with a ``model``."""

    prompt: msgspec.Raw = msgspec.field(default_factory=msgspec.Raw)
    messages: msgspec.Raw = msgspec.field(default_factory=msgspec.Raw)


_shape: Final = msgspec.json.Decoder(_Shape, float_hook=float_literal)

_NO_PROMPT: Final = 'not an llm record: it has no "prompt"'


def read_llm_record(line: bytes) -> Any:
    """``line`` read as ``lc.llm.Response`` by llm's own rules (NaN, lone surrogates), refused
    with ``lc.ValidationError`` when it is not shaped as llm writes its records."""
    import lmcodec.llm as llm

    record = llm.decode(line, llm.Response)
    has_prompt, has_messages = _keys(line)
    if has_prompt:
        return record
    if not has_messages:
        raise lc.ValidationError(
            f'{_NO_PROMPT} and no "messages" (llm\'s Response.to_dict writes both): '
            "a provider's response body, or a canonical record?"
        )
    roles = sorted({message.role for message in record.messages} - {"assistant"})
    if roles:
        raise lc.ValidationError(
            f'{_NO_PROMPT}, and its "messages" (llm\'s answer) hold a {roles[0]} message: '
            "a canonical Request? (--from lm15 --type Request)",
            "$.messages",
        )
    return record


def _keys(line: bytes) -> tuple[bool, bool]:
    """Whether the JSON object ``line`` (one llm's reader read) has a ``prompt``, a ``messages``."""
    try:
        shape = _shape.decode(line)
    except (msgspec.DecodeError, UnicodeEncodeError, RecursionError):  # Python's dialect (NaN): llm reads it
        value = json.loads(line, parse_constant=float)
        return "prompt" in value, "messages" in value
    return len(shape.prompt) > 0, len(shape.messages) > 0
