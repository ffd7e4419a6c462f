"""The gateway's ``translate_request`` pipeline: the client's body read (``providers/_gateway_read.py``),
then the passes between two dialects (``providers/crossing.py`` and beside it) and built; where its
own dialect is the destination, built with what the client sent that no canonical field holds put
back (``providers/_translate_same_dialect.py``)."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers import crossing
from lmcodec.providers._crossing_cache_marks import anthropic_marks_out, unmarked_retention
from lmcodec.providers._crossing_call_turns import response_turns_joined
from lmcodec.providers._crossing_claude import claude_refusals_out, routed_elsewhere
from lmcodec.providers._crossing_custom_calls import CustomCalls
from lmcodec.providers._crossing_image_detail import original_details_back
from lmcodec.providers._crossing_instruction_roles import empty_system_row_out, later_instructions_noted
from lmcodec.providers._crossing_openai_keys import OPENAI_DIALECTS as _OPENAI
from lmcodec.providers._crossing_openai_keys import merged_in, openai_keys_across
from lmcodec.providers._crossing_parts import (
    chat_fronts_claude,
    chat_thinking_out,
    finished_turn_noted,
    leading_developer_as_system,
    parts_out,
    prefill_noted,
    responses_audio_in_sdk_shape,
    thinking_blocks_in,
)
from lmcodec.providers._crossing_plain import built_as_read, plain_built, plain_crossing, plain_same_dialect
from lmcodec.providers._crossing_schema_description import schema_description_back
from lmcodec.providers._crossing_schemas import (
    PARAMETERLESS_REFUSED,
    claude_output_format,
    open_objects_out,
    parameterless_tools_out,
    strict_flags_in,
)
from lmcodec.providers._crossing_sdk_blocks import ClientBlocks
from lmcodec.providers._crossing_settings import (
    output_cap_change,
    reasoning_extensions_in,
    service_tier_out,
    stops_out,
    whole_cap_in,
)
from lmcodec.providers._crossing_signatures import placeholder_signatures
from lmcodec.providers._crossing_strict import NONE as NO_STRICTNESS
from lmcodec.providers._crossing_strict import (
    strict_asked,
    strict_empty_schemas_closed,
    strict_flags_out,
    strict_notes,
)
from lmcodec.providers._crossing_tools import hosted_tools_out
from lmcodec.providers._gateway_read import GATEWAY_READERS, read_client_body
from lmcodec.providers._key_marks import holds_mark
from lmcodec.providers._replayed_responses_items import ReplayedItems
from lmcodec.providers._request import ProviderRequest
from lmcodec.providers._requests import (
    BUILDERS,
    Body,
    build_request,
    check_model,
    check_stream,
    json_bytes,
    lookup,
    too_deep,
)
from lmcodec.providers._tool_ids import anthropic_tool_ids_out, unique_tool_ids_out
from lmcodec.providers._tool_names import GEMINI, tool_names_out
from lmcodec.providers._translate_same_dialect import same_dialect_built
from lmcodec.providers._typed_readings import TYPED_READERS, TYPED_WITHOUT_SURVEY, TypedReading
from lmcodec.providers.anthropic._read_carried import Carried, carried_out
from lmcodec.providers.gemini import read as gemini_read
from lmcodec.providers.openai._thinking_carriage import carried_thinking_in
from lmcodec.wire import Adaptation, AudioPart, ThinkingPart, ToolCallPart, ToolResultPart
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire.dialects import Provider

_NO_MODEL: Final = (
    "a Gemini body names no model (a Gemini client names it in the URL, models/{model}:generateContent): "
    "pass it as translate_request(..., model=...) to send the body to another dialect"
)
_CACHED_CONTENT: Final = (
    "cachedContent: a stored cache's content lives on Google's server and cannot be forwarded to "
    "{destination}, which would answer the new contents alone; send the whole conversation in contents"
)
"""Red team 24 F07: refused before the builder (whose ProviderError names no path in the body), as
a Responses ``previous_response_id`` is (``crossing._SERVER_STATE``)."""
_CANDIDATES: Final = (
    "candidateCount other than 1 cannot be carried to {destination}: a canonical Response holds one "
    "candidate (as Chat's n other than 1 is refused)"
)
"""Red team 43 F02: sent as one, the client would read a second candidate that never comes."""
_DEVELOPER_AS_USER_TURN: Final = frozenset({"anthropic", "gemini"})
"""The dialects whose lm15 builder writes a developer message as a user turn ``"[developer]\\n..."``."""


class _StreamFlag(msgspec.Struct):
    """A body's top-level ``stream`` (the readers check it is a boolean; the Request has no field)."""

    stream: Any = None


