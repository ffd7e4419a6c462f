"""lm15.types' public tag tables and content aliases, over lmcodec's classes (red team 15, F10).

Code written against lm15 dispatches on these (``PART_TYPES[d["type"]]``, ``isinstance(x,
MEDIA_TYPES)``) and annotates with the aliases; the same names, in lm15's order, hold the wire
classes here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias, get_args

from lmcodec.wire.deltas import Delta
from lmcodec.wire.events import StreamEvent
from lmcodec.wire.live import LiveClientEvent, LiveServerEvent
from lmcodec.wire.messages import (
    PART_CLASSES,
    AssistantContent,
    PromptContent,
    SystemContent,
    ToolResultContent,
)
from lmcodec.wire.parts import MediaPart, Part
from lmcodec.wire.vocabulary import JsonObject

__all__ = [
    "DELTA_CLASSES",
    "DELTA_TYPES",
    "LIVE_CLIENT_EVENT_CLASSES",
    "LIVE_SERVER_EVENT_CLASSES",
    "MEDIA_TYPES",
    "PART_CLASSES",
    "PART_TYPES",
    "STREAM_EVENT_CLASSES",
    "AssistantContent",
    "ContinuationKind",
    "Extensions",
    "PartInput",
    "PromptContent",
    "ProviderData",
    "SystemContent",
    "ToolResultContent",
]


def _by_tag(classes: tuple[type, ...]) -> dict[str, type]:
    return {cls.__struct_config__.tag: cls for cls in classes}  # type: ignore[attr-defined]


PART_TYPES: dict[str, type] = _by_tag(PART_CLASSES)
MEDIA_TYPES: tuple[type, ...] = get_args(MediaPart)
DELTA_CLASSES: tuple[type, ...] = get_args(Delta)
DELTA_TYPES: dict[str, type] = _by_tag(DELTA_CLASSES)
STREAM_EVENT_CLASSES: tuple[type, ...] = get_args(StreamEvent)
LIVE_CLIENT_EVENT_CLASSES: tuple[type, ...] = get_args(LiveClientEvent)
LIVE_SERVER_EVENT_CLASSES: tuple[type, ...] = get_args(LiveServerEvent)

ContinuationKind: TypeAlias = str
Extensions: TypeAlias = JsonObject
ProviderData: TypeAlias = JsonObject
PartInput: TypeAlias = str | Part | Sequence[str | Part]
