"""The Messages reader's fast path: the body's views mapped straight to the canonical Structs.

:mod:`lmcodec.providers.anthropic.read` decodes a body into :class:`BodyView` and maps each
block to its canonical part in JSON form, then converts the whole tree (``msgspec.convert``).
This module maps the same views to the same Request without the tree: each Struct is made from
a prototype holding the defaults (``msgspec.structs.replace`` runs ``__post_init__`` and costs a
third of a constructor call), each check the conversion makes and the views do not (non-empty
ids, names and media types) is made here, and the settings side (:mod:`._read_config`) is the
general path's own. Where a rule refuses, it raises :class:`Refused` (or the error the general
path would raise) and the caller runs the general path, which names the fault with its JSON
path. ``tests/providers/test_read_anthropic_typed.py`` holds the two paths equal.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec
from msgspec import UNSET

from lmcodec.providers._pairing import named_by_their_calls
from lmcodec.providers.anthropic._read_config import (
    ANY,
    STR,
    Marks,
    cache_ttl,
    keep_wire_shapes,
    read_config,
    read_system,
    read_tools,
)
from lmcodec.providers.anthropic._read_views import (
    Document,
    Image,
    MessageView,
    Redacted,
    Text,
    Thinking,
    ToolResult,
    ToolUse,
)
from lmcodec.providers.openai._read_common import url_image_type
from lmcodec.wire import (
    BuiltinTool,
    Config,
    ContinuationState,
    DocumentPart,
    FunctionTool,
    ImagePart,
    Message,
    Request,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolChoice,
    ToolResultPart,
)
from lmcodec.wire.config import EMPTY_CONFIG

__all__ = ["Refused", "read_typed"]

_VIEWS: Final = msgspec.json.Decoder(list[MessageView])
_TOOL_VALUES: Final = msgspec.json.Decoder(list[dict[str, Any]])
_replace: Final = msgspec.structs.replace
_TEXT: Final = TextPart(text="-")
_CALL: Final = ToolCallPart(id="-", name="-", input={})
_RESULT: Final = ToolResultPart(id="-", content=(_TEXT,))
_THINKING: Final = ThinkingPart(text="-")
_SIGNATURE: Final = ContinuationState(provider="anthropic", kind="thinking_signature", data={})
_REDACTED: Final = ContinuationState(provider="anthropic", kind="redacted_thinking", data={})
_MESSAGE: Final = Message(role="user", parts=(_TEXT,))
_FUNCTION: Final = FunctionTool(name="-", parameters={})
_BUILTIN: Final = BuiltinTool(name="-")
_REQUEST: Final = Request(model="-", messages=(_MESSAGE,))
_MEDIA: Final[dict[type, tuple[Any, Any, Any]]] = {
    Image: (
        ImagePart(media_type="image/png", data="AAAA"),
        ImagePart(media_type="image/png", url="-"),
        ImagePart(media_type="image/png", file_id="-"),
    ),
    Document: (
        DocumentPart(media_type="application/pdf", data="AAAA"),
        DocumentPart(media_type="application/pdf", url="-"),
        DocumentPart(media_type="application/pdf", file_id="-"),
    ),
}
"""Block class -> its part's prototypes (base64, url, file source); the url and file prototypes
hold lm15's default media type for the kind."""


class Refused(Exception):
    """The views took the body but a rule refuses it: the general path names the fault."""


def _text(text: str) -> TextPart:
    return _replace(_TEXT, text=text)


def _media(block: Image | Document) -> ImagePart | DocumentPart:
    if type(block) is Document and (
        block.title is not UNSET or block.context is not UNSET or block.citations is not UNSET
    ):
        raise Refused
    data, url, file = _MEDIA[type(block)]
    source = block.source
    if source.type == "base64" and isinstance(source.data, str) and isinstance(source.media_type, str):
        if not source.media_type:
            raise Refused
        part: ImagePart | DocumentPart = _replace(data, media_type=source.media_type, data=source.data)
    elif source.type == "url" and isinstance(source.url, str):
        media_type = url_image_type(source.url) if type(block) is Image else url.media_type
        part = _replace(url, media_type=media_type, url=source.url)
    elif source.type == "file" and isinstance(source.file_id, str):
        part = _replace(file, file_id=source.file_id)
    else:
        raise Refused
    return part


def _result(block: ToolResult) -> ToolResultPart:
    if not block.tool_use_id:
        raise Refused
    content = block.content
    items: tuple[Any, ...]
    if isinstance(content, str) or not content:
        items = (_text(content if isinstance(content, str) else ""),)
    else:
        parts: list[Any] = []
        for item in content:
            if item.cache_control is not UNSET:
                raise Refused
            if isinstance(item, Text):
                if item.citations is not UNSET:
                    raise Refused
                parts.append(_text(item.text))
            else:
                parts.append(_media(item))
        items = tuple(parts)
    result: ToolResultPart = _replace(
        _RESULT, id=block.tool_use_id, content=items, is_error=block.is_error is True
    )
    return result


