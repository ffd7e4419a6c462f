"""Hypothesis strategies of argument trees for the endpoint and live types (files, batches, caches,
generation jobs, LiveConfig and the live events)."""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st

from .lm15_call_strategies import named_tools, requests, responses
from .lm15_strategies import (
    B64,
    BAD_B64,
    BAD_JSON_OBJ,
    BAD_NON_NEG,
    FORBIDDEN_IN_RESULT,
    JSON_OBJ,
    NE_TEXT,
    NON_NEG,
    PATH,
    POSITIVE,
    TEXT,
    error_details,
    media_parts,
    nodes,
    prompt_parts,
    seq,
    tool_call_parts,
    tool_result_content,
    usages,
)
from .lm15_trees import MISSING, Obj, Patch


@cache
def cache_infos(err: int = 8) -> st.SearchStrategy[Obj]:
    opt_ne = st.one_of(st.none(), NE_TEXT)
    return nodes(
        "CacheInfo",
        {"id": NE_TEXT, "model": NE_TEXT},
        {
            "tokens": st.one_of(st.none(), NON_NEG),
            "created_at": opt_ne,
            "expires_at": opt_ne,
            "label": opt_ne,
            "provider_data": st.one_of(st.none(), JSON_OBJ),
        },
        {"model": st.sampled_from(["", None]), "tokens": BAD_NON_NEG, "label": st.just("")},
        err=err,
    )


@cache
def endpoint_types(err: int = 8) -> st.SearchStrategy[Obj]:
    opt_ne = st.one_of(st.none(), NE_TEXT)
    file_info = nodes(
        "FileInfo",
        {"id": NE_TEXT},
        {
            "filename": opt_ne,
            "media_type": opt_ne,
            "size_bytes": st.one_of(st.none(), NON_NEG),
            "created_at": opt_ne,
            "expires_at": opt_ne,
            "readiness": st.sampled_from(["pending", "ready", "failed"]),
            "downloadable": st.one_of(st.none(), st.booleans()),
            "provider_data": st.one_of(st.none(), JSON_OBJ),
        },
        {
            "id": st.sampled_from(["", None]),
            "size_bytes": BAD_NON_NEG,
            "readiness": st.sampled_from(["done", None]),
            "downloadable": st.sampled_from([0, "no"]),
            "filename": st.just(""),
        },
        err=err,
    )
    return st.one_of(
        file_info,
        cache_infos(err),
        nodes(
            "FilePage",
            optional={"items": st.lists(file_info, max_size=2), "next_cursor": opt_ne},
            bad={"items": st.sampled_from([["x"], 5]), "next_cursor": st.just("")},
            err=err,
        ),
        nodes(
            "BatchJobInfo",
            {
                "id": NE_TEXT,
                "status": st.sampled_from(
                    ["queued", "running", "cancelling", "completed", "failed", "cancelled", "expired"]
                ),
            },
            {
                "label": opt_ne,
                "created_at": opt_ne,
                "provider_data": st.one_of(st.none(), JSON_OBJ),
            },
            {"status": st.sampled_from(["done", ""]), "label": st.just(""), "provider_data": st.just([])},
            err=err,
        ),
        nodes(
            "VideoJobInfo",
            {
                "id": NE_TEXT,
                "status": st.sampled_from(["queued", "running", "completed", "failed", "cancelled"]),
            },
            {
                "progress": st.one_of(st.none(), st.integers(0, 100)),
                "created_at": opt_ne,
                "model": opt_ne,
                "provider_data": st.one_of(st.none(), JSON_OBJ),
            },
            {"status": st.just("expired"), "progress": st.sampled_from([-1, 101, 50.0, 2.5, True, "5"])},
            err=err,
        ),
        nodes(
            "ImageGenerationRequest",
            {"model": NE_TEXT, "prompt": NE_TEXT},
            {
                "size": opt_ne,
                "images": st.lists(media_parts("ImagePart", 30), max_size=2),
                "extensions": st.one_of(st.none(), JSON_OBJ),
            },
            {
                "model": st.just(""),
                "prompt": st.sampled_from(["", None, 5]),
                "size": st.just(""),
                "images": st.one_of(st.just(["x"]), media_parts("AudioPart", 0).map(lambda p: [p])),
            },
            err=err,
        ),
        nodes(
            "SpeechGenerationResponse",
            {"audio": media_parts("AudioPart", 30)},
            {
                "id": opt_ne,
                "model": opt_ne,
                "usage": usages(30),
                "provider_data": st.one_of(st.none(), JSON_OBJ),
            },
            {
                "audio": st.one_of(st.just("x"), media_parts("ImagePart", 0)),
                "usage": st.sampled_from([None, {}]),
                "id": st.just(""),
            },
            err=err,
        ),
        nodes(
            "BatchEntry",
            base=st.one_of(
                st.fixed_dictionaries(
                    {
                        "index": st.integers(0, 10**6),
                        "outcome": st.just("succeeded"),
                        "response": responses(60),
                    }
                ),
                st.fixed_dictionaries(
                    {
                        "index": st.integers(0, 10**6),
                        "outcome": st.just("errored"),
                        "error": error_details(30),
                    }
                ),
                st.fixed_dictionaries(
                    {"index": st.integers(0, 10**6), "outcome": st.sampled_from(["cancelled", "expired"])}
                ),
            ),
            bad={
                "index": st.sampled_from([-1, True, 1.0, "0"]),
                "outcome": st.sampled_from(["ok", "", None]),
                "response": responses(60),
                "error": st.just(Obj("ErrorDetail", {"code": "server", "message": ""})),
            },
            err=err,
        ),
    )


