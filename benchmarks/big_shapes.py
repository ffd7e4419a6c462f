"""Big shapes: the streams and bodies red team 39 found cliffs on (notes/redteam39/FINDINGS.md),
generated deterministically (seeded), and the rows that measure lmcodec on them against the floor.

Issue 13 asks that a cliff show up as a row of the benchmarks; these are those rows. The shapes:

- ``gemini_end_calls``: a Gemini answer of one chunk (the end) of 200 parallel calls whose arguments
  are non-ASCII text written raw (as Google writes it), ~120 KB (F01: past 64 KiB, where
  ``stream/_whole.BLOCK_BYTES`` once took the slow path);
- ``gemini_end_text``: ten short text chunks, then an end chunk of ~135 KB of raw non-ASCII text (F02);
- ``gemini_inline``: a text chunk, then an end chunk holding an ``inlineData`` image of 1 MB of
  base64 (F03);
- ``calls_<dialect>``: 200 parallel calls, each ~200 characters of arguments in 4 fragments (Gemini:
  one chunk of whole calls, as Gemini sends a tool turn) (F04, F05, F08);
- ``big_call_<dialect>``: one call of 1 MB of arguments in 10,000 fragments (Gemini: one chunk);
- ``citations_anthropic``: an Anthropic web-search answer (thinking with a signature,
  ``server_tool_use``, ``web_search_tool_result``) whose text block has 1,000 ``citations_delta`` /
  ``text_delta`` pairs (F07);
- ``tiny_<dialect>``: 10,000 one-character text deltas (F05);
- ``encode_response`` of the 1 MB call read from Chat, to each dialect (F09);
- ``translate_request`` Chat -> Chat of a request whose tool result is 1 MB of escape-heavy text (F10).

``scale`` shrinks the counts and sizes (the smoke test builds them at 1%); the three Gemini end
chunks never go under 64 KiB, as the path past it is what they are for.

A row is (what it measures, its target, and ``make()`` -> the lmcodec run and the floor run):

- ``decode``: ``lc.assemble(lc.stream.decode())`` fed the body whole or one chunk per event, against
  the floor of ``streams_varied_contestants.floor_runner`` (blank-line split + untyped
  ``msgspec.json.decode`` of each event's data). Targets: issue 13's 1.5x whole, 2x per event.
- ``translate``: ``lc.stream.translate(src, dst)`` fed whole, against that floor plus
  ``msgspec.json.encode`` of each data object the translation wrote (read back by the same split).
  Target 2x: issue 13 sets none for translation; its floor already pays for writing every output
  object, but not for framing each event, naming it, or holding what the destination writes later
  (a call's id before its arguments, a Responses item's done events repeating its text), so it is
  held to the per-event decode target rather than the whole one.
- ``encode_response``: ``lc.encode_response(dst, response)`` against ``msgspec.json.encode`` of the
  body it writes, decoded into plain objects. Target 2x (red team 39's rule for F09): the floor is
  one C encode of a ready tree, lmcodec builds that tree from typed objects first.
- ``translate_request``: ``lc.translate_request`` against ``msgspec.json.decode`` of the body plus
  ``msgspec.json.encode`` of the body written. Target 1.5x, what the other pairs cost at 1 MB.
"""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from typing import Any

import msgspec

import lmcodec as lc
from streams_varied_contestants import LC_REQUEST, floor_runner, lmcodec_runner

SEED = 39
MODEL = "m-1"
DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
GEMINI_BLOCK = 64 * 1024  # stream/_whole.BLOCK_BYTES: the Gemini end shapes stay past it

PLAIN_WORDS = ("lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do")
RICH_WORDS = ("café", "naïve", "Straße", '"q"', "back\\slash", "line\n", "tab\t", "日本語", "😀", "ü")

Run = Callable[[], object]


def words(rng: random.Random, chars: int, vocabulary: tuple[str, ...]) -> str:
    """About ``chars`` characters of words drawn from ``vocabulary``."""
    out: list[str] = []
    size = 0
    while size < chars:
        word = rng.choice(vocabulary)
        out.append(word)
        size += len(word) + 1
    return " ".join(out)


