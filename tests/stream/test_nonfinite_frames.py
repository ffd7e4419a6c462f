"""A non-finite number in a stream frame, against lm15 1.5.0 (red-team finding 2).

lm15 reads every frame with ``json.loads``, which takes ``NaN`` and ``-Infinity`` (a vLLM-style
server sends a ``-Infinity`` logprob); msgspec refuses them, so such a frame goes to the port. A
stream of each dialect gets one in its first, a middle or its last frame (an ignored key, or a
logprob), and is fed whole and in small chunks to ``decode``, ``Decoder``, ``adecode`` and
``assemble(decode())``, with the request and without one. The reference is lm15's adapter,
``coalesce_stream`` and ``materialize_response`` on the same bytes, given a request that names
the model the stream names: lmcodec without a request synthesizes the start with the stream's
own model (Chat ``model``, Gemini ``modelVersion``), which must not depend on where a non-finite
number sits. Where lm15 refuses an end whose ``provider_data`` holds the number (its
``StreamEndEvent`` raises TypeError and the whole trace is lost), lmcodec's documented outcome
is checked instead (docs/hostile-input.md, the field sweep): the events as read, and
``StreamAssemblyError`` whose ``.partial`` is lm15's Response for the finite twin of the stream
(the number replaced by ``0.0``), without that ``provider_data``.
"""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import AsyncIterator
from typing import Any

import pytest

import lmcodec as lc
from lmcodec import stream as lcs

from ..corpus import strict_equal
from ..providers.provider_support import BODIES, Raised, frames_of, needs_bodies, sse_body
from ..providers.sweep_support import lm15_stream_outcomes

lr = pytest.importorskip("lm15.result", reason="lm15 1.5.0 is the reference implementation")
import lm15.types as lt  # noqa: E402

NOT_JSON_15 = "provider_data must contain only JSON-compatible values"

# A corpus stream per dialect (Chat: a vLLM capture, which names its model in every chunk).
CORPUS_STREAMS = {
    "openai": "openai.streaming/2026-04-13T13-13-24Z.txt",
    "openai_chat": "openai_chat.streaming_vllm/2026-06-10T19-31-53Z.txt",
    "anthropic": "anthropic.streaming/2026-04-13T13-29-38Z.txt",
    "gemini": "gemini.streaming/2026-04-13T13-13-03Z.txt",
}


def _gemini_chunk(text: str, last: bool) -> dict[str, Any]:
    candidate: dict[str, Any] = {"content": {"parts": [{"text": text}], "role": "model"}, "index": 0}
    chunk: dict[str, Any] = {
        "candidates": [candidate],
        "modelVersion": "gemini-2.5-flash",
        "responseId": "g-1",
    }
    if last:
        candidate["finishReason"] = "STOP"
        chunk["usageMetadata"] = {"promptTokenCount": 3, "candidatesTokenCount": 3, "totalTokenCount": 6}
    return chunk


# Gemini's corpus streams are one or two chunks, each with usage (an end): a three-chunk stream
# whose first two chunks carry text only, as Gemini sends long answers.
GEMINI_THREE = [(None, _gemini_chunk(t, i == 2)) for i, t in enumerate(["Hel", "lo", "!"])]

PROBE = "lmcodec_probe"


def _frames(provider: str) -> list[tuple[str | None, Any]]:
    return frames_of((BODIES / CORPUS_STREAMS[provider]).read_bytes())


