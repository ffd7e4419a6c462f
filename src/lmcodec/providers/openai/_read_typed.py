"""The Responses reader's fast path: ``input`` and ``tools`` decoded once into typed views.

It maps what the views accept exactly as the dict walker of ``read.py`` maps it (same canonical
Request, same cache breakpoint, same key order in a reasoning item's state), building the
canonical Structs directly from the views: each check msgspec's conversion of the walker's value
makes and the views do not (non-empty ids, names and refusals, the image detail words, an item
holding only its kind's keys) is made here, and the Structs' own ``__post_init__`` checks run on
construction. Where a rule of the walker would refuse, it raises :class:`Refused` and the caller
runs the walker, which names the fault with its JSON path.
``tests/providers/test_read_openai_typed.py`` holds the two paths equal.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec
from msgspec import UNSET

from lmcodec.errors import LmcodecError
from lmcodec.providers.openai._read_common import data_uri, url_image_type
from lmcodec.providers.openai._read_config import CANONICAL_KEYS, RESERVED_KEYS, read_config
from lmcodec.providers.openai._read_config import read_tools as read_tool_dicts
from lmcodec.providers.openai._read_views import (
    EXTENSION_FIELDS,
    FunctionToolView,
    HostedToolsBody,
    InputFile,
    InputImage,
    InputText,
    Item,
    OutputText,
    RawInput,
    RefusalBlock,
    ResponsesBody,
)
from lmcodec.wire import (
    BuiltinTool,
    Config,
    ContinuationState,
    DocumentPart,
    FunctionTool,
    ImagePart,
    Message,
    RefusalPart,
    Request,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
)
from lmcodec.wire.config import EMPTY_CONFIG

__all__ = ["Refused", "decode_typed"]

_ANY: Final = msgspec.json.Decoder()
_BODY: Final = msgspec.json.Decoder(ResponsesBody)
_HOSTED_BODY: Final = msgspec.json.Decoder(HostedToolsBody)
_TOP: Final = msgspec.json.Decoder(dict[str, msgspec.Raw])
_INPUT: Final = msgspec.json.Decoder(str | list[Item])
_TOOLS: Final = msgspec.json.Decoder(list[FunctionToolView] | None)
_SETTINGS: Final = ResponsesBody.__struct_fields__[3 : -len(EXTENSION_FIELDS)]
_EXTENSIONS_AT: Final = len(ResponsesBody.__struct_fields__) - len(EXTENSION_FIELDS)
_NO_EXTENSIONS: Final = (UNSET,) * len(EXTENSION_FIELDS)
_astuple: Final = msgspec.structs.astuple
_RAW_INPUT: Final = msgspec.json.Decoder(RawInput)
_replace: Final = msgspec.structs.replace
"""The canonical Structs are made from a prototype holding the defaults: msgspec's ``replace``
(``__post_init__`` included) costs a third of a constructor call with keywords."""
_TEXT: Final = TextPart(text="-")
_IMAGE_DATA: Final = ImagePart(media_type="image/png", data="AAAA")
_IMAGE_URL: Final = ImagePart(media_type="image/png", url="https://example.com/a.png")
_IMAGE_FILE: Final = ImagePart(media_type="image/png", file_id="-")
_DOCUMENT_DATA: Final = DocumentPart(media_type="application/pdf", data="AAAA")
_DOCUMENT_URL: Final = DocumentPart(media_type="application/pdf", url="https://example.com/a.pdf")
_DOCUMENT_FILE: Final = DocumentPart(media_type="application/pdf", file_id="-")
_REFUSAL: Final = RefusalPart(text="-")
_THINKING: Final = ThinkingPart(text="-")
_STATE: Final = ContinuationState(provider="openai", kind="reasoning_item", data={})
_CALL: Final = ToolCallPart(id="-", name="-", input={})
_RESULT: Final = ToolResultPart(id="-", content=(_TEXT,))
_MESSAGE: Final = Message(role="user", parts=(_TEXT,))
_REQUEST: Final = Request(model="-", messages=(Message(role="user", parts=(TextPart(text="-"),)),))
_BUILTIN: Final = BuiltinTool(name="-")
_FUNCTION: Final = FunctionTool(name="-", parameters={"type": "object", "properties": {}})
_DETAILS: Final = frozenset({"low", "high", "auto"})
_ROLES: Final[dict[Any, str]] = {
    "user": "user",
    "developer": "developer",
    "system": "developer",
    "assistant": "assistant",
}
_STAGES: Final[dict[str, int]] = {"reasoning": 0, "message": 1, "function_call": 2}


class Refused(Exception):
    """The views took the body but a rule refuses it: the dict walker names the fault."""


def _text(text: str) -> TextPart:
    return _replace(_TEXT, text=text)


def _message_keys_only(item: Item) -> bool:
    """A message holds type, role and content only."""
    return (
        item.call_id is UNSET
        and item.name is UNSET
        and item.arguments is UNSET
        and item.output is UNSET
        and item.id is UNSET
        and item.encrypted_content is UNSET
        and item.summary is UNSET
    )


def _image(block: InputImage) -> ImagePart:
    if block.file_id is not None:
        if block.image_url is not None or block.detail is not None:
            raise Refused
        return _replace(_IMAGE_FILE, file_id=block.file_id)
    url = block.image_url
    detail = block.detail
    if url is None or (detail is not None and detail not in _DETAILS):
        raise Refused
    if url.startswith("data:"):
        parsed = data_uri(url)
        if parsed is None:
            raise Refused
        return _replace(_IMAGE_DATA, media_type=parsed[0], data=parsed[1], detail=detail)
    return _replace(_IMAGE_URL, media_type=url_image_type(url), url=url, detail=detail)


def _file(block: InputFile) -> DocumentPart:
    if block.file_url is not None:
        return _replace(_DOCUMENT_URL, url=block.file_url)
    if block.file_id is not None:
        return _replace(_DOCUMENT_FILE, file_id=block.file_id)
    uri = block.file_data
    parsed = data_uri(uri) if uri is not None and uri.startswith("data:") else None
    if parsed is None:
        raise Refused
    media_type, data = parsed
    if block.filename != "file." + (media_type.split("/", 1)[-1].split("+", 1)[0] or "bin"):
        raise Refused  # lm15 derives the filename from the media type
    return _replace(_DOCUMENT_DATA, media_type=media_type, data=data)


def _input_block(block: Any) -> TextPart | ImagePart | DocumentPart:
    if isinstance(block, InputText):
        return _replace(_TEXT, text=block.text)
    if isinstance(block, InputImage):
        return _image(block)
    if isinstance(block, InputFile):
        return _file(block)
    raise Refused  # output_text or refusal where input blocks go


class _Reader:
    """One body's walk: messages as [role, parts] pairs until the end, the breakpoint found."""

    __slots__ = ("body", "breakpoint", "messages", "stable")

    def __init__(self, body: bytes | bytearray | memoryview, stable: bool) -> None:
        self.body = body
        self.breakpoint: int | None = None
        self.stable = stable
        self.messages: list[tuple[str, list[Any]]] = []

    def input_message(self, item: Item) -> None:
        role = _ROLES.get(item.role)
        content = item.content
        if role is None or not _message_keys_only(item) or content is UNSET:
            raise Refused
        if isinstance(content, str):
            self.messages.append((role, [_text(content)]))
            return
        if not content:
            raise Refused
        parts: list[Any] = []
        last = len(content) - 1
        for position, block in enumerate(content):
            if isinstance(block, InputText) and block.prompt_cache_breakpoint is not None:
                if position != last or self.breakpoint is not None or self.stable:
                    raise Refused
                self.breakpoint = len(self.messages)
            parts.append(_input_block(block))
        self.messages.append((role, parts))

    def tool_output(self, item: Item) -> None:
        call_id = item.call_id
        output = item.output
        if (
            item.role is not UNSET
            or item.content is not UNSET
            or item.name is not UNSET
            or item.arguments is not UNSET
            or item.id is not UNSET
            or item.encrypted_content is not UNSET
            or item.summary is not UNSET
            or call_id is UNSET
            or not call_id
            or output is UNSET
        ):
            raise Refused
        if isinstance(output, str):
            content: tuple[Any, ...] = (_text(output),)
        elif output:
            content = tuple([_input_block(block) for block in output])
        else:
            raise Refused
        result = _replace(_RESULT, id=call_id, content=content)
        messages = self.messages
        if messages and messages[-1][0] == "tool":  # consecutive outputs: one tool message
            messages[-1][1].append(result)
        else:
            messages.append(("tool", [result]))

    def reasoning(self, item: Item, index: int) -> ThinkingPart:
        if (
            item.role is not UNSET
            or item.content is not UNSET
            or item.call_id is not UNSET
            or item.name is not UNSET
            or item.arguments is not UNSET
            or item.output is not UNSET
        ):
            raise Refused
        ident = item.id
        secret = item.encrypted_content
        has_id = ident is not None and ident is not UNSET
        has_secret = secret is not None and secret is not UNSET
        if has_id and has_secret:
            state = {"id": ident, "encrypted_content": secret}
            if self._secret_first(index):
                state = {"encrypted_content": secret, "id": ident}
        elif has_id:
            state = {"id": ident}
        elif has_secret:
            state = {"encrypted_content": secret}
        else:
            raise Refused
        summary = item.summary
        text = ""
        if summary is not UNSET and summary:
            if len(summary) > 1 or not summary[0].text:
                raise Refused
            text = summary[0].text
        return _replace(_THINKING, text=text, continuation=(_replace(_STATE, data=state),))

    def _secret_first(self, index: int) -> bool:
        """Whether the item's encrypted_content precedes its id in the body (the walker's state
        keeps the body's order): the item read again, as a dict (a Struct keeps no key order)."""
        keys = list(_ANY.decode(_RAW_INPUT.decode(self.body).input[index]))
        return keys.index("encrypted_content") < keys.index("id")


