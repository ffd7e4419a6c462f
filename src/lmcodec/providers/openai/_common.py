"""What lm15 1.5.0's two OpenAI dialects share when they build a request.

Text rendering of parts for text-only slots, media as data URIs, the MAP-6
prompt-cache fields, the MAP-14 probabilities note, refusals as
:class:`~lmcodec.ProviderError` with lm15's ``unsupported_feature`` code, and
the JSON encoding of the finished payload. Used by ``openai/build.py`` and
``openai_chat/build.py`` only.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from typing import Any, Final

import msgspec

from lmcodec.errors import ProviderError, ValidationError
from lmcodec.providers._build_common import (
    MEDIA_KINDS,
    data_part_text,
    encode_body,
    float_spelling_may_differ,
    is_box,
    model_without_prefix,
    note,
    parts_to_text,
    path_base64,
    unsupported,
)
from lmcodec.providers._compact_json import acyclic_json
from lmcodec.wire import (
    Adaptation,
    Message,
    Request,
    TextPart,
)
from lmcodec.wire.judgments import schema_has_judgments

__all__ = [
    "ENCODE_ERRORS",
    "MEDIA_KINDS",
    "AssistantMedia",
    "Notes",
    "Pending",
    "arguments_json",
    "cache_breakpoint_index",
    "cache_common_payload",
    "cache_stable_prefix",
    "check_message_media",
    "check_tool_result_media",
    "data_part_text",
    "encode_arguments",
    "encode_body",
    "lone_text_result",
    "media_base64",
    "media_data_uri",
    "model_without_prefix",
    "note",
    "note_unmeasurable_probabilities",
    "parts_to_text",
    "settle_arguments",
    "stdlib_arguments",
    "stdlib_spells_alike",
    "stdlib_text",
    "unsupported",
]

Notes = list[Adaptation]
"""The adaptations a build records, in lm15's order."""


# MAP-10: which media kinds a compat ``tool_result_media`` policy admits in a tool result.
TOOL_RESULT_MEDIA_ADMITS: Final[dict[str, frozenset[str]]] = {
    "native": frozenset({"image", "document"}),
    "images": frozenset({"image"}),
    "reject": frozenset(),
}
_MEDIA_DOORS: Final[dict[str, str]] = {
    "image": "the OpenAI Responses, Anthropic Messages and Gemini dialects "
    "(and the xai/moonshotai/zai chat presets)",
    "document": "the OpenAI Responses, Anthropic Messages and Gemini dialects",
}
_GPT_VERSION = re.compile(r"^gpt-(\d+)\.(\d+)")
# The first model class that takes ``prompt_cache_options`` (MAP-6, lm15 openai_model_has_cache_options).
CACHE_OPTIONS_SINCE: Final = (5, 6)

_encoder = msgspec.json.Encoder()


# msgspec writes what compact ``json.dumps`` writes (same escapes, same key order) except for
# floats in exponent form (``1e16`` / ``0.00001`` where Python writes ``1e+16`` / ``1e-05``) and,
# against ``ensure_ascii=True``, non-ASCII text and DEL (0x7f). Output holding none of these is taken as is;
# anything else (a string that merely looks like one included) goes through the stdlib encoder.
_ascii_json = json.JSONEncoder(separators=(",", ":"))
encode_arguments: Final = _encoder.encode
"""msgspec's text of a tool call's input, checked by :func:`settle_arguments` before it is sent."""
ENCODE_ERRORS: Final = (TypeError, UnicodeEncodeError, OverflowError)
"""What :data:`encode_arguments` raises for a value :data:`stdlib_arguments` may still write."""
stdlib_arguments: Final = _ascii_json.encode
"""lm15's own text of a tool call's input (``json.dumps``, ASCII escapes)."""


def arguments_json(value: Any) -> str:
    """A tool call's ``arguments`` string exactly as lm15 writes it (``json.dumps``, ASCII escapes)."""
    try:
        fast = _encoder.encode(value)
    except ENCODE_ERRORS:
        return _ascii_json.encode(value)
    if stdlib_spells_alike(fast):
        return fast.decode("ascii")
    return stdlib_text(fast, value)


