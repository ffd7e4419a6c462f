"""lmcodec: LLM conversation data at msgspec speed (lm15 JSON, MessagePack, llm format, provider streams).

The unions below are type aliases, not classes: ``help(lc.Part)`` shows Python's own help on
unions, so what each one is is said here. Each is a type for annotations and a ``match`` over its
member classes (``case lc.TextPart(text):``), and all but ``EndpointRequest`` and
``EndpointResponse`` (whose members carry no tag) are decode targets: ``lc.decode(data, lc.Part)``
reads the member the JSON is, for a union of Structs the one its tag names (``type``; a
Credential's ``kind``), which ``.type`` (``.kind``) reads back.

- ``Part``: one piece of a Message's content, any of the twelve part Structs (TextPart, ImagePart,
  AudioPart, VideoPart, DocumentPart, BinaryPart, ToolCallPart, ToolResultPart, ThinkingPart,
  RefusalPart, CitationPart, DataPart). Its subsets, as lm15 names them: ``AssistantPart``,
  ``PromptPart``, ``MediaPart``, ``StreamablePart``, ``NonStreamablePart``,
  ``ToolResultContentPart``; and what a constructor takes for content (a str, a part or a
  sequence of them): ``PartInput``, ``AssistantContent``, ``PromptContent``, ``SystemContent``,
  ``ToolResultContent``.
- ``Delta``: a streamed fragment of a part (TextDelta, ThinkingDelta, ToolCallDelta, ...).
- ``StreamEvent``: one event of a canonical stream: StreamStartEvent, StreamDeltaEvent (a
  Delta), StreamEndEvent, StreamErrorEvent.
- ``Tool``: FunctionTool or BuiltinTool. ``Credential``: ApiKey, BearerToken, AwsCredentials.
- ``EndpointRequest`` / ``EndpointResponse``: the request and result of each lm15 endpoint.
- ``LiveClientEvent`` / ``LiveServerEvent``: the events of a live (realtime) session.
- ``JsonPrimitive``, ``JsonValue``: lm15's JSON value types.
"""

import typing as _typing

