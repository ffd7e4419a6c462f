"""A stream request whose ``model`` was made an int, bytes, a list or None by
``msgspec.structs.replace`` (which checks no type, past the Request's own checks) is refused with
``lc.ValidationError`` at ``$.model`` wherever a stream path reads it: the general path ended with a
bare TypeError in ``stream/engine.map_whole`` (``":" in model``), and a list or None went through,
written into the start event (a Decoder's events, ``translate``'s ``"model": ["m"]``). A straight
path that reads no request model (an Anthropic answer's ``message_start`` names its own, which lm15
takes over the request's) answers as it does under a request that names one: lm15's value. ``""``
reads as before (a start naming no model: "the stream named no model" where it is assembled)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import msgspec
import pytest

import lmcodec as lc

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
ODD_MODELS = [5, b"m-1", ["m-1"], ("m-1",), None, 1.5, {"m": 1}]
_END = {
    "candidates": [
        {"content": {"parts": [{"text": "Hi"}], "role": "model"}, "finishReason": "STOP", "index": 0}
    ],
    "usageMetadata": {"promptTokenCount": 3, "candidatesTokenCount": 1, "totalTokenCount": 4},
}
GEMINI_UNNAMED = b"data: " + json.dumps(_END).encode() + b"\r\n\r\n"
"""A one-chunk Gemini answer that names no model (no ``modelVersion``)."""
GEMINI_NAMED = b"data: " + json.dumps(_END | {"modelVersion": "gemini-2.5-flash"}).encode() + b"\r\n\r\n"


def _stream(dialect: str) -> bytes:
    """The one-chunk Gemini answer as ``dialect``'s stream (lmcodec's writer)."""
    return b"".join(lc.stream.encode(dialect, lc.stream.decode("gemini", [GEMINI_NAMED])))


STREAMS = {dialect: _stream(dialect) for dialect in DIALECTS}


def _odd(model: Any) -> lc.Request:
    return msgspec.structs.replace(REQUEST, model=model)


def _chunks(body: bytes) -> Iterator[bytes]:
    """The body as an iterator of chunks (not a list: the Engine's path, not map_whole's)."""
    yield from (body[: len(body) // 2], body[len(body) // 2 :])


async def _achunks(body: bytes) -> AsyncIterator[bytes]:
    for chunk in _chunks(body):
        yield chunk


async def _collect(events: AsyncIterator[Any]) -> list[Any]:
    return [event async for event in events]


def _fed(dialect: str, request: lc.Request) -> list[Any]:
    decoder = lc.stream.Decoder(dialect, request=request)
    return decoder.feed(STREAMS[dialect]) + decoder.close()


def _read_back(written: Iterator[bytes]) -> tuple[str, lc.Message]:
    """The model and message of a written Responses stream (its item ids are the writer's own)."""
    response = lc.assemble(lc.stream.decode("openai", [b"".join(written)]))
    return response.model, response.message


ENTRIES: dict[str, Callable[[str, lc.Request], Any]] = {
    "decode whole": lambda d, r: list(lc.stream.decode(d, [STREAMS[d]], request=r)),
    "decode chunks": lambda d, r: list(lc.stream.decode(d, _chunks(STREAMS[d]), request=r)),
    "Decoder": _fed,
    "adecode": lambda d, r: asyncio.run(_collect(lc.stream.adecode(d, _achunks(STREAMS[d]), request=r))),
    "assemble(decode)": lambda d, r: lc.assemble(lc.stream.decode(d, [STREAMS[d]], request=r)),
    "assemble(decode chunks)": lambda d, r: lc.assemble(lc.stream.decode(d, _chunks(STREAMS[d]), request=r)),
    "translate to Responses": lambda d, r: _read_back(
        lc.stream.translate(d, "openai", [STREAMS[d]], request=r)
    ),
    "translate to Gemini": lambda d, r: b"".join(
        lc.stream.translate(d, "gemini", _chunks(STREAMS[d]), request=r)
    ),
}


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_stream_request_whose_model_is_no_name_is_refused_at_model(dialect: str, entry: str) -> None:
    named = ENTRIES[entry](dialect, REQUEST)
    for model in ODD_MODELS:
        try:
            read = ENTRIES[entry](dialect, _odd(model))
        except lc.ValidationError as exc:
            assert exc.path == "$.model", (model, str(exc))
        else:  # the straight path of a stream naming its model: the request's is not read
            assert (dialect, entry) in LM15_VALUE, (model, read)
            assert read == named


LM15_VALUE = {("anthropic", "assemble(decode)")}
"""Where the request's model is not read: an Anthropic answer held whole, assembled straight
(``stream/_lone.py``), whose ``message_start`` names the model."""


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_model_of_a_str_subclass_or_with_a_prefix_is_read_as_before(dialect: str, entry: str) -> None:
    """The class test lets a str subclass and a prefixed model through, to their old reading."""

    class Name(str):
        pass

    for model in (Name("m-1"), f"{dialect}:m-1", "other:m-1"):
        assert ENTRIES[entry](dialect, _odd(model)) == ENTRIES[entry](
            dialect, lc.replace(REQUEST, model=str(model))
        )


def test_assemble_refuses_an_odd_request_model_where_the_stream_names_none() -> None:
    """lc.assemble(events, request=r) takes r's model only where the stream named none: there an
    odd one is refused; where the stream names its model, the request's is not read (as lm15)."""
    unnamed = list(lc.stream.decode("gemini", [GEMINI_UNNAMED]))
    named = list(lc.stream.decode("gemini", [GEMINI_NAMED]))
    for model in ODD_MODELS:
        with pytest.raises(lc.ValidationError) as caught:
            lc.assemble(unnamed, request=_odd(model))
        assert caught.value.path == "$.model"
        assembler = lc.Assembler(request=_odd(model))
        with pytest.raises(lc.ValidationError):
            for event in unnamed:
                assembler.push(event)
            assembler.result()
        assert lc.assemble(named, request=_odd(model)).model == "gemini-2.5-flash"
