"""A call's arguments that are whitespace so far, or empty, written to Anthropic and Responses
clients (red team 35 F02, F01).

The anthropic SDK's MessageStream parses a tool_use block's joined ``partial_json`` (jiter, partial
mode) after every ``input_json_delta`` and raises on a buffer of nothing but whitespace: the
Anthropic writer holds whitespace-only fragments until one that is not (JSON ignores whitespace
before a value, and after a value already whole in the block's start). A Responses call with no
arguments gets OpenAI's ``"{}"`` while it is the item added last, not after a later item. The
oracles: the openai SDK's reading of the Chat source, the clients' SDKs, and the protocol checks of
``test_parts_in_order``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.wire import StreamDeltaEvent, StreamEndEvent, StreamStartEvent, ToolCallDelta

from ..budget import examples
from .test_parts_in_order import PROTOCOL_BREAKS, sse_events
from .test_parts_in_order_chat import CLIENT_ORDER, source_order, translated
from .test_parts_in_order_chat_calls import _call, stream

pytest.importorskip("anthropic", reason="the anthropic SDK reads the written streams")
pytest.importorskip("openai", reason="the openai SDK reads the source and the written streams")

# red team 35 F02's reproducer
WHITESPACE: dict[str, list[dict[str, Any]]] = {
    "whitespace, then the object": [_call(0, " \n ", "f"), _call(0, '{"a":1}')],
    "whitespace, text, then the object": [_call(0, " \n ", "f"), {"content": "x"}, _call(0, '{"a":1}')],
    "the object whole, then whitespace": [_call(0, '{"a":1}', "f"), _call(0, " \n")],
    "empty, whitespace, then the object": [_call(0, "", "f"), _call(0, "\t"), _call(0, '{"a":1}')],
}

# red team 35 F01's reproducer, and what each client reads: "" as OpenAI's "{}" (the source's
# SDK keeps "", which is not JSON)
EMPTY: dict[str, tuple[list[dict[str, Any]], list[tuple[Any, ...]]]] = {
    "empty arguments, then text": (
        [_call(0, "", "f"), {"content": "after"}],
        [("call", "f", {}), ("text", "after")],
    ),
    "empty arguments, then a call": (
        [_call(0, "", "f"), _call(1, "{}", "g")],
        [("call", "f", {}), ("call", "g", {})],
    ),
    "two empty-argument calls, then text": (
        [_call(0, "", "f"), _call(1, "", "g"), {"content": "x"}],
        [("call", "f", {}), ("call", "g", {}), ("text", "x")],
    ),
}


@pytest.mark.parametrize("case", list(WHITESPACE))
def test_whitespace_arguments_reach_the_anthropic_client(case: str) -> None:
    events = stream(WHITESPACE[case])
    body = translated("anthropic", events)
    assert PROTOCOL_BREAKS["anthropic"](body) == []
    assert CLIENT_ORDER["anthropic"](body) == source_order(events)


@pytest.mark.parametrize("case", list(EMPTY))
@pytest.mark.parametrize("dst", ["anthropic", "openai"])
def test_empty_arguments_keep_the_protocol(case: str, dst: str) -> None:
    deltas, read = EMPTY[case]
    body = translated(dst, stream(deltas))
    assert PROTOCOL_BREAKS[dst](body) == []
    assert CLIENT_ORDER[dst](body) == read


def _responses_source(fragments: list[str]) -> list[bytes]:
    """A Responses stream of one call whose arguments stream as ``fragments``, one delta each (as
    a backend may send them: lmcodec's writer drops whitespace before the value)."""
    item = {"type": "function_call", "id": "fc_0", "call_id": "call_0", "name": "f", "status": "in_progress"}
    at = {"item_id": "fc_0", "output_index": 0}
    done = dict(item, status="completed", arguments="".join(fragments))
    response = {"id": "r1", "object": "response", "created_at": 1, "model": "m", "output": []}
    events: list[dict[str, Any]] = [
        {"type": "response.created", "response": dict(response, status="in_progress")},
        {"type": "response.output_item.added", "output_index": 0, "item": dict(item, arguments="")},
        *({"type": "response.function_call_arguments.delta", **at, "delta": f} for f in fragments),
        {"type": "response.function_call_arguments.done", **at, "arguments": done["arguments"]},
        {"type": "response.output_item.done", "output_index": 0, "item": done},
        {"type": "response.completed", "response": dict(response, status="completed", output=[done])},
    ]
    return [
        f"event: {e['type']}\ndata: {json.dumps({**e, 'sequence_number': n})}\n\n".encode()
        for n, e in enumerate(events)
    ]


def test_a_responses_sources_whitespace_first_delta_reaches_the_anthropic_client() -> None:
    source = _responses_source([" \n ", '{"a":1}'])
    first = [d["delta"] for n, d in sse_events(b"".join(source)) if n.endswith("arguments.delta")]
    assert first[0] == " \n "  # (the source streams the whitespace as its own delta)
    body = b"".join(lc.stream.translate("openai", "anthropic", source))
    assert PROTOCOL_BREAKS["anthropic"](body) == []
    assert CLIENT_ORDER["anthropic"](body) == [("call", "f", {"a": 1})]


def _written(fragments: list[str]) -> tuple[bytes, list[str]]:
    events: list[Any] = [StreamStartEvent(id="m1", model="m")]
    for i, fragment in enumerate(fragments):
        head = {"id": "toolu_0", "name": "f"} if i == 0 else {}
        events.append(StreamDeltaEvent(delta=ToolCallDelta(input=fragment, part_index=0, **head)))
    events.append(StreamEndEvent(finish_reason="tool_call"))
    body = b"".join(lc.stream.encode("anthropic", events))
    deltas = [
        data["delta"]["partial_json"]
        for name, data in sse_events(body)
        if name == "content_block_delta" and data["delta"]["type"] == "input_json_delta"
    ]
    return body, deltas


_SPACE = st.text(alphabet=" \t\n\r", min_size=1, max_size=3)
_VALUE = st.dictionaries(st.sampled_from("abc"), st.integers(-9, 9) | st.booleans(), max_size=3)


def _in_word(char: str) -> bool:
    return char.isalnum() or char == "-"


@st.composite
def _fragments(draw: st.DrawFn) -> tuple[list[str], Any]:
    """A call's arguments (a compact or spaced object) cut anywhere, with whitespace-only fragments
    placed before it, among its pieces and after it; and the object."""
    value = draw(_VALUE)
    text = json.dumps(value, separators=(",", ":") if draw(st.booleans()) else (", ", ": "))
    outside = [  # between two tokens: not in a key, a number or a literal
        i
        for i in range(1, len(text))
        if text.count('"', 0, i) % 2 == 0 and not (_in_word(text[i - 1]) and _in_word(text[i]))
    ]
    cuts = sorted(draw(st.sets(st.sampled_from(outside), max_size=4))) if outside else []
    pieces = [text[i:j] for i, j in zip([0, *cuts], [*cuts, len(text)], strict=True) if text[i:j]]
    out: list[str] = []
    for piece in pieces:
        out += draw(st.lists(_SPACE | st.just(""), max_size=2))
        out.append(piece)
    out += draw(st.lists(_SPACE | st.just(""), max_size=2))
    return out, value


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_fragments())
def test_whitespace_anywhere_reads_as_the_arguments(drawn: tuple[list[str], Any]) -> None:
    """lc.stream.encode("anthropic") of whitespace placed anywhere among a call's fragments: the
    anthropic SDK reads the object; what lm15 joins of the deltas is the object too; arguments
    that start with a fragment that is not whitespace (and not a whole object, which goes in the
    block's start) are written fragment for fragment."""
    fragments, value = drawn
    body, deltas = _written(fragments)
    assert PROTOCOL_BREAKS["anthropic"](body) == []
    assert CLIENT_ORDER["anthropic"](body) == [("call", "f", value)]
    first = fragments[0]
    whole_in_start = bool(value) and first == json.dumps(value, separators=(",", ":"))
    if first.strip(" \t\n\r") and not whole_in_start:
        assert deltas == fragments


