"""A client's OpenAI Responses request body -> canonical Request (the inverse of ``build.py``).

Read as the openai SDK sends ``client.responses.create(...)``. Every key has one verdict:
it maps to a canonical field, it rides verbatim in ``Config.extensions`` (the builder
writes extensions back at the top level), or it is refused with
:class:`lmcodec.ValidationError` naming its JSON path. Nothing is dropped.

Mapped: ``model``; ``instructions`` -> ``Request.system``; ``input`` items: messages
(``user``/``developer``/``system``/``assistant`` with ``input_text``, ``input_image``,
``input_file``, ``input_audio``, ``input_video``, ``output_text`` and ``refusal``
blocks), ``function_call`` (-> ToolCallPart by ``call_id``), ``function_call_output``
(-> ToolResultPart), ``reasoning`` items (-> ThinkingPart with the item's ``id`` and
``encrypted_content`` as OpenAI continuation state, also when that is lmcodec's carriage of
another provider's signed thinking: only ``lc.translate_request`` opens it,
``_thinking_carriage.py``); ``tools`` (function tools and the
hosted ``web_search_preview``, ``code_interpreter``, ``file_search``,
``computer_use_preview`` and any other hosted type, with their options as the builtin
tool's config); ``tool_choice`` with ``parallel_tool_calls`` (one naming the custom tool,
``{"type": "custom", "name": ...}``, as the choice of the builtin tool ``"custom"``, the choice as
sent riding in extensions for its name); ``max_output_tokens``,
``temperature``, ``top_p``, ``top_logprobs`` with ``include:
["message.output_text.logprobs"]``, ``text.format`` (json_object, json_schema),
``reasoning`` (effort, summary), ``service_tier``, ``safety_identifier``, ``store`` and
the cache fields (as for Chat Completions; a leading developer item holding one marked
``input_text`` block and no ``instructions`` is the ``prefix="stable"`` system prompt).

In ``Config.extensions``, verbatim: every other top-level key (``metadata``,
``previous_response_id``, ``conversation``, ``truncation``, ``background``, ``user``,
``max_tool_calls``, ``stream_options``, ``prompt``, ...), a
``text`` object with more than a json format (``verbosity``, ``{"type": "text"}``), a
``reasoning`` object lm15 would not write back, ``include``/``top_logprobs`` other than
lm15's pair, ``parallel_tool_calls`` without ``tool_choice``; ``tools`` as sent where a function
tool says ``strict: false`` (the openai SDK's ``FunctionToolParam`` requires the key; the canonical
tool has no strict field and lm15 sends no flag, which Responses reads as strict): every explicit
``strict`` goes back with them, in the place lm15 writes its tools, and ``lc.translate_request``
drops that spelling to another dialect, whose tools are non-strict without a flag
(``providers/crossing.py``).

Call mode: ``stream`` is not part of a Request; pass ``stream=body.get("stream", False)``
to ``build_request``.

Output items replayed as the openai SDK returns them (``input += response.output``) read
back: ``id`` on message and function_call items, ``status: "completed"`` (a message's
``"incomplete"`` too: the partial turn of an answer cut at ``max_output_tokens``), and the SDK's null
keys are left out (``_read_output_items.py`` lists them); other values of them are refused.
A reasoning item's several ``summary_text`` parts (o3 and gpt-5 write several) read as one
ThinkingPart, their texts joined by ``\\n`` as lm15 reads a response's reasoning item: the
rebuilt item holds that one part (the API takes it; the model reads ``encrypted_content``),
and where the parts began is not kept. An ``input_audio`` block in the openai SDK's shape
(``ResponseInputAudioParam``: ``{"input_audio": {"data", "format"}}``) reads as the audio part,
which lm15 writes in its own shape (``{"audio", "format"}``).

Cannot survive, refused: a function tool's ``defer_loading``, ``output_schema``,
``allowed_callers`` or ``async`` (``lc.translate_request`` sends them back to Responses as sent,
elsewhere drops or refuses each: ``providers/_responses_tool_keys.py``); ``id``/``status`` on a
``function_call_output`` item, an
``item_reference``, hosted-tool call items (``web_search_call``, ...), non-empty
``annotations`` or ``logprobs`` or a ``parsed`` value on ``output_text`` (``parsed: null``, in the
SDK parse helpers' dumps, reads as absent; ``lc.translate_request`` leaves them out,
``dropped``: ``_read_lenient.py``); a reasoning item with neither ``id``
nor ``encrypted_content`` (``lc.translate_request`` leaves it out with an Adaptation:
``providers/_unsigned_thinking.py``), or with ``content``; the hosted tool types
``web_search``, ``code_execution`` and ``computer_use`` (lm15 sends those canonical names as
``web_search_preview``, ``code_interpreter``, ``computer_use_preview``); an ``input_file`` whose
``filename`` is not lm15's ``file.<subtype>``, or by ``file_url`` or ``file_id`` with another
source or a ``filename`` beside it (lm15's wire carries one source); ``parallel_tool_calls`` beside
``tool_choice: "none"`` (``lc.translate_request`` sends ``none`` and the flag as sent to Responses,
elsewhere ``dropped``: ``providers/_gateway_read.py``); a missing ``input``; the
extension names lm15 reserves for its own policy (``compat``, ``cache``, ``prompt_caching``,
``openai_compat``, ``openai_responses_compat``).

Spelling normalizations (same meaning, different JSON): a string ``input`` or message
``content`` comes back as one ``input_text`` block; ``"type": "message"`` on an input
message is left out; ``system`` messages come back as ``developer`` (lm15's role);
``strict: true`` and ``strict: null`` are left out where no tool says ``strict: false`` (lm15's
builder sends no flag, which the API reads as strict where the schema allows it: not quite
``true``, which is strict or a 400, so ``lc.translate_request`` Responses -> Responses sends a
``strict: true`` back on its tool), and so is
``detail: "auto"`` on an ``input_image`` by ``file_id`` (the server's default; lm15 sends such an
image without a detail, so another detail there is refused);
function-call ``arguments`` are re-serialized compactly with ASCII escapes; a text-only
``function_call_output`` array comes back as its texts joined by newlines;
``allowed_tools`` naming one tool with ``mode: "required"`` comes back as that tool's
forced form; a known key set to ``null`` reads as absent; empty ``annotations`` are left
out; ``stream: false`` is always written (lm15 sends the flag either way); an empty ``tools``
list is left out (no tools); a ``json_schema`` text format without a ``name`` comes back
named ``"response"`` (lm15's default name; the API requires one).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.errors import ValidationError, quoted
from lmcodec.providers._crossing_survey import ContentSurvey, Seen, read_survey
from lmcodec.providers._pairing import named_by_their_calls
from lmcodec.providers._unsigned_thinking import Unsigned, left_out
from lmcodec.providers.openai._read_blocks import assistant_content, input_block
from lmcodec.providers.openai._read_common import (
    MAX_BODY_BYTES,
    array,
    fail,
    finish,
    obj,
    only_keys,
    parse_arguments,
    parse_body,
    string,
)
from lmcodec.providers.openai._read_config import (
    CANONICAL_KEYS,
    RESERVED_KEYS,
    non_strict,
    read_config,
    read_tools,
)
from lmcodec.providers.openai._read_lenient import sdk_keys_out, sdk_keys_taken_out
from lmcodec.providers.openai._read_output_items import input_item
from lmcodec.providers.openai._read_typed import decode_typed, decode_typed_with_stream_flag
from lmcodec.wire import Adaptation, Request

__all__ = [
    "decode_request",
    "decode_request_without_unsigned_thinking",
    "decoded_without_unsigned_thinking",
    "survey_of",
    "typed_or_none",
    "typed_surveyed_or_none",
    "typed_with_stream_flag_or_none",
]

MESSAGE_ROLES: Final[dict[str, str]] = {
    "user": "user",
    "developer": "developer",
    "system": "developer",
    "assistant": "assistant",
}
BREAKPOINT: Final = {"mode": "explicit"}
_INPUT_MESSAGE_KEYS: Final = frozenset({"type", "role", "content"})
_REASONING_ITEM_KEYS: Final = frozenset({"type", "id", "encrypted_content", "summary"})
_SUMMARY_PART_KEYS: Final = frozenset({"type", "text"})
_FUNCTION_CALL_ITEM_KEYS: Final = frozenset({"type", "call_id", "name", "arguments"})
_FUNCTION_CALL_OUTPUT_ITEM_KEYS: Final = frozenset({"type", "call_id", "output"})
ASSISTANT_STAGES: Final = {"reasoning": 0, "message": 1, "function_call": 2}
"""An assistant turn's items in order: reasoning, then the message, then function calls."""


