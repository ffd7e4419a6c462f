"""translate writes each call the source sent as a call of its own, also where lm15 reads them as one.

Gemini streams parallel calls one per chunk, each at part index 0 of its chunk (a part index is a
position in one chunk), and some Chat servers send every parallel call at index 0 with its own id.
lm15 (and so ``lc.assemble``) joins them into one call in slot 0; before, translate wrote that one
call to every client (arguments ``{..}{..}`` that the openai SDK cannot parse, or one call's name
with another's arguments for an Anthropic client). Each client SDK must read the calls the source
sent; streams without that shape are written byte for byte as before (as the Encoder writes them).
"""

from __future__ import annotations

import base64
import json
import time
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.stream._keepalive import KEEP_ALIVES

from ..providers.sdk_readers import gemini_chunks, sdk_anthropic, sdk_gemini
from .test_parts_in_order import PROTOCOL_BREAKS
from .write_support import DIALECTS, REQUEST, sdk_chat, sdk_responses

SDK_READERS = {
    "openai": sdk_responses,
    "openai_chat": sdk_chat,
    "anthropic": sdk_anthropic,
    "gemini": sdk_gemini,
}


def _gemini(parts: list[dict[str, Any]], finish: str | None = None) -> bytes:
    candidate: dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": 0}
    body: dict[str, Any] = {"candidates": [candidate]}
    if finish is not None:
        candidate["finishReason"] = finish
        body["usageMetadata"] = {"promptTokenCount": 5, "candidatesTokenCount": 7, "totalTokenCount": 12}
    return b"data: " + json.dumps(body, ensure_ascii=False).encode() + b"\r\n\r\n"


def _call(name: str, args: dict[str, Any], signature: str | None = None) -> dict[str, Any]:
    part: dict[str, Any] = {"functionCall": {"name": name, "args": args}}
    if signature is not None:
        part["thoughtSignature"] = signature
    return part


_SIGNATURE_1 = base64.b64encode(b"sig-1").decode()
_SIGNATURE_2 = base64.b64encode(b"sig-2").decode()

# text, then four calls: two alone in a chunk each (the same function twice, both at index 0, the
# second one signed), then two in the last chunk at indices 0 and 1
GEMINI_ONE_PER_CHUNK = [
    _gemini([{"text": "Checking."}]),
    _gemini([_call("get_weather", {"city": "Zürich"}, _SIGNATURE_1)]),
    _gemini([_call("get_weather", {"city": "Bern"}, _SIGNATURE_2)]),
    _gemini([_call("get_time", {"tz": "UTC"}), _call("get_date", {})], "STOP"),
]
GEMINI_CALLS = [
    ("get_weather", {"city": "Zürich"}),
    ("get_weather", {"city": "Bern"}),
    ("get_time", {"tz": "UTC"}),
    ("get_date", {}),
]