def _json_positions(frames: list[tuple[str | None, Any]]) -> dict[str, int]:
    """The first, a middle and the last frame that is a JSON object (Chat's last is ``[DONE]``)."""
    objects = [i for i, (_, value) in enumerate(frames) if isinstance(value, dict)]
    return {"first": objects[0], "middle": objects[len(objects) // 2], "last": objects[-1]}


def _with_number(frames: list[tuple[str | None, Any]], at: int, number: float) -> bytes:
    """The stream with ``number`` under an ignored key of frame ``at`` (``json.dumps`` writes
    NaN and -Infinity as the literals lm15's ``json.loads`` reads)."""
    changed = json.loads(json.dumps(frames))
    changed[at][1][PROBE] = number
    return sse_body([value for _, value in changed], events=[event for event, _ in changed])


def _named_model(provider: str, frames: list[tuple[str | None, Any]]) -> str:
    """The model the stream names, read from its JSON (the start frame, or the first chunk)."""
    first = frames[0][1]
    if provider == "openai":
        return str(first["response"]["model"])
    if provider == "anthropic":
        return str(first["message"]["model"])
    return str(first["model"] if provider == "openai_chat" else first["modelVersion"])


def _chat_chunk(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> dict[str, Any]:
    choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "gpt-x",
        "choices": [choice],
        **extra,
    }


# A Chat stream that opens with text, as vLLM streams with logprobs requested: three text
# chunks, the finish chunk, the usage chunk, [DONE].
CHAT_TEXT = [
    (None, _chat_chunk({"role": "assistant", "content": "Hel"})),
    (None, _chat_chunk({"content": "lo"})),
    (None, _chat_chunk({"content": "!"})),
    (None, _chat_chunk({}, "stop")),
    (
        None,
        {
            **_chat_chunk({}),
            "choices": [],
            "usage": {"prompt_tokens": 3, "completion_tokens": 3, "total_tokens": 6},
        },
    ),
    (None, "[DONE]"),
]


def _chat_logprob_stream(at: str) -> bytes:
    """The Chat stream whose ``at`` text chunk carries a ``-Infinity`` logprob."""
    frames: list[Any] = json.loads(json.dumps([value for _, value in CHAT_TEXT]))
    choice = frames[{"first": 0, "middle": 1, "last": 2}[at]]["choices"][0]
    token = choice["delta"]["content"]
    choice["logprobs"] = {
        "content": [{"token": token, "logprob": -math.inf, "bytes": None, "top_logprobs": []}]
    }
    return sse_body(frames)


def _cases() -> list[Any]:
    cases = []
    for provider in CORPUS_STREAMS:
        for at in ("first", "middle", "last"):
            for name, number in (("NaN", math.nan), ("-Infinity", -math.inf)):
                cases.append(pytest.param(provider, at, number, id=f"{provider}-{at}-{name}"))
    for at in ("first", "middle", "last"):
        cases.append(pytest.param("gemini-three", at, math.nan, id=f"gemini-three-{at}-NaN"))
        cases.append(pytest.param("chat-logprob", at, -math.inf, id=f"openai_chat-{at}-logprob"))
    return cases


def _stream(case: str, at: str, number: float) -> tuple[str, str, bytes, bytes]:
    """(provider, named model, the body, its finite twin) of one case."""
    if case == "chat-logprob":
        body = _chat_logprob_stream(at)
        return "openai_chat", "gpt-x", body, body.replace(b"-Infinity", b"0.0")
    provider = "gemini" if case == "gemini-three" else case
    frames = GEMINI_THREE if case == "gemini-three" else _frames(provider)
    position = _json_positions(frames)[at]
    body = _with_number(frames, position, number)
    return provider, _named_model(provider, frames), body, _with_number(frames, position, 0.0)


# -- lm15 -----------------------------------------------------------------------------------------


def _lm15(provider: str, body: bytes, model: str) -> tuple[Any, Any]:
    """lm15's post-coalesce trace and materialized Response (dicts), or what each raised."""
    return lm15_stream_outcomes(provider, body, lt.Request(model=model, messages=(lt.Message.user("hi"),)))


# -- lmcodec ----------------------------------------------------------------------------------------


def _chunks(body: bytes, size: int | None) -> list[bytes]:
    return [body] if size is None else [body[i : i + size] for i in range(0, len(body), size)]


def _events(events: Any) -> list[Any]:
    return [lc.to_builtins(e) for e in events]


def _fed(provider: str, chunks: list[bytes], request: lc.Request | None) -> list[Any]:
    decoder = lcs.Decoder(provider, request=request)
    out: list[Any] = []
    for chunk in chunks:
        out.extend(decoder.feed(chunk))
    out.extend(decoder.close())
    return _events(out)


def _adecoded(provider: str, chunks: list[bytes], request: lc.Request | None) -> list[Any]:
    async def source() -> AsyncIterator[bytes]:
        for chunk in chunks:
            yield chunk

    async def collect() -> list[Any]:
        return _events([e async for e in lcs.adecode(provider, source(), request=request)])

    return asyncio.run(collect())


def _traces(provider: str, chunks: list[bytes], request: lc.Request | None) -> dict[str, list[Any]]:
    return {
        "decode": _events(lcs.decode(provider, chunks, request=request)),
        "Decoder": _fed(provider, chunks, request),
        "adecode": _adecoded(provider, chunks, request),
    }


def _assembled(provider: str, chunks: list[bytes], request: lc.Request | None) -> Any:
    try:
        response = lc.assemble(lcs.decode(provider, chunks, request=request), request=request)
    except lc.StreamAssemblyError as exc:
        return Raised(exc)
    return lc.to_builtins(response, include_provider_data=True)


def _without_end_data(trace: list[Any]) -> list[Any]:
    return [{k: v for k, v in e.items() if not (e["type"] == "end" and k == "provider_data")} for e in trace]


@needs_bodies
@pytest.mark.parametrize(("case", "at", "number"), _cases())
@pytest.mark.parametrize("chunk_size", [None, 7], ids=["whole", "7-byte chunks"])
@pytest.mark.parametrize("with_request", [False, True], ids=["no request", "request"])
def test_a_non_finite_number_in_a_frame_decodes_as_lm15_reads_it(
    case: str, at: str, number: float, chunk_size: int | None, with_request: bool
) -> None:
    provider, model, body, twin = _stream(case, at, number)
    request = lc.Request(model=model, messages=(lc.Message.user("hi"),)) if with_request else None
    chunks = _chunks(body, chunk_size)
    trace, response = _lm15(provider, body, model)
    traces = _traces(provider, chunks, request)
    assembled = _assembled(provider, chunks, request)
    if isinstance(trace, Raised) and NOT_JSON_15 in str(trace.exc):
        # lm15 loses the whole trace; lmcodec keeps the events and the partial Response.
        twin_trace, twin_response = _lm15(provider, twin, model)
        assert not isinstance(twin_response, Raised), twin_response
        for name, got in traces.items():
            strict_equal(_without_end_data(got), _without_end_data(twin_trace), name)
        assert isinstance(assembled, Raised), assembled
        partial = assembled.exc.partial
        assert partial is not None, assembled
        assert partial.provider_data is None
        twin_response.pop("provider_data", None)
        strict_equal(lc.to_builtins(partial), twin_response, "partial")
        return
    assert not isinstance(trace, Raised), trace
    for name, got in traces.items():
        strict_equal(got, trace, name, nan_equal=True)
    assert trace[0]["type"] == "start" and trace[0].get("model") == model
    assert not isinstance(response, Raised), response
    assert not isinstance(assembled, Raised), assembled
    strict_equal(assembled, response, "assemble", nan_equal=True)


# -- translate: the start written names the source's id and model ---------------------------------

WRITTEN_HEAD = {  # where the first frame a writer writes names the response's id and model
    "anthropic": lambda frame: (frame["message"]["id"], frame["message"]["model"]),
    "openai": lambda frame: (frame["response"]["id"], frame["response"]["model"]),
    "openai_chat": lambda frame: (frame["id"], frame["model"]),
    "gemini": lambda frame: (frame.get("responseId"), frame["modelVersion"]),
}


@pytest.mark.parametrize("source", ["openai_chat", "gemini"])
@pytest.mark.parametrize("destination", list(WRITTEN_HEAD))
@pytest.mark.parametrize("chunk_size", [None, 7], ids=["whole", "7-byte chunks"])
def test_translate_names_the_source_model_when_its_first_frame_holds_a_non_finite_number(
    source: str, destination: str, chunk_size: int | None
) -> None:
    if source == "openai_chat":
        body, named = _chat_logprob_stream("first"), ("chatcmpl-1", "gpt-x")
    else:
        body, named = _with_number(GEMINI_THREE, 0, math.nan), ("g-1", "gemini-2.5-flash")
    written = b"".join(lcs.translate(source, destination, _chunks(body, chunk_size)))
    first = json.loads(written.split(b"data: ", 1)[1].split(b"\n", 1)[0])
    assert WRITTEN_HEAD[destination](first) == named
    start = next(iter(lcs.decode(destination, [written])))
    assert isinstance(start, lc.StreamStartEvent) and start.model == named[1]
