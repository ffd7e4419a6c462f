"""What ``translate_request`` builds where the client's dialect is the destination: the request as
read, with the failover steps between two dialects that apply to the same one (red team 20 F02,
F03) and what the client sent that no canonical field holds put back as it sent it (custom calls,
replayed items, blocks, thinking_blocks, strict flags, schema descriptions, image details,
developer rows, signed images, error responses, part fields). To Anthropic and Responses a call
repeating an earlier call's id is renamed as between two dialects (``_tool_ids.unique_tool_ids_out``,
red team 46 F02: a failover from a backend that repeats ids). Routed by ``model=`` to another
model than the body was written for: an Anthropic body through ``_crossing_claude.claude_routed``
(red team 43 F01), a Gemini ``thinkingLevel`` outside Gemini 3 as its budget (:func:`_level_out`).
The passes between two dialects are ``providers/_translate_request.py``'s."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers._build_common import adaptation
from lmcodec.providers._build_wire import ResponsesCall, ResponsesCallOutput, json_object
from lmcodec.providers._crossing_claude import claude_routed, unsigned_loop_out
from lmcodec.providers._crossing_custom_calls import CustomCalls, custom_calls_back
from lmcodec.providers._crossing_error_responses import error_responses_back
from lmcodec.providers._crossing_gemini_part_fields import part_fields_back
from lmcodec.providers._crossing_image_detail import original_details_back
from lmcodec.providers._crossing_instruction_roles import developer_rows_back
from lmcodec.providers._crossing_openai_keys import OPENAI_DIALECTS as _OPENAI
from lmcodec.providers._crossing_parts import (
    chat_fronts_claude,
    chat_thinking_out,
    parts_out,
    thinking_blocks_in,
)
from lmcodec.providers._crossing_schema_description import schema_description_back
from lmcodec.providers._crossing_schemas import chat_strict_flags_back, strict_flags_back
from lmcodec.providers._crossing_sdk_blocks import ClientBlocks, sdk_blocks_back, sdk_blocks_noted, withdrawn
from lmcodec.providers._crossing_settings import output_cap_change, whole_cap_in
from lmcodec.providers._crossing_signatures import media_signatures_back, placeholder_signatures
from lmcodec.providers._crossing_strict import strict_empty_schemas_kept
from lmcodec.providers._replayed_responses_items import ReplayedItems, replayed_items_back
from lmcodec.providers._request import ProviderRequest
from lmcodec.providers._requests import build_request, refuse_unencodable, too_deep
from lmcodec.providers._tool_ids import REFUSE_REPEATS, renamed_places, repeated_call_ids, unique_tool_ids_out
from lmcodec.providers.anthropic._read_carried import Carried, carried_back
from lmcodec.providers.anthropic._read_carried import withdrawn as carried_withdrawn
from lmcodec.providers.gemini._build_tables import LEVELS, takes_thinking_level
from lmcodec.providers.gemini.read import UNNAMED_MODEL
from lmcodec.providers.openai import build as openai_build
from lmcodec.providers.openai._thinking_carriage import carried_thinking_in
from lmcodec.wire import EFFORT_THINKING_BUDGETS, Adaptation, Request
from lmcodec.wire.dialects import Provider

__all__ = ["same_dialect_built"]

Raw = bytes | bytearray | memoryview


def same_dialect_built(
    source: Provider,
    request: Request,
    stream: bool,
    unsigned: tuple[Adaptation, ...],
    *,
    strict_tools: frozenset[str],
    custom: CustomCalls | None,
    replayed: ReplayedItems | None,
    sdk_blocks: ClientBlocks | None,
    whole_blocks: tuple[Carried, ...],
    raw: Raw,
    client_body: Raw,
    routed: bool = False,
    repeated: bool | None = None,
) -> ProviderRequest:
    """``translate_request(source, source, ...)`` of the client's body read as ``request`` (``raw``
    the body as read, ``client_body`` as it came), ``unsigned`` the notes of the reading and
    ``strict_tools``, ``custom``, ``replayed``, ``sdk_blocks`` and ``whole_blocks`` what the
    reading took out to go back as the client sent it; ``stream`` decided; ``routed``: an Anthropic
    client's body sent by ``model=`` to another model than it names (``_crossing_claude.claude_routed``);
    ``repeated``: whether two calls share an id, as the reading counted them (None: not counted,
    the Request walked for one)."""
    destination = source
    if source == "openai":  # another provider's thinking carried through the client
        request, carried = carried_thinking_in(request, destination)
        unsigned = (*unsigned, *carried)
        if carried:
            request, left_out = parts_out(destination, request)
            unsigned = (*unsigned, *left_out)
    blocks: list[list[dict[str, str]]] = []  # Anthropic's thinking, as a Chat row's thinking_blocks
    if source == "openai_chat":  # thinking as thinking_blocks (to Claude only), never as content
        claude = chat_fronts_claude(destination, request.model)
        request, blocks, left_out = chat_thinking_out(request, thinking_blocks=claude)
        unsigned = (*unsigned, *left_out)
    elif source == "anthropic":  # a failover: the loop's thinking was another backend's, left out
        thinking, looped = unsigned_loop_out(request)
        if looped:
            request, unsigned = whole_cap_in(thinking, raw), (*unsigned, *looped)
        if routed:  # another Claude model than the client's (red team 43 F01)
            request, changed = claude_routed(request, raw)
            unsigned = (*unsigned, *changed)
    elif source == "gemini":  # to Gemini 3, as from the other dialects
        request, placeholders = placeholder_signatures(request)
        unsigned = (*unsigned, *placeholders)
        if request.config.extensions and request.config.reasoning is None:
            request, level = _level_out(request)
            unsigned = (*unsigned, *level)
    repeats: tuple[Adaptation, ...] = ()  # calls renamed (noted last: the passes below read the notes)
    renames: _Renames | None = None  # Responses: the renamed ids, put on the items as they go
    if repeated is None and source in REFUSE_REPEATS:
        repeated = repeated_call_ids(request)
    if repeated and source in REFUSE_REPEATS:  # (red team 46 F02)
        renamed, repeats = unique_tool_ids_out(source, request)
        if source == "anthropic":
            request = renamed
        else:  # (after the client's items go back as sent: their put-backs match by call_id)
            renames = renamed_places(request, renamed)
    if source in _OPENAI and (strict_tools or unsigned) and request.tools:  # strict, no parameters
        request, unsigned = strict_empty_schemas_kept(source, request, strict_tools, unsigned)
    if source == "openai" and strict_tools:  # strict: true on tools, as the client sent it
        request = strict_flags_back(request, strict_tools)
    if not (sdk_blocks and sdk_blocks_noted(unsigned)):  # (no file name or image detail dropped)
        sdk_blocks = None
    if custom is None and replayed is None and sdk_blocks is None and renames is None:
        built = build_request(destination, request, stream=stream)
    else:  # the client's custom call items, phases, hosted-tool items and blocks, as it sent them
        built, blocks_back = _responses_with_client_items(
            request, stream, custom, replayed, sdk_blocks, renames
        )
        if blocks_back:  # (their notes withdrawn)
            unsigned = withdrawn(unsigned)
    if any(blocks):
        built = msgspec.structs.replace(built, body=thinking_blocks_in(built.body, blocks))
    if whole_blocks:  # search results, documents: as the client sent them
        built = msgspec.structs.replace(built, body=carried_back(built.body, whole_blocks))
        unsigned = carried_withdrawn(unsigned, whole_blocks)
    if source == "openai_chat" and unsigned:  # strict: true on tools, as the client sent it
        sent, unsigned = chat_strict_flags_back(request, built.body, unsigned)
        built = msgspec.structs.replace(built, body=sent)
    if source in _OPENAI and unsigned:  # a structured-output schema's description, as written
        sent, unsigned = schema_description_back(destination, built.body, unsigned)
        sent, unsigned = original_details_back(source, destination, client_body, sent, unsigned)
        built = msgspec.structs.replace(built, body=sent)
    if source == "openai_chat":  # developer rows, as the client wrote them
        sent, rewritten = developer_rows_back(client_body, built.body)
        if sent is not built.body:
            built = msgspec.structs.replace(built, body=sent)
        unsigned = (*unsigned, *rewritten)
    if source == "gemini":  # a model turn's signed images, as the client sent them
        signed = media_signatures_back(request, built.body)
        if signed is not built.body:
            built = msgspec.structs.replace(built, body=signed)
        if unsigned:  # function responses with an error object, part fields: as the client sent them
            sent, unsigned = error_responses_back(client_body, built.body, unsigned)
            sent, unsigned = part_fields_back(client_body, sent, unsigned)
            built = msgspec.structs.replace(built, body=sent)
    if routed and request.config.reasoning is not None:  # the cap the client asked
        unsigned = (*unsigned, *output_cap_change(source, destination, request, raw, built.body))
    unsigned += repeats
    if not unsigned:
        return built
    return msgspec.structs.replace(built, adaptations=(*built.adaptations, *unsigned))


def _level_out(request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """A Gemini client's ``thinkingLevel`` sent (by ``model=``) to a model outside the Gemini 3
    class, which refuses it: the budget lm15's builder writes for that effort there instead, as
    from the other dialects (``substituted``), the rest of the body's ``generationConfig`` as it
    came; else ``request``. An unnamed body's model is no model to judge."""
    extensions = request.config.extensions or {}
    settings = extensions.get("generationConfig")
    if not isinstance(settings, dict) or not isinstance(thinking := settings.get("thinkingConfig"), dict):
        return request, ()
    level = thinking.get("thinkingLevel")
    if not isinstance(level, str) or level.lower() not in LEVELS:  # (another word: the client's)
        return request, ()
    if request.model == UNNAMED_MODEL or takes_thinking_level(request.model):
        return request, ()
    budget = EFFORT_THINKING_BUDGETS[level.lower()]
    rest = {key: value for key, value in thinking.items() if key != "thinkingLevel"}
    written = {**rest, "thinkingBudget": budget} if "thinkingBudget" not in rest else rest
    extensions = {**extensions, "generationConfig": {**settings, "thinkingConfig": written}}
    note = adaptation(
        "extensions.generationConfig.thinkingConfig.thinkingLevel",
        "substituted",
        f"{request.model} takes no thinkingLevel (the Gemini 3 class's): the budget lm15 writes there",
        level,
        written,
    )
    config = msgspec.structs.replace(request.config, extensions=extensions)
    return msgspec.structs.replace(request, config=config), (note,)