def _part(block: Any) -> Any:
    """A block other than plain text or tool_use as its canonical part."""
    kind = type(block)
    if kind is Text:
        if block.citations is not UNSET:
            raise Refused
        return _text(block.text)
    if kind is ToolUse:
        if not block.id or not block.name:
            raise Refused
        return _replace(_CALL, id=block.id, name=block.name, input=block.input)
    if kind is ToolResult:
        return _result(block)
    if kind is Thinking:
        if not block.signature:
            raise Refused
        state = _replace(_SIGNATURE, data={"signature": block.signature})
        return _replace(_THINKING, text=block.thinking, continuation=(state,))
    if kind is Redacted:
        state = _replace(_REDACTED, data={"data": block.data})
        return _replace(_THINKING, text="", continuation=(state,))
    if kind is Image or kind is Document:
        return _media(block)
    raise Refused  # a block type with no canonical part


def _user_turn(parts: list[Any], out: list[Message]) -> None:
    """A user turn: runs of tool results become ``tool`` messages, the rest ``user`` messages."""
    start = 0
    is_tool = type(parts[0]) is ToolResultPart
    for index in range(1, len(parts)):
        if (type(parts[index]) is ToolResultPart) is not is_tool:
            out.append(
                _replace(_MESSAGE, role="tool" if is_tool else "user", parts=tuple(parts[start:index]))
            )
            start = index
            is_tool = not is_tool
    out.append(_replace(_MESSAGE, role="tool" if is_tool else "user", parts=tuple(parts[start:])))


def _marked(block: Any, content: list[Any], marks: Marks) -> str | None:
    """The ttl of a block's cache mark, which must be on the message's last block (each block is
    its own decoded object) and on one message only."""
    if block is not content[-1] or marks.message is not None:
        raise Refused
    return cache_ttl(block.cache_control, "")


def _messages(views: list[MessageView], marks: Marks) -> tuple[tuple[Message, ...], bool]:
    """The messages, and whether two tool_use blocks share an id but not a name (see
    :mod:`lmcodec.providers._pairing`). The common blocks (text, tool_use, a tool_result of one
    string, none of them marked) are read inline; the others by :func:`_part`."""
    out: list[Message] = []
    append = out.append
    names: dict[str, str] = {}  # tool_use id -> name, to find an id reused by another function
    reused = False
    for view in views:
        content: Any = view.content  # (a string or a list of blocks)
        if type(content) is str:
            append(_replace(_MESSAGE, role=view.role, parts=(_replace(_TEXT, text=content),)))
            continue
        if not content:
            raise Refused
        parts: list[Any] = []
        mark: str | bool | None = False
        tools = 0
        block: Any
        for block in content:
            kind = type(block)
            if kind is Text:
                if block.cache_control is UNSET and block.citations is UNSET:
                    parts.append(_replace(_TEXT, text=block.text))
                    continue
            elif kind is ToolUse:
                if block.id and block.name and names.setdefault(block.id, block.name) != block.name:
                    reused = True
                if block.cache_control is UNSET and block.id and block.name:
                    parts.append(_replace(_CALL, id=block.id, name=block.name, input=block.input))
                    continue
            elif kind is ToolResult:
                tools += 1
                result = block.content
                if block.cache_control is UNSET and type(result) is str and block.tool_use_id:
                    text = _replace(_TEXT, text=result)
                    parts.append(
                        _replace(
                            _RESULT, id=block.tool_use_id, content=(text,), is_error=block.is_error is True
                        )
                    )
                    continue
            if getattr(block, "cache_control", UNSET) is not UNSET:
                mark = _marked(block, content, marks)
            parts.append(_part(block))
        if view.role == "assistant" or not tools:
            append(_replace(_MESSAGE, role=view.role, parts=tuple(parts)))
        elif tools == len(parts):
            append(_replace(_MESSAGE, role="tool", parts=tuple(parts)))
        else:
            _user_turn(parts, out)
        if mark is not False:
            marks.message = (len(out) - 1, mark if isinstance(mark, str) else None)
    return tuple(out), reused


_FUNCTION_KEYS: Final = frozenset({"name", "description", "input_schema"})


