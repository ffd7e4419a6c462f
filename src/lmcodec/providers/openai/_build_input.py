"""The ``input`` items of a Responses request: a Request's messages as lm15 1.5.0's ``OpenAILM``
writes them (message items, function calls and their outputs, reasoning items carrying OpenAI
state) and the input blocks of each part, with the cache mark of ``prefix_until_index``. Used by
:mod:`.build`.
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.providers._build_common import texts_with_an_image, unknown_item
from lmcodec.providers._build_wire import (
    ResponsesCall,
    ResponsesCallOutput,
    ResponsesInputText,
    ResponsesItem,
    ResponsesOutputText,
)
from lmcodec.providers.openai._common import (
    ENCODE_ERRORS,
    MEDIA_KINDS,
    AssistantMedia,
    Pending,
    breakpoint_unsupported,
    check_tool_result_media,
    data_part_text,
    encode_arguments,
    lone_text_result,
    media_base64,
    media_data_uri,
    parts_to_text,
    stdlib_arguments,
    tool_result_error_text,
    unsupported,
)
from lmcodec.wire import (
    AudioPart,
    BinaryPart,
    CitationPart,
    DataPart,
    DocumentPart,
    ImagePart,
    Message,
    Part,
    RefusalPart,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
    VideoPart,
)
from lmcodec.wire.unknown import Unknown

__all__ = [
    "input_block_general",
    "text_and_image_blocks",
    "tool_output_general",
    "write_marked_conversation",
    "write_messages",
]

PROVIDER: Final = "openai"
TOOL_RESULT_MEDIA: Final = "native"


def write_marked_conversation(
    messages: tuple[Message, ...], breakpoint_index: int, items: list[Any], pending: Pending
) -> None:
    """The items of a conversation whose message ``breakpoint_index`` carries the cache mark."""
    write_messages(messages[:breakpoint_index], items, pending)
    _write_marked(messages[breakpoint_index], breakpoint_index, items, pending)
    write_messages(messages[breakpoint_index + 1 :], items, pending)


def write_messages(messages: tuple[Message, ...], items: list[Any], pending: Pending) -> None:
    """Append the items of ``messages``: the common parts (exact TextPart and ToolCallPart, a
    ToolResultPart of one text) written inline, every other part by its helper."""
    append = items.append
    calls, datas, values = pending
    for message in messages:
        role = message.role
        parts: tuple[Any, ...] = message.parts  # dispatched on their exact type below
        if role == "tool":
            for part in parts:
                if type(part) is ToolResultPart and not part.is_error:
                    result = part.content
                    if len(result) == 1 and type(result[0]) is TextPart:
                        append(ResponsesCallOutput(part.id, result[0].text))
                        continue
                if isinstance(part, ToolResultPart):
                    append(ResponsesCallOutput(part.id, _tool_output(part)))
        elif role == "assistant":
            if len(parts) == 1 and type(parts[0]) is TextPart:  # a reply of one text
                append(ResponsesItem(role, [ResponsesOutputText(parts[0].text)]))
                continue
            content = []
            called: list[Any] = []
            for part in parts:
                kind = type(part)
                if kind is TextPart:
                    content.append(ResponsesOutputText(part.text))
                elif kind is ToolCallPart:
                    called.append(part)
                elif kind is ThinkingPart and not part.continuation:  # no OpenAI state: text or nothing
                    if part.text:
                        content.append(ResponsesOutputText(part.text))
                else:
                    _assistant_part(part, content, called, items)
            if content:
                append(ResponsesItem("assistant", content))
            for part in called:
                value = part.input
                try:
                    data = encode_arguments(value)
                except ENCODE_ERRORS:
                    append(ResponsesCall(part.id, part.name, stdlib_arguments(value)))
                else:
                    call = ResponsesCall(part.id, part.name, data.decode())
                    append(call)
                    calls.append(call)
                    values.append(value)
                    datas.append(data)
        elif len(parts) == 1 and type(parts[0]) is TextPart:
            append(ResponsesItem(role, [ResponsesInputText(parts[0].text)]))
        else:
            content, called = _prompt_content(parts)
            if content:
                append(ResponsesItem(role, content))
            if called:
                _write_calls(called, items, pending)


def _write_marked(message: Message, index: int, items: list[Any], pending: Pending) -> None:
    """The message of ``prefix_until_index``: its last block, an input text, carries the mark."""
    role = message.role
    if role in ("assistant", "tool"):
        raise breakpoint_unsupported(PROVIDER, index, role)
    content, called = _prompt_content(message.parts)
    last = content[-1] if content else None
    if type(last) is ResponsesInputText:
        last.prompt_cache_breakpoint = {"mode": "explicit"}
    elif isinstance(last, dict) and last.get("type") == "input_text":
        last["prompt_cache_breakpoint"] = {"mode": "explicit"}
    else:
        raise breakpoint_unsupported(PROVIDER, index, role)
    items.append(ResponsesItem(role, content))
    if called:
        _write_calls(called, items, pending)


def _write_calls(called: list[Any], items: list[Any], pending: Pending) -> None:
    """One function_call item per tool call; msgspec's text of the input, settled after the walk
    (an input msgspec cannot write is written by the stdlib at once, as lm15 would fail on it)."""
    calls, datas, values = pending
    for part in called:
        value = part.input
        try:
            data = encode_arguments(value)
        except ENCODE_ERRORS:
            items.append(ResponsesCall(part.id, part.name, stdlib_arguments(value)))
        else:
            call = ResponsesCall(part.id, part.name, data.decode())
            items.append(call)
            calls.append(call)
            datas.append(data)
            values.append(value)


def _prompt_content(parts: tuple[Any, ...]) -> tuple[list[Any], list[Any]]:
    """A user/developer message's input blocks and, apart, its tool calls (items after it)."""
    content: list[Any] = []
    called: list[Any] = []
    for part in parts:
        kind = type(part)  # exact types first: a negative isinstance on a wire class is slow
        if kind is TextPart:
            content.append(ResponsesInputText(part.text))
        elif kind is ImagePart:
            content.append(_image_block(part))
        elif kind in _BLOCK_WRITERS:  # a block of a part of an exact kind: no isinstance miss
            content.append(_BLOCK_WRITERS[kind](part))
        elif isinstance(part, ToolCallPart):
            called.append(part)
        elif not isinstance(part, ToolResultPart):
            content.append(_input_block(part))
    return content, called