class _Reader:
    __slots__ = ("breakpoint", "extensions", "stable", "unsigned")

    def __init__(self, unsigned: Unsigned = None) -> None:
        self.breakpoint: int | None = None
        self.stable = False
        self.extensions: dict[str, Any] = {}
        self.unsigned = unsigned  # None: an unsigned reasoning item is refused (_unsigned_thinking)


def decode_request(body: bytes, *, model: str | None = None) -> Request:
    """The canonical Request a client's body asks for (unmapped fields go to Config.extensions).

    ``model``, when given, replaces the body's model (a gateway routing an alias to a backend model).
    """
    return _decode_request(body, None, model)


def _decode_request(body: bytes, unsigned: Unsigned = None, model: str | None = None) -> Request:
    """The typed fast path; where it refuses, the dict walker (which names the fault, or agrees;
    ``unsigned``: see :func:`_reasoning`). Either way each tool result is named after its call
    where a call id is reused (``_pairing``), and ``model`` (when given) is the Request's."""
    if isinstance(body, str):
        body = body.encode("utf-8", "surrogatepass")
    request = typed_or_none(body, model)
    return request if request is not None else _walked(body, unsigned, model)


def typed_or_none(body: Any, model: str | None, seen: Seen | None = None) -> Request | None:
    """The typed fast path's Request; None where it refuses or the body is not bytes within the
    limit. ``seen``, given, records what the reading met (``_read_typed.ToolFlags``: the function
    tools flagged ``strict: true`` alone)."""
    if isinstance(body, (bytes, bytearray, memoryview)) and len(body) <= MAX_BODY_BYTES:
        return decode_typed(body, model, seen)
    return None


