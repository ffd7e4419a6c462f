"""A client's request body in one dialect -> the request another dialect's provider takes.

``decode_request(src, body)`` keeps in ``Config.extensions`` the keys of ``src``'s own wire that
the canonical fields cannot rebuild exactly (so that ``build_request(src, ...)`` gives the body
back), and lm15's builders send extensions verbatim at the top level, overriding what they built.
Sent to another dialect those keys are foreign: ``system`` blocks or ``tools`` in Anthropic's
shape on an OpenAI body, ``generationConfig`` on an Anthropic body, an API answers 400.
``lc.translate_request(src, dst, body)`` (the pipeline, ``providers/_translate_request.py``) reads the
body, then, when the dialects differ, takes every extension out of the Request before building
(:func:`foreign_extensions_out`): a key with a canonical meaning moves onto its canonical field
(as lm15's ingest reads it), and every other key is dropped with an :class:`Adaptation` on the
ProviderRequest naming it, so nothing is lost silently.

Moved onto canonical fields (action ``substituted``): ``parallel_tool_calls`` without
``tool_choice`` (Chat, Responses) -> ``ToolChoice(mode="auto", parallel=...)``;
``safety_identifier`` (Chat) and ``user`` (Responses) -> ``user_id`` when it is unset (both
given, between Chat and Responses each goes under its own name). Keys whose content other fields
carry (Responses' logprobs ``include``, Anthropic ``system`` blocks, a custom tool choice) are taken
out first, noted for what they leave (``providers/_crossing_carried_keys.py``).
Carrying nothing (action ``satisfied``: the wire default): Chat ``response_format: {"type":
"text"}``, ``logprobs: false``, ``n: 1``, ``top_logprobs: 0``
(beside ``logprobs: true``, read as Config.logprobs=0), a ``max_tokens`` equal to ``max_completion_tokens``;
Responses ``text: {"format": {"type": "text"}}``. Refused (a ValidationError at the key's path):
a Responses ``previous_response_id``, ``conversation`` or stored ``prompt``, whose history or
instructions live on OpenAI's server (the destination would answer the new input alone); a
Gemini ``cachedContent`` likewise, at ``$.cachedContent`` (``_translate_request.translate_request``).
From a Gemini body, a ``systemInstruction`` or ``generationConfig`` kept whole (google-genai sends
``role: "user"`` on the one, which carries nothing, ``{}`` or ``candidateCount: 1`` in the other) was
sent as the canonical system prompt and settings: only the rest is ``dropped`` (``asked`` that rest),
else it is ``satisfied`` (another ``candidateCount``: refused, ``_translate_request``); its
``tools`` and ``toolConfig`` (sent as the canonical tools and tool_choice) and an empty object are
noted only for what they leave out (a declaration's ``behavior``, a ``retrievalConfig``; red team 24
F06).
Everything else (action ``dropped``): the
canonical fields still hold what the destination can take (the system text, the tools, the
thinking budget), the extension held the source wire's exact shape or a setting only that
provider has (``logit_bias``, ``safetySettings``, cache marks on tools, ...). Kept as it is: a key
the destination's wire has with the same meaning (between Chat and Responses, every key both
openai SDK create() calls take: ``metadata``, ``moderation``, ``prompt_cache_retention``, ...,
Chat's ``verbosity`` as Responses' ``text.verbosity``; ``providers/_crossing_openai_keys.py``).

Before any of this, unsigned thinking the client replays (a thinking block with an empty or
absent signature, a Gemini thought part without thoughtSignature, a Responses reasoning item
with neither id nor encrypted_content, a Chat ``thinking_blocks`` entry without a signature),
which ``decode_request`` refuses, is left out by the gateway's reading of the body, in every
pair, the same dialect included: one ``dropped`` Adaptation per part, named by its JSON path
in the client's body (``$.messages[1].content[0]``; ``providers/_unsigned_thinking.py``).

The conversation itself is built as lm15's builders build it, and some of it a destination
cannot carry; :func:`content_losses` names each such part (``messages[i].parts[j]``), so a
gateway's operator sees it: a continuation state of another provider (a thinking signature, a
redacted thinking block, encrypted reasoning, a thought signature: only the provider that made
it can replay it; ``dropped``; but to Chat, Anthropic's signed and redacted thinking goes on as the
assistant row's ``thinking_blocks``, ``substituted``, for a Chat backend fronting Claude: when the
request's model names Claude, ``_crossing_parts.chat_fronts_claude``); an
image's ``detail`` where the destination has no such field (Anthropic, Gemini; ``dropped``); a
file id (a Files API id of the provider the client spoke to) sent as the destination's file
reference (``substituted``: the destination cannot resolve another provider's ids).

Another provider's signed thinking a Responses client carries back in a reasoning item's
``encrypted_content`` (lmcodec's carriage, ``providers/openai/_thinking_carriage.py``) is read as
that thinking first, so the provider that signed it gets it back and any other leaves it out.

Thinking the destination cannot take back as thinking, and (to Anthropic) what would be written
as an empty text block, is left out (``providers/_crossing_parts.py``, ``dropped``).

Gemini's ``parameters`` and ``responseSchema`` take an OpenAPI Schema, which google-genai's
typed ``Schema`` writes with upper-case type names (``"OBJECT"``) and ``nullable``;
``decode_request("gemini")`` keeps it as it came (so Gemini gets it back), and
:func:`openapi_schemas_out` writes it as JSON Schema for another dialect (lower-case type
names, ``nullable: true`` as a ``"null"`` type, Gemini's ``propertyOrdering`` left out),
recorded as ``substituted`` (``providers/_crossing_openapi_schemas.py``).

A stream's error crosses too, its code in the destination's vocabulary (:func:`crossed_error`,
``providers/_crossing_errors.py``).
"""

