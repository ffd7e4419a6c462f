"""The Chat Completions reader's fast path: ``messages`` and ``tools`` decoded once into typed views.

It maps what the views accept exactly as the dict walker of ``read.py`` maps it (same canonical
Request, same cache breakpoint), building the canonical Structs directly from the views: each
check msgspec's conversion of the walker's value makes and the views do not (non-empty ids and
names, the image detail words) is made here, and the Structs' own ``__post_init__`` checks run
on construction. Where a rule of the walker would refuse, it raises :class:`Refused` and the
caller runs the walker, which names the fault with its JSON path.
``tests/providers/test_read_openai_chat_typed.py`` holds the two paths equal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import msgspec

from lmcodec.providers._crossing_survey import Seen
from lmcodec.providers.openai._read_common import image_by_url
from lmcodec.providers.openai_chat._read_views import (
    AssistantRow,
    DeveloperRow,
    ImageBlock,
    MarkedText,
    PlainText,
    RefusalBlock,
    Row,
    SystemRow,
    ToolRow,
    ToolView,
    UserRow,
)
from lmcodec.wire import FunctionTool, ImagePart, Message, RefusalPart, TextPart, ToolCallPart, ToolResultPart
from lmcodec.wire._float_literals import float_literal

__all__ = ["ROWS", "TOOLS", "Refused", "read_messages", "read_tools"]

ROWS: Final = msgspec.json.Decoder(list[Row], float_hook=float_literal)
TOOLS: Final = msgspec.json.Decoder(list[ToolView], float_hook=float_literal)
_ANY: Final = msgspec.json.Decoder(float_hook=float_literal)
_replace: Final = msgspec.structs.replace
"""The canonical Structs are made from a prototype holding the defaults: msgspec's ``replace``
(``__post_init__`` included) costs a third of a constructor call with keywords, and takes no
lm15-style argument binding."""
_TEXT: Final = TextPart(text="-")
_REFUSAL: Final = RefusalPart(text="-")
_CALL: Final = ToolCallPart(id="-", name="-", input={})
_RESULT: Final = ToolResultPart(id="-", content=(_TEXT,))
_MESSAGE: Final = Message(role="user", parts=(_TEXT,))
_FUNCTION: Final = FunctionTool(name="-", parameters={"type": "object", "properties": {}})


class Refused(Exception):
    """The views took the body but a rule refuses it: the dict walker names the fault."""


def _image(block: ImageBlock) -> ImagePart:
    spec = block.image_url
    url = spec.url
    part = image_by_url(url, spec.detail)
    if part is None:
        raise Refused
    return part


def _text(text: str) -> TextPart:
    return _replace(_TEXT, text=text)


def _content(content: str | Sequence[MarkedText | ImageBlock]) -> tuple[tuple[Any, ...], bool]:
    """A user/developer/system row's content -> parts, and whether its last block is marked."""
    if isinstance(content, str):
        return (_text(content),), False
    if not content:
        raise Refused
    parts: list[Any] = []
    marked = False
    last = len(content) - 1
    for index, block in enumerate(content):
        if isinstance(block, MarkedText):
            if block.prompt_cache_breakpoint is not None:
                if index != last:
                    raise Refused
                marked = True
            parts.append(_text(block.text))
        else:
            parts.append(_image(block))
    return tuple(parts), marked


def _assistant_block(block: PlainText | RefusalBlock) -> TextPart | RefusalPart:
    if isinstance(block, PlainText):
        return _text(block.text)
    if not block.refusal:
        raise Refused
    return _replace(_REFUSAL, text=block.refusal)


def _arguments(text: str) -> dict[str, Any]:
    if not text:
        return {}
    try:
        parsed = _ANY.decode(text)
    except (msgspec.DecodeError, RecursionError):
        raise Refused from None
    if type(parsed) is not dict:
        raise Refused
    return parsed


def _plain(block: PlainText | RefusalBlock) -> str:
    if not isinstance(block, PlainText):
        raise Refused
    return block.text


def _leading_system(row: SystemRow | DeveloperRow) -> tuple[str | tuple[TextPart, ...], bool] | None:
    """The first row as ``Request.system`` (and whether it is the marked stable prefix), or None."""
    content = row.content
    if isinstance(content, str):
        return (content, False) if content else None
    if not content or not all(isinstance(block, MarkedText) for block in content):
        return None
    blocks: list[MarkedText] = content  # type: ignore[assignment]
    if any(block.prompt_cache_breakpoint is not None for block in blocks[:-1]):
        raise Refused
    marked = blocks[-1].prompt_cache_breakpoint is not None
    if not any(block.text for block in blocks):  # empty text only: a message, as the walker reads it
        return None
    if len(blocks) == 1:
        return blocks[0].text, marked
    return tuple([_text(block.text) for block in blocks]), marked


