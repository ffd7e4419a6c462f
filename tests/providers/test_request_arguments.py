"""What every request reader and builder does with arguments and values they cannot take: the
same lc error (or TypeError) in all four dialects, never a bare exception from deep inside."""

from __future__ import annotations

from typing import Any

import pytest

import lmcodec as lc

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
MODELS = {
    "openai": "gpt-4.1",
    "openai_chat": "gpt-4.1",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-pro",
}
BODIES = {  # a lone surrogate character in the one user text each dialect carries
    "openai": '{"model":"gpt-4.1","input":"\ud800"}',
    "openai_chat": '{"model":"gpt-4.1","messages":[{"role":"user","content":"\ud800"}]}',
    "anthropic": (
        '{"model":"claude-sonnet-4-5","max_tokens":5,"messages":[{"role":"user","content":"\ud800"}]}'
    ),
    "gemini": '{"contents":[{"role":"user","parts":[{"text":"\ud800"}]}]}',
}


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_str_body_with_a_lone_surrogate_is_a_decode_error(dialect: str) -> None:
    """hostile-input H6: a str holding a lone surrogate character cannot be UTF-8 JSON (the
    Gemini reader let UnicodeEncodeError escape)."""
    with pytest.raises(lc.DecodeError, match="the input text is not valid Unicode"):
        lc.decode_request(dialect, BODIES[dialect])
    with pytest.raises(lc.DecodeError, match="the input text is not valid Unicode"):
        lc.translate_request(dialect, "anthropic", BODIES[dialect], model="claude-sonnet-4-5")


@pytest.mark.parametrize("dialect", DIALECTS)
def test_the_same_body_as_str_bytes_bytearray_and_memoryview_reads_the_same(dialect: str) -> None:
    text = BODIES[dialect].replace("\ud800", "héllo")
    data = text.encode()
    read = lc.decode_request(dialect, data)
    for body in (text, bytearray(data), memoryview(data)):
        assert lc.decode_request(dialect, body) == read


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("body", [None, [1], 3, {"model": "gpt-4.1", "input": "hi"}], ids=repr)
def test_a_body_that_is_not_json_text_is_a_type_error_in_every_dialect(dialect: str, body: Any) -> None:
    """The openai readers took a dict, the Anthropic reader called a dict a ValidationError, the
    others raised TypeError from inside: one rule now."""
    expected = f"body must be the request's JSON as bytes or str, not {type(body).__name__}"
    with pytest.raises(TypeError, match=expected):
        lc.decode_request(dialect, body)


def _nested(depth: int) -> Any:
    value: Any = "leaf"
    for _ in range(depth):
        value = {"a": value}
    return value


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("stream", [False, True])
def test_a_value_too_deep_to_encode_is_an_encode_error(dialect: str, stream: bool) -> None:
    """A tool input nested beyond what the JSON encoder follows: lc.encode's EncodeError for the
    same value, not a bare RecursionError from the builder."""
    deep = _nested(100_000)  # past the C recursion bound of 3.12+ too (~10,000 levels), not only the limit
    call = lc.ToolCallPart("call_1", "f", deep)
    request = lc.Request(
        MODELS[dialect],
        [lc.Message.user("hi"), lc.Message.assistant([call]), lc.Message.tool({"call_1": "ok"})],
    )
    with pytest.raises(lc.EncodeError):
        lc.encode(request)
    with pytest.raises(lc.EncodeError, match="nested too deeply"):
        lc.build_request(dialect, request, stream=stream)
    response = lc.Response(
        id="r",
        model=MODELS[dialect],
        message=lc.Message.assistant([call]),
        finish_reason="tool_call",
        usage=lc.Usage(),
    )
    with pytest.raises(lc.EncodeError, match="nested too deeply"):
        lc.encode_response(dialect, response)


def test_a_gemini_body_the_reader_takes_just_under_its_bound_builds_or_is_an_encode_error() -> None:
    """The deepest function-call args the Gemini reader accepts: rebuilt, or an EncodeError (the
    encoder's depth is counted from the caller's stack), never a bare RecursionError."""

    def body(depth: int) -> bytes:
        head = b'{"contents":[{"role":"user","parts":[{"text":"x"}]},{"role":"model","parts":'
        call = b'[{"functionCall":{"name":"f","args":{"a":' + b"[" * depth + b"]" * depth + b"}}}]}]}"
        return head + call

    accepted = None
    for depth in range(1_100, 800, -1):
        try:
            accepted = lc.decode_request("gemini", body(depth), model="gemini-2.5-pro")
            break
        except lc.DecodeError:
            continue
    assert accepted is not None
    for stream in (False, True):
        try:
            built = lc.build_request("gemini", accepted, stream=stream)
        except lc.EncodeError as exc:
            assert "nested too deeply" in str(exc)
        else:
            assert built.body.count(b"[") >= depth


def _sdk_base_url(dialect: str) -> str:
    """The base URL each provider's official client posts to (its default)."""
    if dialect in ("openai", "openai_chat"):
        import openai

        return str(openai.OpenAI(api_key="test-key").base_url)
    if dialect == "anthropic":
        import anthropic

        return str(anthropic.Anthropic(api_key="test-key").base_url)
    from google import genai

    base: str = genai.Client(api_key="test-key")._api_client._http_options.base_url
    return base


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("stream", [False, True])
def test_the_path_joined_to_the_sdks_base_url_is_lm15s_url(dialect: str, stream: bool) -> None:
    """ProviderRequest.path is relative to the base URL the provider's own SDK takes (what a
    gateway configures: OPENAI_BASE_URL ends in /v1, ANTHROPIC_BASE_URL does not)."""
    from .request_support import lm15_adapter_url

    request = lc.Request(MODELS[dialect], [lc.Message.user("hi")])
    path = lc.build_request(dialect, request, stream=stream).path
    assert _sdk_base_url(dialect).rstrip("/") + path == lm15_adapter_url(dialect, request, stream=stream)
