"""The big-shape rows (benchmarks/big_shapes.py) measure correct work: every shape, built small, is
read by lmcodec as lm15 reads it, translated into what the destination's SDK reads as the same
answer, written back by ``encode_response`` into a body the SDK parses, and forwarded Chat -> Chat
whole; and every row's two runs run."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import lmcodec as lc

from .providers.gateway_support import genai_http_options
from .providers.sdk_readers import sdk_anthropic, sdk_gemini
from .stream.write_support import sdk_read

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SMALL = 0.01  # 2 parallel calls, a call of 10 KB in 100 fragments, 100 deltas; Gemini end chunks past 64 KiB


@pytest.fixture(scope="module")
def big_shapes() -> Iterator[ModuleType]:
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(BENCHMARKS))
        module = importlib.import_module("big_shapes")
        contestants = importlib.import_module("streams_varied_contestants")
        yield module
        for name in (module.__name__, contestants.__name__):
            sys.modules.pop(name, None)


def _outcome(response: lc.Response) -> tuple[str, list[tuple[str, Any]]]:
    text = "".join(p.text for p in response.message.parts if isinstance(p, lc.TextPart))
    return text, [(call.name, call.input) for call in response.tool_calls]


def _sdk_outcome(dst: str, body: bytes) -> tuple[str, list[tuple[str, Any]]]:
    view = {"anthropic": sdk_anthropic, "gemini": sdk_gemini}.get(dst, lambda b: sdk_read(dst, b))(body)
    return view["text"], [(name, json.loads(json.dumps(args))) for _, name, args in view["tool_calls"]]


def test_the_gemini_end_chunks_pass_64_kib_and_the_others_shrink(big_shapes: ModuleType) -> None:
    shapes = big_shapes.stream_shapes(SMALL)
    for name in ("gemini_end_calls", "gemini_end_text"):
        assert len(shapes[name].events[-1]) > big_shapes.GEMINI_BLOCK, name
    assert len(shapes["gemini_end_calls"].events) == 1
    assert len(shapes["gemini_inline"].events[-1]) > big_shapes.GEMINI_BLOCK
    assert len(shapes["tiny_anthropic"].events) == 100 + 5
    assert shapes["gemini_end_text"] == big_shapes.stream_shape("gemini_end_text", SMALL)


def test_a_shape_is_the_same_built_alone_or_with_the_others(big_shapes: ModuleType) -> None:
    alone = big_shapes.stream_shape.__wrapped__("calls_openai_chat", SMALL)
    assert alone == big_shapes.stream_shapes(SMALL)["calls_openai_chat"]


@pytest.mark.parametrize("per_event", [False, True], ids=["whole", "per_event"])
def test_lmcodec_reads_every_shape_as_lm15_does(big_shapes: ModuleType, per_event: bool) -> None:
    contestants = importlib.import_module("streams_varied_contestants")  # on the path big_shapes is on
    for name, shape in big_shapes.stream_shapes(SMALL).items():
        chunks = list(shape.events) if per_event else [shape.body]
        ours = big_shapes.lmcodec_runner(shape.src)(chunks)
        text, calls = _outcome(ours)
        assert text or calls, name
        assert contestants.same_response(contestants.lm15_runner(shape.src)(chunks), ours), name


def test_every_translation_reads_as_the_answer_in_the_destination_sdk(big_shapes: ModuleType) -> None:
    for name, shape in big_shapes.stream_shapes(SMALL).items():
        want = _outcome(big_shapes.lmcodec_runner(shape.src)([shape.body]))
        for dst in big_shapes.DIALECTS:
            if dst == shape.src:
                continue
            written = big_shapes.translate(shape.src, dst, [shape.body])
            if name == "gemini_inline" and dst in ("openai_chat", "anthropic"):
                # Their answers have no form for an image: the stream ends with an error event.
                assert b"error" in written.rsplit(b"\n\n", 2)[-2], (name, dst)
                continue
            assert _sdk_outcome(dst, written) == want, (name, dst)


def _json_client(module: Any, body: bytes) -> Any:
    """An HTTP client of ``module`` (httpx or httpx2) whose every request is answered with ``body``."""

    def answer(request: Any) -> Any:
        return module.Response(200, headers={"content-type": "application/json"}, content=body)

    return module.Client(transport=module.MockTransport(answer))


def _sdk_parsed(dst: str, body: bytes) -> tuple[str, Any]:
    """The one call of ``body`` (a non-streamed answer of ``dst``) as the SDK's client reads it."""
    hi = [{"role": "user", "content": "hi"}]
    if dst == "anthropic":
        import anthropic
        import httpx2

        client = anthropic.Anthropic(api_key="k", http_client=_json_client(httpx2, body), max_retries=0)
        block = client.messages.create(model="m-1", max_tokens=16, messages=hi).content[-1]  # type: ignore[arg-type]
        assert block.type == "tool_use"
        return block.name, block.input
    if dst == "gemini":
        import httpx2
        from google import genai

        options = genai_http_options(_json_client(httpx2, body))
        parsed = genai.Client(api_key="k", http_options=options).models.generate_content(
            model="m-1", contents="hi"
        )
        assert parsed.function_calls is not None
        return parsed.function_calls[0].name or "", parsed.function_calls[0].args
    import httpx
    import openai

    sdk = openai.OpenAI(api_key="k", base_url="http://sdk.test/v1", http_client=_json_client(httpx, body))
    if dst == "openai_chat":
        message = sdk.chat.completions.create(model="m-1", messages=hi).choices[0].message  # type: ignore[arg-type]
        function = message.tool_calls[0].function  # type: ignore[index,union-attr]
        return function.name, json.loads(function.arguments)
    item = sdk.responses.create(model="m-1", input="hi").output[0]
    assert item.type == "function_call"
    return item.name, json.loads(item.arguments)


@pytest.mark.parametrize("dst", ["openai", "openai_chat", "anthropic", "gemini"])
def test_encode_response_writes_the_big_call_the_sdk_parses(big_shapes: ModuleType, dst: str) -> None:
    response = big_shapes.big_call_response(SMALL)
    [call] = response.tool_calls
    assert len(json.dumps(call.input)) > 10_000
    assert _sdk_parsed(dst, lc.encode_response(dst, response)) == (call.name, call.input)


def test_translate_request_forwards_the_escaped_tool_result_whole(big_shapes: ModuleType) -> None:
    body = big_shapes.request_body(SMALL)
    written = lc.translate_request("openai_chat", "openai_chat", body).body
    sent = {m["role"]: m for m in json.loads(body)["messages"]}
    got = {m["role"]: m for m in json.loads(written)["messages"]}
    assert got["tool"]["content"] == sent["tool"]["content"]
    assert len(sent["tool"]["content"]) >= 10_000 and "\n" in sent["tool"]["content"]
    assert lc.decode_request("openai_chat", written) == lc.decode_request("openai_chat", body)


def test_every_row_runs_both_contestants(big_shapes: ModuleType) -> None:
    rows = big_shapes.rows(SMALL)
    assert len({row.name for row in rows}) == len(rows) == 16 * 2 + 16 * 3 + 4 + 1
    for row in rows:
        ours, floor = row.make()
        assert ours() and floor(), row.name
        assert row.target == big_shapes.TARGETS[row.kind]