from __future__ import annotations

import functools
from typing import Any, Final

import msgspec

from lmcodec.errors import ProviderError, ValidationError
from lmcodec.providers._build_common import Notes, adaptation
from lmcodec.providers._crossing_carried_keys import asks_nothing, carried_keys_out
from lmcodec.providers._crossing_errors import crossed_error
from lmcodec.providers._crossing_openai_keys import SAME
from lmcodec.providers._crossing_openapi_schemas import is_json_schema, json_schema_of, openapi_schemas_out
from lmcodec.providers._crossing_parts import chat_thinking_block, dropped
from lmcodec.providers._crossing_strict import anthropic_tools_residue
from lmcodec.providers._crossing_survey import ContentSurvey, survey
from lmcodec.providers._errors import a_or_an
from lmcodec.providers.gemini.build import top_level as gemini_top_level
from lmcodec.wire import (
    Adaptation,
    CitationPart,
    ImagePart,
    RefusalPart,
    Request,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolChoice,
    ToolResultPart,
)

__all__ = [
    "ContentSurvey",
    "content_losses",
    "crossed_error",
    "foreign_extensions_out",
    "is_json_schema",
    "json_schema_of",
    "openapi_schemas_out",
    "survey",
]

_DEFAULTS: Final[dict[str, dict[str, Any]]] = {
    "openai_chat": {"response_format": {"type": "text"}, "logprobs": False, "n": 1, "top_logprobs": 0},
    "openai": {"text": {"format": {"type": "text"}}},
}
"""Extension values that are the source wire's default: they carry nothing to another dialect."""

_USER_KEYS: Final[dict[str, str]] = {"openai_chat": "safety_identifier", "openai": "user"}
"""The end-user identifier a dialect keeps in extensions (its canonical one being the other key)."""

_SHARED_KEYS: Final[dict[tuple[str, str], frozenset[str]]] = {
    ("openai_chat", "openai"): SAME | {"prompt_cache_options", "user"},
    ("openai", "openai_chat"): SAME | {"prompt_cache_options", "verbosity", "safety_identifier"},
}
"""Extension keys the destination's wire has under the same name with the same meaning: they are
sent on (the keys both openai SDK create() calls take, in the destination's spelling by then:
``providers/_crossing_openai_keys.py``)."""

