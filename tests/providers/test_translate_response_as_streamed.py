"""``lc.translate_response`` gives a client the answer ``lc.stream.translate`` gives it streamed:
the same blocks / items (red team 35 F04) and the same model (F05), each read by the client's SDK.

F04: lm15 reads an answer with no part (a prompt Google blocked, a Gemini ``STOP`` with ``parts:
[]``, an Anthropic ``content: []``, a Responses ``output: []``) as one empty text part. The
Anthropic and Responses body writers wrote it as an empty text block / an output_text ``""``
message, where the stream writers write none; an empty text block sent back to Anthropic is
refused. F05: a Gemini body read under ``request=`` named the request's model (lm15's reading),
where the stream names the served ``modelVersion``."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

openai = pytest.importorskip("openai")
anthropic = pytest.importorskip("anthropic")
httpx = pytest.importorskip("httpx", reason="the openai SDK's transport")
httpx2 = pytest.importorskip("httpx2", reason="the anthropic SDK's transport")

REQUEST = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))
USAGE = {"promptTokenCount": 3, "candidatesTokenCount": 0, "totalTokenCount": 3}
SERVED = "gemini-2.5-flash-001"


def _candidate(reason: str, parts: list[Any]) -> dict[str, Any]:
    content = {"role": "model", "parts": parts}
    return {"candidates": [{"content": content, "finishReason": reason, "index": 0}], "usageMetadata": USAGE}


NO_PART = {
    "prompt blocked": {"promptFeedback": {"blockReason": "SAFETY"}, "usageMetadata": USAGE},
    "STOP, parts []": _candidate("STOP", []),
    "SAFETY, parts []": _candidate("SAFETY", []),
    "STOP, no content": {"candidates": [{"finishReason": "STOP", "index": 0}], "usageMetadata": USAGE},
}


def _client(http: Any, body: bytes, content_type: str) -> Any:
    def answer(request: Any) -> Any:
        return http.Response(200, headers={"content-type": content_type}, content=body)

    return http.Client(transport=http.MockTransport(answer))


def _anthropic_sdk(body: bytes, stream: bool) -> tuple[str, list[Any]]:
    """The model and content blocks (type, text) the anthropic SDK reads: a body or a stream."""
    kind = "text/event-stream" if stream else "application/json"
    client = anthropic.Anthropic(api_key="k", http_client=_client(httpx2, body, kind), max_retries=0)
    args: dict[str, Any] = {"model": "m", "max_tokens": 8, "messages": [{"role": "user", "content": "hi"}]}
    if stream:
        with client.messages.stream(**args) as events:
            message = events.get_final_message()
    else:
        message = client.messages.create(**args)
    return message.model, [(block.type, getattr(block, "text", None)) for block in message.content]


def _responses_sdk(body: bytes, stream: bool) -> tuple[str, list[Any]]:
    """The model and output items (type, content) the openai SDK's Responses client reads."""
    kind = "text/event-stream" if stream else "application/json"
    client = openai.OpenAI(api_key="k", base_url="http://sdk.test/v1", http_client=_client(httpx, body, kind))
    if stream:  # the last event's response: a filtered answer ends in response.incomplete
        events = list(client.responses.create(model="m", input="hi", stream=True))
        response = events[-1].response
    else:
        response = client.responses.create(model="m", input="hi")
    items = [
        (item.type, [part.model_dump() for part in getattr(item, "content", None) or ()])
        for item in response.output
    ]
    return response.model, items


def _chat_sdk(body: bytes, stream: bool) -> tuple[str, list[Any]]:
    """The model(s) and the message text the openai SDK's Chat client reads."""
    kind = "text/event-stream" if stream else "application/json"
    client = openai.OpenAI(api_key="k", base_url="http://sdk.test/v1", http_client=_client(httpx, body, kind))
    messages = [{"role": "user", "content": "hi"}]
    if stream:
        chunks = list(client.chat.completions.create(model="m", messages=messages, stream=True))
        (model,) = {chunk.model for chunk in chunks}
        return model, ["".join(c.choices[0].delta.content or "" for c in chunks if c.choices)]
    chat = client.chat.completions.create(model="m", messages=messages)
    return chat.model, [chat.choices[0].message.content or ""]


