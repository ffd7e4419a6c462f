"""google-genai's URL-safe base64 in a Gemini client's inline data (issue #15).

google-genai writes bytes as pydantic does, in the URL-safe alphabet (``-`` / ``_`` for ``+`` /
``/``); the Gemini API reads both. The reader takes such data (``inlineData`` / ``inline_data`` in
the contents and below a function response) as the same bytes in the standard alphabet, on both of
its paths; a string mixing the alphabets, badly padded or with other characters stays refused.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.gemini._read_common import standard_base64
from lmcodec.wire._checks import check_base64

from ..budget import examples
from .test_read_gemini_typed import check_paths_agree

_IMAGE = b"\x89PNG\r\n\x1a\n" + bytes([0xFB, 0xFF, 0xFE, 0x3E, 0x3F]) * 40
"""Bytes whose base64 holds ``+`` and ``/`` (so ``-`` and ``_`` in google-genai's body)."""
_DIALECTS = ("gemini", "anthropic", "openai", "openai_chat")
_MODELS = {
    "gemini": "gemini-2.5-flash",
    "anthropic": "claude-sonnet-4-5",
    "openai": "gpt-4.1-mini",
    "openai_chat": "gpt-4.1-mini",
}


def _sdk_body(image: bytes, *, in_result: bool = True) -> bytes:
    """A question with an inline image and (``in_result``) a function response answered with the
    image, as google-genai builds the body (``_GenerateContentParameters_to_mldev``)."""
    genai = pytest.importorskip("google.genai")
    from google.genai import _common, models, types

    client = genai.Client(api_key="unused")
    question = [
        types.Part.from_text(text="What is on it?"),
        types.Part.from_bytes(data=image, mime_type="image/png"),
    ]
    contents = [types.Content(role="user", parts=question)]
    if in_result:
        call = types.FunctionCall(name="get_map", args={"city": "Oslo"})
        contents.append(types.Content(role="model", parts=[types.Part(function_call=call)]))
        blob = types.FunctionResponsePart(
            inline_data=types.FunctionResponseBlob(mime_type="image/png", data=image)
        )
        answer = types.Part.from_function_response(
            name="get_map", response={"result": "attached"}, parts=[blob]
        )
        contents.append(types.Content(role="user", parts=[answer]))
    params = types._GenerateContentParameters(model="gemini-2.5-flash", contents=contents)
    request = models._GenerateContentParameters_to_mldev(client._api_client, params)
    request.pop("config", None)
    request.pop("_url", None)
    return json.dumps(_common.encode_unserializable_types(_common.convert_to_dict(request))).encode()


def _payloads(value: Any) -> list[str]:
    """Every string in a JSON value that is base64 (a ``data:`` URI's payload too)."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            text = item.split(";base64,", 1)[1] if item.startswith("data:") else item
            try:
                base64.b64decode(text, validate=True)
            except ValueError:
                continue
            found.append(text)
    return found


def _images_in(body: bytes) -> list[bytes]:
    """The decoded payloads of a body that are the image (the alphabet checked by validate=True)."""
    return [raw for raw in map(base64.b64decode, _payloads(json.loads(body))) if raw == _IMAGE]


def test_the_sdk_writes_the_image_url_safe() -> None:
    """The premise: google-genai's body spells the image with ``-`` and ``_``, not ``+`` or ``/``."""
    contents = json.loads(_sdk_body(_IMAGE))["contents"]
    part = contents[0]["parts"][1]
    data = part.get("inlineData", part.get("inline_data"))["data"]
    assert {"-", "_"} <= set(data) and not {"+", "/"} & set(data)
    assert base64.urlsafe_b64decode(data) == _IMAGE


def test_decode_request_reads_the_same_bytes_in_the_standard_alphabet() -> None:
    request = lc.decode_request("gemini", _sdk_body(_IMAGE))
    media = [part for message in request.messages for part in message.parts if isinstance(part, lc.ImagePart)]
    results = [
        item
        for message in request.messages
        for part in message.parts
        if isinstance(part, lc.ToolResultPart)
        for item in part.content
        if isinstance(item, lc.ImagePart)
    ]
    assert len(media) == 1 and len(results) == 1
    for part in (*media, *results):
        assert part.data is not None
        assert base64.b64decode(part.data, validate=True) == _IMAGE
        assert part.data == base64.b64encode(_IMAGE).decode()


@pytest.mark.parametrize("destination", _DIALECTS)
def test_translate_request_sends_the_image_s_bytes_to_every_dialect(destination: str) -> None:
    """Both images (the question's, the function response's) reach the dialect as the same bytes;
    Chat's tool rows carry no image, so the body sent there has the question's alone."""
    in_result = destination != "openai_chat"
    out = lc.translate_request(
        "gemini", destination, _sdk_body(_IMAGE, in_result=in_result), model=_MODELS[destination]
    )
    assert len(_images_in(out.body)) == (2 if in_result else 1)
    assert base64.urlsafe_b64encode(_IMAGE) not in out.body


def test_the_two_paths_agree_on_the_sdk_s_body_camel_cased() -> None:
    """The general path reads camelCased bodies; camelCased, google-genai's body takes the typed
    path and both paths read the same Request (the one the SDK's own spelling reads as)."""
    body = _sdk_body(_IMAGE)
    camel = body.replace(b'"inline_data"', b'"inlineData"').replace(b'"mime_type"', b'"mimeType"')
    assert check_paths_agree(camel) == lc.decode_request("gemini", body)


def _inline(data: str, key: str = "inlineData", mime: str = "mimeType") -> bytes:
    """A body: the data inline in the question and below a function response."""
    blob = {key: {"data": data, mime: "image/png"}}
    contents = [
        {"role": "user", "parts": [{"text": "hi"}, blob]},
        {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "f", "response": {}, "parts": [blob]}}]},
    ]
    return json.dumps({"contents": contents}).encode()


