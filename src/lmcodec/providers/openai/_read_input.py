"""The Responses reader's fast path, its conversation side: ``input`` items (typed views) ->
canonical messages.

Split from :mod:`lmcodec.providers.openai._read_typed` (the body, tools and settings); the same
rules hold: the walker's mapping, each check msgspec's conversion makes and the views do not made
here, :class:`Refused` where the walker would refuse.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec
from msgspec import UNSET

from lmcodec.providers._crossing_survey import Seen, met
from lmcodec.providers.openai._read_common import data_uri, image_by_url
from lmcodec.providers.openai._read_views import (
    InputFile,
    InputImage,
    InputText,
    Item,
    OutputText,
    RawInput,
    RefusalBlock,
)
from lmcodec.wire import (
    ContinuationState,
    DocumentPart,
    ImagePart,
    Message,
    RefusalPart,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
)
from lmcodec.wire._float_literals import float_literal

__all__ = ["Refused", "input_items_raw", "read_input", "text_part", "user_text"]

_ANY: Final = msgspec.json.Decoder(float_hook=float_literal)
_RAW_INPUT: Final = msgspec.json.Decoder(RawInput, float_hook=float_literal)


def input_items_raw(body: bytes | bytearray | memoryview) -> list[msgspec.Raw]:
    """A Responses body's ``input`` items as their bytes, none decoded (where an item is wanted as
    the client wrote it: its key order, or the item itself to go back as sent)."""
    return _RAW_INPUT.decode(body).input


_KEYS: Final = msgspec.json.Decoder(dict[str, msgspec.Raw], float_hook=float_literal)
"""An object's keys in the body's order, its values left raw (not made into Python values)."""
_replace: Final = msgspec.structs.replace
"""The canonical Structs are made from a prototype holding the defaults: msgspec's ``replace``
(``__post_init__`` included) costs a third of a constructor call with keywords."""
_TEXT: Final = TextPart(text="-")
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
_ROLES: Final[dict[Any, str]] = {
    "user": "user",
    "developer": "developer",
    "system": "developer",
    "assistant": "assistant",
}
_STAGES: Final[dict[str, int]] = {"reasoning": 0, "message": 1, "function_call": 2}


class Refused(Exception):
    """The views took the body but a rule refuses it: the dict walker names the fault."""


def text_part(text: str) -> TextPart:
    return _replace(_TEXT, text=text)


def _message_keys_only(item: Item) -> bool:
    """A message holds type, role and content only."""
    return item.id is UNSET and item.status is UNSET and _replayed_message_keys_only(item)


def _replayed_message_keys_only(item: Item) -> bool:
    """An assistant message holds type, role and content, and an output message's ``id`` and
    completed ``status`` (``_read_output_items.input_item``, which leaves them out, any ``id``)."""
    return (
        item.call_id is UNSET
        and item.name is UNSET
        and item.arguments is UNSET
        and item.output is UNSET
        and item.encrypted_content is UNSET
        and item.summary is UNSET
        and _completed(item)
    )


def _completed(item: Item) -> bool:
    """An item's ``status`` is absent, null or ``"completed"`` (the one an output item replays)."""
    status = item.status
    return status is UNSET or status is None or status == "completed"


def _output_keys_only(item: Item) -> bool:
    """A function_call_output holds type, call_id and output only."""
    return (
        item.role is UNSET
        and item.content is UNSET
        and item.name is UNSET
        and item.arguments is UNSET
        and item.id is UNSET
        and item.encrypted_content is UNSET
        and item.summary is UNSET
        and item.status is UNSET
    )


def _said(item: Item) -> tuple[str, list[Any]] | None:
    """A user, developer or system message of text alone, no block marked (the usual one) as its
    role and parts; None for any other (``_Reader.input_message`` reads it)."""
    role = _ROLES.get(item.role)
    if role is None or not _message_keys_only(item):
        return None
    content = item.content
    if isinstance(content, str):
        return role, [_replace(_TEXT, text=content)]
    if not content or type(content) is not list:
        return None
    parts: list[Any] = []
    for block in content:
        if type(block) is not InputText or block.prompt_cache_breakpoint is not None:
            return None
        parts.append(_replace(_TEXT, text=block.text))
    return role, parts


def _image(block: InputImage) -> ImagePart:
    if block.file_id is not None:
        if block.image_url is not None or (block.detail is not None and block.detail != "auto"):
            raise Refused  # the walker names the fault
        return _replace(_IMAGE_FILE, file_id=block.file_id)
    part = None if block.image_url is None else image_by_url(block.image_url, block.detail)
    if part is None:
        raise Refused
    return part


def _file(block: InputFile) -> DocumentPart:
    if block.file_url is not None:
        if block.file_id is not None or block.file_data is not None or block.filename is not None:
            raise Refused  # one source on lm15's wire: the walker names the fault
        return _replace(_DOCUMENT_URL, url=block.file_url)
    if block.file_id is not None:
        if block.file_data is not None or block.filename is not None:
            raise Refused
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

    __slots__ = ("_raw_items", "body", "breakpoint", "messages", "stable")

    def __init__(
        self, body: bytes | bytearray | memoryview, stable: bool, messages: list[tuple[str, list[Any]]]
    ) -> None:
        self.body = body
        self._raw_items: list[Any] | None = None  # the input items as raw JSON, read once when needed
        self.breakpoint: int | None = None
        self.stable = stable
        self.messages = messages

    def input_message(self, item: Item) -> None:
        role = _ROLES.get(item.role)
        content = item.content
        if role is None or not _message_keys_only(item) or content is UNSET:
            raise Refused
        if isinstance(content, str):
            self.messages.append((role, [text_part(content)]))
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
            or item.status is not UNSET
            or call_id is UNSET
            or not call_id
            or output is UNSET
        ):
            raise Refused
        if isinstance(output, str):
            content: tuple[Any, ...] = (text_part(output),)
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
            or not _completed(item)
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
        if self._raw_items is None:  # once a body: per item it was quadratic (4,000 items: 2.4 s)
            self._raw_items = input_items_raw(self.body)
        keys = list(_KEYS.decode(self._raw_items[index]))
        return keys.index("encrypted_content") < keys.index("id")


