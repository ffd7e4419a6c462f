"""Parts of a conversation left out when it crosses to another dialect (``lc.translate_request``).

Thinking the destination cannot take back as thinking (no continuation state of the
destination's own: another provider's signed thinking, a Chat ``reasoning_content``, a Responses
reasoning summary sent to Anthropic) is left out in every pair, as the gateway's reading leaves
out unsigned thinking (``providers/_unsigned_thinking.py``): lm15's builders would send it as
visible assistant text, and the model's private reasoning would become something the assistant
said (red-team gateway F12). One ``dropped`` Adaptation per part, its text as ``asked``.

To Anthropic and to Gemini, what their builders (lm15's) would write as an empty text block or
part, which both APIs refuse (Anthropic: "text content blocks must be non-empty"; Gemini: "Unable
to submit request because it has an empty text parameter"), is left out too: a Chat row's
``content: ""`` beside tool calls or thinking, a Responses reasoning item of encrypted content
only, Gemini's closing empty part that carries a thoughtSignature (to Anthropic; to Gemini that
part is Gemini's own and is sent with its signature). An assistant turn of nothing else goes with
it; a user turn of empty text only
is sent as it came (leaving it out would change who speaks last), and so is the turn a cache
breakpoint marks; a turn left out before it moves the breakpoint's index. Paths name the parts
as ``decode_request`` reads the body (``messages[i].parts[j]``). To Chat, whose builder writes
empty thinking as nothing, an assistant turn of empty thinking only (a Responses reasoning item of
encrypted content only, an Anthropic ``redacted_thinking`` block to a model that is not Claude) goes
the same way, one ``messages[i]`` note (red team 29 F02: ``content: null`` without ``tool_calls``,
which OpenAI refuses); beside the turn's other parts such thinking is not noted.

To Responses, inline audio lm15's builder writes in its own shape (``{"type": "input_audio",
"audio", "format"}``) goes in the openai SDK's (``ResponseInputAudioParam``: ``{"type":
"input_audio", "input_audio": {"data", "format"}}``), the one the SDK sends and lmcodec's
Responses reader reads (:func:`responses_audio_in_sdk_shape`, ``substituted``); ``build_request``
keeps lm15's.

From Responses to another dialect, the ``system`` / ``developer`` input items that lead the
input (a Responses client's system prompt as LangChain and most Chat-to-Responses ports send it,
read as developer messages) are the Request's system prompt (:func:`leading_developer_as_system`,
red-team 5 F12), as a Chat client's leading system row is: lm15's Anthropic and Gemini builders
would write them as a user turn ``"[developer]\n..."``. With ``instructions`` too, the system
prompt is its parts in order: ``instructions`` first (the Responses API puts them before the
input), then each item's text. One ``substituted`` Adaptation per item; a developer item later in
the input stays where it is, and so does one of other than text or one a cache breakpoint marks.

Chat to Chat, lm15's builder would write a replayed assistant message's thinking as its content
(red-team 5 F07): :func:`chat_thinking_out` takes it out of the messages first. A
``reasoning_content`` (thinking without Anthropic state) is left out (``dropped``: DeepSeek's
docs say it must not be sent back; the row keeps an empty content where nothing else is left, so
no turn moves); signed and redacted ``thinking_blocks`` go on as the row's ``thinking_blocks``
(:func:`thinking_blocks_in`, the Chat wire's own field for them, LiteLLM's shape), so a Chat
backend fronting Claude gets them back verbatim.

``thinking_blocks`` go only toward a Claude model (:func:`chat_fronts_claude`: the request's
model names ``claude``, as LiteLLM's, OpenRouter's and Bedrock's names for it do), from every
source: OpenAI's own Chat Completions API refuses a message key it does not know ("Additional
properties are not allowed ('thinking_blocks' was unexpected)"), so to any other model (a
gateway failing over from Claude to gpt-*) Anthropic's thinking is left out, each part
``dropped``, as every other provider's signed thinking is.

From Anthropic to another dialect, an assistant prefill (the last message the assistant's, of no
tool call: the Messages API continues it, and the client joins the answer to it) is sent as it
is, and OpenAI and Gemini take it as a finished turn and answer a new one: listed, ``messages[i]``
``substituted`` (:func:`prefill_noted`, red team 11 F08). The other way, a finished assistant turn
last in an OpenAI or Gemini client's conversation is what the Messages API reads as a prefill: older
Claude models continue it (the client gets the rest of that turn, not a new one), models from Claude
4.6 on refuse it ("This model does not support assistant message prefill"). It is sent as it is
(it is the conversation) and listed the same way (:func:`finished_turn_noted`).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers._build_common import adaptation
from lmcodec.providers._errors import a_or_an
from lmcodec.wire import (
    Adaptation,
    AudioPart,
    CitationPart,
    RefusalPart,
    Request,
    TextPart,
    ThinkingPart,
    ToolCallPart,
)
from lmcodec.wire._float_literals import decode_any

__all__ = [
    "chat_fronts_claude",
    "chat_thinking_block",
    "chat_thinking_out",
    "dropped",
    "finished_turn_noted",
    "leading_developer_as_system",
    "parts_out",
    "prefill_noted",
    "responses_audio_in_sdk_shape",
    "thinking_blocks_in",
]

_EMPTY_TEXT: Final = {
    "anthropic": (
        "an empty text block, which the Messages API refuses (text content blocks must be non-empty); "
        "the turn's other parts carry it"
    ),
    "gemini": (
        "an empty text part, which GenerateContent refuses (it has an empty text parameter); "
        "the turn's other parts carry it"
    ),
}
"""The destinations that refuse empty text, with the reason each one's Adaptation gives."""
_EMPTY_TURN: Final = {
    "anthropic": (
        "an assistant turn of empty text only, which the Messages API refuses; the turns around it "
        "are sent as they are (the API joins consecutive user turns)"
    ),
    "gemini": (
        "a model turn of empty text only, which GenerateContent refuses; the turns around it are "
        "sent as they are (consecutive user turns are taken)"
    ),
    "openai_chat": (
        "an assistant turn of empty thinking only, which Chat Completions would get as content null "
        "without tool_calls and refuses; the turns around it are sent as they are (consecutive user "
        "turns are taken)"
    ),
}
_THINKING_TURN: Final = "an assistant turn of thinking left out only: nothing of it is left to send"
_TEXTUAL: Final = frozenset({TextPart, RefusalPart, CitationPart, ThinkingPart})
"""The parts Anthropic's builder may write as a text block of their own text."""
_DROPPED: Final = Adaptation(field="-", action="dropped", reason="-")
_TEXT: Final = TextPart(text="-")
"""A text part's prototype (``msgspec.structs.replace`` runs ``__post_init__``: a third of the
constructor's cost)."""


