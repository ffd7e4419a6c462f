"""encode_response writes a Messages or Gemini body kept as provider_data encoded once.

It encoded the body to check that it reads back as the Response, then encoded it again to return
it. The reference here is that old path, line for line: the bytes written are equal, on every
corpus body, read with and without the request, and edited so that the body no longer reads back
(then rebuilt from the parts)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

import lmcodec as lc
from lmcodec.providers.anthropic import _frames as anthropic_frames
from lmcodec.providers.anthropic.body import parse_response as anthropic_parse
from lmcodec.providers.gemini import _frames as gemini_frames
from lmcodec.providers.gemini.body import parse_response as gemini_parse

from .provider_support import body_id, complete_bodies, requests_for

REQUEST = requests_for()[1]


def _old_anthropic(response: lc.Response) -> bytes:
    """encode_response('anthropic') before: ``_reads_as`` encoded the body, then it was encoded again."""
    encode = anthropic_frames.ENCODER.encode
    data = response.provider_data
    if data is not None and data.get("type") == "message":
        try:
            read = anthropic_parse(encode(data))
        except Exception:
            read = None
        same = read is not None and lc.replace(read, provider_data=None) == lc.replace(
            response, provider_data=None
        )
        if same:
            return encode(data)
    return lc.encode_response("anthropic", lc.replace(response, provider_data=None))


def _old_gemini(response: lc.Response) -> bytes:
    """encode_response('gemini') before, as ``_old_anthropic`` (the model compared with modelVersion)."""
    encode = gemini_frames.ENCODER.encode
    data = response.provider_data
    if (
        data is not None
        and isinstance(data.get("candidates"), list)
        and data.get("modelVersion", response.model) == response.model
    ):
        try:
            read = gemini_parse(encode(data))
        except Exception:
            read = None
        if read is not None and msgspec.structs.replace(
            read, provider_data=None, model=response.model
        ) == lc.replace(response, provider_data=None):
            return encode(data)
    return lc.encode_response("gemini", lc.replace(response, provider_data=None))


OLD: dict[str, Callable[[lc.Response], bytes]] = {"anthropic": _old_anthropic, "gemini": _old_gemini}
EDITS: dict[str, Callable[[lc.Response], lc.Response]] = {
    "as read": lambda response: response,
    "text edited": lambda response: lc.replace(response, message=lc.Message.assistant("something else")),
    "model renamed": lambda response: lc.replace(response, model="alias-1"),
    "usage edited": lambda response: lc.replace(response, usage=lc.Usage(input_tokens=1, output_tokens=2)),
}


def _without_code_parts(wire: str, body: bytes) -> bytes:
    """A rebuilt Gemini body without the executableCode / codeExecutionResult parts it now keeps
    from the backend's (red team 14 F12, tests/stream/test_translate_gemini_code_parts.py): the
    rest is written as before."""
    if wire != "gemini":
        return body
    data = json.loads(body)
    content = data["candidates"][0]["content"]
    content["parts"] = [
        part
        for part in content["parts"]
        if "executableCode" not in part and "codeExecutionResult" not in part
    ]
    return gemini_frames.ENCODER.encode(data)


def _cases() -> list[Any]:
    return [
        pytest.param(wire, path, id=f"{wire}-{body_id(path)}")
        for wire in OLD
        for path in complete_bodies(wire)
    ]


@pytest.mark.parametrize(("wire", "path"), _cases())
def test_the_kept_body_is_written_as_before(wire: str, path: Path) -> None:
    body = path.read_bytes()
    for request in (None, REQUEST):
        try:
            decoded = lc.decode_response(wire, body, request=request)
        except lc.LmcodecError:
            return  # an error envelope, not a response
        for edit in EDITS.values():
            response = edit(decoded)
            written, before = lc.encode_response(wire, response), OLD[wire](response)
            assert written == before or _without_code_parts(wire, written) == before
    as_read = lc.decode_response(wire, body)
    encode = (anthropic_frames if wire == "anthropic" else gemini_frames).ENCODER.encode
    assert lc.encode_response(wire, as_read) == encode(as_read.provider_data)  # kept, as it came