# red team 36 F01's reproducer: a Chat call whose arguments are JSON whitespace only, and what each
# client reads (as for "": OpenAI's "{}")
BLANK: dict[str, tuple[list[dict[str, Any]], list[tuple[Any, ...]]]] = {
    "' ' alone": ([_call(0, " ", "f")], [("call", "f", {})]),
    "' ' then text": ([_call(0, " ", "f"), {"content": "x"}], [("call", "f", {}), ("text", "x")]),
    "'' then ' ' then text": (
        [_call(0, "", "f"), _call(0, " "), {"content": "x"}],
        [("call", "f", {}), ("text", "x")],
    ),
    "'\\n\\t' then text": ([_call(0, "\n\t", "f"), {"content": "x"}], [("call", "f", {}), ("text", "x")]),
    "' ' then a call": (
        [_call(0, " ", "f"), _call(1, '{"a":1}', "g")],
        [("call", "f", {}), ("call", "g", {"a": 1})],
    ),
}


def responses_call_breaks(body: bytes) -> list[str]:
    """Where a Responses stream's function calls say two things: each call's joined argument deltas,
    its ``function_call_arguments.done``, its ``output_item.done`` and its item in
    ``response.completed`` must be one text, and JSON (the openai SDK joins the deltas and checks
    nothing; its final response is ``response.completed``'s)."""
    deltas: dict[int, str] = {}
    said: dict[int, list[str]] = {}
    final: list[Any] = []
    for name, data in sse_events(body):
        index = data.get("output_index")
        if name == "response.function_call_arguments.delta":
            deltas[index] = deltas.get(index, "") + data["delta"]
        elif name == "response.function_call_arguments.done":
            said.setdefault(index, []).append(data["arguments"])
        elif name == "response.output_item.done" and data["item"]["type"] == "function_call":
            said.setdefault(index, []).append(data["item"]["arguments"])
        elif name == "response.completed":
            final = data["response"]["output"]
    breaks = []
    for index, texts in said.items():
        texts = [deltas.get(index, ""), *texts, final[index]["arguments"]]
        if len(set(texts)) != 1:
            breaks.append(f"call {index}: deltas, done events and final say {texts!r}")
        try:
            json.loads(texts[-1])
        except ValueError:
            breaks.append(f"call {index}: arguments {texts[-1]!r} are not JSON")
    return breaks