_RESPELLED_AT_MOST: Final = 32
"""How many odd floats :func:`stdlib_text` respells in msgspec's bytes; more go to the stdlib."""
_STRING: Final = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NUMBER_REST: Final = re.compile(rb"[-+.0-9eE]*")
_DIGIT_E: Final = bytes(
    ord("0") if c in b"0123456789" else ord("e") if c in b"eE" else ord(" ") for c in range(256)
)


def _odd_floats(data: bytes) -> list[int]:
    """Where in ``data`` a float msgspec spells otherwise than ``json.dumps`` may be: each digit
    before ``e``/``E`` and each ``0.0000``, in order (plain substring search; strings included),
    or more than :data:`_RESPELLED_AT_MOST` places (the search stops there)."""
    marks: list[int] = []
    for needle, text in ((b"0e", data.translate(_DIGIT_E)), (b"0.0000", data)):
        at = text.find(needle)
        while at >= 0 and len(marks) <= _RESPELLED_AT_MOST:
            marks.append(at)
            at = text.find(needle, at + 1)
    marks.sort()
    return marks


def _respelled_floats(data: bytes, marks: list[int]) -> bytes:
    """``data`` (msgspec's JSON) with each float outside strings spelled as ``float.__repr__`` (so
    ``json.dumps``) spells it; only the numbers at :func:`_odd_floats`' marks are looked at, so the
    cost is a few substring searches plus a step per such float."""
    strings = [match.span() for match in _STRING.finditer(data)] if b'"' in data else []
    starts = [start for start, _ in strings]
    out: list[bytes] = []
    copied = 0
    for mark in marks:
        if mark < copied:
            continue
        inside = bisect_right(starts, mark) - 1
        if inside >= 0 and mark < strings[inside][1]:
            continue
        start = max(data.rfind(delimiter, copied, mark) for delimiter in (b",", b":", b"[", b"{")) + 1
        start = max(start, copied)
        end = _NUMBER_REST.match(data, start).end()  # type: ignore[union-attr]
        out += (data[copied:start], repr(float(data[start:end])).encode("ascii"))
        copied = end
    out.append(data[copied:])
    return b"".join(out)


def stdlib_text(data: bytes, value: Any) -> str:
    """``json.dumps``'s text (ASCII escapes) of ``value`` from msgspec's bytes of it, ``data``:
    where those are ASCII without DEL only floats are spelled otherwise, and a few such floats are
    respelled in place rather than the whole value encoded again by the stdlib (red-team 6 F14: a
    vector with one value under 1e-4 cost 5-6x the same call without it); where there are many,
    the stdlib's C encoder is the faster (a Python step a float against its ~0.5 us)."""
    if data.isascii() and not data.partition(b"\x7f")[1]:
        marks = _odd_floats(data)
        if len(marks) <= _RESPELLED_AT_MOST:
            return _respelled_floats(data, marks).decode("ascii")
    return acyclic_json(value)


def stdlib_spells_alike(data: bytes) -> bool:
    """Whether ``json.dumps`` (ASCII escapes) writes what msgspec wrote as ``data`` byte for byte:
    no byte past ASCII, no DEL, no float msgspec spells otherwise. (``partition`` finds a
    substring without the argument parsing of ``find``; ``in`` on bytes first tries the
    needle as an integer.)"""
    return data.isascii() and not data.partition(b"\x7f")[1] and not float_spelling_may_differ(data)


Pending = tuple[list[Any], list[bytes], list[Any]]
"""The function calls of one build whose ``arguments`` hold msgspec's text of their input, not
checked yet: the calls, msgspec's bytes and the inputs, in call order (filled by a builder's
walk, checked by :func:`settle_arguments`)."""


def settle_arguments(pending: Pending) -> None:
    """Make each pending call's ``arguments`` lm15's text of its input.

    One check of msgspec's bytes of all the inputs, joined by newlines, says what the checks of
    each would (none of the spellings checked spans a newline), so the calls usually hold
    lm15's text already; otherwise each input is checked alone."""
    calls, datas, values = pending
    if stdlib_spells_alike(b"\n".join(datas)):
        return
    for index, call in enumerate(calls):
        data = datas[index]
        if not stdlib_spells_alike(data):
            call.arguments = stdlib_text(data, values[index])