def _chat(delta: dict[str, Any], finish: str | None = None) -> bytes:
    chunk: dict[str, Any] = {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": delta}]}
    if finish is not None:
        chunk["choices"][0]["finish_reason"] = finish
        chunk["usage"] = {"prompt_tokens": 3, "completion_tokens": 4, "total_tokens": 7}
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


def _fragment(arguments: str, index: int | None = 0, **call: Any) -> dict[str, Any]:
    """One tool_calls entry; ``id`` and ``name`` given where a call opens."""
    name = call.pop("name", None)
    function = {"arguments": arguments} if name is None else {"name": name, "arguments": arguments}
    entry: dict[str, Any] = {"function": function}
    if call:
        entry = {"type": "function", **call, "function": function}
    if index is not None:
        entry["index"] = index
    return entry


_DONE = b"data: [DONE]\n\n"

# every call at index 0, each opened with its own id, its arguments in pieces
CHAT_INDEX_0 = [
    _chat({"role": "assistant", "content": None}),
    _chat({"tool_calls": [_fragment("", id="c1", name="get_weather")]}),
    _chat({"tool_calls": [_fragment('{"city":')]}),
    _chat({"tool_calls": [_fragment('"a"}')]}),
    _chat({"tool_calls": [_fragment("{", id="c2", name="get_time")]}),
    _chat({"tool_calls": [_fragment("}")]}),
    _chat({}, "tool_calls"),
    _DONE,
]
# no index at all (lm15 reads index 0), both calls whole in one chunk
CHAT_NO_INDEX = [
    _chat(
        {
            "role": "assistant",
            "tool_calls": [
                _fragment('{"city":"a"}', None, id="c1", name="get_weather"),
                _fragment("{}", None, id="c2", name="get_time"),
            ],
        }
    ),
    _chat({}, "tool_calls"),
    _DONE,
]
CHAT_CALLS = [("c1", "get_weather", {"city": "a"}), ("c2", "get_time", {})]


def _translated(src: str, dst: str, chunks: list[bytes]) -> bytes:
    """What translate writes, but the keep-alives a source's own sent (red team 21 F04)."""
    return b"".join(
        out for out in lc.stream.translate(src, dst, chunks, request=REQUEST) if out != KEEP_ALIVES[dst]
    )


def test_lm15_reads_these_streams_as_one_call() -> None:
    """The shape this file is about (what decode and assemble keep, as lm15 1.5.0 reads it)."""
    for src, chunks, sent in (("gemini", GEMINI_ONE_PER_CHUNK, 4), ("openai_chat", CHAT_INDEX_0, 2)):
        response = lc.assemble(lc.stream.decode(src, chunks, request=REQUEST), request=REQUEST)
        calls = [p for p in response.message.parts if isinstance(p, lc.ToolCallPart)]
        assert len(calls) < sent
        assert any("partial_json" in call.input for call in calls)


@pytest.mark.parametrize("dst", DIALECTS)
def test_gemini_calls_streamed_one_per_chunk_reach_every_sdk_as_separate_calls(dst: str) -> None:
    out = _translated("gemini", dst, GEMINI_ONE_PER_CHUNK)
    view = SDK_READERS[dst](out)
    assert [(name, args) for _, name, args in view["tool_calls"]] == GEMINI_CALLS
    ids = [call_id for call_id, _, _ in view["tool_calls"]]
    if dst != "gemini":  # (the Gemini wire has no ids)
        assert len(set(ids)) == len(ids)
    assert view["text"] == "Checking."
    assert view["finish_reason"] == "tool_call"


def test_a_gemini_call_moved_to_its_own_slot_keeps_its_own_signature() -> None:
    out = _translated("gemini", "gemini", GEMINI_ONE_PER_CHUNK)
    signed = [
        (part.function_call.name, part.function_call.args, part.thought_signature)
        for chunk in gemini_chunks(out)
        for candidate in chunk.candidates or []
        for part in (candidate.content.parts if candidate.content else None) or []
        if part.function_call is not None
    ]
    assert signed == [
        ("get_weather", {"city": "Zürich"}, b"sig-1"),
        ("get_weather", {"city": "Bern"}, b"sig-2"),
        ("get_time", {"tz": "UTC"}, None),
        ("get_date", {}, None),
    ]


@pytest.mark.parametrize("dst", DIALECTS)
@pytest.mark.parametrize("chunks", [CHAT_INDEX_0, CHAT_NO_INDEX], ids=["index-0", "no-index"])
@pytest.mark.parametrize("size", [0, 5])
def test_chat_calls_at_one_index_with_their_own_ids_reach_every_sdk_as_separate_calls(
    dst: str, chunks: list[bytes], size: int
) -> None:
    """A new id at an index that holds a call is a new call (the openai SDK's own accumulator
    would join them by index, and concatenate the ids: no client can use that)."""
    body = b"".join(chunks)
    pieces = [body[i : i + size] for i in range(0, len(body), size)] if size else chunks
    view = SDK_READERS[dst](_translated("openai_chat", dst, pieces))
    assert view["tool_calls"] == CHAT_CALLS
    assert view["finish_reason"] == "tool_call"


# ── streams without that shape: the bytes the Encoder writes, as before ──────────────────────────


def _d(delta: Any) -> lc.StreamDeltaEvent:
    return lc.StreamDeltaEvent(delta=delta)


_TEXT_THEN_CALLS: list[Any] = [
    lc.StreamStartEvent(id="msg_1", model="m-1"),
    _d(lc.TextDelta(text="Let me ", part_index=0)),
    _d(lc.TextDelta(text="look.", part_index=0)),
    _d(lc.ToolCallDelta(input="", part_index=1, id="call_a", name="f")),
    _d(lc.ToolCallDelta(input='{"q":', part_index=1)),
    _d(lc.ToolCallDelta(input='"x"}', part_index=1)),
    _d(lc.ToolCallDelta(input='{"n":1}', part_index=2, id="call_b", name="g")),
    lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=2, output_tokens=3)),
]