from lmcodec.api import (
    audio,
    binary,
    citation,
    continuation_data,
    data,
    document,
    image,
    refusal,
    replace,
    text,
    thinking,
    tool_call,
    tool_result,
    video,
)
from lmcodec.codecs.json import decode, encode, from_builtins, schema, to_builtins
from lmcodec.errors import (
    BadRecord,
    DecodeError,
    EncodeError,
    LmcodecError,
    ProviderError,
    RecordError,
    StreamAssemblyError,
    StreamCleanupWarning,
    StreamDecodeError,
    StreamError,
    UnsupportedTypeError,
    ValidationError,
)
from lmcodec.lm15 import from_lm15, to_lm15
from lmcodec.wire import (
    EFFORT_THINKING_BUDGETS,
    Adaptation,
    ApiKey,
    AssistantPart,
    AudioDelta,
    AudioFormat,
    AudioPart,
    AwsCredentials,
    BatchEntry,
    BatchJobInfo,
    BatchRequest,
    BearerToken,
    BinaryPart,
    BuiltinTool,
    CacheConfig,
    CachedPrefix,
    CacheInfo,
    CachePage,
    CitationDelta,
    CitationPart,
    Config,
    ContinuationDelta,
    ContinuationState,
    Credential,
    DataPart,
    Delta,
    DocumentPart,
    EndpointRequest,
    EndpointResponse,
    ErrorDetail,
    FileInfo,
    FilePage,
    FileUploadRequest,
    FunctionTool,
    ImageDelta,
    ImageGenerationRequest,
    ImageGenerationResponse,
    ImagePart,
    InferenceModelInfo,
    InferencePricing,
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
    MediaPart,
    Message,
    ModelInfo,
    ModelOrigin,
    NonStreamablePart,
    Part,
    PromptPart,
    Reasoning,
    RefusalPart,
    Request,
    Response,
    SpeechGenerationRequest,
    SpeechGenerationResponse,
    StreamablePart,
    StreamDeltaEvent,
    StreamEndEvent,
    StreamErrorEvent,
    StreamEvent,
    StreamStartEvent,
    TextDelta,
    TextPart,
    ThinkingDelta,
    ThinkingPart,
    TokenLogprob,
    Tool,
    ToolCallDelta,
    ToolCallInfo,
    ToolCallPart,
    ToolChoice,
    ToolResultContentPart,
    ToolResultPart,
    TopLogprob,
    Turn,
    Usage,
    VideoGenerationRequest,
    VideoJobInfo,
    VideoPart,
    effort_for_budget,
)
from lmcodec.wire._struct import unpickle as _unpickle  # noqa: F401 (pickles of wire objects call lmcodec._unpickle)
from lmcodec.wire._types import NonFiniteFloat
from lmcodec.wire.dialects import Provider
from lmcodec.wire.tables import (
    DELTA_CLASSES,
    DELTA_TYPES,
    LIVE_CLIENT_EVENT_CLASSES,
    LIVE_SERVER_EVENT_CLASSES,
    MEDIA_TYPES,
    PART_CLASSES,
    PART_TYPES,
    STREAM_EVENT_CLASSES,
    AssistantContent,
    ContinuationKind,
    Extensions,
    PartInput,
    PromptContent,
    ProviderData,
    SystemContent,
    ToolResultContent,
)
from lmcodec.wire.unknown import Unknown, UnknownDelta, UnknownEvent, UnknownPart, UnknownTool
from lmcodec.wire.vocabulary import (
    AUDIO_ENCODINGS,
    BATCH_OUTCOMES,
    BATCH_STATUSES,
    BATCH_TERMINAL_STATUSES,
    CACHE_MODES,
    CACHE_PREFIXES,
    CACHE_RETENTIONS,
    ERROR_CODES,
    FILE_READINESS_VALUES,
    FINISH_REASONS,
    JUDGMENT_METHODS,
    PROBABILITY_POLICIES,
    REASONING_EFFORTS,
    REASONING_SUMMARIES,
    ROLE_VALUES,
    TOOL_CHOICE_MODES,
    VIDEO_STATUSES,
    VIDEO_TERMINAL_STATUSES,
    AudioEncoding,
    BatchOutcome,
    BatchStatus,
    CacheMode,
    CachePrefix,
    CacheRetention,
    DeltaType,
    ErrorCode,
    FileReadiness,
    FinishReason,
    JsonArray,
    JsonObject,
    JsonPrimitive,
    JsonValue,
    JudgmentMethod,
    LiveClientEventType,
    LiveServerEventType,
    PartType,
    ProbabilityPolicy,
    ReasoningEffort,
    ReasoningSummary,
    Role,
    StreamEventType,
    ToolChoiceMode,
    VideoStatus,
)