def media_base64(part: Any) -> str:
    """The part's bytes as base64: inline ``data``, or the file at ``path`` read now."""
    if part.data is not None:
        data: str = part.data
        return data
    if part.path is not None:
        return path_base64(part)
    raise ValidationError(f"{part.type} part has no inline data or path")


def media_data_uri(part: Any) -> str:
    """``data:<media_type>;base64,<bytes>``."""
    return f"data:{part.media_type};base64,{media_base64(part)}"


class AssistantMedia(Exception):
    """Raised by a builder's walk at an assistant media part; the caller reports it as lm15 does.

    lm15 checks every message for such parts before it builds anything; the builders check
    during their one walk instead and, on any failure, run :func:`check_message_media` first,
    so the error raised is the one lm15 raises.
    """


def check_message_media(request: Request, dialect: str, provider: str) -> None:
    """lm15 ``check_message_media`` for both OpenAI wires: assistant content has no media slot."""
    for i, message in enumerate(request.messages):
        if message.role != "assistant":
            continue
        for j, part in enumerate(message.parts):
            if part.type in MEDIA_KINDS:
                raise unsupported(
                    provider,
                    f"{provider}: messages[{i}].parts[{j}]: the program depends on this "
                    f"{message.role} {part.type} part; no native {dialect} content slot carries it (MAP-10)",
                    f"messages[{i}].parts[{j}]",
                )


def check_tool_result_media(provider: str, part: Any, policy: str, wire: str) -> None:
    """lm15 ``check_tool_result_media``: a media kind the policy does not admit is refused."""
    admits = TOOL_RESULT_MEDIA_ADMITS[policy]
    for p in part.content:
        kind = p.type
        if kind in MEDIA_KINDS and kind not in admits:
            why = (
                "this server takes text-only tool results"
                if policy == "reject"
                else f"this server carries images but not {kind} parts in a tool result"
            )
            raise unsupported(
                provider,
                f"{provider}: a {kind} part in tool_result {part.id!r} cannot reach {wire} — {why} "
                f"(compat tool_result_media={policy!r}, "
                "measured: lm15-contract/research/tool-result-content/). "
                f"Carried natively by {_MEDIA_DOORS.get(kind, 'no lm15 door yet')}; "
                "or render the part to text yourself before building the tool result (MAP-10)",
                f"messages[*].tool_result[{part.id}].content[{kind}]",
            )


def tool_result_error_text(is_error: bool, text: str) -> str:
    """MAP-10 rule 5: on a wire with no error flag the text carries it."""
    return f"[error] {text}" if is_error else text


def lone_text_result(part: Any) -> str | None:
    """A tool result of one text part (the common one): its text-slot value; None for any other."""
    content = part.content
    if len(content) == 1 and type(content[0]) is TextPart:
        text: str = content[0].text
        return f"[error] {text}" if part.is_error else text
    return None


def has_cache_options(model: str) -> bool:
    """The gpt-5.6-and-later class, the only one that takes ``prompt_cache_options``."""
    m = _GPT_VERSION.match(model.lower())
    return m is not None and (int(m.group(1)), int(m.group(2))) >= CACHE_OPTIONS_SINCE


def _ends_with_text(message: Message) -> bool:
    return message.role not in ("assistant", "tool") and isinstance(message.parts[-1], TextPart)


