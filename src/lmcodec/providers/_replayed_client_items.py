"""Responses input items a client's tool loop replays that the canonical Request has no field for,
beyond phases and hosted-tool items (``lc.translate_request``; red team 26 F02, F04).

- Calls the client runs itself and its answers to them (:data:`WHOLE_ITEMS`): ``computer_call``,
  ``shell_call``, ``local_shell_call``, ``apply_patch_call``, ``mcp_approval_request``, each
  replayed with ``input += response.output``, and their ``*_output`` / ``mcp_approval_response``
  items (the openai SDK's ``ResponseInputItemParam``); and the items that stand for state or work on
  OpenAI's server (:data:`_SERVER_ITEMS`): a ``compaction`` item (the earlier conversation,
  compacted and encrypted), a ``compaction_trigger``, an ``item_reference`` (an item the server
  stored: ``store``, ``previous_response_id``; typed, or an ``id`` alone:
  :func:`untyped_reference`), an MCP server's ``mcp_list_tools`` and ``mcp_call`` (red team 26
  F02/F04's leftovers), a ``program`` the server ran to call tools (its fingerprint must be
  replayed), its ``program_output``, ``additional_tools`` (all three output items of the SDK's,
  replayed with the rest), and a tool search's ``tool_search_call`` and ``tool_search_output`` (the
  server's or the client's: red team 28 F03). The writers hand the calls to a Responses client and
  ``translate_request`` carries their tools, so the loop's next turn must go through: to Responses
  each item goes back as sent, in place, as a hosted-tool item does
  (``_replayed_responses_items.py`` takes them out and puts them back). Another dialect has no form
  for them (its answer side already refuses such a call: ``_client_run_items.py``; a gateway cannot
  resolve a reference), and leaving one out would change what the conversation did: refused, the
  item named (:func:`refuse_elsewhere`).
- Keys the API itself puts on items it lists (``responses.input_items.list``,
  ``conversations.items.list``) or on its output items that the reader refuses or reads as absent
  (:class:`ListedKeys`): a ``function_call_output``'s ``id``, ``status``, ``caller``, ``name`` and
  ``namespace``, a ``function_call``'s ``caller``, ``namespace`` and ``async`` (rtleft18), a
  reasoning item's ``content`` (``reasoning_text`` parts: a gpt-oss backend's; or null, empty).
  They are taken off before the item is read; to Responses the built item is replaced by the
  client's as sent. Elsewhere each key that says nothing the destination does not is ``dropped``
  with its path (an output's id and status; a ``direct`` caller; ``async`` false; the name of the
  call it answers; a null; the reasoning text is the model's own, which no other provider takes
  back); one that says more (a program's caller, a tool namespace, another name, ``async`` true)
  is refused at its path (:func:`_output_key_elsewhere`, :func:`_call_key_elsewhere`).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, NoReturn

import msgspec
from msgspec import UNSET

from lmcodec.errors import ValidationError
from lmcodec.providers._build_common import adaptation
from lmcodec.providers._build_wire import built_places, json_object
from lmcodec.providers._replayed_reasoning import (
    absent_as_none,
    order_of_items,
    order_of_views,
    reasoning_places,
    signed,
)
from lmcodec.wire import Adaptation
from lmcodec.wire._float_literals import float_literal

_ANY: Final = msgspec.json.Decoder(float_hook=float_literal)

__all__ = [
    "CALL_KEYS",
    "MARKS",
    "SENT_CALL_KEYS",
    "WHOLE_ITEMS",
    "ListedKeys",
    "carried_items",
    "listed_keys",
    "refuse_elsewhere",
    "untyped_reference",
]

_CLIENT_CALLS: Final = frozenset(
    {"computer_call", "shell_call", "local_shell_call", "apply_patch_call", "mcp_approval_request"}
)
_CLIENT_ANSWERS: Final = frozenset(
    {
        "computer_call_output",
        "shell_call_output",
        "local_shell_call_output",
        "apply_patch_call_output",
        "mcp_approval_response",
    }
)
_SERVER_ITEMS: Final = {
    "compaction": "the earlier conversation, compacted and encrypted by OpenAI",
    "compaction_trigger": "a request that OpenAI's server compact the conversation so far",
    "item_reference": (
        "a reference to an item OpenAI's server stored, which a gateway cannot resolve: send the item itself"
    ),
    "mcp_list_tools": "the tools an MCP server listed to OpenAI's server",
    "mcp_call": "a call OpenAI's server made to an MCP server, with the output the model read",
    "program": "a program OpenAI's server ran to call tools, with the fingerprint its replay needs",
    "program_output": "the result of a program OpenAI's server ran to call tools",
    "additional_tools": "tools made available from this point of the conversation on",
    "tool_search_call": "a search of the tools a tool_search tool deferred (by the server or the client)",
    "tool_search_output": "the tools a tool search found, loaded from this point of the conversation on",
}
"""The items that stand for state or work on OpenAI's server, and what each is."""
WHOLE_ITEMS: Final = _CLIENT_CALLS | _CLIENT_ANSWERS | frozenset(_SERVER_ITEMS)
"""The input items Responses gets back as sent and every other dialect refuses."""
MARKS: Final = (
    b"computer_call",
    b"shell_call",
    b"apply_patch_call",
    b"mcp_approval_",
    b'"compaction"',
    b'"compaction_trigger"',
    b'"mcp_list_tools"',
    b'"mcp_call"',
    b'"program',
    b'"additional_tools"',
    b'"tool_search_',
    b'"function_call_output"',
    b'"caller"',
    b'"namespace"',
    b'"async"',
    b'"reasoning"',
    b'"id"',
)
"""What a body holding such an item or key holds, one of them at least (an item reference, typed
or not, holds its ``"id"``)."""
_OUTPUT_KEYS: Final = ("id", "status", "caller", "name", "namespace")
_OUTPUT_KEY_SET: Final = frozenset(_OUTPUT_KEYS)
_OUTPUT_KEY_DROPPED: Final = (
    "a function_call_output's {key}, as the API lists the item: it says nothing to the model "
    "({destination} has no such key); the output is sent"
)
_DIRECT_CALLER_DROPPED: Final = (
    "a function_call_output's caller, direct: the model called the tool itself, as every "
    "{destination} tool result says; the output is sent"
)
_CALL_NAME_DROPPED: Final = (
    "a function_call_output's name, the name of the call it answers ({destination} names the result "
    "after that call); the output is sent"
)
_NULL_KEY_DROPPED: Final = "a function_call_output's {key}, null: it says nothing; the output is sent"
_OUTPUT_KEY_REFUSED: Final = {
    "caller": (
        "a function_call_output's caller {kind!r} (a program ran the tool): {destination} has no such caller"
    ),
    "namespace": "a function_call_output's tool namespace: {destination} has no tool namespaces",
    "name": (
        "a function_call_output's name that is not the name of a call it answers in the input: "
        "{destination} names a result after its call"
    ),
}
_CONTENT_DROPPED: Final = "a reasoning item's reasoning text (content): only Responses takes it back{unsent}"
_EMPTY_CONTENT_DROPPED: Final = "a reasoning item's content, {empty}: it says nothing{unsent}"
CALL_KEYS: Final = frozenset({"caller", "namespace", "async"})
"""A function call's keys the reader reads as absent (a null, a direct caller, ``async`` false) or
refuses; the item's ``id`` and ``status`` go with them to Responses, as sent."""
SENT_CALL_KEYS: Final = CALL_KEYS | {"id", "status"}
"""A function call holding one of these goes back to Responses as sent (fcid18: the API pairs a
reasoning item with the call after it by the call's ``id``)."""
_ITEM_KEYS: Final = frozenset({"id", "status"})
"""An output item's keys the reader reads as absent: an assistant message holding one goes back to
Responses as sent, its blocks' ``annotations`` and ``logprobs`` with it."""
_CALL_KEY_DROPPED: Final = {
    "caller": (
        "a function_call's caller, direct: the model called the tool itself, as every {destination} "
        "tool call says; the call is sent"
    ),
    "async": (
        "a function_call's async, false: the call is run as {destination} runs every call; the call is sent"
    ),
}
_CALL_NULL_DROPPED: Final = "a function_call's {key}, null: it says nothing; the call is sent"
_CALL_KEY_REFUSED: Final = {
    "caller": "a function call made by a program (caller {kind!r}): {destination} has no such caller",
    "namespace": "a function call's tool namespace: {destination} has no tool namespaces",
    "async": "a function call run asynchronously (async true): {destination} has no such call",
}