# Sorted as ruff's RUF022 sorts (isort's order: SCREAMING_CASE constants, then CamelCase classes,
# then functions and modules, each alphabetically), which the lint enforces; not plain sorted().
__all__ = [
    "AUDIO_ENCODINGS",
    "BATCH_OUTCOMES",
    "BATCH_STATUSES",
    "BATCH_TERMINAL_STATUSES",
    "CACHE_MODES",
    "CACHE_PREFIXES",
    "CACHE_RETENTIONS",
    "DELTA_CLASSES",
    "DELTA_TYPES",
    "EFFORT_THINKING_BUDGETS",
    "ERROR_CODES",
    "FILE_READINESS_VALUES",
    "FINISH_REASONS",
    "JUDGMENT_METHODS",
    "LIVE_CLIENT_EVENT_CLASSES",
    "LIVE_SERVER_EVENT_CLASSES",
    "MEDIA_TYPES",
    "PART_CLASSES",
    "PART_TYPES",
    "PROBABILITY_POLICIES",
    "REASONING_EFFORTS",
    "REASONING_SUMMARIES",
    "ROLE_VALUES",
    "STREAM_EVENT_CLASSES",
    "TOOL_CHOICE_MODES",
    "VIDEO_STATUSES",
    "VIDEO_TERMINAL_STATUSES",
    "Adaptation",
    "ApiKey",
    "Assembler",
    "AssistantContent",
    "AssistantPart",
    "AudioDelta",
    "AudioEncoding",
    "AudioFormat",
    "AudioPart",
    "AwsCredentials",
    "BadRecord",
    "BatchEntry",
    "BatchJobInfo",
    "BatchOutcome",
    "BatchRequest",
    "BatchStatus",
    "BearerToken",
    "BinaryPart",
    "BuiltinTool",
    "CacheConfig",
    "CacheInfo",
    "CacheMode",
    "CachePage",
    "CachePrefix",
    "CacheRetention",
    "CachedPrefix",
    "CitationDelta",
    "CitationPart",
    "Config",
    "ContinuationDelta",
    "ContinuationKind",
    "ContinuationState",
    "Credential",
    "DataPart",
    "DecodeError",
    "Delta",
    "DeltaType",
    "DocumentPart",
    "EncodeError",
    "EndpointRequest",
    "EndpointResponse",
    "ErrorCode",
    "ErrorDetail",
    "Extensions",
    "FileInfo",
    "FilePage",
    "FileReadiness",
    "FileUploadRequest",
    "FinishReason",
    "FunctionTool",
    "ImageDelta",
    "ImageGenerationRequest",
    "ImageGenerationResponse",
    "ImagePart",
    "InferenceModelInfo",
    "InferencePricing",
    "JsonArray",
    "JsonObject",
    "JsonPrimitive",
    "JsonValue",
    "JudgmentMethod",
    "LiveClientAudioEvent",
    "LiveClientEndAudioEvent",
    "LiveClientEvent",
    "LiveClientEventType",
    "LiveClientImageEvent",
    "LiveClientInterruptEvent",
    "LiveClientTextEvent",
    "LiveClientToolResultEvent",
    "LiveClientTurnEvent",
    "LiveConfig",
    "LiveServerAudioEvent",
    "LiveServerErrorEvent",
    "LiveServerEvent",
    "LiveServerEventType",
    "LiveServerInterruptedEvent",
    "LiveServerTextEvent",
    "LiveServerToolCallDeltaEvent",
    "LiveServerToolCallEvent",
    "LiveServerTurnEndEvent",
    "LiveServerUsageEvent",
    "LmcodecError",
    "MediaPart",
    "Message",
    "ModelInfo",
    "ModelOrigin",
    "NonFiniteFloat",
    "NonStreamablePart",
    "Part",
    "PartInput",
    "PartType",
    "ProbabilityPolicy",
    "PromptContent",
    "PromptPart",
    "Provider",
    "ProviderData",
    "ProviderError",
    "ProviderRequest",
    "Reasoning",
    "ReasoningEffort",
    "ReasoningSummary",
    "RecordError",
    "RefusalPart",
    "Request",
    "Response",
    "Role",
    "SpeechGenerationRequest",
    "SpeechGenerationResponse",
    "StreamAssemblyError",
    "StreamCleanupWarning",
    "StreamDecodeError",
    "StreamDeltaEvent",
    "StreamEndEvent",
    "StreamError",
    "StreamErrorEvent",
    "StreamEvent",
    "StreamEventType",
    "StreamStartEvent",
    "StreamablePart",
    "SystemContent",
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
    "ToolChoiceMode",
    "ToolResultContent",
    "ToolResultContentPart",
    "ToolResultPart",
    "TopLogprob",
    "Turn",
    "Unknown",
    "UnknownDelta",
    "UnknownEvent",
    "UnknownPart",
    "UnknownTool",
    "UnsupportedTypeError",
    "Usage",
    "ValidationError",
    "VideoGenerationRequest",
    "VideoJobInfo",
    "VideoPart",
    "VideoStatus",
    "assemble",
    "audio",
    "binary",
    "build_request",
    "citation",
    "continuation_data",
    "data",
    "decode",
    "decode_request",
    "decode_response",
    "document",
    "effort_for_budget",
    "encode",
    "encode_response",
    "from_builtins",
    "from_lm15",
    "image",
    "jsonl",
    "llm",
    "msgpack",
    "refusal",
    "replace",
    "schema",
    "stream",
    "text",
    "thinking",
    "to_builtins",
    "to_lm15",
    "tool_call",
    "tool_result",
    "translate_request",
    "translate_response",
    "video",
]


_OWNED_MODULES = frozenset({"lmcodec.errors", "lmcodec.wire.unknown", "lmcodec.wire._types"})
"""Where the exported classes whose ``__module__`` is made ``lmcodec`` are defined."""