def _assistant_content(item: Item, parts: list[Any]) -> None:
    content = item.content
    if not _replayed_message_keys_only(item) or content is UNSET:
        raise Refused
    if isinstance(content, str):
        parts.append(_replace(_TEXT, text=content))
        return
    for block in content:
        if type(block) is OutputText:
            if block.annotations or block.logprobs:
                raise Refused
            parts.append(_replace(_TEXT, text=block.text))
        elif type(block) is RefusalBlock:
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
        or item.encrypted_content is not UNSET
        or item.summary is not UNSET
        or not _completed(item)  # an output call's id and status, replayed: left out, as the walker does
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
    items: list[Item], body: bytes | bytearray | memoryview, stable_allowed: bool, seen: Seen | None = None
) -> tuple[str | None, tuple[Message, ...], int | None, bool, bool, bool]:
    """``input`` items -> (stable system prompt, canonical messages, breakpoint's message, stable,
    whether two function calls share a call_id but not a name: see :mod:`lmcodec.providers._pairing`,
    whether two share a call_id at all: the gateway's same-dialect reading hands it over, so that
    the rename of a repeat toward Responses walks no request without one).

    ``seen``, given (the gateway's reading), records the parts made as ``crossing.survey`` reads
    them (``_crossing_survey.Seen``): the usual ones inline, the others by ``met``. The results carry
    no name here, so ``seen.other_names`` holds only the names of calls whose id an earlier call of
    another name has (the results are then named after their calls: the survey is not this one)."""
    stable_text = _stable_system(items[0]) if stable_allowed and len(items) > 1 else None
    stable = stable_text is not None
    messages: list[tuple[str, list[Any]]] = []
    reader: _Reader | None = None  # made where an item is not read inline (the usual ones are)
    turn: list[Any] | None = None  # the assistant turn being assembled
    stage = 0  # its stage: 0 reasoning, 1 message, 2 function calls
    names: dict[str, str] = {}  # call_id -> name, to find a call_id reused by another function
    reused = False
    calls = 0
    results = None if seen is None else seen.result_ids  # (recorded: the survey's)
    texts = empty = False  # (recorded: a text part made, one of empty text)
    for index in range(1 if stable else 0, len(items)):
        item = items[index]
        kind = item.type
        if kind == "function_call_output":
            turn = None
            call_id, output = item.call_id, item.output
            if isinstance(output, str) and call_id and _output_keys_only(item):
                result = _replace(_RESULT, id=call_id, content=(_replace(_TEXT, text=output),))
                if messages and messages[-1][0] == "tool":  # consecutive outputs: one tool message
                    messages[-1][1].append(result)
                else:
                    messages.append(("tool", [result]))
                if results is not None:
                    results.append(call_id)
            else:
                reader = reader or _Reader(body, stable, messages)
                reader.tool_output(item)
                if seen is not None:
                    met(messages[-1][1][-1], seen)
            continue
        if kind == "message" and item.role != "assistant":
            turn = None
            said = _said(item)
            if said is not None:
                messages.append(said)
                if seen is not None:
                    texts = True
                    for part in said[1]:
                        if not part.text:
                            empty = True
            else:
                reader = reader or _Reader(body, stable, messages)
                reader.input_message(item)
                if seen is not None:
                    for part in messages[-1][1]:
                        met(part, seen)
            continue
        step = _STAGES.get(kind)
        if step is None:
            raise Refused
        if turn is None or step < stage or (step == stage == 1):
            turn = []
            messages.append(("assistant", turn))
        stage = step
        if step == 2:
            call = _function_call(item)
            calls += 1
            if names.setdefault(call.id, call.name) != call.name:
                reused = True
                if seen is not None:
                    seen.other_names.append(call.name)
            turn.append(call)
        elif step == 1:
            made = len(turn)
            _assistant_content(item, turn)
            if seen is not None:
                for part in turn[made:]:
                    if type(part) is TextPart:  # (made without state)
                        texts = True
                        if not part.text:
                            empty = True
                    else:
                        met(part, seen)
        else:
            reader = reader or _Reader(body, stable, messages)
            thinking = reader.reasoning(item, index)
            turn.append(thinking)
            if seen is not None:  # (met's reading of a thinking part: always with its state)
                seen.others.add(ThinkingPart)
                if not thinking.text:
                    empty = True
    if not messages:
        raise Refused
    out: list[Message] = []
    for role, parts in messages:
        if not parts:
            raise Refused
        out.append(_replace(_MESSAGE, role=role, parts=tuple(parts)))
    if seen is not None:
        seen.texts = seen.texts or texts
        seen.empty_text = seen.empty_text or empty
        seen.calls += calls
        seen.names.update(names)
    breakpoint = None if reader is None else reader.breakpoint
    return stable_text, tuple(out), breakpoint, stable, reused, len(names) != calls


def user_text(text: str) -> tuple[Message, ...]:
    """A string ``input``: one user message of one text part."""
    return (_replace(_MESSAGE, parts=(text_part(text),)),)