def typed_with_stream_flag_or_none(
    body: Any, model: str | None, seen: Seen | None = None
) -> tuple[Request, bool] | None:
    """:func:`typed_or_none`'s Request and whether the body's ``stream`` is ``true`` (as the views
    read it: the gateway's hand-over, no search of the body for the key)."""
    if isinstance(body, (bytes, bytearray, memoryview)) and len(body) <= MAX_BODY_BYTES:
        return decode_typed_with_stream_flag(body, model, seen)
    return None


def typed_surveyed_or_none(
    body: Any, model: str | None
) -> tuple[Request, ContentSurvey | None, frozenset[str], bool] | None:
    """:func:`typed_or_none`'s Request, its survey (``crossing.survey``'s answer, from what the
    reading met: no walk of its own; None where a call id names two functions), the function
    tools it read flagged ``strict: true`` and whether the body's ``stream`` is ``true``, for the
    gateway; None where the typed path refuses."""
    if isinstance(body, (bytes, bytearray, memoryview)) and len(body) <= MAX_BODY_BYTES:
        seen = Seen()
        read = decode_typed_with_stream_flag(body, model, seen)
        return None if read is None else (read[0], survey_of(seen), seen.strict_tools, read[1])
    return None


def survey_of(seen: Seen) -> ContentSurvey | None:
    """The survey of the Request the typed path made while it recorded ``seen``; None where a call
    id named two functions (the results were then named after their calls; they carry no name
    otherwise, so only such a call puts a name in ``seen.other_names``)."""
    return None if seen.other_names else read_survey(seen)