def refuse_elsewhere(kind: str, index: int, destination: str) -> NoReturn:
    """Refuse the ``kind`` item at ``$.input[index]`` on its way to ``destination`` (not Responses)."""
    if kind in _SERVER_ITEMS:
        what = _SERVER_ITEMS[kind]
    elif kind in _CLIENT_CALLS:
        what = "a call the client runs itself"
    else:
        what = "the client's answer to a call it runs itself"
    raise ValidationError(
        f"a Responses {kind!r} item ({what}) cannot be carried to {destination}: only Responses takes it",
        f"$.input[{index}]",
    )


def untyped_reference(item: dict[str, Any]) -> bool:
    """Whether ``item`` is an ``id`` alone, its ``type`` absent or null: the openai SDK's
    ``ItemReference``, whose ``type`` is optional (no other input item is an id alone)."""
    return "id" in item and len(item) == 1 + ("type" in item) and item.get("type") is None


def listed_keys(item: dict[str, Any], kind: str, to_responses: bool = True) -> bool:
    """Whether ``item`` (of type ``kind``) holds a key :class:`ListedKeys` takes off, or, on its way
    to Responses (``to_responses``), one the reader reads as absent that Responses gets back as sent
    (a call's or assistant message's ``id`` and ``status``, a reasoning item's ``status`` or null
    ``encrypted_content``)."""
    if kind == "function_call_output":
        return not _OUTPUT_KEY_SET.isdisjoint(item)
    if kind == "function_call":
        return not (SENT_CALL_KEYS if to_responses else CALL_KEYS).isdisjoint(item)
    if kind == "message":
        return (
            to_responses
            and item.get("role") == "assistant"
            and not _ITEM_KEYS.isdisjoint(item)
            and _plain_blocks(item)
        )
    if kind != "reasoning":
        return False
    return "content" in item or (to_responses and ("status" in item or _null_state(item)))


