"""One output item of the Responses stream writer: its state, and the bodies of the events that add
and complete it, written from byte templates around its values' JSON.

A cited answer block is an item of its own (red team 14 F09: seven events per block where the
source sends four), so these events are the writer's hot path on such streams: each body is the
bytes ``ENC.encode`` writes for its dict (keys in the API's order, compact), cut where the values
go, each value encoded once per item and spliced into every event that repeats it (the text in
``.done``, the content part and the item). The item as done is still kept as a dict: the final
response is built from it and compared with a backend's (:mod:`._final`).
A body here is the event's JSON without its braces and ``sequence_number``
(``_write_items.frame`` adds the type first and the number last).
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.providers._decimals import DECIMAL_COUNT, DECIMALS
from lmcodec.providers._streamed_audio import audio_part
from lmcodec.providers.openai._sse_write import CALL, ENC, IMAGE, MESSAGE, REASONING, REFUSAL
from lmcodec.providers.openai._thinking_carriage import UNSIGNED, carriage
from lmcodec.wire import ContinuationState

__all__ = ["Body", "OutputItem"]

Body = tuple[str, bytes]
"""An event to write: its type and its body (its JSON without braces and ``sequence_number``)."""

_OUTPUT_INDEX: Final = b'"output_index":'
_CALL_ITEM: Final = b',"item":{'
_ITEM_ID: Final = b'"item_id":'
_MESSAGE_ADDED: Final = b',"type":"message","status":"in_progress","role":"assistant","content":[]}'
_TEXT_PART_ADDED: Final = (
    b',"content_index":0,"part":{"type":"output_text","annotations":[],"logprobs":[],"text":""}'
)
_REFUSAL_PART_ADDED: Final = b',"content_index":0,"part":{"type":"refusal","refusal":""}'
_SUMMARY_PART_ADDED: Final = b',"summary_index":0,"part":{"type":"summary_text","text":""}'
_CALL_DELTA: Final = (
    b'event: response.function_call_arguments.delta\ndata: {"type":"response.function_call_arguments.delta",'
)
_MESSAGE_DONE: Final = b',"type":"message","status":"completed","role":"assistant","content":['
_MESSAGE_CUT: Final = b',"type":"message","status":"incomplete","role":"assistant","content":['


class OutputItem:
    """One output item the Responses writer is writing."""

    __slots__ = (
        "annotation_json",
        "annotations",
        "call_id",
        "call_parts",
        "carried",
        "encrypted",
        "first_json",
        "head",
        "held",
        "id",
        "index",
        "key",
        "kind",
        "logprobs",
        "name",
        "stated",
        "texts",
    )

    def __init__(self, kind: int, index: int, item_id: str, key: tuple[int, int]) -> None:
        self.kind = kind
        self.index = index
        self.key = key  # its (slot, kind) in the writer's open slots: closing it is one lookup
        self.id = item_id
        self.head = b""  # the delta frames of this item up to and including `"delta":`
        self.texts: list[str] = []
        self.first_json = b""  # the first text's JSON string, where its delta encoded it (a whole call's)
        self.held = ""  # an unfinished escape of a call's arguments (providers/_escapes.py)
        self.logprobs: list[dict[str, Any]] = []
        self.annotations: list[dict[str, Any]] = []
        self.annotation_json: list[bytes] = []  # each annotation as its event wrote it
        self.call_id = ""
        self.name = ""
        # a call's parts of its events that do not change once it is added (call_added): its
        # ``item_id`` and ``output_index``, its item's opening, and its item's ``call_id`` and ``name``
        self.call_parts = (b"", b"", b"")
        self.encrypted: str | None = None
        self.stated = False  # a reasoning item's OpenAI state came (its id is OpenAI's or the writer's)
        self.carried: list[ContinuationState] = []  # another provider's signed states of a reasoning item

    def added(self) -> list[Body]:
        """The events that add this item (``output_item.added``, and its content or summary part);
        its delta frames' head is fixed here."""
        kind = self.kind
        if kind == CALL:
            return [("response.output_item.added", self.call_added())]
        index = self.index
        at = _OUTPUT_INDEX + (DECIMALS[index] if index < DECIMAL_COUNT else str(index).encode())
        item_id = ENC.encode(self.id)
        where = b"".join((_ITEM_ID, item_id, b",", at))
        if kind == REASONING:
            self.head = _delta_head(
                b"response.reasoning_summary_text.delta", where, b',"summary_index":0,"delta":'
            )
            item = b"".join((at, b',"item":{"id":', item_id, b',"type":"reasoning","summary":[]}'))
            return [
                ("response.output_item.added", item),
                ("response.reasoning_summary_part.added", where + _SUMMARY_PART_ADDED),
            ]
        if kind >= IMAGE:  # lm15's media delta events name the output index alone
            media = b"response.output_image.delta" if kind == IMAGE else b"response.output_audio.delta"
            self.head = _delta_head(media, at, b',"delta":')
            return [
                ("response.output_item.added", b"".join((at, b',"item":{"id":', item_id, _MESSAGE_ADDED)))
            ]
        if kind == MESSAGE:
            self.head = _delta_head(b"response.output_text.delta", where, b',"content_index":0,"delta":')
            part = _TEXT_PART_ADDED
        else:  # a refusal: a message whose one part is a refusal
            self.head = _delta_head(b"response.refusal.delta", where, b',"content_index":0,"delta":')
            part = _REFUSAL_PART_ADDED
        item = b"".join((at, b',"item":{"id":', item_id, _MESSAGE_ADDED))
        return [("response.output_item.added", item), ("response.content_part.added", where + part)]

    def call_added(self) -> bytes:
        """A function call item's ``output_item.added`` body; its delta frames' head fixed here, and
        the parts its completion repeats (``call_parts``: its id, name and index do not change)."""
        index = self.index
        at = _OUTPUT_INDEX + (DECIMALS[index] if index < DECIMAL_COUNT else str(index).encode())
        call_id = ENC.encode(self.call_id)
        own_id = self.id == self.call_id  # (most calls: no item id of its own, no frame)
        item_id = call_id if own_id else ENC.encode(self.id)
        where = b"".join((_ITEM_ID, item_id, b",", at))
        self.head = b"".join((_CALL_DELTA, where, b',"delta":'))  # (_delta_head's, inline)
        opening = at + (_CALL_ITEM if own_id else self._call_head())
        tail = b"".join((b',"call_id":', call_id, b',"name":', ENC.encode(self.name), b"}"))
        self.call_parts = (where, opening, tail)
        return b"".join((opening, b'"type":"function_call","status":"in_progress","arguments":""', tail))

    def _call_head(self) -> bytes:
        """A function call item's opening, ``,"item":{``, with its ``id`` first when it has one of
        its own (a Responses source's, as the API writes it): else its ``call_id`` names it."""
        if self.id == self.call_id:
            return _CALL_ITEM
        return _CALL_ITEM + b'"id":' + ENC.encode(self.id) + b","

    def annotation_added(self, cite: dict[str, Any]) -> Body:
        """The ``output_text.annotation.added`` event of a citation of this message, kept for its done."""
        encoded = ENC.encode(cite)
        body = b"".join(
            (
                _ITEM_ID,
                ENC.encode(self.id),
                b",",
                _OUTPUT_INDEX,
                str(self.index).encode(),
                b',"content_index":0,"annotation_index":',
                str(len(self.annotations)).encode(),
                b',"annotation":',
                encoded,
            )
        )
        self.annotations.append(cite)
        self.annotation_json.append(encoded)
        return ("response.output_text.annotation.added", body)

    def completion(self, text: str, cut: bool) -> tuple[list[Body], dict[str, Any]]:
        """The events that complete this item, whose text is ``text`` (its ``output_item.done``
        last), and the item as done (in that event and the final response). A message ``cut`` by
        the response's end (max tokens, a content filter) is ``incomplete``, as the API marks it;
        a call or a reasoning item keeps its status (the API's replay reads only a message so)."""
        kind = self.kind
        if kind == CALL:
            return self.call_completion(text)
        index = self.index
        at = _OUTPUT_INDEX + (DECIMALS[index] if index < DECIMAL_COUNT else str(index).encode())
        encoded = ENC.encode(text)
        item_id = ENC.encode(self.id)
        if kind == REASONING:
            return self._reasoning_completion(text, encoded, item_id, at)
        where = b"".join((_ITEM_ID, item_id, b",", at, b',"content_index":0'))
        if kind == REFUSAL:
            part_dict: dict[str, Any] = {"type": "refusal", "refusal": text}
            part = b'{"type":"refusal","refusal":' + encoded + b"}"
            events = [("response.refusal.done", where + b',"refusal":' + encoded)]
        else:
            part_dict = {
                "type": "output_text",
                "annotations": self.annotations,
                "logprobs": self.logprobs,
                "text": text,
            }
            logprobs = ENC.encode(self.logprobs) if self.logprobs else b"[]"
            part = b"".join(
                (
                    b'{"type":"output_text","annotations":[',
                    b",".join(self.annotation_json),
                    b'],"logprobs":',
                    logprobs,
                    b',"text":',
                    encoded,
                    b"}",
                )
            )
            events = [
                (
                    "response.output_text.done",
                    b"".join((where, b',"text":', encoded, b',"logprobs":', logprobs)),
                )
            ]
        events.append(("response.content_part.done", where + b',"part":' + part))
        head = _MESSAGE_CUT if cut else _MESSAGE_DONE
        item = b"".join((at, b',"item":{"id":', item_id, head, part, b"]}"))
        events.append(("response.output_item.done", item))
        done = {
            "id": self.id,
            "type": "message",
            "status": "incomplete" if cut else "completed",
            "role": "assistant",
            "content": [part_dict],
        }
        return events, done

    def call_completion(self, text: str) -> tuple[list[Body], dict[str, Any]]:
        """A function call's completion (:meth:`completion`), from the parts :meth:`call_added`
        kept, its arguments encoded once (by its one delta where the call came whole)."""
        texts = self.texts
        kept = self.first_json
        encoded = kept if kept and len(texts) == 1 and texts[0] == text else ENC.encode(text)
        done: dict[str, Any] = {
            "type": "function_call",
            "status": "completed",
            "arguments": text,
            "call_id": self.call_id,
            "name": self.name,
        }
        if self.id != self.call_id:  # the source's own item id (name_item)
            done = {"id": self.id, **done}
        where, opening, tail = self.call_parts
        item = b"".join((opening, b'"type":"function_call","status":"completed","arguments":', encoded, tail))
        arguments = b"".join((where, b',"arguments":', encoded))
        return [
            ("response.function_call_arguments.done", arguments),
            ("response.output_item.done", item),
        ], done

    def media_completion(self, cut: bool) -> tuple[list[Body], dict[str, Any]]:
        """An image or audio item's ``output_item.done`` and the item as done: a message holding
        what ``encode_response`` writes for the part ``lc.assemble`` makes of its deltas (the last
        image, the audio joined), ``incomplete`` when ``cut`` as a message is."""
        if self.kind == IMAGE:
            content: dict[str, Any] = {"type": "output_image", "b64_json": self.texts[-1]}
        else:
            content = {
                "type": "output_audio",
                "audio": {"data": audio_part(self.texts, "audio/wav", ()).data},
            }
        done = {
            "id": self.id,
            "type": "message",
            "status": "incomplete" if cut else "completed",
            "role": "assistant",
            "content": [content],
        }
        body = _OUTPUT_INDEX + str(self.index).encode() + b',"item":' + ENC.encode(done)
        return [("response.output_item.done", body)], done

    def _reasoning_completion(
        self, text: str, encoded: bytes, item_id: bytes, at: bytes
    ) -> tuple[list[Body], dict[str, Any]]:
        """A reasoning item's completion: its summary part's events (when it has text) and the item,
        its ``encrypted_content`` the OpenAI state, else the carriage of another provider's signed
        thinking, else the mark of thinking no provider signed."""
        events: list[Body] = []
        summary = b""
        if text:
            summary = b'{"type":"summary_text","text":' + encoded + b"}"
            where = b"".join((_ITEM_ID, item_id, b",", at, b',"summary_index":0'))
            events.append(("response.reasoning_summary_text.done", where + b',"text":' + encoded))
            events.append(("response.reasoning_summary_part.done", where + b',"part":' + summary))
        done: dict[str, Any] = {
            "id": self.id,
            "type": "reasoning",
            "summary": [{"type": "summary_text", "text": text}] if text else [],
        }
        encrypted = self.encrypted
        if encrypted is None and self.carried:  # another provider's signed thinking
            encrypted = carriage(text, self.carried)
        if encrypted is None and not self.stated:  # no one's: its id made up, marked as lmcodec's
            encrypted = UNSIGNED
        state = b""
        if encrypted is not None:
            done["encrypted_content"] = encrypted
            state = b',"encrypted_content":' + ENC.encode(encrypted)
        item = b"".join(
            (at, b',"item":{"id":', item_id, b',"type":"reasoning","summary":[', summary, b"]", state, b"}")
        )
        events.append(("response.output_item.done", item))
        return events, done


def _delta_head(kind: bytes, where: bytes, tail: bytes) -> bytes:
    """An item's delta frames up to and including ``"delta":``."""
    return b"".join((b"event: ", kind, b'\ndata: {"type":"', kind, b'",', where, tail))
