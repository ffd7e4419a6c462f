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

    ``stream`` says whether the request asks for a stream; None (the default) follows the body's
    own ``"stream": true`` (red team 24 F11: a client that waits for SSE gets SSE), which a Gemini
    body never has (its client names ``streamGenerateContent`` in the URL: pass ``stream=True``).
    A gateway that answers one way whatever the client asked passes ``stream=`` itself.

    ``decode_request`` then ``build_request``, except that between two dialects the source's own
    wire keys kept in ``Config.extensions`` are never forwarded: those with a canonical meaning move
    onto the canonical fields, those both OpenAI dialects take go on between them in the
    destination's spelling (``providers/_crossing_openai_keys.py``), the rest are dropped, each
    recorded in the result's ``adaptations``,
    and so is every part of the conversation the destination cannot carry as it is (another
    provider's thinking signatures, thinking it cannot take back as thinking, left out, image
    detail, file ids, empty text Anthropic and Gemini refuse; ``providers/crossing.py``,
    ``providers/_crossing_parts.py``); a Gemini body's OpenAPI Schemas go out as JSON
    Schema; from Responses, the system/developer items leading the input are the system prompt
    (after ``instructions``); from Gemini, function names the others refuse (``server.tool``) are
    renamed, tools, calls and results alike, and so are those Gemini refuses to Gemini (``2fa_verify``,
    ``-lint``: ``providers/_tool_names.py``; ``lc.stream.translate``
    given the adaptations writes the answer's calls back under the client's names); stop sequences
    over the destination's limit (Chat 4, Gemini 5) or of white space alone (Anthropic) are left to
    the gateway (``client_side``, cut by ``lc.stream.translate``; ``providers/_crossing_settings.py``);
    to Anthropic, tool-call ids it refuses are rewritten, and to
    Anthropic and Responses a call repeating an earlier call's id is renamed, its results with it
    (``providers/_tool_ids.py``); a service tier is written in the destination's vocabulary or
    dropped, and a reasoning request the source's extensions kept (Anthropic ``thinking``,
    Gemini's dynamic thinking, Chat's ``reasoning``) is read as the canonical reasoning
    (``providers/_crossing_settings.py``); a hosted tool is written as the destination's
    equivalent or dropped (``providers/_crossing_tools.py``); to Anthropic, what Claude refuses
    beside the rest of the request is changed, each change listed, a cap above a Claude model's
    output ceiling sent as the ceiling (``providers/_crossing_claude.py``); to OpenAI and
    Anthropic, a parameterless tool's ``{}`` or object schema without ``properties`` is sent as
    ``{"type": "object", "properties": {}}``, to Gemini a tool whose schema holds an object below
    its root without properties (which its ``parameters`` field refuses) under ``parametersJsonSchema``,
    and to Anthropic every object of a response
    format's schema is closed (``additionalProperties: false``), a JSON mode without a schema
    ``dropped``, and to Responses each function tool goes with ``strict: false`` (which it reads as
    strict without the flag), ``strict: true`` where a Chat client asked for it
    (``providers/_crossing_schemas.py``); Responses to Responses a tool's ``strict: true`` goes back
    on it (to Responses, Chat and Anthropic a strict tool without parameters goes with the closed
    empty schema strict mode takes, ``tools[i].parameters`` ``substituted``:
    ``providers/_crossing_strict.py``), and a function tool's ``defer_loading``, ``output_schema``,
    ``allowed_callers`` and ``async`` go back as sent (elsewhere dropped or refused at their paths:
    ``providers/_responses_tool_keys.py``).

    Unsigned thinking the client replays (an Anthropic thinking block with an empty or absent
    signature, a Gemini thought part without thoughtSignature, a Responses reasoning item with
    neither id nor encrypted_content, a Chat ``thinking_blocks`` entry without a signature:
    what a gateway writes for another backend's reasoning, and Gemini's own thought summaries),
    which ``decode_request`` refuses, is left out in every pair, each part recorded as
    ``dropped`` with its path in the client's body (``providers/_unsigned_thinking.py``).
    From Responses, a reasoning item whose ``encrypted_content`` is lmcodec's carriage of another
    provider's signed thinking (``providers/openai/_thinking_carriage.py``) is read as that thinking,
    with its state; to OpenAI it is left out, each part ``dropped``.
    Chat to Chat, a replayed ``reasoning_content`` is left out (``dropped``) and signed
    ``thinking_blocks`` go on as ``thinking_blocks``, never as content (lm15's Chat builder writes
    thinking as text; ``providers/_crossing_parts.py``); from another dialect to Chat, Anthropic's
    signed and redacted thinking goes as ``thinking_blocks`` too, each part ``substituted``. Both
    only when the request's model names a Claude model (holds "claude" in any case): OpenAI's own
    Chat API refuses the key, so to any other model that thinking is left out, each part ``dropped``.
    A replayed Chat or Responses call whose ``arguments`` are not a JSON object (an answer cut
    inside them, as the writers pass it on), which ``decode_request`` refuses, is read in every
    pair as lm15 reads it (``{"partial_json": raw}`` / ``{"value": v}``), each ``substituted``
    (``providers/_replayed_arguments.py``).
    Anthropic-style ``cache_control`` marks on a Chat body's parts or messages, which
    ``decode_request`` refuses, are read in every pair: to Anthropic the client's last mark on a
    system, developer or user message's last text block is the cache breakpoint, every other mark
    ``dropped`` (to OpenAI and Gemini every mark; ``providers/_crossing_cache_marks.py``); an
    Anthropic client's marks to OpenAI and Gemini are ``dropped`` at their paths too, and from either
    client a system or message mark's ``ttl: "1h"`` (not a tool's) goes to Responses as
    ``prompt_cache_retention: "24h"`` (``substituted``); to Chat only from an Anthropic client
    toward a model that is not Claude (LiteLLM refuses the key for Claude): else the ttl goes with
    its dropped mark.
    A Responses client's replayed ``custom_tool_call`` / ``custom_tool_call_output`` (a freeform
    tool: Codex's ``apply_patch``), which ``decode_request`` refuses, go back to Responses as sent;
    to another dialect the call is a function call whose input is the raw text under ``input``
    (``substituted``), the custom tool a function tool of that one string parameter
    (``providers/_crossing_custom_calls.py``, ``providers/_crossing_tools.py``).
    A Responses client's replayed message ``phase`` and hosted-tool items (``web_search_call``, ...),
    which ``decode_request`` refuses, go back to Responses as sent, and are ``dropped`` elsewhere
    (``providers/_replayed_responses_items.py``); so do the calls a client runs itself
    (``computer_call``, ``shell_call``, ...), its answers to them (``computer_call_output``, ...,
    ``mcp_approval_response``), ``compaction`` and ``compaction_trigger`` items, ``item_reference``
    items (which no gateway can resolve), ``mcp_list_tools`` and ``mcp_call`` items, refused
    elsewhere naming the item, and a ``function_call_output``'s ``id``, ``status``, ``caller``,
    ``name`` and ``namespace`` and a reasoning item's ``content`` as the API lists them, ``dropped``
    elsewhere where they say nothing the destination does not, else refused at their path
    (``providers/_replayed_client_items.py``).
    An Anthropic client's ``search_result`` blocks and documents with a title, context, citation
    request or text or content source go to Anthropic as sent; elsewhere as the parts that say the
    most of them, what they leave out ``dropped`` (``providers/anthropic/_read_carried.py``).
    A Gemini client's part fields no canonical part carries (``mediaResolution``, a function
    response's ``willContinue``/``scheduling``, a media part's ``displayName``; on a function
    response's own parts and the system instruction's parts too), which ``decode_request`` refuses,
    go back to Gemini where the client wrote them and are ``dropped`` elsewhere
    (``providers/_crossing_gemini_part_fields.py``).
    To Gemini, Chat and Anthropic, each function-call turn is one model turn answered right after
    it by its results in the calls' order (Gemini one user turn of its responses, Chat its tool
    messages; a client of another dialect may write them apart: Anthropic one user turn per
    tool_result or one assistant turn per tool_use, Responses a message between them; those APIs
    refuse that), a result moved before a message the client wrote ahead of it ``substituted``
    (``providers/_crossing_call_turns.py``).
    An image's ``detail: "original"`` (the openai SDK's, Responses and Chat; lm15's ImagePart refuses
    it, and ``decode_request`` names its path) goes to either OpenAI dialect on the same image and is
    ``dropped`` elsewhere (``providers/_crossing_image_detail.py``).
    A Gemini body names no model (its client puts it in the URL): to another dialect pass ``model``,
    else the body is refused (``ValidationError``) rather than sent for ``"models/unnamed"``. A Gemini
    ``candidateCount`` other than 1 is refused toward the other dialects at its path, as Chat's ``n``
    other than 1 is everywhere (a canonical Response holds one answer; red team 43 F02).

    Anthropic to Anthropic and Gemini to Gemini, the failover steps apply as between two dialects
    (red team 20 F02, F03): manual thinking with a tool loop that does not start with Claude's
    thinking goes without it, and to Gemini 3 an unsigned call gets the placeholder signature;
    Anthropic to Anthropic and Responses to Responses, a call repeating an earlier call's id is
    renamed as between two dialects (red team 46 F02: a failover from a backend that repeats ids).
    Routed by ``model`` to another model than the body was written for (red team 43 F01): an
    Anthropic body gets what the other dialects' bodies get toward that Claude model (its
    ``max_tokens`` kept as the whole generation or the change noted, the output ceiling, the
    sampling and thinking rules: ``providers/_crossing_claude.claude_routed``); a Gemini
    ``thinkingLevel`` to a model outside the Gemini 3 class goes as that effort's budget,
    ``substituted``. Same dialect, otherwise: exactly ``build_request(p, decode_request(p, body))``.
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
