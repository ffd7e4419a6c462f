"""The canonical wire types: one frozen msgspec Struct per lm15 type."""

from lmcodec.wire.config import EFFORT_THINKING_BUDGETS, CacheConfig, Config, Reasoning, effort_for_budget
from lmcodec.wire.credentials import ApiKey, AwsCredentials, BearerToken, Credential
from lmcodec.wire.deltas import (
    AudioDelta,
    CitationDelta,
    ContinuationDelta,
    Delta,
    ImageDelta,
    TextDelta,
    ThinkingDelta,
    ToolCallDelta,
)
from lmcodec.wire.endpoints import (
    BatchEntry,
    BatchJobInfo,
    BatchRequest,
    CachedPrefix,
    CacheInfo,
    CachePage,
    FileInfo,
    FilePage,
    FileUploadRequest,
)
from lmcodec.wire.events import (
    StreamDeltaEvent,
    StreamEndEvent,
    StreamErrorEvent,
    StreamEvent,
    StreamStartEvent,
)
from lmcodec.wire.generation import (
    ImageGenerationRequest,
    ImageGenerationResponse,
    SpeechGenerationRequest,
    SpeechGenerationResponse,
    VideoGenerationRequest,
    VideoJobInfo,
)
from lmcodec.wire.live import (
    AudioFormat,
    LiveClientAudioEvent,
    LiveClientEndAudioEvent,
    LiveClientEvent,
    LiveClientImageEvent,
    LiveClientInterruptEvent,
    LiveClientTextEvent,
    LiveClientToolResultEvent,
    LiveClientTurnEvent,
    LiveConfig,
    LiveServerAudioEvent,
    LiveServerErrorEvent,
    LiveServerEvent,
    LiveServerInterruptedEvent,
    LiveServerTextEvent,
    LiveServerToolCallDeltaEvent,
    LiveServerToolCallEvent,
    LiveServerTurnEndEvent,
    LiveServerUsageEvent,
)
from lmcodec.wire.messages import Message
from lmcodec.wire.models import InferenceModelInfo, InferencePricing, ModelInfo, ModelOrigin
from lmcodec.wire.parts import (
    AssistantPart,
    AudioPart,
    BinaryPart,
    CitationPart,
    ContinuationState,
    DataPart,
    DocumentPart,
    ImagePart,
    MediaPart,
    NonStreamablePart,
    Part,
    PromptPart,
    RefusalPart,
    StreamablePart,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultContentPart,
    ToolResultPart,
    VideoPart,
)
from lmcodec.wire.requests import Request, Response
from lmcodec.wire.telemetry import Adaptation, ErrorDetail, TokenLogprob, TopLogprob, Usage
from lmcodec.wire.tools import BuiltinTool, FunctionTool, Tool, ToolCallInfo, ToolChoice
from lmcodec.wire.turn import Turn

EndpointRequest = (
    Request
    | FileUploadRequest
    | BatchRequest
    | ImageGenerationRequest
    | SpeechGenerationRequest
    | VideoGenerationRequest
)
EndpointResponse = (
    Response | FileInfo | BatchJobInfo | ImageGenerationResponse | SpeechGenerationResponse | VideoJobInfo
)
"""``EndpointRequest`` / ``EndpointResponse`` are lm15's type aliases, for annotations and
``isinstance``-style checks only: their members carry no ``type`` tag on the wire (lm15 writes
none) and their shapes overlap, so no decoder can choose a member. They are not decode targets
(``lc.UnsupportedTypeError``: decode to the member class); their ``lc.schema`` is the ``anyOf`` of
the members' schemas."""

__all__ = [
    "EFFORT_THINKING_BUDGETS",
    "Adaptation",
    "ApiKey",
    "AssistantPart",
    "AudioDelta",
    "AudioFormat",
    "AudioPart",
    "AwsCredentials",
    "BatchEntry",
    "BatchJobInfo",
    "BatchRequest",
    "BearerToken",
    "BinaryPart",
    "BuiltinTool",
    "CacheConfig",
    "CacheInfo",
    "CachePage",
    "CachedPrefix",
    "CitationDelta",
    "CitationPart",
    "Config",
    "ContinuationDelta",
    "ContinuationState",
    "Credential",
    "DataPart",
    "Delta",
    "DocumentPart",
    "EndpointRequest",
    "EndpointResponse",
    "ErrorDetail",
    "FileInfo",
    "FilePage",
    "FileUploadRequest",
    "FunctionTool",
    "ImageDelta",
    "ImageGenerationRequest",
    "ImageGenerationResponse",
    "ImagePart",
    "InferenceModelInfo",
    "InferencePricing",
    "LiveClientAudioEvent",
    "LiveClientEndAudioEvent",
    "LiveClientEvent",
    "LiveClientImageEvent",
    "LiveClientInterruptEvent",
    "LiveClientTextEvent",
    "LiveClientToolResultEvent",
    "LiveClientTurnEvent",
    "LiveConfig",
    "LiveServerAudioEvent",
    "LiveServerErrorEvent",
    "LiveServerEvent",
    "LiveServerInterruptedEvent",
    "LiveServerTextEvent",
    "LiveServerToolCallDeltaEvent",
    "LiveServerToolCallEvent",
    "LiveServerTurnEndEvent",
    "LiveServerUsageEvent",
    "MediaPart",
    "Message",
    "ModelInfo",
    "ModelOrigin",
    "NonStreamablePart",
    "Part",
    "PromptPart",
    "Reasoning",
    "RefusalPart",
    "Request",
    "Response",
    "SpeechGenerationRequest",
    "SpeechGenerationResponse",
    "StreamDeltaEvent",
    "StreamEndEvent",
    "StreamErrorEvent",
    "StreamEvent",
    "StreamStartEvent",
    "StreamablePart",
    "TextDelta",
    "TextPart",
    "ThinkingDelta",
    "ThinkingPart",
    "TokenLogprob",
    "Tool",
    "ToolCallDelta",
    "ToolCallInfo",
    "ToolCallPart",
    "ToolChoice",
    "ToolResultContentPart",
    "ToolResultPart",
    "TopLogprob",
    "Turn",
    "Usage",
    "VideoGenerationRequest",
    "VideoJobInfo",
    "VideoPart",
    "effort_for_budget",
]
