"""A function call that came whole (a Gemini ``functionCall``), as the Responses stream writer's
output item: its ``output_item.added`` and its one delta framed in one pass, and at the stream's
end its ``function_call_arguments.done`` and ``output_item.done`` in one more.

An :class:`~lmcodec.providers.openai._output_item.OutputItem` keeps what a call written fragment by
fragment needs (its texts, its delta frames' head, the parts its completion repeats: 17 slots and
five lists); a whole call needs none of that: its id, name, index and arguments' JSON string are
known at once, and each of its four events is those values spliced into a template (the bytes
``ENC.encode`` writes for the event's dict, as ``_output_item``'s templates are). Where a later
fragment meets its slot (never from a Gemini source: each call part is a new call), the writer
makes it the OutputItem it would have been (:meth:`WholeCall.item`).
"""

from __future__ import annotations

from typing import Final

import msgspec

from lmcodec.providers._decimals import DECIMAL_COUNT, DECIMALS
from lmcodec.providers.openai._output_item import OutputItem
from lmcodec.providers.openai._sse_write import CALL, ENC

__all__ = ["WholeCall"]

_SEQUENCE: Final = b',"sequence_number":'
_ADDED: Final = (
    b'event: response.output_item.added\ndata: {"type":"response.output_item.added","output_index":'
)
_IN_PROGRESS: Final = b',"item":{"type":"function_call","status":"in_progress","arguments":"","call_id":'
_DELTA: Final = (
    b"event: response.function_call_arguments.delta\n"
    b'data: {"type":"response.function_call_arguments.delta","item_id":'
)
_ARGUMENTS_DONE: Final = (
    b"event: response.function_call_arguments.done\n"
    b'data: {"type":"response.function_call_arguments.done","item_id":'
)
_ITEM_DONE: Final = (
    b'}\n\nevent: response.output_item.done\ndata: {"type":"response.output_item.done","output_index":'
)
_COMPLETED: Final = b'{"type":"function_call","status":"completed","arguments":'


class WholeCall:
    """A call item of one fragment, ``arguments`` (its JSON text, checked: not blank, a lone
    surrogate's escape refused, ``held`` the escape it ends in unfinished), added and not yet done."""

    __slots__ = ("arguments", "call_id", "call_json", "encoded", "held", "index", "key", "name", "name_json")

    def __init__(
        self,
        index: int,
        key: tuple[int, int],
        call_id: str,
        name: str,
        name_json: bytes,
        arguments: str,
        held: str,
    ) -> None:
        self.index = index
        self.key = key  # (slot, CALL): the key an OutputItem of the call has in the writer's slots
        self.call_id = call_id
        self.call_json = ENC.encode(call_id)
        self.name = name
        self.name_json = name_json  # ENC.encode(name)
        self.arguments = arguments
        self.held = held
        self.encoded = ENC.encode(arguments)  # its JSON string: its delta's and its completion's

    def added(self, seq: int) -> bytes:
        """Its ``output_item.added`` and its delta, numbered ``seq`` and ``seq + 1``: the bytes
        ``OutputItem.call_added`` and the writer's frames write for an item whose id is its call id."""
        index = self.index
        at = DECIMALS[index] if index < DECIMAL_COUNT else str(index).encode()
        call_id = self.call_json
        return b"".join(
            (
                _ADDED,
                at,
                _IN_PROGRESS,
                call_id,
                b',"name":',
                self.name_json,
                b"}",
                _SEQUENCE,
                DECIMALS[seq] if seq < DECIMAL_COUNT else str(seq).encode(),
                b"}\n\n",
                _DELTA,
                call_id,
                b',"output_index":',
                at,
                b',"delta":',
                self.encoded,
                _SEQUENCE,
                DECIMALS[seq + 1] if seq + 1 < DECIMAL_COUNT else str(seq + 1).encode(),
                b"}\n\n",
            )
        )

    def completion(self, seq: int) -> tuple[bytes, msgspec.Raw]:
        """Its ``function_call_arguments.done`` and ``output_item.done``, numbered ``seq`` and
        ``seq + 1`` (``OutputItem.call_completion``'s, framed), and the item as done: the JSON its
        ``output_item.done`` holds, the bytes ``ENC`` writes for the dict ``call_completion`` makes
        (spliced into the final response as they are, not built and encoded again)."""
        index = self.index
        at = DECIMALS[index] if index < DECIMAL_COUNT else str(index).encode()
        call_id = self.call_json
        encoded = self.encoded
        item = b"".join((_COMPLETED, encoded, b',"call_id":', call_id, b',"name":', self.name_json, b"}"))
        frames = b"".join(
            (
                _ARGUMENTS_DONE,
                call_id,
                b',"output_index":',
                at,
                b',"arguments":',
                encoded,
                _SEQUENCE,
                DECIMALS[seq] if seq < DECIMAL_COUNT else str(seq).encode(),
                _ITEM_DONE,
                at,
                b',"item":',
                item,
                _SEQUENCE,
                DECIMALS[seq + 1] if seq + 1 < DECIMAL_COUNT else str(seq + 1).encode(),
                b"}\n\n",
            )
        )
        return frames, msgspec.Raw(item)

    def item(self) -> OutputItem:
        """The OutputItem of this call as the fragment path would have it now (added, its one
        fragment written), for a later fragment of its slot."""
        item = OutputItem(CALL, self.index, self.call_id, self.key)
        item.call_id = self.call_id
        item.name = self.name
        item.held = self.held
        item.texts.append(self.arguments)
        item.first_json = self.encoded
        item.call_added()  # (its delta frames' head and the parts its completion repeats)
        return item
