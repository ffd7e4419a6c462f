"""lm15.types' public vocabularies: its Literal aliases, the value sets built from them, and its
JSON type aliases, under lm15's names and with lm15's values (a tuple where lm15 has a tuple)."""

from __future__ import annotations

from typing import Literal, TypeAlias, get_args

from lmcodec.wire.config import (
    CacheMode,
    CachePrefix,
    CacheRetention,
    ProbabilityPolicy,
    ReasoningEffort,
    ReasoningSummary,
)
from lmcodec.wire.endpoints import BatchOutcome, BatchStatus, FileReadiness
from lmcodec.wire.generation import VideoStatus
from lmcodec.wire.live import AudioEncoding
from lmcodec.wire.messages import Role
from lmcodec.wire.parts import JudgmentMethod
from lmcodec.wire.telemetry import ErrorCode, FinishReason
from lmcodec.wire.tools import ToolChoiceMode

__all__ = [
    "AUDIO_ENCODINGS",
    "BATCH_OUTCOMES",
    "BATCH_STATUSES",
    "BATCH_TERMINAL_STATUSES",
    "CACHE_MODES",
    "CACHE_PREFIXES",
    "CACHE_RETENTIONS",
    "ERROR_CODES",
    "FILE_READINESS_VALUES",
    "FINISH_REASONS",
    "JUDGMENT_METHODS",
    "PROBABILITY_POLICIES",
    "REASONING_EFFORTS",
    "REASONING_SUMMARIES",
    "ROLE_VALUES",
    "TOOL_CHOICE_MODES",
    "VIDEO_STATUSES",
    "VIDEO_TERMINAL_STATUSES",
    "AudioEncoding",
    "BatchOutcome",
    "BatchStatus",
    "CacheMode",
    "CachePrefix",
    "CacheRetention",
    "DeltaType",
    "ErrorCode",
    "FileReadiness",
    "FinishReason",
    "JsonArray",
    "JsonObject",
    "JsonPrimitive",
    "JsonValue",
    "JudgmentMethod",
    "LiveClientEventType",
    "LiveServerEventType",
    "PartType",
    "ProbabilityPolicy",
    "ReasoningEffort",
    "ReasoningSummary",
    "Role",
    "StreamEventType",
    "ToolChoiceMode",
    "VideoStatus",
]

PartType = Literal[
    "text",
    "image",
    "audio",
    "video",
    "document",
    "binary",
    "tool_call",
    "tool_result",
    "thinking",
    "refusal",
    "citation",
    "data",
]
DeltaType = Literal["text", "thinking", "audio", "image", "tool_call", "citation", "continuation"]
StreamEventType = Literal["start", "delta", "end", "error"]
LiveClientEventType = Literal["turn", "audio", "image", "text", "tool_result", "interrupt", "end_audio"]
LiveServerEventType = Literal[
    "audio", "text", "tool_call", "tool_call_delta", "interrupted", "turn_end", "usage", "error"
]

JsonPrimitive: TypeAlias = None | bool | int | float | str  # noqa: RUF036  (lm15's order)
JsonValue: TypeAlias = JsonPrimitive | list["JsonValue"] | dict[str, "JsonValue"]
JsonArray: TypeAlias = list[JsonValue]
JsonObject: TypeAlias = dict[str, JsonValue]

ROLE_VALUES = frozenset(get_args(Role))
FINISH_REASONS = frozenset(get_args(FinishReason))
ERROR_CODES = frozenset(get_args(ErrorCode))
REASONING_EFFORTS = frozenset(get_args(ReasoningEffort))
REASONING_SUMMARIES = frozenset(get_args(ReasoningSummary))
BATCH_STATUSES = frozenset(get_args(BatchStatus))
BATCH_OUTCOMES = frozenset(get_args(BatchOutcome))
BATCH_TERMINAL_STATUSES = frozenset({"completed", "failed", "cancelled", "expired"})
VIDEO_STATUSES = frozenset(get_args(VideoStatus))
VIDEO_TERMINAL_STATUSES = frozenset({"completed", "failed", "cancelled"})
FILE_READINESS_VALUES = frozenset(get_args(FileReadiness))
AUDIO_ENCODINGS = frozenset(get_args(AudioEncoding))
TOOL_CHOICE_MODES = frozenset(get_args(ToolChoiceMode))
CACHE_MODES = frozenset(get_args(CacheMode))
CACHE_RETENTIONS = frozenset(get_args(CacheRetention))
CACHE_PREFIXES = frozenset(get_args(CachePrefix))
JUDGMENT_METHODS: tuple[str, ...] = get_args(JudgmentMethod)
PROBABILITY_POLICIES: tuple[str, ...] = get_args(ProbabilityPolicy)