@pytest.mark.parametrize("case", list(BLANK))
@pytest.mark.parametrize("dst", ["anthropic", "openai"])
def test_whitespace_only_arguments_read_as_empty_ones(case: str, dst: str) -> None:
    """Red team 36 F01: the Responses client got " " (not JSON) where "" gets "{}" and the
    Anthropic client reads {}: every client now reads {}, its stream's protocol kept."""
    deltas, read = BLANK[case]
    body = translated(dst, stream(deltas))
    assert PROTOCOL_BREAKS[dst](body) == []
    assert CLIENT_ORDER[dst](body) == read
    if dst == "openai":
        assert responses_call_breaks(body) == []


def _responses_written(fragments: list[str]) -> bytes:
    events: list[Any] = [StreamStartEvent(id="r1", model="m")]
    for i, fragment in enumerate(fragments):
        head = {"id": "call_0", "name": "f"} if i == 0 else {}
        events.append(StreamDeltaEvent(delta=ToolCallDelta(input=fragment, part_index=0, **head)))
    events.append(StreamEndEvent(finish_reason="tool_call"))
    return b"".join(lc.stream.encode("openai", events))


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_fragments(), st.booleans())
def test_responses_writer_drops_whitespace_before_the_value(
    drawn: tuple[list[str], Any], blank: bool
) -> None:
    """lc.stream.encode("openai") of whitespace placed anywhere among a call's fragments (or, when
    ``blank``, of the whitespace alone): the openai SDK reads the object ({} for whitespace alone);
    deltas, done events and final say one text; arguments whose first fragment is not whitespace
    are written fragment for fragment (the empty ones left out, as before)."""
    fragments, value = drawn
    if blank:
        fragments, value = [f for f in fragments if not f.strip(" \t\n\r")] or [" "], {}
    body = _responses_written(fragments)
    assert PROTOCOL_BREAKS["openai"](body) == []
    assert responses_call_breaks(body) == []
    assert CLIENT_ORDER["openai"](body) == [("call", "f", value)]
    if fragments and fragments[0].strip(" \t\n\r"):
        written = [d["delta"] for n, d in sse_events(body) if n == "response.function_call_arguments.delta"]
        assert written == [f for f in fragments if f]