def _assistant_content(item: Item, parts: list[Any]) -> None:
    content = item.content
    if not _message_keys_only(item) or content is UNSET:
        raise Refused
    if isinstance(content, str):
        parts.append(_text(content))
        return
    for block in content:
        if isinstance(block, OutputText):
            if block.annotations or block.logprobs:
                raise Refused
            parts.append(_text(block.text))
        elif isinstance(block, RefusalBlock):
            if not block.refusal:
                raise Refused
            parts.append(_replace(_REFUSAL, text=block.refusal))
        else:
            raise Refused


def _function_call(item: Item) -> ToolCallPart:
    call_id = item.call_id
    name = item.name
    if (
        item.role is not UNSET
        or item.content is not UNSET
        or item.output is not UNSET
        or item.id is not UNSET
        or item.encrypted_content is not UNSET
        or item.summary is not UNSET
        or call_id is UNSET
        or not call_id
        or name is UNSET
        or not name
    ):
        raise Refused
    arguments = item.arguments
    parsed: Any = {}
    if arguments is not UNSET and arguments:
        try:
            parsed = _ANY.decode(arguments)
        except (msgspec.DecodeError, RecursionError):
            raise Refused from None
        if type(parsed) is not dict:
            raise Refused
    return _replace(_CALL, id=call_id, name=name, input=parsed)