SDKS = {"anthropic": _anthropic_sdk, "openai": _responses_sdk, "openai_chat": _chat_sdk}


def _both(dst: str, answer: dict[str, Any], request: lc.Request | None) -> tuple[Any, Any]:
    """What the client's SDK reads of the answer as a body and as the same chunk streamed."""
    raw = json.dumps(answer).encode()
    body = lc.translate_response("gemini", dst, raw, request=request)
    stream = b"".join(lc.stream.translate("gemini", dst, [b"data: " + raw + b"\r\n\r\n"], request=request))
    return SDKS[dst](body, False), SDKS[dst](stream, True)


@pytest.mark.parametrize("dst", ["anthropic", "openai"])
@pytest.mark.parametrize("case", NO_PART)
def test_an_answer_with_no_part_is_no_block_as_a_body_as_streamed(case: str, dst: str) -> None:
    (_, from_body), (_, streamed) = _both(dst, NO_PART[case] | {"modelVersion": SERVED}, REQUEST)
    assert from_body == streamed == []


@pytest.mark.parametrize("dst", ["anthropic", "openai"])
@pytest.mark.parametrize("case", NO_PART)
def test_a_body_of_no_part_reads_back_as_lm15s_empty_text(case: str, dst: str) -> None:
    """Left out, the part lm15 filled in is read back as that part: the same Response."""
    answer = NO_PART[case]
    if "promptFeedback" in answer or answer["candidates"][0]["finishReason"] != "STOP":
        return  # lm15 refuses the filtered body: translate_response's own reading, above
    response = lc.decode_response("gemini", json.dumps(answer | {"modelVersion": SERVED}).encode())
    assert response.message.parts == (lc.TextPart(text=""),)
    again = lc.decode_response(dst, lc.encode_response(dst, response))
    assert (again.message, again.finish_reason) == (response.message, response.finish_reason)


@pytest.mark.parametrize("dst", ["anthropic", "openai"])
def test_an_empty_text_beside_another_part_is_still_written(dst: str) -> None:
    """Only the lone empty part lm15 fills in is left out: beside a call it is content."""
    call = lc.ToolCallPart(id="call_1", name="f", input={})
    response = lc.Response(
        id="r1",
        model="m",
        message=lc.Message(role="assistant", parts=(lc.TextPart(text=""), call)),
        finish_reason="tool_call",
        usage=lc.Usage(input_tokens=1, output_tokens=1),
    )
    again = lc.decode_response(dst, lc.encode_response(dst, response))
    assert again.message == response.message


ANSWER = {
    "candidates": [
        {"content": {"role": "model", "parts": [{"text": "hi"}]}, "finishReason": "STOP", "index": 0}
    ],
    "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
}


@pytest.mark.parametrize("request_given", [True, False], ids=["request", "no request"])
@pytest.mark.parametrize("dst", SDKS)
@pytest.mark.parametrize(
    "answer",
    [ANSWER, NO_PART["prompt blocked"], NO_PART["SAFETY, parts []"]],
    ids=["answer", "blocked", "safety"],
)
def test_a_gemini_answer_names_the_served_model_as_a_body_as_streamed(
    answer: dict[str, Any], dst: str, request_given: bool
) -> None:
    (model, _), (streamed_model, _) = _both(
        dst, answer | {"modelVersion": SERVED}, REQUEST if request_given else None
    )
    assert model == streamed_model == SERVED


@pytest.mark.parametrize("version", ["", 5, None])
def test_a_gemini_answer_without_a_served_model_names_the_requests(version: Any) -> None:
    answer = ANSWER | ({} if version is None else {"modelVersion": version})
    for dst in SDKS:
        (model, _), (streamed_model, _) = _both(dst, answer, REQUEST)
        assert model == streamed_model == REQUEST.model