def _walked(body: Any, unsigned: Unsigned, model: str | None) -> Request:
    request = _decode_walked(body, unsigned)
    return request if model is None else msgspec.structs.replace(request, model=model)


def decode_request_without_unsigned_thinking(
    body: bytes, *, model: str | None = None
) -> tuple[Request, tuple[Adaptation, ...]]:
    """The gateway's reading (``_unsigned_thinking``): the Request ``decode_request`` gives, except
    that each reasoning item with neither ``id`` nor ``encrypted_content`` is left out rather than
    refused, and so are the SDK keys ``_read_lenient`` names in a body it refuses, with the notes
    of those."""
    if isinstance(body, str):
        body = body.encode("utf-8", "surrogatepass")
    unsigned: list[Adaptation] = []
    if isinstance(body, (bytes, bytearray, memoryview)) and len(body) <= MAX_BODY_BYTES:
        # Where the typed path refuses, the SDK keys are taken out before the walker runs: the walker
        # refuses each of them, so it would only refuse the body to have it read again (red-team F10).
        request = decode_typed(body, model)
        if request is not None:
            return request, ()
        lenient = sdk_keys_out(body)  # filenames, image details, replayed metadata (_read_lenient)
        if lenient is None:
            return _walked(body, unsigned, model), tuple(unsigned)
    else:
        try:
            return _decode_request(body, unsigned, model), tuple(unsigned)
        except ValidationError:
            lenient = sdk_keys_out(body)
            if lenient is None:
                raise
    unsigned = lenient.notes
    return _decode_request(lenient.body, unsigned, model), tuple(unsigned)


def decoded_without_unsigned_thinking(
    value: dict[str, Any], model: str | None = None
) -> tuple[Request, tuple[Adaptation, ...]]:
    """:func:`decode_request_without_unsigned_thinking` of a body already decoded, ``value`` (the
    gateway's passes decoded it: ``providers/_gateway_read.py``; the SDK keys are written in it in
    place): the walker's reading, which is the typed path's where that one takes the body
    (``tests/providers/test_read_openai_typed.py``); the SDK keys ``_read_lenient`` names are taken
    out first, as the typed path refuses every body holding one."""
    unsigned = sdk_keys_taken_out(value)
    return _walked(value, unsigned, model), tuple(unsigned)


def _decode_walked(body: bytes | dict[str, Any], unsigned: Unsigned = None) -> Request:
    """The dict walker: every key checked with its JSON path; tool results named after their calls
    where a call id is reused (``_pairing``)."""
    value = parse_body(body)
    reader = _Reader(unsigned)
    if "model" not in value:
        fail("missing", "$.model")
    model = string(value["model"], "$.model")
    for key in RESERVED_KEYS:
        if key in value:
            fail(f"{key!r} is an extension name lm15 reads as its own policy and never sends", f"$.{key}")
    if value.get("input") is None:
        fail("missing: a canonical Request needs input messages", "$.input")
    canonical: dict[str, Any] = {"model": model}
    instructions = value.get("instructions")
    system: str | list[dict[str, Any]] | None = None
    if instructions is not None:
        # An empty string is kept as one empty text part: lm15 writes it back in place.
        system = string(instructions, "$.instructions") or [{"type": "text", "text": ""}]
    raw_input = value["input"]
    items = (
        [{"role": "user", "content": raw_input}]
        if isinstance(raw_input, str)
        else array(raw_input, "$.input")
    )
    if system is None and "instructions" not in value and len(items) > 1:  # a lone item is a message
        system = _stable_system(items, reader)
    canonical["messages"] = _messages(items, reader, 1 if reader.stable else 0)
    if system is not None:
        canonical["system"] = system
    if value.get("tools") is not None:
        raw_tools = array(value["tools"], "$.tools")
        canonical["tools"] = read_tools(raw_tools)
        if non_strict(raw_tools):
            reader.extensions["tools"] = raw_tools
    canonical["config"] = read_config(value, model, reader.extensions, reader.breakpoint, reader.stable)
    for key, item in value.items():
        if key not in CANONICAL_KEYS:
            reader.extensions[key] = item
    if reader.extensions:
        canonical["config"]["extensions"] = reader.extensions
    return named_by_their_calls(finish(canonical))