def _stable_system(first: Item) -> str | None:
    """A leading developer item with one marked input_text block: the prefix="stable" system prompt."""
    if first.type != "message" or first.role != "developer" or not _message_keys_only(first):
        return None
    content = first.content
    if isinstance(content, str) or content is UNSET or len(content) != 1:
        return None
    block = content[0]
    if not isinstance(block, InputText) or block.prompt_cache_breakpoint is None or not block.text:
        return None
    return block.text


def read_input(
    items: list[Item], body: bytes | bytearray | memoryview, stable_allowed: bool
) -> tuple[str | None, tuple[Message, ...], int | None, bool]:
    """``input`` items -> (stable system prompt, canonical messages, breakpoint's message, stable)."""
    stable_text = _stable_system(items[0]) if stable_allowed and len(items) > 1 else None
    reader = _Reader(body, stable_text is not None)
    messages = reader.messages
    turn: list[Any] | None = None  # the assistant turn being assembled
    stage = 0  # its stage: 0 reasoning, 1 message, 2 function calls
    for index in range(1 if reader.stable else 0, len(items)):
        item = items[index]
        kind = item.type
        if kind == "message" and item.role != "assistant":
            turn = None
            reader.input_message(item)
            continue
        if kind == "function_call_output":
            turn = None
            reader.tool_output(item)
            continue
        step = _STAGES.get(kind)
        if step is None:
            raise Refused
        if turn is None or step < stage or (step == stage == 1):
            turn = []
            messages.append(("assistant", turn))
        stage = step
        if step == 0:
            turn.append(reader.reasoning(item, index))
        elif step == 1:
            _assistant_content(item, turn)
        else:
            turn.append(_function_call(item))
    if not messages:
        raise Refused
    out: list[Message] = []
    for role, parts in messages:
        if not parts:
            raise Refused
        out.append(_replace(_MESSAGE, role=role, parts=tuple(parts)))
    return stable_text, tuple(out), reader.breakpoint, reader.stable