_STREAM_FLAG: Final = msgspec.json.Decoder(_StreamFlag, float_hook=float_literal)
_STREAM_MARK: Final = (b'"stream"',)


def _body_streams(raw: bytes | bytearray | memoryview) -> bool:
    """Whether the client's body says ``"stream": true``, for a body no typed reading took (a typed
    reading hands over the flag its views decoded: ``TypedReading``'s fifth value, and
    ``_gateway_read.ClientReading``'s last for a Codex body the typed views read). Looked for
    only where its bytes could spell the key: as they are, or with a letter as its ``\\u00XX``
    escape (``_key_marks.holds_mark``; a ``\\u`` of another character spells no letter of it)."""
    data = raw.tobytes() if isinstance(raw, memoryview) else raw
    if not holds_mark(data, _STREAM_MARK):
        return False
    try:
        return _STREAM_FLAG.decode(data).stream is True
    except (msgspec.DecodeError, RecursionError):
        return False


def translate_request(
    src: Provider, dst: Provider, body: Body, *, stream: bool | None = None, model: str | None = None
) -> ProviderRequest:
    """A client's body in ``src``'s dialect (the source) as the request ``dst``'s provider (the
    destination) takes; ``src, dst`` as ``translate_response`` and ``lc.stream.translate`` name them.

    ``decode_request`` then ``build_request``, except that between two dialects what the
    destination cannot take as the client wrote it (another provider's thinking signatures, wire
    keys kept in ``Config.extensions``, function names, tool ids, schemas, cache marks, replayed
    items) is moved onto the canonical fields, rewritten in the destination's form or dropped, each
    change recorded in the result's ``adaptations`` (docs/translate-request.md lists the rules).
    ``stream``: whether the request asks for a stream; None follows the body's own ``"stream":
    true`` (a Gemini body has none: pass ``stream=True``). ``model``: the model to send (a Gemini
    body names none: required toward another dialect). Same dialect, with no routing by ``model``:
    exactly ``build_request(p, decode_request(p, body))``.
    """
    source, destination = src, dst  # the passes' own names, below and in their modules
    if type(source) is not str or source not in GATEWAY_READERS:
        lookup(GATEWAY_READERS, source)
    if type(destination) is not str or destination not in BUILDERS:
        lookup(BUILDERS, destination)
    if model is not None:
        check_model(model)
    if stream is not None and stream is not True and stream is not False:
        check_stream(stream, optional=True)
    raw = client_body = json_bytes(body)
    read: TypedReading | None
    if source == destination:  # the survey is for the passes between two dialects: not made
        read = TYPED_WITHOUT_SURVEY[source](raw, model)
    else:
        read = TYPED_READERS[source](raw, model)
    custom: CustomCalls | None = None
    sdk_blocks: ClientBlocks | None = None  # a Responses client's file and image blocks as sent
    whole_blocks: tuple[Carried, ...] = ()  # an Anthropic client's blocks read in part, carried whole
    found: crossing.ContentSurvey | None  # the survey the typed reading recorded, if any
    replayed: ReplayedItems | None
    if read is not None:
        request, found, unsigned, strict_tools, streams, unmarked, replayed, repeated = read
        if stream is None:  # (as the typed views read it)
            stream = streams
        # an Anthropic client's body sent to another model than it names (_crossing_claude.claude_routed)
        routed = model is not None and source == destination == "anthropic" and routed_elsewhere(request, raw)
        if not unsigned:  # a request no pass would change: built straight (_crossing_plain)
            if source == destination:
                if (
                    replayed is None
                    and not strict_tools
                    and not routed
                    and plain_same_dialect(source, request)
                ):
                    return built_as_read(destination, request, stream)
            elif found is not None and plain_crossing(source, request, found, unmarked):
                return plain_built(source, destination, request, stream)
    else:  # (the typed path took no body the client body's passes would change)
        unmarked = False  # (an Anthropic body's marks: searched for)
        repeated = None  # (repeated call ids: walked for)
        reading = read_client_body(source, destination, raw, model)
        raw, request, unsigned, custom, replayed, sdk_blocks, found, strict_tools, streams = reading
        routed = model is not None and source == destination == "anthropic" and routed_elsewhere(request, raw)
        if source == "anthropic" and unsigned:  # (each such block is noted)
            request, whole_blocks = carried_out(request)
        if stream is None:  # (as the typed views of a Codex body read it, else searched for)
            stream = streams if streams is not None else source != "gemini" and _body_streams(client_body)
    if source == "gemini" and destination != "gemini" and request.model == gemini_read.UNNAMED_MODEL:
        raise ValidationError(_NO_MODEL)  # red team 18 F08: the placeholder is no backend's model
    if source == "gemini" and destination != "gemini":  # state on Google's server, as a Responses id
        cache = request.config.cache
        if cache is not None and cache.resource is not None:
            raise ValidationError(_CACHED_CONTENT.format(destination=destination), "$.cachedContent")
        settings = request.config.extensions.get("generationConfig") if request.config.extensions else None
        count = settings.get("candidateCount") if isinstance(settings, dict) else None
        if count is not None and (type(count) not in (int, float) or count != 1):
            raise ValidationError(
                _CANDIDATES.format(destination=destination), "$.generationConfig.candidateCount"
            )
    if source == "anthropic" and destination != "anthropic" and not unmarked:  # marks none can send
        noted = {note.field for note in unsigned} if unsigned else set()  # (a comprehension: ~1.9k)
        request, dropped = anthropic_marks_out(raw, request, destination, noted)
        unsigned += dropped
    if source == destination:  # what the client sent that no canonical field holds: put back
        return same_dialect_built(
            source,
            request,
            stream,
            unsigned,
            strict_tools=strict_tools,
            custom=custom,
            replayed=replayed,
            sdk_blocks=sdk_blocks,
            whole_blocks=whole_blocks,
            raw=raw,
            client_body=client_body,
            routed=routed,
            repeated=repeated,
        )
    # One pass says which of the passes over the parts below may change something (crossing.survey,
    # or what the typed reading recorded of the Request it gave, unchanged since: the passes above
    # run for other sources or the same dialect); the passes over the settings, tools and tool
    # names before them change none of what it finds.
    if found is None:
        found = crossing.survey(request)
    if source == "openai" and ThinkingPart in found.kinds:  # another provider's thinking carried
        carried_in, carried = carried_thinking_in(request, destination)
        if carried_in is not request:
            request, found = carried_in, crossing.survey(carried_in)
        unsigned = (*unsigned, *carried)
    # before the passes change the tools (a request without tools asks nothing of strictness)
    strictness = strict_asked(source, request, strict_tools, unsigned) if request.tools else NO_STRICTNESS
    if request.config.extensions:  # a reasoning request decode_request kept as the body spelled it
        request, reasoning = reasoning_extensions_in(source, request)
        unsigned = (*unsigned, *reasoning)
    if source == "anthropic" and request.config.reasoning is not None:  # the cap counts the thinking
        request = whole_cap_in(request, raw)
    merge: dict[str, dict[str, Any]] = {}  # shared OpenAI keys merged into what the builder writes
    if request.config.extensions and source in _OPENAI and destination in _OPENAI:
        request, merge, shared = openai_keys_across(source, destination, request, stream)
        unsigned = (*unsigned, *shared)
    if request.config.extensions:
        canonical, notes = crossing.foreign_extensions_out(source, request, destination)
        notes = (*unsigned, *notes)
    else:  # (foreign_extensions_out's answer for a request without extensions)
        canonical, notes = request, unsigned
    if canonical.config.service_tier is not None:
        canonical, tier = service_tier_out(source, destination, canonical)
        notes += tier
    if canonical.config.stop:
        canonical, stops = stops_out(destination, canonical)
        notes += stops
    if canonical.tools:
        canonical, hosted = hosted_tools_out(source, destination, canonical)
        notes += hosted
    if source == "gemini":
        if canonical.tools or canonical.config.response_format is not None:  # (else: no schema to rewrite)
            try:
                canonical, rewritten = crossing.openapi_schemas_out(canonical)
            except RecursionError:
                raise too_deep("request") from None
            notes += rewritten
        if canonical.tools or found.called or canonical.config.tool_choice is not None:  # (else: no name)
            canonical, renamed = tool_names_out(canonical, found.called)  # names with dots or colons: refused
            notes += renamed
    elif destination == "gemini" and (canonical.tools or found.called):
        # names that start with a digit or a dash: Gemini refuses them
        canonical, renamed = tool_names_out(canonical, found.called, rule=GEMINI)
        notes += renamed
    if source in PARAMETERLESS_REFUSED[destination] and canonical.tools:  # {} / no properties
        canonical, parameterless = parameterless_tools_out(canonical)
        notes += parameterless
    if destination in _OPENAI and strictness.asked:  # strict and no parameters: closed
        canonical, closed = strict_empty_schemas_closed(canonical, strictness.asked)
        notes += closed
    if destination == "gemini" and canonical.tools:  # a nested object without properties: refused
        canonical = open_objects_out(canonical)
    kinds = found.kinds
    # Anthropic's thinking as thinking_blocks (to a Claude model behind Chat only; asked by the
    # passes below that run where the survey found thinking or a part content_losses judges)
    claude = (
        destination == "openai_chat"
        and (found.judged or ThinkingPart in kinds)
        and chat_fronts_claude(destination, canonical.model)
    )
    losses = (
        crossing.content_losses(source, destination, canonical, thinking_blocks=claude)
        if found.judged
        else ()
    )
    if ThinkingPart in kinds or (found.empty_text and destination in ("anthropic", "gemini")):
        canonical, left_out = parts_out(destination, canonical, thinking_blocks=claude)
        losses += left_out
    if destination == "anthropic" and found.odd_ids:
        canonical, renamed = anthropic_tool_ids_out(canonical)
        losses += renamed
    if destination in ("anthropic", "openai") and found.repeated_calls:  # they refuse a repeated id
        canonical, repeats = unique_tool_ids_out(destination, canonical)
        losses += repeats
    if destination == "anthropic":
        canonical, refused = claude_refusals_out(canonical)
        notes += refused
        if canonical.config.response_format is not None:  # open objects, JSON mode: Claude refuses
            try:
                canonical, closed = claude_output_format(canonical)
            except RecursionError:
                raise too_deep("request") from None
            notes += closed
    if destination != "openai" and ToolResultPart in kinds:  # a call turn's results right after it
        canonical, moved = response_turns_joined(canonical, found.answered_in_order, destination)
        losses += moved
    if destination == "gemini" and ToolCallPart in kinds:
        canonical, placeholders = placeholder_signatures(canonical)
        losses += placeholders
    if canonical.messages and canonical.messages[-1].role == "assistant":
        if source == "anthropic":
            losses += prefill_noted(canonical)  # continued there, a finished turn here
        elif destination == "anthropic":
            losses += finished_turn_noted(canonical)  # a finished turn there, continued here
    messages = canonical.messages
    taken = 0  # leading messages taken out of the conversation below (the notes' indexes count them)
    if source == "openai_chat" and destination in _DEVELOPER_AS_USER_TURN and messages[0].role == "developer":
        canonical, left_out = empty_system_row_out(canonical)  # a blank system prompt: no turn
        losses += left_out
        taken = len(left_out)  # (one note for the one row left out)
        messages = canonical.messages
    system: tuple[Adaptation, ...] = ()
    if source == "openai" and len(messages) > 1 and messages[0].role == "developer":
        # a system prompt given as leading input items (paths named before)
        canonical, system = leading_developer_as_system(canonical)
        losses += system
    if source in _OPENAI and destination in _DEVELOPER_AS_USER_TURN:  # instructions as user text there
        losses += later_instructions_noted(canonical.messages, destination, taken + len(system))
    blocks: list[list[dict[str, str]]] = []  # Anthropic's thinking, as a Chat row's thinking_blocks
    if claude and ThinkingPart in kinds:  # Anthropic's, as thinking_blocks
        canonical, blocks, _ = chat_thinking_out(canonical, thinking_blocks=True)  # parts_out left no other
    if destination == "openai" and canonical.tools:  # Responses reads a tool without strict as strict
        canonical, notes = strict_flags_in(canonical, notes, strictness)
    elif strictness is not NO_STRICTNESS:  # what goes without the flag (what goes with it: below)
        notes += strict_notes(destination, strictness)
    if destination == "anthropic" and canonical.config.cache is not None:  # a long retention, no mark
        notes += unmarked_retention(canonical)
    built = build_request(destination, canonical, stream=stream)
    if any(blocks):
        built = msgspec.structs.replace(built, body=thinking_blocks_in(built.body, blocks))
    if merge:
        built = msgspec.structs.replace(built, body=merged_in(built.body, merge))
    if source in _OPENAI and destination in _OPENAI and notes:  # a schema's description, where it goes
        sent, notes = schema_description_back(destination, built.body, notes)
        sent, notes = original_details_back(source, destination, client_body, sent, notes)  # and an image's
        built = msgspec.structs.replace(built, body=sent)
    if strictness.asked and destination in ("openai_chat", "anthropic"):  # their tools' strict flag
        sent, notes = strict_flags_out(destination, built.body, strictness, notes)
        built = msgspec.structs.replace(built, body=sent)
    if destination == "openai" and AudioPart in kinds:
        body, audio = responses_audio_in_sdk_shape(canonical, built.body)
        if audio:
            built = msgspec.structs.replace(built, body=body)
            losses += audio
    notes += losses
    if canonical.config.reasoning is not None:
        notes += output_cap_change(source, destination, canonical, raw, built.body)
    return msgspec.structs.replace(built, adaptations=(*built.adaptations, *notes)) if notes else built