def _stable_system(items: list[Any], reader: _Reader) -> str | None:
    """A leading developer item with one marked input_text block: the prefix="stable" system prompt."""
    if not items or not isinstance(items[0], dict):
        return None
    first = items[0]
    if first.get("role") != "developer" or set(first) - {"role", "content", "type"}:
        return None
    if first.get("type", "message") != "message":
        return None
    content = first.get("content")
    if not isinstance(content, list) or len(content) != 1 or not isinstance(content[0], dict):
        return None
    block = content[0]
    if block.get("type") != "input_text" or block.get("prompt_cache_breakpoint") != BREAKPOINT:
        return None
    text = block.get("text")
    if not isinstance(text, str) or not text or set(block) - {"type", "text", "prompt_cache_breakpoint"}:
        return None
    reader.stable = True
    return text


def _messages(items: list[Any], reader: _Reader, start: int) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = []
    # The assistant message being assembled: its stage (0 reasoning, 1 message, 2 calls).
    turn: dict[str, Any] | None = None
    stage = 0
    for index in range(start, len(items)):
        path = f"$.input[{index}]"
        item = obj(items[index], path)
        kind = string(item.get("type", "message"), f"{path}.type")
        if kind == "message" and item.get("role") != "assistant":
            turn = None
            messages.append(_input_message(item, path, reader, len(messages)))
            continue
        if kind == "function_call_output":
            turn = None
            output = _tool_output(item, path)
            if messages and messages[-1]["role"] == "tool":  # consecutive outputs: one tool message
                messages[-1]["parts"] += output["parts"]
            else:
                messages.append(output)
            continue
        step = ASSISTANT_STAGES.get(kind)
        if step is None:
            fail(
                f"an input item of type {quoted(kind)} cannot be carried by a canonical Request",
                f"{path}.type",
            )
        item = input_item(item, kind, path)  # an SDK output item replayed: its own keys
        if turn is None or step < stage or (step == stage == 1):
            turn = {"role": "assistant", "parts": []}
            messages.append(turn)
        stage = step
        parts = turn["parts"]
        if kind == "reasoning":
            part = _reasoning(item, path, reader.unsigned)
            if part is not None:
                parts.append(part)
            elif not parts:  # a turn begun by an unsigned item, left out: none yet
                messages.pop()
                turn = None
        elif kind == "message":
            parts.extend(assistant_content(item, path))
        else:
            parts.append(_function_call(item, path))
    if not messages:
        fail("a canonical Request needs at least one message besides the system prompt", "$.input")
    for message in messages:
        if not message["parts"]:
            fail("an assistant message with no content cannot be carried", "$.input")
    return messages


