"""The Messages reader's fast path: the body's views mapped straight to the canonical Structs.

:mod:`lmcodec.providers.anthropic.read` decodes a body into :class:`BodyView` and maps each
block to its canonical part in JSON form, then converts the whole tree (``msgspec.convert``).
This module maps the same views to the same Request without the tree: each Struct is made from
a prototype holding the defaults (``msgspec.structs.replace`` runs ``__post_init__`` and costs a
third of a constructor call), each check the conversion makes and the views do not (non-empty
ids, names and media types) is made here, and the settings side is :mod:`._read_typed_settings`
(the usual keys read directly, the others by the general path's own :mod:`._read_config`). Where
a rule refuses, it raises :class:`Refused` (or the error the general path would raise) and the
caller runs the general path, which names the fault with its JSON path.
``tests/providers/test_read_anthropic_typed.py`` holds the two paths equal.
"""

from __future__ import annotations

import operator
from typing import Any, Final

import msgspec
from msgspec import UNSET

from lmcodec.providers._crossing_survey import Seen, met
from lmcodec.providers._pairing import named_by_their_calls
from lmcodec.providers._user_turns import user_turn_into
from lmcodec.providers.anthropic._read_config import (
    STR,
    Marks,
    cache_ttl,
    read_tools,
)
from lmcodec.providers.anthropic._read_typed_settings import USUAL_KEYS, settings, usual_settings
from lmcodec.providers.anthropic._read_views import (
    BodyView,
    Document,
    Image,
    MessageView,
    Redacted,
    SearchResult,
    Text,
    Thinking,
    ToolResult,
    ToolUse,
)
from lmcodec.providers.openai._read_common import url_image_type
from lmcodec.wire import (
    BuiltinTool,
    ContinuationState,
    DocumentPart,
    FunctionTool,
    ImagePart,
    Message,
    Request,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
)
from lmcodec.wire._float_literals import float_literal

__all__ = ["BODY_VIEW", "TOP_KEYS", "Refused", "read_body", "read_surveyed", "read_typed", "read_view"]

BODY_VIEW: Final = msgspec.json.Decoder(BodyView, float_hook=float_literal)
TOP_KEYS: Final = msgspec.json.Decoder(dict[str, msgspec.Raw], float_hook=float_literal)
_VIEWS: Final = msgspec.json.Decoder(list[MessageView], float_hook=float_literal)
_TOOL_VALUES: Final = msgspec.json.Decoder(list[dict[str, Any]], float_hook=float_literal)
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
            elif isinstance(item, SearchResult):
                raise Refused  # no canonical part: the gateway's reading carries it
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


def _marked(block: Any, content: list[Any], marked: MessageMark) -> str | None:
    """The ttl of a block's cache mark, which must be on the message's last block (each block is
    its own decoded object) and on one message only (``marked``: the mark met before, if any)."""
    if block is not content[-1] or marked is not None:
        raise Refused
    return cache_ttl(block.cache_control, "")


MessageMark = tuple[int, str | None] | None
"""The message a cache mark is on and its ttl (``Marks.message``), or None."""


def _messages(views: list[MessageView]) -> tuple[tuple[Message, ...], bool, Seen, MessageMark]:
    """The messages, whether two tool_use blocks share an id but not a name (see
    :mod:`lmcodec.providers._pairing`), what was met among the parts (``Seen``, for the
    gateway's survey) and the cache mark on a message (``Marks.message``: a ``Marks`` is made
    only where the settings' reading needs one). The common blocks (text, tool_use, a
    tool_result of one string, none of them marked) are read inline; the others by :func:`_part`."""
    out: list[Message] = []
    marked: MessageMark = None
    append = out.append
    seen = Seen()
    names = seen.names  # tool_use id -> name, to find an id reused by another function
    result_ids = seen.result_ids
    reused = texts = empty_text = False
    calls = 0
    for view in views:
        content: Any = view.content  # (a string or a list of blocks)
        if type(content) is str:
            append(_replace(_MESSAGE, role=view.role, parts=(_replace(_TEXT, text=content),)))
            texts = True
            if not content:
                empty_text = True
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
                    said = block.text
                    parts.append(_replace(_TEXT, text=said))
                    texts = True
                    if not said:
                        empty_text = True
                    continue
            elif kind is ToolUse:
                if block.id and block.name and names.setdefault(block.id, block.name) != block.name:
                    reused = True
                if block.cache_control is UNSET and block.id and block.name:
                    parts.append(_replace(_CALL, id=block.id, name=block.name, input=block.input))
                    calls += 1
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
                    result_ids.append(block.tool_use_id)
                    continue
            if getattr(block, "cache_control", UNSET) is not UNSET:
                mark = _marked(block, content, marked)
            part = _part(block)
            met(part, seen)
            parts.append(part)
        if view.role == "assistant" or not tools:
            append(_replace(_MESSAGE, role=view.role, parts=tuple(parts)))
        elif tools == len(parts):
            append(_replace(_MESSAGE, role="tool", parts=tuple(parts)))
        else:
            user_turn_into(parts, out)
        if mark is not False:
            marked = (len(out) - 1, mark if isinstance(mark, str) else None)
    seen.calls += calls
    if texts:
        seen.texts = True
    if empty_text:
        seen.empty_text = True
    return tuple(out), reused, seen, marked


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
    return read_surveyed(raw, views, tool_values, routed)[0]