def _plain_blocks(item: dict[str, Any]) -> bool:
    """An assistant message none of whose blocks holds ``annotations``, ``logprobs`` or ``parsed``
    the reader drops with a note (those go as the reader reads them: the note stands)."""
    content = item.get("content")
    if type(content) is not list:
        return True
    return not any(
        type(block) is dict
        and (block.get("annotations") or block.get("logprobs") or block.get("parsed") is not None)
        for block in content
    )


def _without_null_parsed(message: dict[str, Any]) -> dict[str, Any]:
    """The assistant ``message`` as sent but for its blocks' ``"parsed": null``: the openai SDK's
    parse helpers dump it beside the text (``ParsedResponseOutputText``), its input type
    (``ResponseOutputTextParam``) has no such key, and a null ``parsed`` reads as absent."""
    content = message.get("content")
    if type(content) is not list or not any(type(b) is dict and "parsed" in b for b in content):
        return message
    blocks = [
        {key: value for key, value in block.items() if key != "parsed"} if type(block) is dict else block
        for block in content
    ]
    return {**message, "content": blocks}


def _null_state(item: dict[str, Any]) -> bool:
    """A signed reasoning item whose ``encrypted_content`` is null (the builder writes none)."""
    return "encrypted_content" in item and item["encrypted_content"] is None and item.get("id") is not None