@pytest.mark.parametrize(
    ("fragments", "value"),
    [([" "], {}), (["", " ", "\t"], {}), (["\n", '{"a":1}'], {"a": 1}), ([" ", "{}", " "], {})],
    ids=repr,
)
def test_a_chat_client_reads_whitespace_only_arguments_as_empty_ones(
    fragments: list[str], value: Any
) -> None:
    """Red team 36 F01 on a Chat client: a Responses source's call of whitespace only reached it
    as " " (the openai SDK's accumulated arguments, not JSON); now "{}" as for "", the whitespace
    before a value written as "". Read by the openai SDK's Chat stream accumulator."""
    translated_body = b"".join(lc.stream.translate("openai", "openai_chat", _responses_source(fragments)))
    events: list[Any] = [StreamStartEvent(id="r1", model="m")]
    for i, fragment in enumerate(fragments):
        head = {"id": "call_0", "name": "f"} if i == 0 else {}
        events.append(StreamDeltaEvent(delta=ToolCallDelta(input=fragment, part_index=0, **head)))
    events.append(StreamEndEvent(finish_reason="tool_call"))
    encoded_body = b"".join(lc.stream.encode("openai_chat", events))
    for body in (translated_body, encoded_body):
        assert source_order([body]) == [("call", "f", value)]


# red team 37 F05's reproducer: a waiting call (the one before it may still grow: "" or " ") whose
# arguments are whitespace only, followed by something else
_TAILS: dict[str, tuple[list[dict[str, Any]], list[tuple[Any, ...]]]] = {
    "a call": ([_call(2, '{"a":1}', "h")], [("call", "h", {"a": 1})]),
    "text": ([{"content": "done"}], [("text", "done")]),
    "a call and text": (
        [_call(2, '{"a":1}', "h"), {"content": "x"}],
        [("call", "h", {"a": 1}), ("text", "x")],
    ),
}


@pytest.mark.parametrize("tail", list(_TAILS))
@pytest.mark.parametrize("second", [" ", "\n\t"])
@pytest.mark.parametrize("first", ["", " "])
@pytest.mark.parametrize("dst", ["anthropic", "openai"])
def test_a_waiting_whitespace_only_call_gets_its_empty_object_before_what_follows(
    dst: str, first: str, second: str, tail: str
) -> None:
    """Red team 37 F05: the Responses client got the second call's "{}" at the response's end, a
    delta to its item after a later one was added; a waiting call of whitespace only is written
    with "{}" when something follows it, as one of "" is (red team 35 F01)."""
    after, read = _TAILS[tail]
    body = translated(dst, stream([_call(0, first, "f"), _call(1, second, "g"), *after]))
    assert PROTOCOL_BREAKS[dst](body) == []
    assert CLIENT_ORDER[dst](body) == [("call", "f", {}), ("call", "g", {}), *read]
    if dst == "openai":
        assert responses_call_breaks(body) == []