def _assistant_part(part: Any, content: list[Any], called: list[Any], items: list[Any]) -> None:
    """An assistant part other than an exact TextPart or ToolCallPart: refusals, thinking (a
    reasoning item with OpenAI state goes out before the message), subclasses; media refused.
    A thinking or refusal part of the exact class is met before the ``isinstance`` tests, whose
    misses cost ~800 instructions each (``providers/_part_kinds.py``)."""
    kind = type(part)
    if kind is ThinkingPart:
        _thinking(part, content, items)
    elif kind is RefusalPart:
        content.append({"type": "refusal", "refusal": part.text})
    elif isinstance(part, ToolCallPart):
        called.append(part)
    elif isinstance(part, TextPart):
        content.append(ResponsesOutputText(part.text))
    elif isinstance(part, RefusalPart):
        content.append({"type": "refusal", "refusal": part.text})
    elif isinstance(part, ThinkingPart):
        _thinking(part, content, items)
    elif part.type in MEDIA_KINDS:
        raise AssistantMedia
    elif isinstance(part, Unknown):
        raise unknown_item(part, PROVIDER)


def _thinking(part: ThinkingPart, content: list[Any], items: list[Any]) -> None:
    """A thinking part: a reasoning item of its OpenAI state (before the message), else its text."""
    state = _reasoning_state(part)
    if state:
        item: dict[str, Any] = {"type": "reasoning"}
        for key, value in state.items():
            if key in ("id", "encrypted_content"):
                item[key] = value
        item["summary"] = [{"type": "summary_text", "text": part.text}] if part.text else []
        items.append(item)
    elif part.text:
        content.append(ResponsesOutputText(part.text))


def _reasoning_state(part: ThinkingPart) -> dict[str, Any] | None:
    for state in part.continuation:
        if state.provider == "openai" and state.kind == "reasoning_item":
            return state.data
    return None


def _tool_output(part: ToolResultPart) -> str | list[dict[str, Any]]:
    """``function_call_output.output``: a string for text-only content, input blocks otherwise."""
    lone = lone_text_result(part)
    if lone is not None:
        return lone
    blocks = text_and_image_blocks(part)
    if blocks is not None:
        return blocks
    return tool_output_general(part)


def text_and_image_blocks(part: ToolResultPart) -> list[dict[str, Any]] | None:
    """The output of a result of exact TextParts and ImageParts with at least one image (the
    usual result with media) in one pass, as :func:`tool_output_general` writes it (which checks
    the media, tests every part for media by a generator and dispatches each by an ``isinstance``
    chain: ~110 ns a negative test on a wire class); None for any other content."""
    content: tuple[Any, ...] = part.content
    if not texts_with_an_image(content):
        return None
    blocks: list[dict[str, Any]] = []
    first_text = -1
    for item in content:
        if type(item) is TextPart:
            if first_text < 0:
                first_text = len(blocks)
            blocks.append({"type": "input_text", "text": item.text})
        else:
            blocks.append(_image_block(item))
    if part.is_error:
        if first_text < 0:
            blocks.insert(0, {"type": "input_text", "text": "[error]"})
        else:
            blocks[first_text]["text"] = "[error] " + blocks[first_text]["text"]
    return blocks