def carried_items(items: list[Any]) -> tuple[list[tuple[int, int, str]], int] | None:
    """What Responses gets back as sent of a body's input ``items`` as its typed views read them
    (``type``, ``role``, ``id``, ``status``, ``encrypted_content``): each function call and
    assistant message holding an ``id`` or ``status``, with where it is and its order among its
    kind, and each reasoning item with an id holding a ``status`` or a null ``encrypted_content``
    (order -1: placed by its state), with its kind; and how many assistant messages there are.
    ``_gateway_read._replayed_read`` carries the same items of a Codex body. None where a
    reasoning item holds such a key without its id (nothing is carried for it: the gateway's other
    readings read such a body)."""
    carried: list[tuple[int, int, str]] = []
    calls = assistants = 0
    for at, item in enumerate(items):
        kind = item.type
        if kind == "function_call":
            if item.id is not UNSET or item.status is not UNSET:
                carried.append((at, calls, kind))
            calls += 1
        elif kind == "message":
            if item.role == "assistant":
                if item.id is not UNSET or item.status is not UNSET:
                    carried.append((at, assistants, kind))
                assistants += 1
        elif kind == "reasoning":
            state = item.encrypted_content
            if item.status is not UNSET or (state is None and item.id not in (UNSET, None)):
                if not item.id:
                    return None
                carried.append((at, -1, kind))
    return carried, assistants


class _Sent(NamedTuple):
    position: int
    """Where the item was in the client's input."""
    ordinal: int
    """Which function call output built it is (its order among them); -1 for a function call (its
    order is counted where it is put back) or a reasoning item."""
    item: dict[str, Any]
    """The item as sent; for one carried as its bytes (``raw``), the keys it is placed by."""
    kind: str = "function_call_output"
    raw: msgspec.Raw | None = None
    """The item's bytes as the client sent them (the typed readings' carriage: nothing in such an
    item changes, so it is decoded only where it goes back)."""