def dropped(field: str, reason: str, asked: str | None) -> Adaptation:
    """A ``dropped`` note, copied from a template (``msgspec.structs.replace``): the checked
    constructor cost ~2 us a note, and a Responses body replaying 500 reasoning items made two
    notes an item (red team 13 F07). Only for a non-empty ``field`` and ``reason`` and a str or
    None ``asked``, which the constructor would take as they are."""
    note: Adaptation = msgspec.structs.replace(_DROPPED, field=field, reason=reason, asked=asked)
    return note


def _thinking_reason(destination: str) -> str:
    return (
        f"thinking without {a_or_an(destination)} state: {destination} cannot take it back as thinking, "
        "and sent as text it would turn reasoning into a spoken turn"
    )


def chat_fronts_claude(destination: str, model: str | None) -> bool:
    """Whether ``destination`` takes Anthropic's thinking as a Chat row's ``thinking_blocks``: a
    Chat backend asked for a Claude model (``model`` holds "claude" in any case: ``claude-...``,
    ``anthropic/claude-...``, ``bedrock/anthropic.claude-...``, ``openrouter/anthropic/claude-...``).
    OpenAI's own Chat API refuses the key, so no other model gets it."""
    return destination == "openai_chat" and model is not None and "claude" in model.lower()


def parts_out(
    destination: str, request: Request, *, thinking_blocks: bool = False
) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` without the parts ``destination`` cannot take (see the module docstring), one
    ``dropped`` Adaptation each (a turn left out whole: one for the turn, one per thinking part);
    with ``thinking_blocks`` (:func:`chat_fronts_claude`) Anthropic's thinking stays."""
    if not _any_left_out(destination, request, thinking_blocks):
        return request, ()
    cache = request.config.cache
    until = None if cache is None else cache.prefix_until_index
    notes: list[Adaptation] = []
    messages: list[Any] = []
    before = 0  # turns left out before the cache breakpoint's message
    thinking_reason = _thinking_reason(destination)
    for i, message in enumerate(request.messages):
        if message.role == "developer":  # a developer turn is one "[developer]" text
            messages.append(message)
            continue
        thinking: list[Adaptation] = []
        empty: list[Adaptation] = []
        kept: list[Any] | None = None  # made at the first part left out (most messages keep all)
        part: Any
        for j, part in enumerate(message.parts):  # plain loops: a comprehension is ~2k instructions
            kind = type(part)
            if kind is ThinkingPart or (kind in _TEXTUAL and not part.text):
                reason = _left_out(destination, part, thinking_blocks)
                if reason is not None:
                    if kept is None:
                        kept = list(message.parts[:j])
                    where = f"messages[{i}].parts[{j}]"
                    if reason == "thinking":
                        thinking.append(dropped(where, thinking_reason, part.text))
                    elif destination in _EMPTY_TEXT:  # (Chat writes empty thinking as nothing: no note)
                        empty.append(dropped(where, _EMPTY_TEXT[destination], part.type))
                    continue
            if kept is not None:
                kept.append(part)
        if kept is None:
            messages.append(message)
        elif kept:
            notes += thinking
            notes += empty
            messages.append(msgspec.structs.replace(message, parts=tuple(kept)))
        elif message.role == "assistant" and i != until:
            notes += thinking
            why = _THINKING_TURN if thinking else _EMPTY_TURN[destination]
            notes.append(dropped(f"messages[{i}]", why, "assistant"))
            if until is not None and i < until:
                before += 1
        else:
            messages.append(message)
    if not notes or not messages:
        return request, ()
    changes: dict[str, Any] = {"messages": tuple(messages)}
    if cache is not None and until is not None and before:
        moved = msgspec.structs.replace(cache, prefix_until_index=until - before)
        changes["config"] = msgspec.structs.replace(request.config, cache=moved)
    return msgspec.structs.replace(request, **changes), tuple(notes)


def _any_left_out(destination: str, request: Request, thinking_blocks: bool) -> bool:
    """Whether a part of ``request`` may be left out: the usual request, which holds none, costs
    one plain pass (under a microsecond for ten parts)."""
    if destination not in _EMPTY_TEXT:
        return any(type(part) is ThinkingPart for message in request.messages for part in message.parts)
    for message in request.messages:
        for part in message.parts:
            kind = type(part)
            if kind is ThinkingPart or (kind in _TEXTUAL and not part.text):  # type: ignore[union-attr]
                if _left_out(destination, part, thinking_blocks):
                    return True
    return False


def _left_out(destination: str, part: Any, thinking_blocks: bool) -> str | None:
    """``"thinking"``, ``"empty"`` (empty text to a destination that refuses it) or None (the part
    is sent)."""
    kind = type(part)
    if kind is ThinkingPart:
        if thinking_blocks and chat_thinking_block(part) is not None:  # as thinking_blocks
            return None
        if _has_own_state(destination, part):
            return None
        if part.text:
            return "thinking"
        return "empty" if destination in _EMPTY_TEXT or destination == "openai_chat" else None
    if kind in (TextPart, RefusalPart, CitationPart) and not part.text and destination in _EMPTY_TEXT:
        if destination == "gemini" and _has_own_state(destination, part):
            return None  # Gemini's own closing part: its thoughtSignature goes back with it
        return "empty"
    return None


def _has_own_state(destination: str, part: Any) -> bool:
    """Whether ``destination``'s builder writes ``part`` as thinking of its own (Anthropic: a
    signed or redacted thinking block, as lm15's ``_part`` does)."""
    if destination == "anthropic":
        for state in part.continuation:  # plain loops: a generator cost ~1.5k instructions a part
            if state.provider == "anthropic" and (
                state.kind == "redacted_thinking"
                or (state.kind == "thinking_signature" and state.data.get("signature"))
            ):
                return True
        return False
    own = destination.replace("_", "-")
    for state in part.continuation:
        if state.provider == destination or state.provider == own:
            return True
    return False


_AUDIO_REASON: Final = (
    "inline audio written in the openai SDK's ResponseInputAudioParam shape ({input_audio: {data, "
    "format}}), which the SDK sends and lmcodec's Responses reader reads; no SDK type describes "
    "lm15's ({audio, format})"
)


def responses_audio_in_sdk_shape(request: Request, body: bytes) -> tuple[bytes, tuple[Adaptation, ...]]:
    """The Responses ``body`` built for ``request`` with each message's inline audio block in the
    SDK's shape, one ``substituted`` Adaptation per block; ``body`` itself when the messages hold
    no inline audio (one pass over the parts, the body not read)."""
    if not any(type(part) is AudioPart for message in request.messages for part in message.parts):
        return body, ()
    paths = [
        f"messages[{i}].parts[{j}]"
        for i, message in enumerate(request.messages)
        for j, part in enumerate(message.parts)
        if type(part) is AudioPart and part.url is None and part.file_id is None
    ]
    if not paths:
        return body, ()
    tree = decode_any(body)
    rewritten = 0
    for item in tree.get("input", ()):
        content = item.get("content") if isinstance(item, dict) else None
        if not isinstance(content, list):
            continue
        for k, block in enumerate(content):
            if isinstance(block, dict) and block.get("type") == "input_audio" and "audio" in block:
                data = {"data": block["audio"], "format": block.get("format")}
                content[k] = {"type": "input_audio", "input_audio": data}
                rewritten += 1
    notes = tuple(
        Adaptation(
            field=path, action="substituted", reason=_AUDIO_REASON, asked="audio", applied="input_audio"
        )
        for path in paths[:rewritten]
    )
    return msgspec.json.encode(tree), notes


_CHAT_REASONING: Final = (
    "a replayed reasoning_content: lm15's Chat builder would write it as the assistant's content, "
    "and DeepSeek's API wants it never sent back; left out"
)


_NOT_CLAUDE: Final = (
    "Anthropic's signed thinking to a model that is not Claude: only Claude can replay it, and "
    "OpenAI's Chat API refuses a message's thinking_blocks (an unknown key); left out"
)


def chat_thinking_out(
    request: Request, *, thinking_blocks: bool
) -> tuple[Request, list[list[dict[str, str]]], tuple[Adaptation, ...]]:
    """Chat to Chat: ``request`` without its thinking parts, the ``thinking_blocks`` entries of
    each assistant message in order (signed and redacted Anthropic thinking, when the destination
    takes them: :func:`chat_fronts_claude`), and one ``dropped`` Adaptation per thinking part
    not sent as an entry. ``request`` itself (and no entries) when it holds no thinking."""
    if not _holds_thinking(request):
        return request, [], ()
    messages: list[Any] = []
    blocks: list[list[dict[str, str]]] = []
    notes: list[Adaptation] = []
    for i, message in enumerate(request.messages):
        if message.role != "assistant":
            messages.append(message)
            continue
        entries: list[dict[str, str]] = []
        kept: list[Any] = []
        for j, part in enumerate(message.parts):
            if type(part) is not ThinkingPart:
                kept.append(part)
                continue
            entry = chat_thinking_block(part)
            if entry is not None and thinking_blocks:
                entries.append(entry)
            else:
                reason = _CHAT_REASONING if entry is None else _NOT_CLAUDE
                notes.append(
                    Adaptation(
                        field=f"messages[{i}].parts[{j}]", action="dropped", reason=reason, asked=part.text
                    )
                )
        blocks.append(entries)
        if len(kept) == len(message.parts):
            messages.append(message)
        else:
            messages.append(msgspec.structs.replace(message, parts=tuple(kept) or (TextPart(text=""),)))
    return msgspec.structs.replace(request, messages=tuple(messages)), blocks, tuple(notes)


def _holds_thinking(request: Request) -> bool:
    """Whether a message of ``request`` holds a thinking part, run on every Chat -> Chat request:
    plain loops, about 1% of a 21-message translate_request (``any()`` over a generator was 5%)."""
    for message in request.messages:
        for part in message.parts:
            if type(part) is ThinkingPart:
                return True
    return False


def chat_thinking_block(part: ThinkingPart) -> dict[str, str] | None:
    """A thinking part's ``thinking_blocks`` entry (LiteLLM's shape), or None: no Anthropic state
    (a signed thinking or a redacted block) that a Chat backend fronting Claude could give back."""
    for state in part.continuation:
        if state.provider != "anthropic":
            continue
        if state.kind == "redacted_thinking" and isinstance(state.data.get("data"), str):
            return {"type": "redacted_thinking", "data": state.data["data"]}
        signature = state.data.get("signature")
        if state.kind == "thinking_signature" and isinstance(signature, str) and signature:
            return {"type": "thinking", "thinking": part.text, "signature": signature}
    return None


def thinking_blocks_in(body: bytes, blocks: list[list[dict[str, str]]]) -> bytes:
    """The Chat ``body`` built for :func:`chat_thinking_out`'s request with each assistant row's
    entries as its ``thinking_blocks`` (the builder writes one row per assistant message, in
    order); ``body`` itself when there are none."""
    if not any(blocks):
        return body
    tree = decode_any(body)
    rows = (row for row in tree["messages"] if row.get("role") == "assistant")
    for row, entries in zip(rows, blocks, strict=False):  # as many rows as assistant messages
        if entries:
            row["thinking_blocks"] = entries
    return msgspec.json.encode(tree)


_SYSTEM_ITEM: Final = (
    "a system/developer item leading a Responses input: the client's system prompt, sent as the "
    "destination's (lm15 would write it as a user turn '[developer]\\n...')"
)


def leading_developer_as_system(request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` (read from a Responses body) with its leading developer messages of text as
    its system prompt, after the system it has; one ``substituted`` Adaptation per message."""
    cache = request.config.cache
    until = None if cache is None else cache.prefix_until_index
    count = 0
    last = len(request.messages) - 1  # a conversation keeps one message at least
    for message in request.messages:  # plain loops: a generator in all() costs ~2k instructions
        if count == last or message.role != "developer" or count == until:
            break
        for part in message.parts:
            if type(part) is not TextPart:
                break
        else:
            count += 1
            continue
        break
    if not count:
        return request, ()
    moved = request.messages[:count]
    parts: list[Any] = []
    if isinstance(request.system, str):
        parts.append(msgspec.structs.replace(_TEXT, text=request.system))
    elif request.system is not None:
        parts.extend(request.system)
    for message in moved:
        parts.extend(message.parts)
    system: Any = parts[0].text if len(parts) == 1 and parts[0].text else tuple(parts)
    changes: dict[str, Any] = {"system": system, "messages": request.messages[count:]}
    if cache is not None and until is not None:
        shifted = msgspec.structs.replace(cache, prefix_until_index=until - count)
        changes["config"] = msgspec.structs.replace(request.config, cache=shifted)
    notes = [
        adaptation(f"messages[{i}]", "substituted", _SYSTEM_ITEM, message.role, "system")
        for i, message in enumerate(moved)
    ]
    return msgspec.structs.replace(request, **changes), tuple(notes)


_PREFILL: Final = (
    "an assistant prefill, which the Messages API continues (the client joins the answer to it): "
    "sent as a finished assistant turn, which this dialect answers with a new one"
)
_FINISHED_TURN: Final = (
    "a finished assistant turn, which this dialect answers with a new one: sent last, where the "
    "Messages API reads it as a prefill to continue (models from Claude 4.6 on refuse a prefill)"
)


def _last_turn_noted(request: Request, reason: str) -> tuple[Adaptation, ...]:
    """One note when ``request`` ends with an assistant message of no tool call, its text as
    ``asked``; none otherwise."""
    messages = request.messages
    last = messages[-1] if messages else None
    if last is None or last.role != "assistant" or any(type(p) is ToolCallPart for p in last.parts):
        return ()
    text = "".join(part.text for part in last.parts if type(part) is TextPart)
    return (
        Adaptation(field=f"messages[{len(messages) - 1}]", action="substituted", reason=reason, asked=text),
    )


def prefill_noted(request: Request) -> tuple[Adaptation, ...]:
    """The note of an Anthropic client's assistant prefill sent to a dialect that takes it as a
    finished turn."""
    return _last_turn_noted(request, _PREFILL)


def finished_turn_noted(request: Request) -> tuple[Adaptation, ...]:
    """The note of another dialect's finished last assistant turn sent to Anthropic, which reads it
    as a prefill."""
    return _last_turn_noted(request, _FINISHED_TURN)