_NO_SUCH_FIELD: Final[dict[str, dict[str, str]]] = {
    "metadata": {
        "anthropic": "Anthropic's metadata takes only user_id",
        "gemini": "GenerateContent has no request metadata",
    },
    "tools": {  # what of an Anthropic client's tools as sent the others leave (_crossing_strict.py)
        destination: "the tools go as the canonical tools; these keys of its tools have no field there"
        for destination in ("openai", "openai_chat", "gemini")
    },
}
"""Why a key the other dialects also spell is dropped at a destination (else: no such field)."""


_SERVER_STATE: Final[dict[str, str]] = {
    "previous_response_id": "the conversation's history lives",
    "conversation": "the conversation's history lives",
    "prompt": "a stored prompt's instructions live",
}
"""Responses keys naming state kept on OpenAI's server (red-team 5 F11): another dialect would get
the new input alone and answer without it, so such a body is refused there."""


def foreign_extensions_out(
    source: str, request: Request, destination: str
) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` without extensions (those with a canonical meaning moved onto its fields, those
    ``destination`` takes as they are kept), and one Adaptation per key moved or dropped. A
    Responses key naming state on OpenAI's server (:data:`_SERVER_STATE`) is refused."""
    config = request.config
    if config is None or not config.extensions:
        return request, ()
    extensions = config.extensions
    if source == "openai":
        for key, what in _SERVER_STATE.items():
            if extensions.get(key) is not None:
                raise ValidationError(
                    f"{key}: {what} on OpenAI's server and cannot be forwarded to {destination}, "
                    "which would answer the new input alone; send the whole conversation in input",
                    f"$.{key}",
                )
    request, carried = carried_keys_out(source, destination, request)
    config = request.config
    extensions = config.extensions or {}
    shared = _SHARED_KEYS.get((source, destination), frozenset())
    kept = {key: value for key, value in extensions.items() if key in shared}
    changes: dict[str, Any] = {"extensions": kept or None}
    notes: list[Adaptation] = list(carried)
    defaults = _DEFAULTS.get(source, {})
    for key, value in extensions.items():
        where = f"extensions.{key}"
        if key in kept or (key == "tools" and source == "openai"):  # its strict flags: _crossing_strict
            continue
        if key == "tools" and source == "anthropic":  # noted only for what no other pass carries or notes
            value = anthropic_tools_residue(value)
            if not value:
                continue
        if key in defaults and value == defaults[key]:
            notes.append(_note(where, "satisfied", f"{source}'s default; it carries nothing", value))
        elif key == "max_tokens" and source == "openai_chat" and value == config.max_tokens:
            notes.append(_note(where, "satisfied", "the same cap as max_completion_tokens", value))
        elif key == "parallel_tool_calls" and isinstance(value, bool) and config.tool_choice is None:
            choice = ToolChoice(mode="auto", parallel=value)
            changes["tool_choice"] = choice
            notes.append(
                _note(where, "substituted", "read as the canonical tool_choice", value, {"parallel": value})
            )
        elif key == _USER_KEYS.get(source) and isinstance(value, str) and value and config.user_id is None:
            changes["user_id"] = value
            notes.append(_note(where, "substituted", "read as the canonical user_id", value, value))
        elif source == "gemini" and key in _GEMINI_CARRIED:
            rest = _gemini_residue(key, value, request)
            if value == {} or (not rest and key in _NOTED_WHERE_LEFT):
                continue
            if rest:
                why = f"the rest was sent as the canonical fields; {destination} has no such field"
                notes.append(_note(where, "dropped", f"{source}'s own wire key: {why}", rest))
            else:
                notes.append(_note(where, "satisfied", _GEMINI_CARRIED[key], value))
        elif not asks_nothing(value):  # null or [] asks nothing: leaving it out is no loss
            why = _NO_SUCH_FIELD.get(key, {}).get(destination, f"{destination} has no such field")
            notes.append(_note(where, "dropped", f"{source}'s own wire key: {why}", value))
    return msgspec.structs.replace(request, config=msgspec.structs.replace(config, **changes)), tuple(notes)


_GEMINI_CARRIED: Final = {
    "systemInstruction": "sent as the canonical system prompt (its parts; nothing else in it)",
    "generationConfig": "sent as the canonical settings (each of its keys)",
    "tools": "sent as the canonical tools (each declaration's name, description and schema)",
    "toolConfig": "sent as the canonical tool_choice (its mode and allowed function names)",
}
"""Gemini objects ``decode_request`` keeps whole where the builder would spell them otherwise, whose
content the canonical fields carry: to another dialect only the rest of them is dropped (red team 9
F06: google-genai sends ``systemInstruction`` with ``role: "user"`` and ``generationConfig: {}``;
red team 24 F06: its ``tools`` spelled ``parameters_json_schema``, a ``toolConfig`` of a mode and
allowed names). An empty object asks nothing: no note."""
_DECLARED: Final = frozenset(
    {"name", "description", "parameters", "parametersJsonSchema", "parameters_json_schema"}
)
"""What of a function declaration the canonical tool carries."""
_NOTED_WHERE_LEFT: Final = frozenset({"tools", "toolConfig"})
"""Carried keys noted only for what they leave out: the canonical tools and tool_choice are sent, and
are noted themselves where they change (renamed, rewritten schemas, hosted tools)."""
_SCHEMA_SPELLINGS: Final = {"responseSchema": "responseJsonSchema", "responseJsonSchema": "responseSchema"}


def _gemini_residue(key: str, value: Any, request: Request) -> Any:
    """What of a Gemini ``systemInstruction`` or ``generationConfig`` kept in extensions the
    canonical fields do not carry: a system instruction's keys beside its ``parts`` (the reader
    takes text parts only, as the system prompt); the ``generationConfig`` keys whose value the
    Gemini builder does not write back from the canonical request (under either schema key)."""
    if key == "tools":
        return _declarations_residue(value)
    if not isinstance(value, dict):
        return value
    if key == "toolConfig":
        calling = value.get("functionCallingConfig")
        rest = {name: item for name, item in value.items() if name != "functionCallingConfig"}
        if request.config.tool_choice is None or not isinstance(calling, dict):
            return value
        calling_rest = {k: v for k, v in calling.items() if k not in ("mode", "allowedFunctionNames")}
        return {**rest, "functionCallingConfig": calling_rest} if calling_rest else rest
    if key == "systemInstruction":
        # its parts, and a role the API ignores there (google-genai writes "user"; red team 43 F03)
        return {name: item for name, item in value.items() if name not in ("parts", "role")}
    if not value:
        return {}
    config = request.config
    output = (config.extensions or {}).get("output")
    bare = msgspec.structs.replace(config, extensions=None if output is None else {"output": output})
    try:
        built = gemini_top_level(
            msgspec.structs.replace(request, config=bare), request.model, [], None, Notes()
        )
    except ProviderError:
        return value
    written = built.get("generationConfig", {})
    return {
        name: item
        for name, item in value.items()
        if written.get(name) != item
        and written.get(_SCHEMA_SPELLINGS.get(name, name)) != item
        and (name != "candidateCount" or item != 1)  # the default, one (others: refused)
    }


def _declarations_residue(value: Any) -> Any:
    """What of a Gemini ``tools`` list the canonical tools do not carry: each function declaration's
    keys beside its name, description and schema (with its name); a builtin tool entry is a
    canonical builtin tool (``hosted_tools_out`` notes it where it does not cross)."""
    if not isinstance(value, list):
        return value
    rest: list[Any] = []
    for entry in value:
        declarations = entry.get("functionDeclarations") if isinstance(entry, dict) else None
        for declaration in declarations if isinstance(declarations, list) else ():
            if isinstance(declaration, dict) and not _DECLARED.issuperset(declaration):
                extra = {k: v for k, v in declaration.items() if k not in _DECLARED}
                rest.append({"name": declaration.get("name"), **extra})
    return rest


def _note(field: str, action: Any, reason: str, asked: Any, applied: Any = None) -> Adaptation:
    return adaptation(field, action, reason, asked, applied)


_NO_DETAIL: Final = frozenset({"anthropic", "gemini"})
"""Dialects whose image input has no ``detail`` field (lm15's builders leave it out)."""


def content_losses(
    source: str, destination: str, request: Request, *, thinking_blocks: bool = False
) -> tuple[Adaptation, ...]:
    """One Adaptation per part of ``request`` that ``destination``'s body cannot carry as it is
    (with ``thinking_blocks``, Anthropic's thinking goes as a Chat row's ``thinking_blocks``:
    ``_crossing_parts.chat_fronts_claude``).

    A text part, a tool call or a tool result of text parts, with no continuation state anywhere,
    loses nothing in any dialect and is passed over by its exact type (most of a conversation);
    every other part is judged by :func:`_part_losses`."""
    own = destination.replace("_", "-")
    notes: list[Adaptation] = []
    part: Any
    for i, message in enumerate(request.messages):
        for j, part in enumerate(message.parts):
            kind = type(part)
            if kind is TextPart or kind is ToolCallPart:
                if not part.continuation:
                    continue
            elif kind is ToolResultPart and not part.continuation:
                for inner in part.content:
                    if type(inner) is not TextPart or inner.continuation:
                        break
                else:
                    continue
            where = f"messages[{i}].parts[{j}]"
            carried = thinking_blocks and kind is ThinkingPart and chat_thinking_block(part) is not None
            _part_losses(part, where, source, destination, own, notes, carried)
            if kind is ToolResultPart:
                for k, inner in enumerate(part.content):
                    _part_losses(inner, f"{where}.content[{k}]", source, destination, own, notes, False)
    return tuple(notes)


_AS_THINKING_BLOCKS: Final = (
    "Anthropic's signed thinking sent as the assistant row's thinking_blocks (LiteLLM's field; "
    "lm15's Chat builder writes none): a Chat backend fronting Claude gives Claude its blocks back"
)


@functools.lru_cache(maxsize=256)
def _state_reason(provider: str, kind: str) -> str:
    """Why another provider's continuation state is dropped, remembered by provider and kind: the
    same few come with every part of a conversation (an f-string and ``a_or_an`` cost ~3.5k
    instructions a part, red team 13 F07's 500 reasoning items)."""
    return f"{a_or_an(provider)} {kind} state: only {provider} can replay it"


_NO_MEDIA: Final = frozenset(
    {TextPart, ThinkingPart, ToolCallPart, ToolResultPart, RefusalPart, CitationPart}
)
"""Part types with neither an image's ``detail`` nor a ``file_id``: their losses are their states
alone (the reasoning items of a Codex body: ``isinstance`` through the wire metaclass and a
missing attribute's ``getattr`` were most of this pass)."""


def _part_losses(
    part: Any, where: str, source: str, destination: str, own: str, notes: list[Adaptation], carried: bool
) -> None:
    states = getattr(part, "continuation", ())
    for state in states:
        if carried and state.provider == "anthropic":
            notes.append(_note(where, "substituted", _AS_THINKING_BLOCKS, state.kind, "thinking_blocks"))
        elif state.provider not in (destination, own):
            notes.append(
                dropped(f"{where}.continuation", _state_reason(state.provider, state.kind), state.kind)
            )
    if type(part) in _NO_MEDIA:
        return
    if isinstance(part, ImagePart) and part.detail is not None and destination in _NO_DETAIL:
        notes.append(_note(f"{where}.detail", "dropped", f"{destination} images have no detail", part.detail))
    file_id = getattr(part, "file_id", None)
    if isinstance(file_id, str):
        notes.append(
            _note(
                f"{where}.file_id",
                "substituted",
                f"a file id of {source}'s Files API sent as {destination}'s file reference: "
                f"{destination} cannot resolve another provider's ids",
                file_id,
            )
        )