def user_text(text: str) -> tuple[Message, ...]:
    """A string ``input``: one user message of one text part."""
    return (_replace(_MESSAGE, parts=(_text(text),)),)


def read_tools(views: list[FunctionToolView]) -> tuple[FunctionTool, ...]:
    tools: list[FunctionTool] = []
    for view in views:
        if view.strict is False or not view.name:
            raise Refused
        parameters = view.parameters
        tools.append(
            _replace(
                _FUNCTION,
                name=view.name,
                description=view.description,
                parameters=parameters if parameters is not None else {"type": "object", "properties": {}},
            )
        )
    return tuple(tools)


def decode_typed(body: bytes | bytearray | memoryview) -> Request | None:
    """The body through the typed views into canonical Structs, the settings as the walker reads
    them; None where the views or a rule refuse it (the walker then reads it)."""
    try:
        return _decode(body)
    except (Refused, LmcodecError, msgspec.DecodeError, RecursionError):
        return None


def _decode(body: bytes | bytearray | memoryview) -> Request:
    try:
        whole = _BODY.decode(body)
    except msgspec.ValidationError as exc:
        # Where the views refused says which way is worth trying (each way is exact or refuses):
        where = str(exc).rpartition(" - at `")[2]
        if where.startswith("$.input"):  # an input item the views do not take: the walker
            raise Refused from None
        if where.startswith("$.tools["):  # a hosted tool: the tools read as plain values
            try:
                hosted = _HOSTED_BODY.decode(body)
            except msgspec.ValidationError:
                return _decode_in_two_steps(body)
            return _from_body(body, hosted, () if hosted.tools is None else tools_from_dicts(hosted.tools))
        return _decode_in_two_steps(body)  # a key with no canonical home
    return _from_body(body, whole, () if whole.tools is None else read_tools(whole.tools))


def _from_body(body: bytes | bytearray | memoryview, whole: ResponsesBody, tools: tuple[Any, ...]) -> Request:
    fields = _astuple(whole)  # input, tools, instructions, the settings, the extension fields
    value = {
        name: item
        for name, item in zip(_SETTINGS, fields[3:_EXTENSIONS_AT], strict=True)
        if item is not UNSET
    }
    if fields[_EXTENSIONS_AT:] != _NO_EXTENSIONS:
        extra = [
            (name, item)
            for name, item in zip(EXTENSION_FIELDS, fields[_EXTENSIONS_AT:], strict=True)
            if item is not UNSET
        ]
        if len(extra) > 1:  # extensions keep the body's key order, which a Struct does not hold
            order = {key: index for index, key in enumerate(_TOP.decode(body))}
            extra.sort(key=lambda pair: order[pair[0]])
        value.update(extra)
    return _typed(body, whole.input, whole.instructions, tools, value)