def test_a_gemini_client_gets_the_body_as_google_sent_it() -> None:
    body = json.dumps(ANSWER | {"modelVersion": SERVED}).encode()
    assert json.loads(lc.translate_response("gemini", "gemini", body, request=REQUEST)) == json.loads(body)
    assert lc.decode_response("gemini", body, request=REQUEST).model == REQUEST.model  # lm15's reading, kept


UNNAMED_VERSIONS = {"absent": None, "empty": "", "a number": 5, "null": "null"}


def _unnamed(answer: dict[str, Any], version: str) -> dict[str, Any]:
    """``answer`` naming no served model: no ``modelVersion``, or one that is no model's name."""
    value = UNNAMED_VERSIONS[version]
    return answer if value is None else answer | {"modelVersion": None if value == "null" else value}


@pytest.mark.parametrize("dst", SDKS)
@pytest.mark.parametrize("version", UNNAMED_VERSIONS)
@pytest.mark.parametrize(
    "answer",
    [ANSWER, NO_PART["prompt blocked"], NO_PART["SAFETY, parts []"]],
    ids=["answer", "blocked", "safety"],
)
def test_a_gemini_answer_naming_no_model_without_a_request_is_written_as_streamed(
    answer: dict[str, Any], version: str, dst: str
) -> None:
    """Without a request to name it, a Gemini answer that names no model is written as a body as
    ``translate`` writes it streamed: model ``""`` (which each SDK reads), the same content. The
    body raised lm15's DecodeError ("Response.model cannot be empty") while the stream was
    written; ``decode_response`` keeps lm15's reading."""
    (model, content), (streamed_model, streamed) = _both(dst, _unnamed(answer, version), None)
    assert (model, content) == (streamed_model, streamed)
    assert model == ""
    if answer is ANSWER and version == "absent":
        with pytest.raises(lc.DecodeError, match=r"Response\.model cannot be empty"):
            lc.decode_response("gemini", json.dumps(answer).encode())


@pytest.mark.parametrize("version", UNNAMED_VERSIONS)
def test_a_gemini_client_gets_a_body_naming_no_model_as_google_sent_it(version: str) -> None:
    body = json.dumps(_unnamed(ANSWER, version)).encode()
    assert lc.translate_response("gemini", "gemini", body) == body
    streamed = b"".join(lc.stream.translate("gemini", "gemini", [b"data: " + body + b"\r\n\r\n"]))
    assert json.loads(streamed.removeprefix(b"data: ")) == json.loads(body)


def _modelless(src: str) -> bytes:
    """A ``src`` body of the one-word answer without its ``model`` key."""
    response = lc.Response(
        id="r1",
        model="m-1",
        message=lc.Message.assistant("hi"),
        finish_reason="stop",
        usage=lc.Usage(input_tokens=1, output_tokens=1),
    )
    data = json.loads(lc.encode_response(src, response))
    del data["model"]
    return json.dumps(data).encode()


@pytest.mark.parametrize("dst", SDKS)
@pytest.mark.parametrize("src", ["openai", "openai_chat", "anthropic"])
def test_a_body_of_another_dialect_naming_no_model_is_written_as_well(src: str, dst: str) -> None:
    """The same for a Responses, Chat or Messages body without ``model``: model ``""`` and the
    answer, read by the client's SDK; a client of the backend's own dialect gets it as sent."""
    body = _modelless(src)
    with pytest.raises(lc.DecodeError):
        lc.decode_response(src, body)
    if src == dst:
        assert lc.translate_response(src, dst, body) == body
        return
    model, content = SDKS[dst](lc.translate_response(src, dst, body), False)
    assert (model, content) == ("", ONE_WORD[dst])


ONE_WORD = {
    "anthropic": [("text", "hi")],
    "openai_chat": ["hi"],
    "openai": [("message", [{"annotations": [], "text": "hi", "type": "output_text", "logprobs": []}])],
}
"""What each SDK reads of the one-word answer's content."""
