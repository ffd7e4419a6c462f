"""Translate's Responses mapper (``stream/_foreign_items.ForeignItems``) on a batch in which a done
``message`` comes whole before its events (red team 50 F05): the batch stops at that frame by a
returned position (no exception steers it), the rest goes frame by frame, and the mapper's
contract holds across that stop: it returns how many frames of the whole batch mapped to nothing,
and a frame lm15 crashes on is named by its position in the batch."""

from __future__ import annotations

import json
from typing import Any

import pytest

from lmcodec.errors import StreamDecodeError
from lmcodec.stream._foreign_items import ForeignItems


class _Recorder:
    """A sink that records every call (name, arguments) in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def __getattr__(self, name: str) -> Any:
        def record(*args: Any, **kwargs: Any) -> None:
            self.calls.append((name, args, kwargs))

        return record


def _data(event: dict[str, Any]) -> bytes:
    return json.dumps(event).encode()


_MESSAGE = {
    "id": "msg_1",
    "type": "message",
    "status": "completed",
    "role": "assistant",
    "content": [{"type": "output_text", "annotations": [], "text": "whole"}],
}
IN_PROGRESS = _data({"type": "response.in_progress", "response": {"id": "r", "output": []}})
DONE_FIRST = _data({"type": "response.output_item.done", "item": _MESSAGE, "output_index": 0})
DELTA = _data(
    {
        "type": "response.output_text.delta",
        "item_id": "msg_1",
        "output_index": 0,
        "content_index": 0,
        "delta": "d",
    }
)
WEB_ADDED = _data(
    {
        "type": "response.output_item.added",
        "output_index": 1,
        "item": {"type": "web_search_call", "id": "ws_1"},
    }
)
OTHER_DELTA = _data(
    {
        "type": "response.output_text.delta",
        "item_id": "msg_2",
        "output_index": 2,
        "content_index": 0,
        "delta": "x",
    }
)
NOT_JSON = b"not json"

BATCHES = {
    "ignored, done whole, its delta": [IN_PROGRESS, DONE_FIRST, DELTA],
    "two ignored before the done": [IN_PROGRESS, IN_PROGRESS, DONE_FIRST, DELTA, OTHER_DELTA],
    "a foreign item added before": [WEB_ADDED, IN_PROGRESS, DONE_FIRST, DELTA, OTHER_DELTA],
}


def _one_at_a_time(datas: list[bytes]) -> tuple[int, list[Any]]:
    sink = _Recorder()
    mapper = ForeignItems(None, sink)  # type: ignore[arg-type]
    return sum(mapper.frames([data]) for data in datas), sink.calls


@pytest.mark.parametrize("name", sorted(BATCHES))
def test_a_batch_stopped_at_a_whole_item_counts_every_frame_mapped_to_nothing(name: str) -> None:
    """The frames mapped before the done item count too (they were lost with the exception that
    stopped the batch): the same count and the same sink calls as the frames one at a time."""
    datas = BATCHES[name]
    sink = _Recorder()
    skipped = ForeignItems(None, sink).frames(datas)  # type: ignore[arg-type]
    assert (skipped, sink.calls) == _one_at_a_time(datas)
    assert ("text", (0, "whole"), {}) in sink.calls and ("text", (0, "d"), {}) not in sink.calls


@pytest.mark.parametrize("name", sorted(BATCHES))
def test_a_failing_frame_after_a_whole_item_is_named_by_its_place_in_the_batch(name: str) -> None:
    datas = [*BATCHES[name], NOT_JSON, IN_PROGRESS]
    with pytest.raises(StreamDecodeError) as caught:
        ForeignItems(None, _Recorder()).frames(datas)  # type: ignore[arg-type]
    assert caught.value.frame == len(datas) - 2


def test_a_failing_frame_before_a_whole_item_is_named_by_its_place_in_the_batch() -> None:
    sink = _Recorder()
    with pytest.raises(StreamDecodeError) as caught:
        ForeignItems(None, sink).frames([IN_PROGRESS, NOT_JSON, DONE_FIRST, DELTA])  # type: ignore[arg-type]
    assert caught.value.frame == 1
    assert not any(name == "text" for name, _, _ in sink.calls)