_Renames = tuple[dict[int, str], dict[int, str]]
"""A Responses body's renamed call ids: by order among the calls, and among the outputs."""
_CALLS: Final = frozenset({"function_call", "custom_tool_call"})
_OUTPUTS: Final = frozenset({"function_call_output", "custom_tool_call_output"})


def _responses_with_client_items(
    request: Request,
    stream: bool,
    custom: CustomCalls | None,
    replayed: ReplayedItems | None,
    blocks: ClientBlocks | None = None,
    renames: _Renames | None = None,
) -> tuple[ProviderRequest, bool]:
    """``build_request("openai", request)`` with a Responses client's custom calls, phases and
    hosted-tool items put in the payload as the builder hands it over, before it is encoded, then
    its files' filenames and file-id images' details (``blocks``, where given), then the repeated
    call ids ``renames`` (where given) on the calls and outputs, the client's items among them;
    and whether the blocks were put back (``_crossing_sdk_blocks.sdk_blocks_back``)."""
    blocks_back = False

    def put_back(payload: dict[str, Any]) -> None:
        nonlocal blocks_back
        if custom is not None:
            custom_calls_back(payload, custom)
        if replayed is not None:
            replayed_items_back(payload, replayed)
        if blocks is not None:
            blocks_back = sdk_blocks_back(payload, blocks)
        if renames is not None:
            _ids_renamed(payload, *renames)

    try:
        return openai_build.build_request(request, stream, put_back), blocks_back
    except RecursionError:
        raise too_deep("request") from None
    except TypeError:
        refuse_unencodable(request)
        raise


def _ids_renamed(payload: dict[str, Any], calls: dict[int, str], outputs: dict[int, str]) -> None:
    """The Responses ``payload``'s input with the n-th call (a function or custom call, as built or
    as the client sent it) under ``calls[n]`` and the n-th output under ``outputs[n]``, where given:
    the builder writes one item per call and result, in order, and the client's items went back in
    their places (hosted-tool items between them are neither)."""
    items = payload.get("input")
    if not isinstance(items, list):
        return
    seen_calls = seen_outputs = 0
    for at, item in enumerate(items):
        view = None  # (an item the client sent, as a dict; the builder's are Structs)
        if type(item) is ResponsesCall:
            tag: Any = "function_call"
        elif type(item) is ResponsesCallOutput:
            tag = "function_call_output"
        else:
            view = json_object(item)
            tag = view.get("type") if view is not None else None
        if tag in _CALLS:
            new = calls.get(seen_calls)
            seen_calls += 1
        elif tag in _OUTPUTS:
            new = outputs.get(seen_outputs)
            seen_outputs += 1
        else:
            continue
        if new is None:
            continue
        items[at] = msgspec.structs.replace(item, call_id=new) if view is None else {**view, "call_id": new}