def read_surveyed(
    raw: dict[str, msgspec.Raw],
    views: list[MessageView] | None = None,
    tool_values: list[dict[str, Any]] | None = None,
    routed: str | None = None,
) -> tuple[Request, Seen | None]:
    """:func:`read_typed`'s Request and what the reading met among its parts (``Seen``, the
    gateway's survey); None where a call id names two functions (the results are named after
    their calls then, and the gateway surveys them)."""
    if "model" not in raw or "max_tokens" not in raw:
        raise Refused
    if views is None:
        if "messages" not in raw:
            raise Refused
        views = _VIEWS.decode(raw["messages"])
    if tool_values is None and "tools" in raw:
        tool_values = _TOOL_VALUES.decode(raw["tools"])
    usual = None
    if USUAL_KEYS.issuperset(raw):
        usual = _replace(_NO_KEYS, **{key: raw[key] for key in raw.keys() - _CONVERSATION})
    return _read(raw["model"], views, tool_values, usual, raw, routed)


_NO_KEYS: Final = BodyView()
_CONVERSATION: Final = frozenset({"messages", "tools"})
_RARE_KEYS: Final = tuple(name for name in BodyView.__struct_fields__ if name not in USUAL_KEYS)
_rare_keys: Final = operator.attrgetter(*_RARE_KEYS)
_NO_RARE_KEYS: Final = (UNSET,) * len(_RARE_KEYS)
_RAW_KEYS: Final = tuple(name for name in BodyView.__struct_fields__ if name not in _CONVERSATION)


def read_body(body: bytes, routed: str | None = None) -> tuple[Request, Seen | None, bool]:
    """The fast path's reading of a body (:func:`read_surveyed`'s answer): its one-pass view
    (:func:`read_view`: no dict of the top-level keys for a body of the usual keys), or, where the
    view refuses the body, its top-level keys; and whether the body's ``stream`` is ``true``, as
    the view or the keys hold it (the gateway's hand-over: no search of the body for the key)."""
    try:
        whole = BODY_VIEW.decode(body)
    except msgspec.ValidationError:
        keys = TOP_KEYS.decode(body)
        request, seen = read_surveyed(keys, routed=routed)
        return request, seen, keys.get("stream") == _TRUE
    request, seen = read_view(whole, routed)
    return request, seen, whole.stream == _TRUE


_TRUE: Final = msgspec.Raw(b"true")
"""A ``stream`` value that asks for a stream (a JSON value's bytes: ``true`` has no other spelling)."""


def read_view(whole: BodyView, routed: str | None = None) -> tuple[Request, Seen | None]:
    """:func:`read_surveyed` of a body decoded in one pass (``BodyView``): a body of the usual keys
    (:data:`USUAL_KEYS`) read off the view, any other as its top-level keys (the dict
    :func:`read_surveyed` takes, made only then)."""
    if whole.messages is UNSET or whole.model is UNSET or whole.max_tokens is UNSET:
        raise Refused
    tool_values = None if whole.tools is UNSET else whole.tools
    if _rare_keys(whole) == _NO_RARE_KEYS:
        return _read(whole.model, whole.messages, tool_values, whole, None, routed)
    return _read(whole.model, whole.messages, tool_values, None, _top_level(whole), routed)


def _top_level(whole: BodyView) -> dict[str, msgspec.Raw]:
    """The view's settings as the dict of top-level keys :func:`read_surveyed` takes."""
    return {name: item for name in _RAW_KEYS if (item := getattr(whole, name)) is not UNSET}


def _read(
    model_raw: msgspec.Raw,
    views: list[MessageView],
    tool_values: list[dict[str, Any]] | None,
    usual: BodyView | None,
    raw: dict[str, msgspec.Raw] | None,
    routed: str | None,
) -> tuple[Request, Seen | None]:
    """The Request of a body's views and settings: ``usual``, the settings of a body of usual keys
    only (as a ``BodyView``); ``raw``, its top-level keys, made by the caller where ``usual`` is
    None or given by it (the settings' general reading takes them)."""
    model: str = STR.decode(model_raw)
    if not model or not views:
        raise Refused
    messages, reused, seen, marked = _messages(views)
    tools: tuple[FunctionTool | BuiltinTool, ...] = ()
    tools_as_sent = True
    if tool_values is not None:
        tools, tools_as_sent = _tools(tool_values)
    request = None
    if usual is not None and tools_as_sent and tool_values != [] and marked is None:
        request = usual_settings(usual, model if routed is None else routed, messages, tools)
        seen.unmarked = request is not None  # (a string system prompt, no tool or block marked)
    if request is None:
        if raw is None:
            assert usual is not None  # (the caller gives one of them)
            raw = _top_level(usual)
        marks = Marks()
        marks.message = marked
        request = settings(raw, model, marks, messages, tools, tool_values, tools_as_sent)
        if routed is not None:
            request = _replace(request, model=routed)
    return (named_by_their_calls(request), None) if reused else (request, seen)