def _decode_in_two_steps(body: bytes | bytearray | memoryview) -> Request:
    """``input`` and ``tools`` through the typed views, every other key decoded as it stands."""
    top = _TOP.decode(body)
    raw_input = top.pop("input", None)
    raw_tools = top.pop("tools", None)
    if raw_input is None:
        raise Refused
    value = {key: _ANY.decode(raw) for key, raw in top.items()}
    tools = () if raw_tools is None else _tools(raw_tools)
    return _typed(body, _INPUT.decode(raw_input), value.get("instructions", UNSET), tools, value)


def _tools(raw: msgspec.Raw) -> tuple[Any, ...]:
    """Function tools through their view; a list with a hosted tool as the walker reads it."""
    try:
        views = _TOOLS.decode(raw)
    except msgspec.ValidationError:
        listed = _ANY.decode(raw)
        if listed is None:
            return ()
        if type(listed) is not list:
            raise Refused from None
        return tools_from_dicts(listed)
    return () if views is None else read_tools(views)


def tools_from_dicts(listed: list[Any]) -> tuple[Any, ...]:
    """The walker's reading of ``tools`` (its checks, its refusals), made into the canonical
    Structs directly (``msgspec.convert`` would walk every parameters schema again)."""
    tools: list[Any] = []
    for tool in read_tool_dicts(listed):
        name = tool["name"]
        if not name:
            raise Refused
        if tool["type"] == "function":
            tools.append(
                _replace(
                    _FUNCTION,
                    name=name,
                    description=tool.get("description"),
                    parameters=tool["parameters"],
                )
            )
        else:
            tools.append(_replace(_BUILTIN, name=name, config=tool.get("config")))
    return tuple(tools)


def _typed(
    body: bytes | bytearray | memoryview,
    items: str | list[Item],
    instructions: Any,
    tools: tuple[Any, ...],
    value: dict[str, Any],
) -> Request:
    model = value.get("model")
    if type(model) is not str or not model or not RESERVED_KEYS.isdisjoint(value):
        raise Refused
    system: str | tuple[TextPart, ...] | None = None
    if isinstance(instructions, str):
        # An empty string is kept as one empty text part: lm15 writes it back in place.
        system = instructions or (_text(""),)
    elif instructions is not None and instructions is not UNSET:
        raise Refused
    try:
        return _request(body, model, items, instructions is UNSET, system, tools, value)
    except (ValueError, TypeError):  # a canonical Struct's own check (the walker names the fault)
        raise Refused from None


def _request(
    body: bytes | bytearray | memoryview,
    model: str,
    items: str | list[Item],
    stable_allowed: bool,
    system: str | tuple[TextPart, ...] | None,
    tools: tuple[Any, ...],
    value: dict[str, Any],
) -> Request:
    breakpoint: int | None = None
    stable = False
    if isinstance(items, str):
        messages = user_text(items)
    else:
        stable_text, messages, breakpoint, stable = read_input(items, body, stable_allowed)
        if stable_text is not None:
            system = stable_text
    extensions: dict[str, Any] = {}
    config = read_config(value, model, extensions, breakpoint, stable)
    for key, item in value.items():
        if key not in CANONICAL_KEYS:
            extensions[key] = item
    if extensions:
        config["extensions"] = extensions
    request: Request = _replace(
        _REQUEST,
        model=model,
        messages=messages,
        system=system,
        tools=tools,
        config=msgspec.convert(config, Config) if config else EMPTY_CONFIG,
    )
    return request