def _tools(values: list[dict[str, Any]]) -> tuple[tuple[FunctionTool | BuiltinTool, ...], bool]:
    """The tools, and whether the builder writes each back as it stands (a plain function tool:
    name, input_schema and a non-empty description if any); a plain function tool is read
    inline, any other as :func:`read_tools` reads it."""
    tools: list[FunctionTool | BuiltinTool] = []
    as_sent = True
    for tool in values:
        name = tool.get("name")
        schema = tool.get("input_schema")
        description = tool.get("description")
        if (
            type(name) is str
            and name
            and type(schema) is dict
            and (description is None or type(description) is str)
            and _FUNCTION_KEYS.issuperset(tool)
        ):
            tools.append(_replace(_FUNCTION, name=name, description=description, parameters=schema))
            if description == "" or (description is None and "description" in tool):
                as_sent = False
            continue
        as_sent = False
        for entry in read_tools([tool]):
            if entry["type"] == "function":
                tools.append(
                    _replace(
                        _FUNCTION,
                        name=entry["name"],
                        description=entry.get("description"),
                        parameters=entry["parameters"],
                    )
                )
            else:
                tools.append(_replace(_BUILTIN, name=entry["name"], config=entry.get("config")))
    return tuple(tools), as_sent


def read_typed(
    raw: dict[str, msgspec.Raw],
    views: list[MessageView] | None = None,
    tool_values: list[dict[str, Any]] | None = None,
    routed: str | None = None,
) -> Request:
    """The Request of a body given as the general path's ``_read`` takes it (its top-level keys,
    ``messages`` and ``tools`` possibly decoded already), as that function reads it, each tool
    result named after its call where a call id is reused (``_pairing``). ``routed``: the
    Request's model, where it is not the body's (which still decides the model-dependent rules)."""
    if "model" not in raw or "max_tokens" not in raw:
        raise Refused
    if views is None:
        if "messages" not in raw:
            raise Refused
        views = _VIEWS.decode(raw["messages"])
    if tool_values is None and "tools" in raw:
        tool_values = _TOOL_VALUES.decode(raw["tools"])
    model: str = STR.decode(raw["model"])
    if not model or not views:
        raise Refused
    marks = Marks()
    messages, reused = _messages(views, marks)
    tools: tuple[FunctionTool | BuiltinTool, ...] = ()
    tools_as_sent = True
    if tool_values is not None:
        tools, tools_as_sent = _tools(tool_values)
    request = None
    if tools_as_sent and tool_values != [] and marks.message is None and _USUAL_KEYS.issuperset(raw):
        request = _usual(raw, model if routed is None else routed, messages, tools)
    if request is None:
        request = _settings(raw, model, marks, messages, tools, tool_values, tools_as_sent)
        if routed is not None:
            request = _replace(request, model=routed)
    return named_by_their_calls(request) if reused else request


_USUAL_KEYS: Final = frozenset(
    {
        "model",
        "messages",
        "tools",
        "max_tokens",
        "stream",
        "system",
        "temperature",
        "top_p",
        "top_k",
        "tool_choice",
    }
)
"""The keys of a body :func:`_usual` may read (the conversation's, the sampling settings, a string
system prompt, tool_choice)."""
_INT: Final = msgspec.json.Decoder(int)
_FLOAT: Final = msgspec.json.Decoder(float)
_CHOICES: Final = {mode: ToolChoice(mode=mode) for mode in ("auto", "required", "none")}
_CHOICE_MODES: Final = {"auto": "auto", "any": "required", "tool": "required", "none": "none"}


def _usual(
    raw: dict[str, msgspec.Raw], model: str, messages: tuple[Message, ...], tools: tuple[Any, ...]
) -> Request | None:
    """The Request of a body of usual keys only (:data:`_USUAL_KEYS`, no cache mark, its tools
    written back as sent) whose every top-level value the builder writes back as it stands, its
    Config made directly; None where a value would ride in extensions or the conversion of
    ``read_config``'s fields would refuse it (the caller then reads the settings as the general
    path does). A value of the wrong JSON type raises, as ``read_config`` does."""
    system = None
    if "system" in raw:
        system = ANY.decode(raw["system"])
        if type(system) is not str or not system:
            return None
    max_tokens = _INT.decode(raw["max_tokens"])
    if max_tokens < 1:
        return None
    temperature = top_p = top_k = choice = None
    if "temperature" in raw:
        temperature = _FLOAT.decode(raw["temperature"])
        if not 0.0 <= temperature <= 1.0:
            return None
    if "top_p" in raw:
        top_p = _FLOAT.decode(raw["top_p"])
        if not 0.0 <= top_p <= 1.0:
            return None
    if "top_k" in raw:
        top_k = _INT.decode(raw["top_k"])
        if top_k < 1:
            return None
    if "tool_choice" in raw:
        choice = _usual_choice(ANY.decode(raw["tool_choice"]))
        if choice is None:
            return None
    config = _replace(
        EMPTY_CONFIG,
        max_tokens=max_tokens,
        temperature=temperature,
        top_p=top_p,
        top_k=top_k,
        tool_choice=choice,
    )
    request: Request = _replace(
        _REQUEST, model=model, messages=messages, system=system, tools=tools, config=config
    )
    return request