class ListedKeys:
    """The listed keys taken off a body's items (:meth:`take`), and the items as the client sent
    them, put back in the Responses payload built from the body (:meth:`put_back`)."""

    def __init__(
        self, destination: str, notes: list[Adaptation], items: list[Any], views: list[Any] | None = None
    ) -> None:
        self.destination = destination
        self.sent: list[_Sent] = []
        self.notes = notes
        """Where each key dropped is noted (the caller's notes, in the client's order)."""
        self._items = items
        """The client's input items (where an output's ``name`` is looked for among the calls)."""
        self._views = views
        """The typed views of the client's items, where the typed readings carry them (``items``
        then empty): what a reasoning item's order among its state's is counted from."""
        self._outputs = 0

    def take(self, item: dict[str, Any], kind: str, index: int) -> None:
        """``item`` (of type ``kind``, at ``$.input[index]``, kept for the reader) without the keys
        the reader refuses, in place; counted, where it is a function call output (a function call
        is handed over only where it holds such a key: :data:`CALL_KEYS`)."""
        if kind == "function_call_output":
            self._outputs += 1
        to_responses = self.destination == "openai"
        if not listed_keys(item, kind, to_responses):
            return
        if kind == "message":  # (its keys read as absent: nothing to take off)
            if to_responses:
                self.sent.append(_Sent(index, -1, dict(item), kind))
            return
        if kind == "function_call":
            if to_responses:
                self.sent.append(_Sent(index, -1, dict(item), kind))
            for key in [key for key in item if key in CALL_KEYS]:  # (in the client's order)
                asked = item.pop(key)
                if not to_responses:
                    reason = _call_key_elsewhere(key, asked, self.destination, index)
                    self.notes.append(adaptation(f"$.input[{index}].{key}", "dropped", reason, asked))
            return
        if kind == "function_call_output":
            if to_responses:
                self.sent.append(_Sent(index, self._outputs - 1, dict(item)))
            for key in _OUTPUT_KEYS:
                if key in item:
                    asked = item.pop(key)
                    if not to_responses:
                        reason = self._output_key_elsewhere(key, asked, item, index)
                        self.notes.append(adaptation(f"$.input[{index}].{key}", "dropped", reason, asked))
            return
        written = signed(item)
        if to_responses and written:
            self.sent.append(_Sent(index, -1, dict(item), kind))
        if "content" not in item:
            return
        content = item.pop("content")
        if not to_responses or not written:
            unsent = "; the item, without state, is not sent" if not written else ""
            if content is None or content == []:
                empty = "null" if content is None else "empty"
                reason = _EMPTY_CONTENT_DROPPED.format(empty=empty, unsent=unsent)
            else:
                reason = _CONTENT_DROPPED.format(unsent=unsent)
            self.notes.append(adaptation(f"$.input[{index}].content", "dropped", reason, content))

    def _output_key_elsewhere(self, key: str, asked: Any, item: dict[str, Any], index: int) -> str:
        """Why the function call output ``item``'s ``key`` (``asked``) is dropped on its way to
        another dialect; refused at its path where it says what that dialect cannot: a caller
        other than ``direct`` (programmatic tool calling), a tool namespace, a name other than the
        answered call's."""
        destination = self.destination
        if key == "id" or key == "status":
            return _OUTPUT_KEY_DROPPED.format(key=key, destination=destination)
        if asked is None:
            return _NULL_KEY_DROPPED.format(key=key)
        if key == "caller" and asked == {"type": "direct"}:
            return _DIRECT_CALLER_DROPPED.format(destination=destination)
        if key == "name" and asked == self._call_name(item.get("call_id"), index):
            return _CALL_NAME_DROPPED.format(destination=destination)
        kind = asked.get("type") if type(asked) is dict else asked
        reason = _OUTPUT_KEY_REFUSED[key].format(kind=kind, destination=destination)
        raise ValidationError(f"{reason}; only Responses takes it", f"$.input[{index}].{key}")

    def _call_name(self, call_id: Any, before: int) -> Any:
        """The name of the last function call with ``call_id`` before ``$.input[before]``, or None."""
        for item in reversed(self._items[:before]):
            if type(item) is dict and item.get("type") == "function_call" and item.get("call_id") == call_id:
                return item.get("name")
        return None

    def __eq__(self, other: object) -> bool:
        """The same items to put back as sent, for the same destination (however each was counted
        or held, an item's bytes compared as decoded: the typed views' reading of a body and the
        passes' are held equal)."""
        if not isinstance(other, ListedKeys):
            return NotImplemented
        return self.destination == other.destination and self._kept() == other._kept()

    __hash__ = None  # type: ignore[assignment]  # (mutable)

    def _kept(self) -> list[tuple[int, str, dict[str, Any]]]:
        return [
            (sent.position, sent.kind, sent.item if sent.raw is None else _ANY.decode(sent.raw))
            for sent in self.sent
        ]

    def carry(self, position: int, ordinal: int, raw: msgspec.Raw, kind: str, view: Any) -> None:
        """Put back the client's item (of type ``kind``, at ``$.input[position]``) as sent, its
        bytes ``raw`` decoded only to go back: a function call or assistant message by its ``ordinal``
        among the client's (function calls, custom calls not counted; assistant messages), a
        reasoning item by its state (-1), read off the item's typed ``view`` (no decode of
        ``raw``). What the gateway's typed readings hand over (:func:`carried_items`)."""
        if kind == "reasoning":
            state = absent_as_none(view.encrypted_content)
            keys = {"id": absent_as_none(view.id), "encrypted_content": state}
        else:
            keys = {"call_id": absent_as_none(view.call_id)}
        self.sent.append(_Sent(position, ordinal, keys, kind, raw))

    def put_back(self, items: list[Any]) -> None:
        """The built Responses ``items``, each built for an item :meth:`take` changed replaced by
        the item as the client sent it: a function call output by its order among the outputs
        (its ``call_id`` checked), a function call by its order among the calls (likewise), an
        assistant message by its order among them, a reasoning item by its ``id`` and
        ``encrypted_content`` and its order among the client's signed reasoning items of that state
        (two items of one state, the later one changed, each go back in their own place). Refused
        at the client's path where none matches (never met: the same dialect builds these items one
        for one)."""
        built_at = built_places(items)
        outputs = built_at["function_call_output"]
        ordinals: dict[int, int] = {}  # where each of the client's was -> its order among its kind
        for kind, is_client in (("function_call", _client_call), ("message", _client_assistant)):
            if any(sent.kind == kind and sent.ordinal < 0 for sent in self.sent):
                found = (at for at, item in enumerate(self._items) if is_client(item))
                ordinals.update({at: ordinal for ordinal, at in enumerate(found)})
        views = self._views
        reasoning = reasoning_places(
            items,
            [(sent.position, sent.item) for sent in self.sent if sent.kind == "reasoning"],
            (lambda: order_of_items(self._items)) if views is None else (lambda: order_of_views(views)),
        )
        for sent in self.sent:
            if sent.kind == "function_call" or sent.kind == "message":
                ordinal = sent.ordinal if sent.ordinal >= 0 else ordinals[sent.position]
                places = built_at[sent.kind]
                at = places[ordinal] if ordinal < len(places) else -1
                built = json_object(items[at]) if at >= 0 else None
                if built is None or built.get("call_id") != sent.item.get("call_id"):
                    _unplaced(sent)
                items[at] = _item_back(sent)
                continue
            if sent.kind == "function_call_output":
                at = outputs[sent.ordinal] if sent.ordinal < len(outputs) else -1
                built = json_object(items[at]) if at >= 0 else None
                if built is None or built.get("call_id") != sent.item.get("call_id"):
                    _unplaced(sent)
                items[at] = sent.item
                continue
            at = reasoning.get(sent.position, -1)
            if at < 0:
                _unplaced(sent)
            items[at] = _item_back(sent)