def _own_errors() -> None:
    """Exceptions, warnings, the Unknown* classes and NonFiniteFloat carry ``__module__ ==
    "lmcodec"``: tracebacks and pickles name the public path.

    The wire Structs keep their ``lmcodec.wire.*`` module: msgspec resolves their
    annotations in the namespace of the module that defines them. Their pickles name
    ``lmcodec._unpickle`` and the name the package exports them by instead
    (``wire/_struct.reduced``), so moving a module breaks no stored pickle.
    """
    for name in __all__:
        obj = globals().get(name)  # (a deferred name is none of them)
        if isinstance(obj, type) and obj.__module__ in _OWNED_MODULES:
            obj.__module__ = "lmcodec"


_own_errors()

_DEFERRED: dict[str, str] = {
    "Assembler": "lmcodec.stream",
    "assemble": "lmcodec.stream",
    "ProviderRequest": "lmcodec.providers",
    "build_request": "lmcodec.providers",
    "decode_request": "lmcodec.providers",
    "decode_response": "lmcodec.providers",
    "encode_response": "lmcodec.providers",
    "translate_request": "lmcodec.providers",
    "translate_response": "lmcodec.providers",
}
"""The public names of the provider and stream stages, each with the stage package it is taken
from: they are imported at first use (:func:`__getattr__`), so ``import lmcodec`` runs neither
stage (the four providers' readers, builders and writers, the stream engine): the wire types and
the codecs are what a log reader needs. The stage is imported by its package, never a leaf module,
so every first use enters the stage's imports at the same module."""

_LAZY_MODULES = frozenset({"arrow", "dask", "jsonl", "llm", "msgpack", "providers", "stream"})
"""Submodules imported at first use as ``lc.<name>``: ``lc.arrow`` and ``lc.dask`` (an optional
extra: ``import lmcodec`` never imports pyarrow or dask), the faces ``lc.jsonl``, ``lc.llm``,
``lc.msgpack`` and ``lc.stream``, and ``lc.providers`` (the registry, reached by its path)."""

if _typing.TYPE_CHECKING:
    # What the module __getattr__ below gives, as type checkers see it (a module-level __getattr__
    # would make them accept any attribute of lmcodec, so they are not shown it).
    from lmcodec import arrow as arrow
    from lmcodec import dask as dask
    from lmcodec import jsonl as jsonl
    from lmcodec import llm as llm
    from lmcodec import msgpack as msgpack
    from lmcodec import providers as providers
    from lmcodec import stream as stream
    from lmcodec.providers import ProviderRequest as ProviderRequest
    from lmcodec.providers import build_request as build_request
    from lmcodec.providers import decode_request as decode_request
    from lmcodec.providers import decode_response as decode_response
    from lmcodec.providers import encode_response as encode_response
    from lmcodec.providers import translate_request as translate_request
    from lmcodec.providers import translate_response as translate_response
    from lmcodec.stream.assembler import Assembler as Assembler
    from lmcodec.stream.assembly import assemble as assemble

    __version__: str
else:
    # ``lmcodec.assemble`` is a submodule (a public face) and ``lc.assemble`` a function. The
    # first import of a submodule binds it on its package, so the face is imported here (it
    # defers its own names: nothing of the stream stage runs) and that binding dropped: whichever
    # is imported first, ``lc.assemble`` is the function, as when the stream was imported eagerly.
    from lmcodec.assemble import _imported

    globals().pop("assemble", None)  # (absent on importlib.reload: the face was imported before)

    def __getattr__(name: str) -> object:
        """A deferred public name or submodule, imported on first access and kept in the module's
        namespace (so it is looked up only once); ``__version__``: the installed distribution's
        version (importlib.metadata, read only when asked for)."""
        stage = _DEFERRED.get(name)
        if stage is not None:
            value = getattr(_imported(stage), name)  # one thread imports at a time (assemble.py says why)
            globals()[name] = value
            return value
        if name in _LAZY_MODULES:
            return _imported(f"lmcodec.{name}")  # (importing it binds it here)
        if name == "__version__":
            from importlib import metadata

            try:
                return metadata.version("lmcodec")
            except metadata.PackageNotFoundError:  # a source tree on sys.path, not installed
                return "unknown"
        raise AttributeError(f"module 'lmcodec' has no attribute {name!r}")

    def __dir__() -> list[str]:
        """The module's names and those ``__getattr__`` gives (the deferred names, the lazy
        submodules, ``__version__``), so a REPL completes ``lc.stream``; listing them imports nothing."""
        return sorted({*globals(), *_DEFERRED, *_LAZY_MODULES, "__version__"})