@settings(max_examples=examples(60), deadline=None)
@given(raw=st.binary(min_size=1, max_size=64))
def test_any_bytes_in_the_url_safe_alphabet_read_as_in_the_standard_one(raw: bytes) -> None:
    url_safe = _inline(base64.urlsafe_b64encode(raw).decode())
    standard = _inline(base64.b64encode(raw).decode())
    snake = _inline(base64.urlsafe_b64encode(raw).decode(), "inline_data", "mime_type")
    expected = lc.decode_request("gemini", standard)
    assert check_paths_agree(url_safe) == expected  # both paths, the typed one taking it
    assert lc.decode_request("gemini", url_safe) == expected
    assert lc.decode_request("gemini", snake) == expected
    out = lc.translate_request("gemini", "gemini", url_safe)
    assert out.body == lc.translate_request("gemini", "gemini", standard).body


@pytest.mark.parametrize(
    "data",
    ["-_+/Pj8=", "+//-Pj8=", "-__-Pj8", "-__-Pj8==", "-__-P*8=", "-__-P==="],
    ids=["mixed", "mixed-slash", "unpadded", "overpadded", "other-character", "three-pads"],
)
@pytest.mark.parametrize("snake", [False, True])
def test_bad_url_safe_data_stays_refused_with_its_path(data: str, snake: bool) -> None:
    names = ("inline_data", "mime_type") if snake else ("inlineData", "mimeType")
    body = _inline(data, *names)
    with pytest.raises(lc.ValidationError, match="must be a valid base64 string") as caught:
        lc.decode_request("gemini", body)
    assert caught.value.path == "$.messages[0].parts[1]"
    with pytest.raises(lc.ValidationError, match="must be a valid base64 string"):
        lc.translate_request("gemini", "anthropic", body, model=_MODELS["anthropic"])
    if not snake:
        assert check_paths_agree(body) is None


_BASE64_ISH = st.text(alphabet="AZaz09+/-_= \n*é", max_size=12) | st.text(max_size=12)


@settings(max_examples=examples(400), deadline=None)
@given(prefix=st.sampled_from(["", "data:image/png;base64,", "data:a-b_c;base64,"]), text=_BASE64_ISH)
def test_only_strings_refused_before_are_read_otherwise(prefix: str, text: str) -> None:
    """Every other body reads as before: a string the mapping changes is one lm15's check refuses."""
    data = prefix + text
    if standard_base64(data) != data:
        with pytest.raises(ValueError):
            check_base64("ImagePart", data)