def _input_message(item: dict[str, Any], path: str, reader: _Reader, index: int) -> dict[str, Any]:
    only_keys(item, _INPUT_MESSAGE_KEYS, path, "an input message")
    role = string(item.get("role"), f"{path}.role")
    if role not in MESSAGE_ROLES:
        fail(f"unknown role {quoted(role)}; expected one of {sorted(MESSAGE_ROLES)}", f"{path}.role")
    content = item.get("content")
    if isinstance(content, str):
        return {"role": MESSAGE_ROLES[role], "parts": [{"type": "text", "text": content}]}
    blocks = array(content, f"{path}.content")
    if not blocks:
        fail("a message needs at least one content block", f"{path}.content")
    parts = []
    last = len(blocks) - 1
    for position, raw in enumerate(blocks):
        where = f"{path}.content[{position}]"
        block = obj(raw, where)
        mark = block.get("prompt_cache_breakpoint")
        if mark is not None:
            if mark != BREAKPOINT or block.get("type") != "input_text" or position != last:
                fail(
                    'a prompt_cache_breakpoint rides on the last input_text block, as {"mode": "explicit"}',
                    where,
                )
            if reader.breakpoint is not None or reader.stable:
                fail("a second prompt_cache_breakpoint: lm15 places one per request", where)
            reader.breakpoint = index
        parts.append(input_block(block, where))
    return {"role": MESSAGE_ROLES[role], "parts": parts}


def _reasoning(item: dict[str, Any], path: str, unsigned: Unsigned = None) -> dict[str, Any] | None:
    """The item's ThinkingPart; one with neither ``id`` nor ``encrypted_content`` is refused, or
    (``unsigned`` given: the gateway's reading) noted there and left out (None)."""
    only_keys(item, _REASONING_ITEM_KEYS, path, "a reasoning item")
    state: dict[str, Any] = {}
    for key, value in item.items():
        if key in ("id", "encrypted_content") and value is not None:
            state[key] = string(value, f"{path}.{key}")
    if not state and unsigned is None:
        fail("a reasoning item without id or encrypted_content cannot be replayed", path)
    summary = array(item.get("summary", []), f"{path}.summary")
    if len(summary) > 1:
        fail(
            "a reasoning item with several summary parts cannot be carried (lm15 replays one)",
            f"{path}.summary",
        )
    text = ""
    if summary:
        entry = obj(summary[0], f"{path}.summary[0]")
        only_keys(entry, _SUMMARY_PART_KEYS, f"{path}.summary[0]", "a summary part")
        if entry.get("type") != "summary_text":
            fail("expected a summary_text part", f"{path}.summary[0].type")
        text = string(entry.get("text"), f"{path}.summary[0].text")
        if not text:
            fail(
                "an empty summary_text cannot be carried (lm15 replays it as no summary)",
                f"{path}.summary[0]",
            )
    if not state:
        assert unsigned is not None
        unsigned.append(left_out(path, "a reasoning item without id or encrypted_content", text))
        return None
    continuation = [{"provider": "openai", "kind": "reasoning_item", "data": state}]
    return {"type": "thinking", "text": text, "continuation": continuation}


def _function_call(item: dict[str, Any], path: str) -> dict[str, Any]:
    only_keys(item, _FUNCTION_CALL_ITEM_KEYS, path, "a function_call item")
    return {
        "type": "tool_call",
        "id": string(item.get("call_id"), f"{path}.call_id"),
        "name": string(item.get("name"), f"{path}.name"),
        "input": parse_arguments(item.get("arguments", "{}"), f"{path}.arguments"),
    }


def _tool_output(item: dict[str, Any], path: str) -> dict[str, Any]:
    only_keys(item, _FUNCTION_CALL_OUTPUT_ITEM_KEYS, path, "a function_call_output item")
    call_id = string(item.get("call_id"), f"{path}.call_id")
    output = item.get("output")
    if isinstance(output, str):
        content = [{"type": "text", "text": output}]
    else:
        blocks = array(output, f"{path}.output")
        if not blocks:
            fail("a function_call_output needs output", f"{path}.output")
        content = [
            input_block(obj(b, f"{path}.output[{i}]"), f"{path}.output[{i}]") for i, b in enumerate(blocks)
        ]
    return {"role": "tool", "parts": [{"type": "tool_result", "id": call_id, "content": content}]}