@st.composite
def cached_prefixes(draw: st.DrawFn, err: int = 8) -> Obj:
    """CachedPrefix: a config-less Request (or one equal to Config()), an optional matching CacheInfo."""
    request = draw(requests(60))
    kwargs = {k: v for k, v in request.kwargs.items() if k != "config"}
    if draw(st.booleans()):
        kwargs["config"] = draw(
            st.sampled_from(
                [Obj("Config", {}), Obj("Config", {"stop": None}), Obj("Config", {"extensions": {}})]
            )
        )
    args: dict[str, Any] = {"prefix": Obj("Request", kwargs, request.npos)}
    model = kwargs.get("model")
    if isinstance(model, str) and draw(st.booleans()):
        args["resource"] = Obj("CacheInfo", {"id": draw(NE_TEXT), "model": model})
    provider = draw(st.sampled_from([None, "openai", "my_provider", "x-y", "ÜBER"]))
    if provider is not None:
        args["provider"] = provider
    if err and draw(st.integers(0, err - 1)) == 0:
        args.update(
            draw(
                st.sampled_from(
                    [
                        {
                            "prefix": Obj(
                                "Request",
                                {**kwargs, "config": Obj("Config", {"temperature": 1})},
                                request.npos,
                            )
                        },
                        {"resource": Obj("CacheInfo", {"id": "c", "model": "other-model-Ω"})},
                        {"resource": "c"},
                        {"provider": "a:b"},
                        {"provider": ""},
                        {"provider": " x"},
                        {"provider": "a/b"},
                        {"provider": 5},
                        {"prefix": "x"},
                    ]
                )
            )
        )
    return Obj("CachedPrefix", args, draw(st.integers(0, 2)))


@cache
def more_endpoint_types(err: int = 8) -> st.SearchStrategy[Obj]:
    opt_ne = st.one_of(st.none(), NE_TEXT)
    ext = st.one_of(st.none(), JSON_OBJ)
    bad_ext = st.sampled_from([[], "x", {"k": float("nan")}])
    images = st.lists(media_parts("ImagePart", 60), max_size=2)
    upload_source = st.one_of(
        st.fixed_dictionaries(
            {
                "bytes_data": st.one_of(
                    st.binary(min_size=1, max_size=12), st.binary(min_size=1, max_size=4).map(bytearray)
                )
            }
        ),
        st.fixed_dictionaries({"path": PATH}),
    )
    upload_rest = st.fixed_dictionaries({}, optional={"media_type": NE_TEXT, "extensions": ext})
    return st.one_of(
        nodes(
            "FileUploadRequest",
            base=st.tuples(upload_source, upload_rest).map(lambda t: {"filename": "f.bin", **t[0], **t[1]}),
            bad={
                "filename": st.sampled_from(["", None, MISSING]),
                "bytes_data": st.sampled_from([b"", "str", 5]).map(
                    lambda v: Patch({"path": MISSING, "bytes_data": v})
                ),
                "path": st.sampled_from(["", "second"]).map(lambda v: Patch({"bytes_data": b"x", "path": v})),
                "media_type": st.sampled_from(["", 5]),
                "extensions": bad_ext,
                "neither": st.just(Patch({"bytes_data": MISSING, "path": MISSING})),
            },
            err=err,
        ),
        nodes(
            "BatchRequest",
            {"requests": seq(requests(60), min_size=1, max_size=2)},
            {"model": opt_ne, "label": opt_ne, "extensions": ext},
            {
                "requests": st.sampled_from([[], (), ["x"], MISSING]),
                "model": st.just(""),
                "label": st.just(""),
                "extensions": bad_ext,
            },
            err=err,
        ),
        nodes(
            "CachePage",
            optional={"items": st.lists(cache_infos(30), max_size=2), "next_cursor": opt_ne},
            bad={"items": st.sampled_from([["x"], 5]), "next_cursor": st.just("")},
            err=err,
        ),
        cached_prefixes(err),
        nodes(
            "SpeechGenerationRequest",
            {"model": NE_TEXT, "prompt": NE_TEXT},
            {"voice": opt_ne, "format": opt_ne, "extensions": ext},
            {
                "model": st.sampled_from(["", None]),
                "prompt": st.sampled_from(["", None, 5]),
                "voice": st.just(""),
                "format": st.just(5),
                "extensions": bad_ext,
            },
            err=err,
        ),
        nodes(
            "VideoGenerationRequest",
            {"model": NE_TEXT, "prompt": NE_TEXT},
            {"seconds": st.one_of(st.none(), st.integers(1, 600)), "images": images, "extensions": ext},
            {
                "prompt": st.sampled_from(["", 5]),
                "seconds": st.sampled_from([0, -1, 2.0, 2.5, True, "5"]),
                "images": st.just(["x"]),
                "extensions": bad_ext,
            },
            err=err,
        ),
        nodes(
            "ImageGenerationResponse",
            {"images": seq(media_parts("ImagePart", 60), min_size=1, max_size=2)},
            {"text": opt_ne, "id": opt_ne, "model": opt_ne, "usage": usages(30), "provider_data": ext},
            {
                "images": st.sampled_from([[], (), ["x"], MISSING]),
                "text": st.just(""),
                "usage": st.just(None),
                "provider_data": st.just([]),
            },
            err=err,
        ),
    )