def _usual_choice(value: Any) -> ToolChoice | None:
    """The ToolChoice of a ``tool_choice`` the builder writes back as it stands (``_tool_choice_sent``
    of it is ``value``), else None."""
    if type(value) is not dict:
        return None
    kind = value.get("type")
    mode = _CHOICE_MODES.get(kind) if type(kind) is str else None
    if mode is None:
        return None
    size = len(value)
    parallel = None
    if "disable_parallel_tool_use" in value:
        if value["disable_parallel_tool_use"] is not True or mode == "none":
            return None
        parallel = False
        size -= 1
    if kind == "tool":
        name = value.get("name")
        if type(name) is not str or not name or size != 2:
            return None
        named: ToolChoice = _replace(_CHOICES["required"], allowed=(name,), parallel=parallel)
        return named
    if size != 1:
        return None
    choice: ToolChoice = _CHOICES[mode] if parallel is None else _replace(_CHOICES[mode], parallel=parallel)
    return choice


def _settings(
    raw: dict[str, msgspec.Raw],
    model: str,
    marks: Marks,
    messages: tuple[Message, ...],
    tools: tuple[Any, ...],
    tool_values: list[dict[str, Any]] | None,
    tools_as_sent: bool,
) -> Request:
    """The Request with its settings read as the general path reads them (``read_config``), the
    wire shapes the builder would not write back kept in extensions."""
    system: str | tuple[TextPart, ...] | None = None
    if "system" in raw:
        value = read_system(raw["system"], marks)
        system = value if not isinstance(value, list) else tuple([_text(p["text"]) for p in value])
    plain: dict[str, Any] = {}
    if tool_values is not None:
        plain["tools"] = tool_values
    fields = read_config(raw, model, marks, len(messages), plain)
    config = msgspec.convert(fields, Config) if fields else EMPTY_CONFIG
    request = _replace(_REQUEST, model=model, messages=messages, system=system, tools=tools, config=config)
    extensions = fields.get("extensions", {})
    overrides = _overrides(request, raw, plain, tools_as_sent)
    if overrides is None:
        return keep_wire_shapes(request, raw, extensions, plain)
    if not overrides:
        return request
    config = _replace(request.config, extensions={**extensions, **overrides})
    return _replace(request, config=config)


def _overrides(
    request: Request, raw: dict[str, msgspec.Raw], plain: dict[str, Any], tools_as_sent: bool
) -> dict[str, Any] | None:
    """The top-level values :func:`keep_wire_shapes` keeps in extensions (those the builder would
    write otherwise), found without running the builder for the usual keys; None where a key
    present needs the builder's own answer (thinking, output_config, system blocks, any tool
    but a plain function tool). Keys in the order ``keep_wire_shapes`` adds them."""
    if "thinking" in raw or "output_config" in raw or not tools_as_sent:
        return None
    config = request.config
    overrides: dict[str, Any] = {}
    if "system" in raw:
        value = ANY.decode(raw["system"])
        if type(value) is str:
            if not value or config.cache is not None:  # absent, or written as a marked block
                overrides["system"] = value
        elif value is None:
            overrides["system"] = value
        else:
            return None
    max_tokens = plain["max_tokens"]
    if max_tokens < 1:  # no visible cap: the builder writes its default
        overrides["max_tokens"] = max_tokens
    if "stop_sequences" in plain:
        sequences = plain["stop_sequences"]
        if not sequences or not all(sequences):
            overrides["stop_sequences"] = sequences
    if "tools" in plain and not plain["tools"]:
        overrides["tools"] = plain["tools"]
    if "tool_choice" in raw:
        value = ANY.decode(raw["tool_choice"])
        if value != _tool_choice_sent(config.tool_choice):
            overrides["tool_choice"] = value
    if "metadata" in raw:
        value = plain.get("metadata")  # null is not kept in plain
        if config.user_id is None or value != {"user_id": config.user_id}:
            overrides["metadata"] = value
    return overrides


def _tool_choice_sent(choice: Any) -> dict[str, Any]:
    """The tool_choice the builder writes for the reader's ToolChoice (lm15's spelling)."""
    if choice.mode == "none":
        return {"type": "none"}
    if choice.mode == "required" and len(choice.allowed) == 1:
        sent: dict[str, Any] = {"type": "tool", "name": choice.allowed[0]}
    else:
        sent = {"type": "any" if choice.mode == "required" else "auto"}
    if choice.parallel is False:
        sent["disable_parallel_tool_use"] = True
    return sent