def cache_breakpoint_index(request: Request, cache_control: str, notes: Notes) -> int | None:
    """The message that carries the explicit cache breakpoint (lm15 ``_cache_breakpoint_index``)."""
    cache = request.config.cache
    if cache is None or cache.mode == "off" or cache.prefix_until_index is None:
        return None
    if cache_control != "openai":
        return None
    messages = request.messages
    asked = min(cache.prefix_until_index, len(messages) - 1)
    for index in range(asked, -1, -1):
        if not _ends_with_text(messages[index]):
            continue
        if index != asked:
            note(
                notes,
                "config.cache.prefix_until_index",
                "substituted",
                f"message {asked} is a {messages[asked].role} message or does not end with "
                "text; the Responses wire marks text blocks of user/developer messages only, so the "
                "mark moved to the nearest eligible message before it",
                asked=asked,
                applied=index,
            )
        return index
    note(
        notes,
        "config.cache.prefix_until_index",
        "dropped",
        f"no user/developer message ending with text at or before message {asked}; the Responses "
        "wire marks text blocks only (implicit caching still applies)",
        asked=asked,
    )
    return None


def cache_stable_prefix(request: Request, cache_control: str) -> bool:
    """``prefix="stable"``: the mark goes on the end of system + tools (MAP-6 A2)."""
    cache = request.config.cache
    return (
        cache is not None and cache.mode != "off" and cache.prefix == "stable" and cache_control == "openai"
    )


def breakpoint_unsupported(provider: str, index: int, role: str) -> ProviderError:
    """The refusal of a breakpoint on a message whose last block is not text."""
    return unsupported(
        provider,
        f"{provider}: cache.prefix_until_index={index} points at a {role} message "
        "whose last block is not text — the wire carries prompt_cache_breakpoint "
        "on text input blocks only. Point the prefix at a user/developer message "
        "that ends with text, or omit prefix_until_index (implicit caching still "
        "applies).",
    )


_NO_STORED_TIER = (
    "{provider}: cache.resource is not supported — this provider has no stored-cache tier; {why}"
)


def cache_common_payload(
    request: Request,
    model: str,
    payload: dict[str, Any],
    cache_control: str,
    provider: str,
    breakpoint_index: int | None,
) -> None:
    """MAP-6 fields of both OpenAI dialects under OpenAI's own cache policy: off switch, key, retention."""
    cache = request.config.cache
    if cache is None:
        return
    if cache.mode == "off":
        if has_cache_options(model):
            payload["prompt_cache_options"] = {"mode": "explicit"}
        return
    if cache.key:
        payload["prompt_cache_key"] = cache.key
    if cache.retention == "long":
        payload["prompt_cache_retention"] = "24h"
    explicit = breakpoint_index is not None or (
        cache_stable_prefix(request, cache_control) and bool(request.system)
    )
    if has_cache_options(model) and explicit:
        payload["prompt_cache_options"] = {"mode": "explicit"}
    if cache.resource is not None:
        raise unsupported(
            provider,
            _NO_STORED_TIER.format(
                provider=provider,
                why="it caches by marks on blocks (prefix / prefix_until_index) and automatically",
            ),
            "config.cache.resource",
        )


def _has_measurable_judgment(response_format: Any) -> bool:
    """Whether the schema declares a judgment other than a box (lm15 ``request_measurable_judgments``)."""
    if not schema_has_judgments(response_format):
        return False
    props = response_format["schema"]["properties"]
    return any(
        isinstance(name, str) and not is_box(prop) and schema_has_judgments(_alone(name, prop))
        for name, prop in props.items()
    )


def _alone(name: str, prop: Any) -> dict[str, Any]:
    """A response format whose schema declares only ``name``."""
    return {"type": "json_schema", "schema": {"properties": {name: prop}}}


def note_unmeasurable_probabilities(request: Request, provider: str, notes: Notes) -> None:
    """MAP-14 §3 on a wire that measures nothing: ``if_available`` is noted, ``required`` refused."""
    policy = request.config.probabilities
    if policy in (None, "off") or not _has_measurable_judgment(request.config.response_format):
        return
    if policy == "required":
        raise unsupported(
            provider,
            f"{provider}: config.probabilities='required' but this wire cannot measure a distribution "
            "over the declared keys (it returns a pick only); use 'if_available' or a provider that can "
            "(typesafe, or a vLLM/SGLang server that honours logprob_token_ids)",
            "config.probabilities",
        )
    note(
        notes,
        "config.probabilities",
        "dropped",
        "this wire cannot measure a distribution over the declared keys; the answer carries the pick only",
        asked=policy,
    )