def _item_back(sent: _Sent) -> dict[str, Any]:
    """The client's item as it goes back: decoded from its bytes where the typed readings carried
    it so, since a key the client repeated in it goes back once, with its last value, as every
    reading of the body takes it (docs/hostile-input.md H9; written as they are, the bytes sent
    both values, the gateway reading one and the backend perhaps the other); an assistant message
    without the SDK parse helpers' ``"parsed": null``."""
    item = sent.item if sent.raw is None else _ANY.decode(sent.raw)
    return _without_null_parsed(item) if sent.kind == "message" else item


def _call_key_elsewhere(key: str, asked: Any, destination: str, index: int) -> str:
    """Why a function call's ``key`` (``asked``) is dropped on its way to ``destination`` (not
    Responses); refused at its path where it says what that dialect cannot: a program's caller, a
    tool namespace, a call run asynchronously."""
    if asked is None:
        return _CALL_NULL_DROPPED.format(key=key)
    if (key == "caller" and asked == {"type": "direct"}) or (key == "async" and asked is False):
        return _CALL_KEY_DROPPED[key].format(destination=destination)
    kind = asked.get("type") if type(asked) is dict else asked
    reason = _CALL_KEY_REFUSED[key].format(kind=kind, destination=destination)
    raise ValidationError(f"{reason}; only Responses takes it", f"$.input[{index}].{key}")


def _client_call(item: Any) -> bool:
    return type(item) is dict and item.get("type") == "function_call"


def _client_assistant(item: Any) -> bool:
    return type(item) is dict and item.get("type", "message") == "message" and item.get("role") == "assistant"


def _unplaced(sent: _Sent) -> NoReturn:
    raise ValidationError(
        "the item cannot be put back as sent: the built request holds no item built for it",
        f"$.input[{sent.position}]",
    )