def read_messages(
    rows: list[Row],
) -> tuple[str | tuple[TextPart, ...] | None, tuple[Message, ...], int | None, bool, bool, Seen]:
    """``messages`` -> (system, canonical messages, index of the breakpoint's message, stable prefix,
    whether two tool calls share an id but not a name: see :mod:`lmcodec.providers._pairing`, and
    what was met among the parts: ``_crossing_survey.Seen``).

    The common rows (string content, tool rows, assistant rows of text and tool calls) are read
    inline, each dispatched on its view's class; the others by the helpers above."""
    system: str | tuple[TextPart, ...] | None = None
    stable = False
    breakpoint: int | None = None
    messages: list[Message] = []
    append = messages.append
    results: list[ToolResultPart] | None = None  # consecutive tool rows: one tool message (lm15's rule)
    names: dict[str, str] = {}  # tool call id -> name, to find an id reused by another function
    reused = False
    texts = empty_text = False
    others: set[type] = set()
    calls = 0
    result_ids: list[str] = []
    for index, row in enumerate(rows):
        if type(row) is ToolRow:
            content = row.content
            if isinstance(content, str):
                content_texts: tuple[TextPart, ...] = (_replace(_TEXT, text=content),)
            elif content:
                content_texts = tuple([_replace(_TEXT, text=_plain(block)) for block in content])
            else:
                raise Refused
            if not row.tool_call_id:
                raise Refused
            result = _replace(_RESULT, id=row.tool_call_id, content=content_texts)
            result_ids.append(row.tool_call_id)
            if results is None:
                results = [result]
            else:
                results.append(result)
            continue
        if results is not None:
            append(_replace(_MESSAGE, role="tool", parts=tuple(results)))
            results = None
        if type(row) is AssistantRow:
            said = row.content
            parts: list[Any]
            if said is None:
                parts = []
            elif isinstance(said, str):
                parts = [_replace(_TEXT, text=said)]
                texts = True
                if not said:
                    empty_text = True
            else:
                parts = [_assistant_block(block) for block in said]
                texts, empty_text = _met(parts, others, texts, empty_text)
            if row.tool_calls is not None:
                calls += len(row.tool_calls)
                for call in row.tool_calls:
                    function = call.function
                    call_id, name, arguments = call.id, function.name, function.arguments
                    if not call_id or not name:
                        raise Refused
                    if names.setdefault(call_id, name) != name:
                        reused = True
                    parts.append(_replace(_CALL, id=call_id, name=name, input=_arguments(arguments)))
            if not parts:
                raise Refused
            append(_replace(_MESSAGE, role="assistant", parts=tuple(parts)))
            continue
        said_to: SystemRow | DeveloperRow | UserRow = row  # type: ignore[assignment]  # (the other rows)
        prompt = said_to.content
        user = type(said_to) is UserRow
        if user and isinstance(prompt, str):
            append(_replace(_MESSAGE, role="user", parts=(_replace(_TEXT, text=prompt),)))
            texts = True
            if not prompt:
                empty_text = True
            continue
        if index == 0 and len(rows) > 1 and not user:
            leading = _leading_system(said_to)  # type: ignore[arg-type]  # (a system or developer row)
            if leading is not None:
                system, stable = leading
                continue
        if not user and not isinstance(prompt, str):
            if not all(type(block) is MarkedText for block in prompt):
                raise Refused  # an image in a system or developer row: the walker says why
        parts_read, marked = _content(prompt)
        texts, empty_text = _met(parts_read, others, texts, empty_text)
        if marked:
            if breakpoint is not None or stable:
                raise Refused
            breakpoint = len(messages)
        append(_replace(_MESSAGE, role="user" if user else "developer", parts=parts_read))
    if results is not None:
        append(_replace(_MESSAGE, role="tool", parts=tuple(results)))
    if not messages:
        raise Refused
    seen = Seen(texts, empty_text, others, False, calls, names, result_ids)  # (no state, text results)
    return system, tuple(messages), breakpoint, stable, reused, seen


def _met(parts: Sequence[Any], others: set[type], texts: bool, empty_text: bool) -> tuple[bool, bool]:
    """``texts`` and ``empty_text`` (``Seen``) after ``parts`` of a row's content blocks, the
    types besides text added to ``others``."""
    for part in parts:
        if type(part) is TextPart:
            texts = True
            if not part.text:
                empty_text = True
        else:
            others.add(type(part))
    return texts, empty_text


def read_tools(views: list[ToolView]) -> tuple[FunctionTool, ...]:
    tools: list[FunctionTool] = []
    for view in views:
        function = view.function
        if function.strict is True or not function.name:
            raise Refused
        parameters = function.parameters
        tools.append(
            _replace(
                _FUNCTION,
                name=function.name,
                description=function.description,
                parameters=parameters if parameters is not None else {"type": "object", "properties": {}},
            )
        )
    return tuple(tools)