def split(text: str, pieces: int) -> list[str]:
    """``text`` cut into ``pieces`` fragments of about equal length (fewer when it is shorter)."""
    step = max(1, -(-len(text) // max(1, pieces)))
    return [text[i : i + step] for i in range(0, len(text), step)]


def _data(obj: Any, *, raw_utf8: bool = False) -> bytes:
    return b"data: " + json.dumps(obj, separators=(",", ":"), ensure_ascii=not raw_utf8).encode() + b"\n\n"


def _event(name: str, obj: Any) -> bytes:
    return b"event: " + name.encode() + b"\n" + _data(obj)


# ── the four dialects' frames ────────────────────────────────────────────────────────────────────


def chat_stream(deltas: list[dict[str, Any]], finish: str) -> list[bytes]:
    """A Chat Completions stream: a role chunk, one chunk per delta, the finish, usage, [DONE]."""

    def chunk(delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
        choice = {"index": 0, "delta": delta, "finish_reason": finish_reason}
        return {
            "id": "c1",
            "object": "chat.completion.chunk",
            "created": 1,
            "model": MODEL,
            "choices": [choice],
        }

    usage = {"prompt_tokens": 3, "completion_tokens": 5, "total_tokens": 8}
    last = {
        "id": "c1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": MODEL,
        "choices": [],
        "usage": usage,
    }
    return [
        _data(chunk({"role": "assistant", "content": ""})),
        *(_data(chunk(delta)) for delta in deltas),
        _data(chunk({}, finish)),
        _data(last),
        b"data: [DONE]\n\n",
    ]


Block = tuple[dict[str, Any], list[dict[str, Any]]]
"""An Anthropic content block: its ``content_block_start`` block and the deltas it gets."""


def anthropic_stream(blocks: list[Block], stop: str) -> list[bytes]:
    message = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": MODEL,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": 3, "output_tokens": 1},
    }
    out = [_event("message_start", {"type": "message_start", "message": message})]
    for index, (start, deltas) in enumerate(blocks):
        out.append(
            _event(
                "content_block_start", {"type": "content_block_start", "index": index, "content_block": start}
            )
        )
        out += [
            _event("content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta})
            for delta in deltas
        ]
        out.append(_event("content_block_stop", {"type": "content_block_stop", "index": index}))
    end = {
        "type": "message_delta",
        "delta": {"stop_reason": stop, "stop_sequence": None},
        "usage": {"output_tokens": 5},
    }
    out.append(_event("message_delta", end))
    out.append(_event("message_stop", {"type": "message_stop"}))
    return out


def gemini_stream(chunks: list[list[dict[str, Any]]], *, raw_utf8: bool = False) -> list[bytes]:
    """A streamGenerateContent SSE body: one candidate a chunk, the finish and usage on the last."""
    out = []
    for i, parts in enumerate(chunks):
        candidate: dict[str, Any] = {"content": {"parts": parts, "role": "model"}, "index": 0}
        chunk: dict[str, Any] = {"candidates": [candidate], "modelVersion": MODEL, "responseId": "r1"}
        if i == len(chunks) - 1:
            candidate["finishReason"] = "STOP"
            chunk["usageMetadata"] = {"promptTokenCount": 3, "candidatesTokenCount": 5, "totalTokenCount": 8}
        out.append(_data(chunk, raw_utf8=raw_utf8))
    return out


Item = tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]
"""A Responses output item: its ``output_item.added`` item, the events between, its done item."""


def responses_stream(items: list[Item]) -> list[bytes]:
    base = {
        "id": "resp_1",
        "object": "response",
        "created_at": 1,
        "model": MODEL,
        "output": [],
        "status": "in_progress",
    }
    out: list[bytes] = []

    def put(obj: dict[str, Any]) -> None:
        out.append(_event(obj["type"], {**obj, "sequence_number": len(out)}))

    put({"type": "response.created", "response": base})
    for index, (added, between, done) in enumerate(items):
        put({"type": "response.output_item.added", "output_index": index, "item": added})
        for event in between:
            put({**event, "output_index": index})
        put({"type": "response.output_item.done", "output_index": index, "item": done})
    usage = {
        "input_tokens": 3,
        "output_tokens": 5,
        "total_tokens": 8,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens_details": {"reasoning_tokens": 0},
    }
    final = {**base, "status": "completed", "output": [done for _, _, done in items], "usage": usage}
    put({"type": "response.completed", "response": final})
    return out


def responses_message(texts: list[str]) -> Item:
    full = "".join(texts)
    ids = {"item_id": "msg_1", "content_index": 0}
    done_part = {"type": "output_text", "text": full, "annotations": []}
    between: list[dict[str, Any]] = [
        {
            "type": "response.content_part.added",
            **ids,
            "part": {"type": "output_text", "text": "", "annotations": []},
        },
        *({"type": "response.output_text.delta", **ids, "delta": text, "logprobs": []} for text in texts),
        {"type": "response.output_text.done", **ids, "text": full, "logprobs": []},
        {"type": "response.content_part.done", **ids, "part": done_part},
    ]
    added = {"type": "message", "id": "msg_1", "status": "in_progress", "role": "assistant", "content": []}
    return added, between, {**added, "status": "completed", "content": [done_part]}


def responses_call(index: int, fragments: list[str]) -> Item:
    item_id = f"fc_{index}"
    added = {
        "type": "function_call",
        "id": item_id,
        "call_id": f"call_{index}",
        "name": "lookup",
        "arguments": "",
        "status": "in_progress",
    }
    arguments = "".join(fragments)
    between = [
        *(
            {"type": "response.function_call_arguments.delta", "item_id": item_id, "delta": f}
            for f in fragments
        ),
        {"type": "response.function_call_arguments.done", "item_id": item_id, "arguments": arguments},
    ]
    return added, between, {**added, "arguments": arguments, "status": "completed"}


def text_stream(dialect: str, texts: list[str]) -> list[bytes]:
    """One answer of ``texts``, one delta each, in ``dialect``."""
    if dialect == "openai_chat":
        return chat_stream([{"content": text} for text in texts], "stop")
    if dialect == "anthropic":
        deltas = [{"type": "text_delta", "text": text} for text in texts]
        return anthropic_stream([({"type": "text", "text": ""}, deltas)], "end_turn")
    if dialect == "gemini":
        return gemini_stream([[{"text": text}] for text in texts])
    return responses_stream([responses_message(texts)])


def calls_stream(dialect: str, calls: list[list[str]]) -> list[bytes]:
    """Parallel calls of ``lookup``, each its arguments' fragments (Gemini: one chunk of whole calls)."""
    if dialect == "openai_chat":
        deltas = []
        for index, fragments in enumerate(calls):
            for j, fragment in enumerate(fragments):
                call: dict[str, Any] = {"index": index, "function": {"arguments": fragment}}
                if j == 0:
                    call.update(
                        id=f"call_{index}",
                        type="function",
                        function={"name": "lookup", "arguments": fragment},
                    )
                deltas.append({"tool_calls": [call]})
        return chat_stream(deltas, "tool_calls")
    if dialect == "anthropic":
        blocks: list[Block] = [
            (
                {"type": "tool_use", "id": f"toolu_{index}", "name": "lookup", "input": {}},
                [{"type": "input_json_delta", "partial_json": fragment} for fragment in fragments],
            )
            for index, fragments in enumerate(calls)
        ]
        return anthropic_stream(blocks, "tool_use")
    if dialect == "gemini":
        parts = [{"functionCall": {"name": "lookup", "args": json.loads("".join(f))}} for f in calls]
        return gemini_stream([parts])
    return responses_stream([responses_call(index, fragments) for index, fragments in enumerate(calls)])


# ── the shapes ───────────────────────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class StreamShape:
    """One stream of a shape: its source dialect and its SSE events (``body`` joins them)."""

    name: str
    src: str
    events: tuple[bytes, ...]

    @property
    def body(self) -> bytes:
        return b"".join(self.events)


def _count(full: int, scale: float, least: int = 2) -> int:
    return max(least, round(full * scale))


def gemini_end_calls(rng: random.Random) -> list[bytes]:
    """200 parallel calls in the end chunk, ~430 characters of raw non-ASCII arguments each (F01)."""
    parts = [
        {"functionCall": {"name": "lookup", "args": {"text": words(rng, 400, RICH_WORDS), "i": i}}}
        for i in range(200)
    ]
    return gemini_stream([parts], raw_utf8=True)


def gemini_end_text(rng: random.Random) -> list[bytes]:
    """Ten short chunks, then an end chunk of ~135 KB of raw non-ASCII text (F02)."""
    return gemini_stream(
        [[{"text": "word "}]] * 10 + [[{"text": words(rng, 100_000, RICH_WORDS)}]], raw_utf8=True
    )


def gemini_inline(rng: random.Random, size: int) -> list[bytes]:
    """A text chunk, then an end chunk of one ``inlineData`` image of ``size`` bytes of base64 (F03)."""
    data = base64.b64encode(rng.randbytes(size * 3 // 4)).decode()
    return gemini_stream(
        [[{"text": "here it is"}], [{"inlineData": {"mimeType": "image/png", "data": data}}]]
    )


def parallel_calls(dialect: str, rng: random.Random, count: int) -> list[bytes]:
    """``count`` calls, each ~200 characters of arguments in 4 fragments."""
    calls = [split(json.dumps({"q": words(rng, 180, PLAIN_WORDS), "n": i}), 4) for i in range(count)]
    return calls_stream(dialect, calls)


def big_call(dialect: str, rng: random.Random, size: int, fragments: int) -> list[bytes]:
    """One call of ``size`` characters of arguments in ``fragments`` fragments."""
    return calls_stream(dialect, [split(json.dumps({"q": words(rng, size, PLAIN_WORDS)}), fragments)])


def anthropic_citations(count: int) -> list[bytes]:
    """A web-search answer whose text block has ``count`` citations, one before each sentence (F07)."""
    results = [
        {"type": "web_search_result", "url": f"https://e.x/{j}", "title": "t", "encrypted_content": "E" * 500}
        for j in range(10)
    ]
    thinking = [{"type": "thinking_delta", "thinking": "hmm "}] * 10 + [
        {"type": "signature_delta", "signature": "S" * 400}
    ]
    deltas: list[dict[str, Any]] = []
    for j in range(count):
        citation = {
            "type": "web_search_result_location",
            "url": f"https://e.x/{j % 10}",
            "title": "t",
            "encrypted_index": "I" * 40,
            "cited_text": "c" * 100,
        }
        deltas += [
            {"type": "citations_delta", "citation": citation},
            {"type": "text_delta", "text": "claim. "},
        ]
    blocks: list[Block] = [
        ({"type": "thinking", "thinking": "", "signature": ""}, thinking),
        ({"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "x"}}, []),
        ({"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": results}, []),
        ({"type": "text", "text": ""}, deltas),
    ]
    return anthropic_stream(blocks, "end_turn")


Builder = Callable[[random.Random, float], list[bytes]]


def _builders() -> dict[str, tuple[str, Builder]]:
    built: dict[str, tuple[str, Builder]] = {
        "gemini_end_calls": ("gemini", lambda rng, scale: gemini_end_calls(rng)),
        "gemini_end_text": ("gemini", lambda rng, scale: gemini_end_text(rng)),
        "gemini_inline": (
            "gemini",
            lambda rng, scale: gemini_inline(rng, _count(1_000_000, scale, GEMINI_BLOCK + 4096)),
        ),
    }
    for d in DIALECTS:
        built[f"calls_{d}"] = (d, lambda rng, scale, d=d: parallel_calls(d, rng, _count(200, scale)))
    for d in DIALECTS:
        built[f"big_call_{d}"] = (
            d,
            lambda rng, scale, d=d: big_call(d, rng, _count(1_000_000, scale), _count(10_000, scale)),
        )
    built["citations_anthropic"] = ("anthropic", lambda rng, scale: anthropic_citations(_count(1000, scale)))
    for d in DIALECTS:
        built[f"tiny_{d}"] = (d, lambda rng, scale, d=d: text_stream(d, ["a"] * _count(10_000, scale)))
    return built


SHAPES = _builders()
"""Every stream shape: name -> (its source dialect, its builder from a seeded rng and the scale)."""


@cache
def stream_shape(name: str, scale: float = 1.0) -> StreamShape:
    """The shape ``name`` at ``scale`` (< 1 shrinks it, not the Gemini end chunks' 64 KiB); each
    shape draws from its own generator, seeded by the name, so it is the same built alone or not."""
    src, build = SHAPES[name]
    return StreamShape(name, src, tuple(build(random.Random(f"{SEED}:{name}"), scale)))


def stream_shapes(scale: float = 1.0) -> dict[str, StreamShape]:
    """Every stream shape, by name."""
    return {name: stream_shape(name, scale) for name in SHAPES}


def chat_request_with_result(size: int, rng: random.Random) -> bytes:
    """A Chat request whose one tool message holds ``size`` characters of escape-heavy text (F10)."""
    call = {"id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": '{"q": "x"}'}}
    tool = {
        "type": "function",
        "function": {"name": "lookup", "parameters": {"type": "object", "properties": {}}},
    }
    messages = [
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": "look it up"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "call_1", "content": words(rng, size, RICH_WORDS)},
        {"role": "user", "content": "thanks"},
    ]
    return json.dumps({"model": "gpt-4o", "messages": messages, "tools": [tool]}).encode()


# ── the rows ─────────────────────────────────────────────────────────────────────────────────────

TARGETS = {
    "decode whole": 1.5,
    "decode per event": 2.0,
    "translate": 2.0,
    "encode_response": 2.0,
    "translate_request": 1.5,
}


@dataclass(frozen=True)
class Row:
    """One measured row: its name, kind (a key of :data:`TARGETS`) and ``make()``, which builds the
    lmcodec run and the floor run (outside any count)."""

    name: str
    kind: str
    make: Callable[[], tuple[Run, Run]]

    @property
    def target(self) -> float:
        return TARGETS[self.kind]


def decode_runs(shape: StreamShape, per_event: bool) -> tuple[Run, Run]:
    chunks = list(shape.events) if per_event else [shape.body]
    ours, floor = lmcodec_runner(shape.src), floor_runner(shape.src)
    return (lambda: ours(chunks)), (lambda: floor(chunks))


def translate(src: str, dst: str, chunks: list[bytes]) -> bytes:
    return b"".join(lc.stream.translate(src, dst, chunks, request=LC_REQUEST))


def translate_runs(shape: StreamShape, dst: str) -> tuple[Run, Run]:
    chunks = [shape.body]
    written = translate(shape.src, dst, chunks)
    objects = floor_runner(dst)([written])
    floor, encode = floor_runner(shape.src), msgspec.json.encode

    def floor_run() -> object:
        floor(chunks)
        return [encode(obj) for obj in objects]

    return (lambda: translate(shape.src, dst, chunks)), floor_run


def encode_response_runs(response: lc.Response, dst: str) -> tuple[Run, Run]:
    written = msgspec.json.decode(lc.encode_response(dst, response))
    encode = msgspec.json.encode
    return (lambda: lc.encode_response(dst, response)), (lambda: encode(written))


def translate_request_runs(src: str, dst: str, body: bytes) -> tuple[Run, Run]:
    written = msgspec.json.decode(lc.translate_request(src, dst, body).body)
    decode, encode = msgspec.json.decode, msgspec.json.encode
    return (lambda: lc.translate_request(src, dst, body)), (lambda: (decode(body), encode(written)))


def big_call_response(scale: float = 1.0) -> lc.Response:
    """The 1 MB call read from a Chat stream: what ``encode_response`` writes back (F09)."""
    return lmcodec_runner("openai_chat")([stream_shape("big_call_openai_chat", scale).body])


def encode_big_call_runs(scale: float, dst: str) -> tuple[Run, Run]:
    return encode_response_runs(big_call_response(scale), dst)


def request_body(scale: float = 1.0) -> bytes:
    return chat_request_with_result(_count(1_000_000, scale, 1000), random.Random(SEED))


def chat_to_chat_request_runs(scale: float) -> tuple[Run, Run]:
    return translate_request_runs("openai_chat", "openai_chat", request_body(scale))


def _decode_runs(name: str, scale: float, per_event: bool) -> tuple[Run, Run]:
    return decode_runs(stream_shape(name, scale), per_event)


def _translate_runs(name: str, scale: float, dst: str) -> tuple[Run, Run]:
    return translate_runs(stream_shape(name, scale), dst)


def rows(scale: float = 1.0) -> list[Row]:
    """Every row, in the order the tables print them; a row builds its shape when made."""
    out: list[Row] = []
    for name in SHAPES:
        out.append(Row(f"{name} whole", "decode whole", partial(_decode_runs, name, scale, False)))
        out.append(Row(f"{name} per event", "decode per event", partial(_decode_runs, name, scale, True)))
    for name, (src, _) in SHAPES.items():
        for dst in DIALECTS:
            if dst != src:
                out.append(Row(f"{name} -> {dst}", "translate", partial(_translate_runs, name, scale, dst)))
    for dst in DIALECTS:
        make = partial(encode_big_call_runs, scale, dst)
        out.append(Row(f"1 MB call (from Chat) -> {dst}", "encode_response", make))
    make = partial(chat_to_chat_request_runs, scale)
    out.append(Row("1 MB escaped tool result, Chat -> Chat", "translate_request", make))
    return out