@cache
def live_types(err: int = 8) -> st.SearchStrategy[Obj]:
    audio_format = nodes(
        "AudioFormat",
        {"encoding": st.sampled_from(["pcm16", "opus", "mp3", "aac"]), "sample_rate": POSITIVE},
        {"channels": POSITIVE},
        {
            "encoding": st.sampled_from(["wav", ""]),
            "sample_rate": st.sampled_from([0, -1, 2.5, True]),
            "channels": st.sampled_from([0, 1.5]),
        },
        err=err,
    )
    return st.one_of(
        audio_format,
        nodes(
            "LiveConfig",
            {"model": NE_TEXT},
            {
                "system": st.one_of(st.none(), NE_TEXT, seq(prompt_parts(30), min_size=1, max_size=2)),
                "tools": named_tools(30, 2),
                "voice": st.one_of(st.none(), NE_TEXT),
                "input_format": st.one_of(st.none(), audio_format),
                "output_format": st.one_of(st.none(), audio_format),
                "extensions": st.one_of(st.none(), JSON_OBJ),
            },
            {
                "model": st.sampled_from(["", None]),
                "voice": st.just(""),
                "input_format": st.just({}),
                "system": st.just(""),
                "extensions": st.just([]),
            },
            err=err,
        ),
        nodes(
            "LiveClientTurnEvent",
            {"parts": seq(prompt_parts(30), min_size=1)},
            {"turn_complete": st.booleans()},
            {
                "parts": st.one_of(st.just([]), tool_call_parts(0).map(lambda p: [p])),
                "turn_complete": st.sampled_from([None, 1]),
            },
            err=err,
        ),
        nodes(
            "LiveClientAudioEvent",
            {"data": B64},
            {"media_type": st.sampled_from(["audio/pcm", "audio/wav"])},
            {"data": BAD_B64, "media_type": st.sampled_from(["image/png", "", 5])},
            err=err,
        ),
        nodes(
            "LiveClientImageEvent",
            {"data": B64},
            {"media_type": st.sampled_from(["image/png", "image/jpeg"])},
            {"data": BAD_B64, "media_type": st.sampled_from(["audio/wav", ""])},
            err=err,
        ),
        nodes("LiveClientTextEvent", {"text": TEXT}, bad={"text": st.sampled_from([None, 5])}, err=err),
        nodes(
            "LiveClientToolResultEvent",
            {"id": NE_TEXT, "content": seq(tool_result_content(30), min_size=1)},
            bad={
                "id": st.just(""),
                "content": st.one_of(st.just([]), FORBIDDEN_IN_RESULT.map(lambda p: [p])),
            },
            err=err,
        ),
        nodes("LiveClientInterruptEvent"),
        nodes("LiveClientEndAudioEvent"),
        nodes(
            "LiveServerAudioEvent",
            {"data": B64},
            {"media_type": st.one_of(st.none(), st.sampled_from(["audio/pcm", "audio/mp3"]))},
            {"data": BAD_B64, "media_type": st.sampled_from(["video/mp4", ""])},
            err=err,
        ),
        nodes("LiveServerTextEvent", {"text": TEXT}, bad={"text": st.just(None)}, err=err),
        nodes(
            "LiveServerToolCallEvent",
            {"id": NE_TEXT, "name": NE_TEXT, "input": JSON_OBJ},
            bad={"id": st.just(""), "input": BAD_JSON_OBJ},
            err=err,
        ),
        nodes(
            "LiveServerToolCallDeltaEvent",
            {"input_delta": TEXT},
            {"id": st.one_of(st.none(), NE_TEXT), "name": st.one_of(st.none(), NE_TEXT)},
            {"input_delta": st.sampled_from([None, MISSING]), "id": st.just(""), "name": st.just(5)},
            err=err,
        ),
        nodes("LiveServerInterruptedEvent"),
        nodes(
            "LiveServerTurnEndEvent",
            {"usage": usages(30)},
            bad={"usage": st.sampled_from([None, {}, MISSING])},
            err=err,
        ),
        nodes(
            "LiveServerUsageEvent", {"usage": usages(30)}, bad={"usage": st.sampled_from([None, {}])}, err=err
        ),
        nodes("LiveServerErrorEvent", {"error": error_details(30)}, bad={"error": st.just("boom")}, err=err),
    )