ORDINARY: dict[str, tuple[str, list[bytes]]] = {
    # fragments of two calls at indices 0 and 1, interleaved, the id sent again on a later fragment
    "chat-interleaved": (
        "openai_chat",
        [
            _chat({"role": "assistant", "content": "Sure."}),
            _chat({"tool_calls": [_fragment('{"a":', id="c1", name="f")]}),
            _chat({"tool_calls": [_fragment('{"b":', 1, id="c2", name="g")]}),
            _chat({"tool_calls": [_fragment("1}", id="c1")]}),
            _chat({"tool_calls": [_fragment("2}", 1)]}),
            _chat({}, "tool_calls"),
            _DONE,
        ],
    ),
    # a server that names the call again on every fragment, with its one id
    "chat-name-repeated": (
        "openai_chat",
        [
            _chat({"tool_calls": [_fragment('{"a":', id="c1", name="f")]}),
            _chat({"tool_calls": [_fragment("1}", id="c1", name="f")]}),
            _chat({}, "tool_calls"),
            _DONE,
        ],
    ),
    "anthropic-text-then-calls": ("anthropic", list(lc.stream.encode("anthropic", _TEXT_THEN_CALLS))),
    "responses-text-then-calls": ("openai", list(lc.stream.encode("openai", _TEXT_THEN_CALLS))),
    # text over several chunks at index 0, then two calls in one chunk
    "gemini-text-then-calls": (
        "gemini",
        [
            _gemini([{"text": "Let me "}]),
            _gemini([{"text": "look."}]),
            _gemini([_call("f", {"q": "x"}), _call("g", {"n": 1})], "STOP"),
        ],
    ),
}


@pytest.mark.parametrize("dst", DIALECTS)
@pytest.mark.parametrize("case", sorted(ORDINARY))
def test_streams_without_that_shape_are_written_as_the_encoder_writes_them(
    dst: str, case: str, fixed_ids: None
) -> None:
    src, chunks = ORDINARY[case]
    if src == "openai":  # written again under the fixed ids: translate names each item by the id
        # the source gives it (red team 32 F02), which a decoder reading lm15's events never sees
        chunks = list(lc.stream.encode("openai", _TEXT_THEN_CALLS))
    decoder = lc.stream.Decoder(src, request=REQUEST)
    encoder = lc.stream.Encoder(dst)
    by_encoder = [encoder.feed_all(decoder.feed(chunk)) for chunk in chunks]
    by_encoder.append(encoder.feed_all(decoder.close()) + encoder.close())
    written = _translated(src, dst, chunks)
    if case == "chat-interleaved" and dst in PROTOCOL_BREAKS:
        # each call's deltas while its block or item is the open one (red team 33 F01:
        # test_parts_in_order_chat_calls.py), where the Encoder's break the protocol
        assert PROTOCOL_BREAKS[dst](written) == []
        assert PROTOCOL_BREAKS[dst](b"".join(by_encoder)) != []
    else:
        assert written == b"".join(by_encoder)


@pytest.mark.parametrize("dst", DIALECTS)
def test_a_call_in_a_frame_the_port_maps_takes_its_own_slot_too(dst: str) -> None:
    """A chunk the typed view refuses (here a part whose text is a number) is mapped by lm15's
    port, whose call comes to the sink as an event: it is placed by the same rule."""
    chunks = [
        _gemini([_call("get_weather", {"city": "Zürich"})]),
        _gemini([_call("get_time", {"tz": "UTC"}), {"text": 5}]),
        _gemini([{"text": ""}], "STOP"),
    ]
    view = SDK_READERS[dst](_translated("gemini", dst, chunks))
    assert [(name, args) for _, name, args in view["tool_calls"]] == GEMINI_CALLS[::2]


# ── linear in the number of calls (red-team gateway F01) ─────────────────────────────────────────


def _cpu_seconds(src: str, dst: str, body: bytes) -> float:
    """The least CPU time of three translations of ``body`` (CPU time: other processes' load
    does not count; the least of three: this process's own hiccups do not either)."""
    times = []
    for _ in range(3):
        began = time.process_time()
        for _out in lc.stream.translate(src, dst, [body], request=REQUEST):
            pass
        times.append(time.process_time() - began)
    return min(times)


@pytest.mark.parametrize(
    ("src", "dst"), [("gemini", "openai_chat"), ("openai_chat", "anthropic")], ids=["gemini", "chat-index-0"]
)
def test_translate_is_linear_in_the_number_of_calls_sent_at_one_index(src: str, dst: str) -> None:
    """Each call at an index that already holds one took the next free slot as ``max(taken) + 1``,
    a scan of every call before it: 4x the calls took ~15x the time (32,000 Gemini calls 6.2 s,
    8,000 0.40 s). Linear work takes ~4x; the bound leaves room for noise, not for a square."""

    def body(n: int) -> bytes:
        if src == "gemini":
            return b"".join([_gemini([_call("f", {})]) for _ in range(n)] + [_gemini([{"text": ""}], "STOP")])
        calls = [_chat({"tool_calls": [_fragment("{}", id=f"call_{i}", name="f")]}) for i in range(n)]
        return b"".join([_chat({"role": "assistant"}), *calls, _chat({}, "tool_calls"), _DONE])

    small, large = body(4_000), body(16_000)
    ratio = _cpu_seconds(src, dst, large) / _cpu_seconds(src, dst, small)
    assert ratio < 8, f"4x the calls took {ratio:.1f}x the time"
