"""The gateway's reading of a client's body: what ``translate_request`` reads a body with.

The passes over the client's body (Chat's Anthropic-style cache marks; Responses' replayed phases
and hosted-tool items, freeform tool calls and GA web search tools, which share one decode of the
body, :func:`_responses_passes`), then the gateway reader (``decode_request`` with unsigned
thinking left out rather than refused, ``providers/_unsigned_thinking.py``; a replayed call's
arguments that are not a JSON object read as lm15 reads them, ``providers/_replayed_arguments.py``;
a Responses body the passes decoded is read as that value). A Codex-shaped Responses body
(phases, custom calls, GA web search) is read in one decode by typed views that take what the
passes would change, the passes' notes made from them (:func:`_replayed_read`); the passes read
every body those views are not sure of. The typed fast path is
tried first (``_typed_readings.TYPED_READERS``): the body passes are byte searches and walks of the whole
body, and a body the typed views take is one they give back as it came.
A Responses body's GA web search tool is read as ``web_search_preview``, and goes back to Responses
as sent; of two web searches of one name the first is read, the other ``dropped``, named
(:func:`web_search_tools_in`). An OpenAI body's ``parallel_tool_calls`` beside
``tool_choice: "none"``, which the readers refuse (a canonical ToolChoice of mode none takes no
flag), is read without the flag: the same dialect gets it back as sent, another lists it ``dropped``
(:func:`_parallel_beside_none`). A Gemini body the reader refuses for a part field no canonical part
carries is read again without those fields (``providers/_crossing_gemini_part_fields.py``).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, TypeAlias

import msgspec
from msgspec import UNSET

from lmcodec.codecs._last_value import last_values
from lmcodec.errors import DecodeError, ValidationError
from lmcodec.providers._crossing_cache_marks import chat_cache_marks_out
from lmcodec.providers._crossing_custom_calls import MARK as CUSTOM_MARK
from lmcodec.providers._crossing_custom_calls import (
    CustomCalls,
    custom_call_arguments,
    custom_call_substituted,
    custom_calls_in,
)
from lmcodec.providers._crossing_gemini_part_fields import part_fields_out, refuses_part_field
from lmcodec.providers._crossing_sdk_blocks import MARKS as SDK_MARKS
from lmcodec.providers._crossing_sdk_blocks import ClientBlocks, client_blocks
from lmcodec.providers._crossing_survey import ContentSurvey, Seen
from lmcodec.providers._key_marks import holds_mark
from lmcodec.providers._replayed_arguments import replayed_arguments
from lmcodec.providers._replayed_client_items import ListedKeys
from lmcodec.providers._replayed_responses_items import (
    HOSTED_ITEMS,
    ReplayedItems,
    client_paths,
    phase_dropped,
    replayed_items_out,
)
from lmcodec.providers._replayed_responses_items import MARKS as REPLAYED_MARKS
from lmcodec.providers._responses_tool_keys import ToolKeys, tool_keys_out
from lmcodec.providers._web_search_tools import (
    GA_WEB_SEARCH,
    WEB_SEARCH_MARK,
    WebSearchTools,
    tool_type,
    web_search_tools_in,
)
from lmcodec.providers.anthropic import read as anthropic_read
from lmcodec.providers.gemini import read as gemini_read
from lmcodec.providers.openai import read as openai_read
from lmcodec.providers.openai._read_common import MAX_BODY_BYTES
from lmcodec.providers.openai._read_config import strict_flagged
from lmcodec.providers.openai._read_input import input_items_raw
from lmcodec.providers.openai._read_typed import ToolFlags, decode_view
from lmcodec.providers.openai._read_views import ReplayedBody, ReplayedItem
from lmcodec.providers.openai_chat import read as openai_chat_read
from lmcodec.wire import Adaptation, Request
from lmcodec.wire._float_literals import decode_any, float_literal

__all__ = [
    "GATEWAY_READERS",
    "read_by_passes",
    "read_client_body",
    "with_last_values",
]

Raw = bytes | bytearray | memoryview
_replace: Final = msgspec.structs.replace

GATEWAY_READERS: Final[dict[str, Any]] = {
    "openai": openai_read.decode_request_without_unsigned_thinking,
    "openai_chat": openai_chat_read.decode_request_without_unsigned_thinking,
    "anthropic": anthropic_read.decode_request_without_unsigned_thinking,
    "gemini": gemini_read.decode_request_without_unsigned_thinking,
}
"""What ``translate_request`` reads a body with: ``decode_request``'s Request, unsigned thinking left
out rather than refused, with the notes of it (``providers/_unsigned_thinking.py``)."""


class _Passed(NamedTuple):
    """What :func:`_responses_passes` made of a Responses body."""

    body: Raw
    """The body as read: the client's, or the value's encoding where a pass changed it."""
    changed: bool
    """Whether a pass changed it (the typed path, which refused the client's, may take it then)."""
    value: dict[str, Any]
    """The body decoded, the passes' changes made in it: what the walker reads."""
    replayed: ReplayedItems | None
    custom: CustomCalls | None
    web_search: WebSearchTools | None
    """The client's tools as sent, where a web search tool among them was read another way."""
    tool_keys: ToolKeys | None
    """The client's tools as sent, where a function tool's keys were taken off (``_responses_tool_keys``)."""
    blocks: ClientBlocks | None
    """The client's file and file-id image blocks, read before the passes, where the body holds a
    ``detail`` or ``filename`` key (the reader may drop them: ``_crossing_sdk_blocks``)."""


ClientReading: TypeAlias = tuple[
    Raw,
    Request,
    tuple[Adaptation, ...],
    CustomCalls | None,
    ReplayedItems | None,
    ClientBlocks | None,
    ContentSurvey | None,
    frozenset[str],
    bool | None,
]
"""What :func:`read_client_body` gives: the body as read, its Request, the notes, what goes back
to Responses as the client sent it (custom calls, replayed items, file and image blocks), the
Request's survey where the reading recorded it (the typed views' reading of a Codex body), the
function tools a Responses body flags ``strict: true`` (else ``_typed_readings.NO_STRICT_TOOLS``;
``_typed_readings.TypedReading``), and whether the body's top-level ``stream`` is ``true`` where
the typed views decoded it (a Codex body), else None (the gateway searches the bytes for it)."""


def read_client_body(source: str, destination: str, raw: Raw, model: str | None) -> ClientReading:
    """The body as read (marks, phases, hosted items or custom calls taken out; a Responses body
    the typed views read whole, as it came: :func:`_replayed_read`), its Request, the notes of
    what was left out or read another way (paths in the client's body), and the custom calls,
    replayed items and file and image blocks to put back for Responses (the custom calls None
    toward another dialect: their items, decoded again, were never used there)."""
    if source == "openai":  # a Codex body: the typed views read it whole where they can
        replayed_read = _replayed_read(raw, destination, model)
        if replayed_read is not None:
            request, notes, custom, replayed, survey, strict_tools, streams = replayed_read
            return raw, request, notes, custom, replayed, None, survey, strict_tools, streams
    return read_by_passes(source, destination, raw, model)


def read_by_passes(source: str, destination: str, raw: Raw, model: str | None) -> ClientReading:
    """:func:`read_client_body` by the passes over the body, then the gateway reader: the way every
    body the typed views refuse goes (for a Responses body, the body as read is the passes'
    encoding of it where they changed it)."""
    marks: tuple[Adaptation, ...] = ()
    passed = None
    if source == "openai_chat":  # Anthropic-style cache marks, read for Anthropic, else dropped
        raw, marks = chat_cache_marks_out(raw, destination)
    elif source == "openai":
        passed = _responses_passes(raw, destination)
    custom = None if passed is None else passed.custom
    if custom is not None:
        marks = custom.notes
    web_search = None if passed is None else passed.web_search
    if web_search is not None and web_search.notes:
        marks = (*marks, *web_search.notes)
    tool_keys = None if passed is None else passed.tool_keys
    if tool_keys is not None and tool_keys.notes:
        marks = (*marks, *tool_keys.notes)
    if passed is not None:
        raw = passed.body
    try:
        request, unsigned = _read(source, raw, model, passed)
    except ValidationError as unread:  # parallel_tool_calls beside tool_choice "none"
        fields = part_fields_out(raw) if source == "gemini" and refuses_part_field(unread) else None
        parallel = _parallel_beside_none(raw) if unread.path == "$.parallel_tool_calls" else None
        if fields is not None and fields[1]:  # Gemini part fields no canonical part carries: read without
            raw, marks = fields
            request, unsigned = _read(source, raw, model)
        elif parallel is None:
            raise
        else:
            raw = parallel[0]
            request, unsigned = _read(source, raw, model)
            if source == destination:  # the flag goes back as the client sent it
                extensions = {**(request.config.extensions or {}), "parallel_tool_calls": parallel[1]}
                config = msgspec.structs.replace(request.config, extensions=extensions)
                request = msgspec.structs.replace(request, config=config)
            else:
                unsigned = (*unsigned, _dropped_parallel(parallel[1], destination))
    if marks:
        unsigned = (*marks, *unsigned)
    sent = tool_keys if tool_keys is not None else web_search  # (the client's tools, before any pass)
    if sent is not None and destination == "openai":  # Responses gets its tools as sent
        extensions = {**(request.config.extensions or {}), "tools": sent.sent}
        config = msgspec.structs.replace(request.config, extensions=extensions)
        request = msgspec.structs.replace(request, config=config)
    replayed = None if passed is None else passed.replayed
    if replayed is not None:
        unsigned = (*replayed.notes, *client_paths(tuple(unsigned), replayed))
    blocks = None if passed is None else passed.blocks
    if destination != "openai":  # (the custom calls' items go back to Responses only)
        custom = None
    tools = None if passed is None else passed.value.get("tools")  # (as read)
    return raw, request, tuple(unsigned), custom, replayed, blocks, None, strict_flagged(tools), None


_REPLAYED_BODY: Final = msgspec.json.Decoder(ReplayedBody, float_hook=float_literal)
_ANY: Final = msgspec.json.Decoder(float_hook=float_literal)
_FUNCTION_CALL: Final = ReplayedItem(type="function_call")
_FUNCTION_CALL_OUTPUT: Final = ReplayedItem(type="function_call_output")


def _replayed_read(
    raw: Raw, destination: str, model: str | None
) -> (
    tuple[
        Request,
        tuple[Adaptation, ...],
        CustomCalls | None,
        ReplayedItems | None,
        ContentSurvey | None,
        frozenset[str],
        bool,
    ]
    | None
):
    """What :func:`read_client_body` gives for a Responses body the passes change (:func:`_responses_passes`)
    and the typed path then takes (a Codex body), read in one decode by the typed views, which take
    a replayed ``phase`` and custom call (:class:`ReplayedBody`): the passes decoded the body, walked
    it, encoded it, and the typed path decoded that again (twice, the tools refused by the first
    view). The Request, notes, custom calls and replayed items are the passes' and typed path's,
    the notes made by the same functions; None for any body this reading is not sure to read so
    (a hosted-tool item, a key where the passes leave it, a pass its byte mark would not have run,
    a body the typed path refuses), which :func:`read_client_body` reads the old way.
    ``tests/providers/test_gateway_responses_passes.py`` holds the two equal. It also gives the
    function tools flagged ``strict: true``, recorded as they were read, toward another dialect
    the Request's survey (None to Responses itself), and whether the body's top-level ``stream``
    is ``true``, as the view decoded it (a Struct's decode takes the last of repeated keys and
    reads escaped ones, as the gateway's search of the bytes does)."""
    data = raw.tobytes() if isinstance(raw, memoryview) else raw
    if len(data) > MAX_BODY_BYTES:
        return None
    try:
        whole = _REPLAYED_BODY.decode(data)
    except (msgspec.DecodeError, RecursionError):
        return None
    items = whole.input
    if type(items) is not list:
        return None
    read: list[ReplayedItem] = []
    phases: list[Any] = []
    phase_notes: list[Adaptation] = []
    call_notes: list[Adaptation] = []
    calls: list[int | None] = []  # each function call read: the custom call's index, or None
    outputs: list[int | None] = []
    carried: list[
        tuple[int, int, str]
    ] = []  # each item Responses gets back as sent: where, its order, its kind
    plain_calls = assistants = 0
    to_responses = destination == "openai"
    phase_keys = phased = False
    for i, item in enumerate(items):
        kind = item.type
        phase = item.phase
        if to_responses:  # (what Responses gets back as sent, counted only for it)
            if item.id is not UNSET or item.status is not UNSET:
                if kind == "function_call":
                    carried.append((i, plain_calls, kind))
                elif kind == "message" and item.role == "assistant":
                    carried.append((i, assistants, kind))
                elif kind == "reasoning" and (
                    (item.id and (item.status is not UNSET or item.encrypted_content is None))
                    or (item.status is not UNSET and type(item.encrypted_content) is str)
                ):  # (a signed item, which the builder writes without them; one signed by its
                    # encrypted_content alone placed by it: red team 52 F07)
                    carried.append((i, -1, kind))
            plain_calls += kind == "function_call"
            assistants += kind == "message" and item.role == "assistant"
        if kind == "custom_tool_call":  # (read as the function call the pass writes: its other keys go)
            if item.call_id is UNSET or item.name is UNSET or item.input is UNSET:
                return None
            calls.append(i)
            if destination != "openai":
                call_notes.append(custom_call_substituted(i, item.input, destination))
            arguments = custom_call_arguments(item.input)
            read.append(_replace(_FUNCTION_CALL, call_id=item.call_id, name=item.name, arguments=arguments))
            continue
        if kind == "custom_tool_call_output":
            if item.call_id is UNSET or item.output is UNSET:
                return None
            outputs.append(i)
            read.append(_replace(_FUNCTION_CALL_OUTPUT, call_id=item.call_id, output=item.output))
            continue
        if kind in HOSTED_ITEMS or item.input is not UNSET:
            return None
        if kind == "message" and item.role == "assistant":
            phases.append(None if phase is UNSET else phase)
            phase_keys = phase_keys or phase is not UNSET
            if phase is not UNSET and phase is not None:
                phased = True
                if destination != "openai":
                    phase_notes.append(phase_dropped(i, phase))
        elif phase is not UNSET:
            return None
        elif kind == "function_call":
            calls.append(None)
        elif kind == "function_call_output":
            outputs.append(None)
        read.append(item)
    # Each pass as it runs on the bytes: where its mark is, or where a pass before it changed the body.
    changed = phased and holds_mark(data, REPLAYED_MARKS)
    if phase_keys and not changed:
        return None
    customs = any(at is not None for at in (*calls, *outputs))
    if customs and not (changed or holds_mark(data, (CUSTOM_MARK,))):
        return None
    changed = changed or customs
    tools = whole.tools
    web_search = None
    if changed or holds_mark(data, (WEB_SEARCH_MARK,)):
        web_search = web_search_tools_in({"tools": tools}, destination)
    elif isinstance(tools, list) and any(tool_type(tool) in GA_WEB_SEARCH for tool in tools):
        return None
    if not changed and web_search is None and not carried:
        return None
    seen = ToolFlags() if to_responses else Seen()  # (the survey is for another dialect's passes)
    request = decode_view(data, _replace(whole, input=read), tools, model, seen)
    if request is None:
        return None
    custom = None
    sent = input_items_raw(data) if carried or (customs and destination == "openai") else []
    if customs and destination == "openai":  # (the items go back to Responses only)
        custom = CustomCalls(
            [None if at is None else _ANY.decode(sent[at]) for at in calls],
            [None if at is None else _ANY.decode(sent[at]) for at in outputs],
            tuple(call_notes),
        )
    if web_search is not None and destination == "openai":  # Responses gets its tools as sent
        extensions = {**(request.config.extensions or {}), "tools": web_search.sent}
        request = _replace(request, config=_replace(request.config, extensions=extensions))
    replayed = None
    listed = None
    if carried:
        listed = ListedKeys(destination, [], [], items)
        for at, ordinal, kind in carried:
            listed.carry(at, ordinal, sent[at], kind, items[at])
    if phased or listed is not None:  # (no item taken out: each note's path is the client's)
        replayed = ReplayedItems([], phases, tuple(phase_notes), list(range(len(items))), listed)
    searches = () if web_search is None else web_search.notes
    survey = None if to_responses else openai_read.survey_of(seen)
    notes = (*phase_notes, *call_notes, *searches)
    return request, notes, custom, replayed, survey, seen.strict_tools, whole.stream is True


def _responses_passes(raw: Raw, destination: str) -> _Passed | None:
    """A Responses body decoded once, its replayed phases and hosted-tool items taken out, its custom
    tool calls read as function calls and its GA web search tools as ``web_search_preview``, in that
    order, each pass on the value the one before left (no pass decodes or encodes the body: the
    three did, ~40% of a Codex body's crossing). None where the body is no JSON object or is over
    the reader's limit (the reader names the fault).

    Each pass runs where the body holds its byte mark (:data:`REPLAYED_MARKS`, :data:`CUSTOM_MARK`,
    ``"web_search``), as each one searched the bytes it was given, or where a pass before it
    changed the value (the bytes it was given were then the value's encoding, which holds a pass's
    mark wherever it has something to change); a function tool's keys (``_responses_tool_keys``)
    are looked for in each decoded tool, before the web search tools are read."""
    data = raw.tobytes() if isinstance(raw, memoryview) else raw
    if len(data) > MAX_BODY_BYTES:
        return None
    try:
        value = decode_any(data)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    blocks = client_blocks(value) if holds_mark(data, SDK_MARKS) else None  # (before the passes change it)
    replayed = replayed_items_out(value, destination) if holds_mark(data, REPLAYED_MARKS) else None
    changed = replayed is not None
    custom = custom_calls_in(value, destination) if changed or holds_mark(data, (CUSTOM_MARK,)) else None
    changed = changed or custom is not None
    tool_keys = tool_keys_out(value, destination)  # (a look at each tool: cheaper than four searches)
    changed = changed or tool_keys is not None
    searches = changed or holds_mark(data, (WEB_SEARCH_MARK,))
    web_search = web_search_tools_in(value, destination) if searches else None
    changed = changed or web_search is not None
    body = msgspec.json.encode(value) if changed else raw
    return _Passed(body, changed, value, replayed, custom, web_search, tool_keys, blocks)


def _read(
    source: str, raw: Raw, model: str | None, passed: _Passed | None = None
) -> tuple[Request, tuple[Adaptation, ...]]:
    """The gateway reader's reading of ``raw``; of a Responses body the passes decoded, the typed
    path's where a pass changed it and the typed path takes it (a Codex body: its custom calls,
    phases and GA web search read otherwise), else the walker's of the decoded value, where the
    walker takes it; else ``raw`` is read again, which names the fault or reads the body another
    way, as below."""
    read = GATEWAY_READERS[source]
    if passed is not None:
        typed = openai_read.typed_or_none(raw, model) if passed.changed else None
        if typed is not None:
            return typed, ()
        try:
            return openai_read.decoded_without_unsigned_thinking(passed.value, model)
        except ValidationError:
            pass
    try:
        request, unsigned = read(raw, model=model)
    except ValidationError as unread:  # a replayed call's arguments that are not a JSON object
        replayed = replayed_arguments(source, raw, unread)
        if replayed is None:
            request, unsigned = with_last_values(read, raw, model, unread)
        else:
            request, unsigned = read(replayed[0], model=model)
            unsigned = (*replayed[1], *unsigned)
    return request, tuple(unsigned)


def _parallel_beside_none(raw: Raw) -> tuple[bytes, bool] | None:
    """An OpenAI body whose ``parallel_tool_calls`` (a boolean) the readers refuse beside
    ``tool_choice: "none"`` (red team 19 F04: agent frameworks set the flag once and switch to
    "none" for a final answer) without the flag, and the flag; None for any other body."""
    try:
        value = decode_any(raw)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(value, dict) or "none" not in (value.get("tool_choice"), value.get("function_call")):
        return None
    parallel = value.pop("parallel_tool_calls", None)
    if not isinstance(parallel, bool):
        return None
    return msgspec.json.encode(value), parallel


def _dropped_parallel(parallel: bool, destination: str) -> Adaptation:
    return Adaptation(
        field="$.parallel_tool_calls",
        action="dropped",
        reason=f"beside tool_choice 'none' it says nothing: no call is allowed ({destination} gets none)",
        asked=parallel,
    )


def with_last_values(read: Any, raw: Any, model: str | None, refused: ValidationError) -> Any:
    """What ``read`` gives for ``raw``, which it ``refused``, with the last value of each repeated
    key, as ``json.loads`` reads it (H9: msgspec checked every value); else ``refused``."""
    rewritten = last_values(raw, refused.path)
    if rewritten is not None:
        try:
            return read(rewritten, model=model)
        except (ValidationError, DecodeError):
            pass
    raise refused