def tool_output_general(part: ToolResultPart) -> str | list[dict[str, Any]]:
    """:func:`_tool_output` of any content other than one text part (lm15's checks in its order)."""
    check_tool_result_media(PROVIDER, part, TOOL_RESULT_MEDIA, "function_call_output")
    content = part.content
    if all(p.type not in MEDIA_KINDS for p in content):
        text = parts_to_text(content, PROVIDER, "function_call_output")
        return tool_result_error_text(part.is_error, text)
    blocks = [_input_block(p) for p in content]
    if part.is_error:
        first = next((b for b in blocks if b.get("type") == "input_text"), None)
        if first is None:
            blocks.insert(0, {"type": "input_text", "text": "[error]"})
        else:
            first["text"] = "[error] " + first["text"]
    return blocks


def _file_extension(media_type: str | None) -> str:
    return (media_type or "application/octet-stream").split("/", 1)[-1].split("+", 1)[0] or "bin"


def _image_block(part: ImagePart) -> dict[str, Any]:
    if part.file_id is not None:
        return {"type": "input_image", "file_id": part.file_id}
    block: dict[str, Any] = {
        "type": "input_image",
        "image_url": part.url if part.url is not None else media_data_uri(part),
    }
    if part.detail:
        block["detail"] = part.detail
    return block


def _text_input(part: TextPart) -> dict[str, Any]:
    return {"type": "input_text", "text": part.text}


def _data_input(part: DataPart) -> dict[str, Any]:
    return {"type": "input_text", "text": data_part_text(part)}


def _audio_block(part: AudioPart) -> dict[str, Any]:
    if part.url is not None:
        return {"type": "input_audio", "audio_url": part.url}
    if part.file_id is not None:
        return {"type": "input_audio", "file_id": part.file_id}
    media = (part.media_type or "audio/wav").split("/", 1)[-1]
    if media == "mpeg":
        media = "mp3"
    return {"type": "input_audio", "audio": media_base64(part), "format": media}


def _file_block(part: DocumentPart | BinaryPart) -> dict[str, Any]:
    if part.url is not None:
        return {"type": "input_file", "file_url": part.url}
    if part.file_id is not None:
        return {"type": "input_file", "file_id": part.file_id}
    return {
        "type": "input_file",
        "filename": f"file.{_file_extension(part.media_type)}",
        "file_data": media_data_uri(part),
    }


def _video_block(part: VideoPart) -> dict[str, Any]:
    if part.url is not None:
        return {"type": "input_video", "video_url": part.url}
    if part.file_id is not None:
        return {"type": "input_video", "file_id": part.file_id}
    return {"type": "input_video", "video_data": media_data_uri(part)}


def _rendered_text(part: CitationPart | ThinkingPart) -> dict[str, Any]:
    return {"type": "input_text", "text": parts_to_text((part,))}


_BLOCK_WRITERS: Final[dict[type, Any]] = {
    TextPart: _text_input,
    DataPart: _data_input,
    ImagePart: _image_block,
    AudioPart: _audio_block,
    DocumentPart: _file_block,
    BinaryPart: _file_block,
    VideoPart: _video_block,
    CitationPart: _rendered_text,
    ThinkingPart: _rendered_text,
}
"""The input block writer of each part class, met by its exact type."""


def _input_block(part: Part | Any) -> dict[str, Any]:
    """One prompt part as one Responses input block (lm15 ``part_to_openai_input``): a part
    class's writer found by its exact type, anything else by :func:`input_block_general` (an
    ``isinstance`` chain: ~110 ns a negative test on a wire class, four before an AudioPart)."""
    write = _BLOCK_WRITERS.get(type(part))
    if write is not None:
        block: dict[str, Any] = write(part)
        return block
    return input_block_general(part)


def input_block_general(part: Part | Any) -> dict[str, Any]:
    """:func:`_input_block` by lm15's ``isinstance`` tests in its order (subclasses, refusals)."""
    if isinstance(part, TextPart):
        return _text_input(part)
    if isinstance(part, DataPart):
        return _data_input(part)
    if isinstance(part, ImagePart):
        return _image_block(part)
    if isinstance(part, AudioPart):
        return _audio_block(part)
    if isinstance(part, (DocumentPart, BinaryPart)):
        return _file_block(part)
    if isinstance(part, VideoPart):
        return _video_block(part)
    if isinstance(part, (CitationPart, ThinkingPart)):
        return _rendered_text(part)
    if isinstance(part, Unknown):
        raise unknown_item(part, PROVIDER)
    raise unsupported(
        PROVIDER,
        f"{PROVIDER}: a {part.type} part has no input block on the Responses wire (MAP-10)",
        f"messages[*].parts[{part.type}]",
    )
