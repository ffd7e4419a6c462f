"""Forward compatibility: ``unknown="keep"`` keeps parts, deltas, events and tools of unknown tags.

Kept items re-encode byte-exact in the format they were read from (JSON or
MessagePack), wherever they sit; the other format gets their value, never
foreign bytes. Stream decoders count unknown provider events and surface
them raw with ``unknown="keep"``.
"""

from __future__ import annotations

import asyncio
import copy
import io
import pickle
from typing import Any

import msgspec
import pytest

import lmcodec as lc
from lmcodec.wire.unknown import Unknown, UnknownDelta, UnknownEvent, UnknownPart, UnknownTool

# An unknown item as some future writer might format it: spaces, key order, escapes, floats.
ODD = b'{ "type" : "hologram", "frames": [1, 2.50, 1e-5, "\\u00e9"], "meta": {"z": null, "a": true} }'

TURN = (
    b'{"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"hi"},'
    + ODD
    + b']},{"role":"tool","parts":[{"type":"tool_result","id":"c","content":[{"type":"text","text":"r"},'
    b'{"type":"scene3d","n":1}]}]}],'
    b'"system":[{"type":"text","text":"s"},{"type":"aroma"}],'
    b'"tools":[{"type":"function","name":"f","parameters":{}},{"type":"mcp","name":"srv","url":"u"}],'
    b'"config":{"tool_choice":{"mode":"auto","allowed":["srv"]}}},'
    b'"response":{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"ok"},'
    b'{"type":"tool_call_v2","args":"{}"}]},"finish_reason":"stop"}}'
)


def test_default_rejects_unknown_tags_with_their_path() -> None:
    with pytest.raises(lc.ValidationError) as info:
        lc.decode(TURN, lc.Turn)
    assert info.value.path == "$.request.messages[0].parts[1].type"
    assert "hologram" in info.value.message


def test_nested_unknowns_round_trip_byte_exact_in_json() -> None:
    turn = lc.decode(TURN, lc.Turn, unknown="keep")
    user = turn.request.messages[0]
    assert [type(p) for p in user.parts] == [lc.TextPart, UnknownPart]
    assert user.parts[1].raw == ODD and user.parts[1].format == "json" and user.parts[1].type == "hologram"
    assert type(turn.request.messages[1].parts[0].content[1]) is UnknownPart
    assert type(turn.request.system[1]) is UnknownPart  # type: ignore[index]
    assert type(turn.request.tools[1]) is UnknownTool and turn.request.tools[1].name == "srv"
    assert type(turn.response.message.parts[1]) is UnknownPart
    assert lc.encode(turn) == TURN
    assert lc.decode(lc.encode(turn), lc.Turn, unknown="keep") == turn


def test_unknown_items_in_msgpack_round_trip_byte_exact() -> None:
    from_json = lc.decode(TURN, lc.Turn, unknown="keep")
    packed = lc.msgpack.encode(from_json)  # JSON-born unknowns are written as their values
    assert b'"hologram"' not in packed and msgspec.msgpack.decode(packed)["request"]["messages"][0]["parts"][
        1
    ] == (msgspec.json.decode(ODD))
    turn = lc.msgpack.decode(packed, lc.Turn, unknown="keep")
    part = turn.request.messages[0].parts[1]
    assert type(part) is UnknownPart and part.format == "msgpack" and part.value == msgspec.json.decode(ODD)
    assert lc.msgpack.encode(turn) == packed
    assert turn == from_json
    # MessagePack-born unknowns written as JSON: their value, canonical (no MessagePack bytes in JSON)
    assert lc.to_builtins(turn) == lc.to_builtins(from_json)
    assert msgspec.json.decode(lc.encode(turn)) == msgspec.json.decode(TURN)
    with pytest.raises(lc.ValidationError):
        lc.msgpack.decode(packed, lc.Turn)


def test_msgpack_byte_exact_for_unknowns_written_by_others() -> None:
    value = {"type": "hologram", "b": b"\x00\x01", "n": 2**63, "f": 1.5}
    packed_part = msgspec.msgpack.encode(value)
    message = (
        b"\x82\xa4role\xa4user\xa5parts\x92"
        + msgspec.msgpack.encode({"type": "text", "text": "x"})
        + packed_part
    )
    decoded = lc.msgpack.decode(message, lc.Message, unknown="keep")
    assert decoded.parts[1].raw == packed_part and decoded.parts[1].value == value
    assert lc.msgpack.encode(decoded) == message


@pytest.mark.parametrize(
    ("target", "data", "cls"),
    [
        (lc.Part, b'{"type":"x1","a":[1]}', UnknownPart),
        (lc.Delta, b'{"type":"x2","part_index":3}', UnknownDelta),
        (lc.StreamEvent, b'{"type":"x3"}', UnknownEvent),
        (lc.Tool, b'{"type":"x4","name":"n"}', UnknownTool),
        (lc.ToolResultContentPart, b'{"type":"x5"}', UnknownPart),
    ],
)
def test_each_family_at_top_level(target: Any, data: bytes, cls: type[Unknown]) -> None:
    item = lc.decode(data, target, unknown="keep")
    assert type(item) is cls and lc.encode(item) == data
    assert lc.msgpack.decode(lc.msgpack.encode(item), target, unknown="keep") == item
    assert lc.from_builtins(msgspec.json.decode(data), target, unknown="keep") == item


def test_unknown_delta_and_event_nested_in_event_lists() -> None:
    data = (
        b'[{"type":"start","model":"m"},{"type":"delta","delta":{"type":"text","part_index":0,"text":"Hi"}},'
        b'{"type":"delta","delta":{"type":"hologram","part_index":0}},{"type":"telemetry","t":1},'
        b'{"type":"end","finish_reason":"stop"}]'
    )
    events = lc.decode(data, list[lc.StreamEvent], unknown="keep")
    assert type(events[2].delta) is UnknownDelta and type(events[3]) is UnknownEvent
    assert lc.encode(events) == data
    assert lc.assemble(events).text == "Hi"  # assembly skips what it does not know


def test_known_items_keep_every_rule() -> None:
    bad = [
        # a known part breaking its own rule next to an unknown one
        (b'{"role":"user","parts":[{"type":"zz"},{"type":"text","text":5}]}', "$.parts[1].text"),
        # the role rule still applies to the known parts
        (b'{"role":"tool","parts":[{"type":"zz"},{"type":"text","text":"x"}]}', "$"),
        # a part tag of the family in a position that does not allow it is no unknown tag
        (b'{"role":"user","parts":[{"type":"tool_result","id":"c","content":[{"type":"tool_call"}]}]}', None),
        # unknown items are still JSON checked as the strict decoder checks any value
        (b'{"role":"user","parts":[{"type":"zz","x":1e400}]}', None),
        (b'{"role":"user","parts":[{"no_tag":1}]}', "$.parts[0]"),
        (b'{"role":"user","parts":[]}', "$.parts"),
    ]
    for data, path in bad:
        with pytest.raises(lc.ValidationError) as info:
            lc.decode(data, lc.Message, unknown="keep")
        if path is not None:
            assert info.value.path == path, data
    message = lc.decode(b'{"role":"user","parts":[{"type":"zz"}]}', lc.Message, unknown="keep")
    assert type(message.parts[0]) is UnknownPart  # a user message may hold unknown parts only


def test_tool_rules_count_unknown_tools_by_name() -> None:
    request = b'{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"x"}]}],"tools":[%s]}'
    dup = request % b'{"type":"function","name":"f","parameters":{}},{"type":"mcp","name":"f"}'
    with pytest.raises(lc.ValidationError, match="duplicate tool names"):
        lc.decode(dup, lc.Request, unknown="keep")


def test_builtins_and_lenient_with_keep() -> None:
    value = msgspec.json.decode(TURN)
    turn = lc.from_builtins(value, lc.Turn, unknown="keep")
    part = turn.request.messages[0].parts[1]
    assert part.raw is None and part.format is None and part.value == msgspec.json.decode(ODD)
    assert lc.to_builtins(turn) == lc.to_builtins(lc.decode(TURN, lc.Turn, unknown="keep"))
    lenient = b'{"role":"user","parts":["bare string",{"type":"zz"}]}'  # lm15's tolerant form + an unknown
    message = lc.decode(lenient, lc.Message, lenient=True, unknown="keep")
    assert message.parts[0] == lc.TextPart(text="bare string") and type(message.parts[1]) is UnknownPart
    with pytest.raises(lc.ValidationError):
        lc.decode(lenient, lc.Message, lenient=True)


def test_logs_keep_unknowns() -> None:
    turn = lc.decode(TURN, lc.Turn, unknown="keep")
    log = TURN + b"\n" + TURN + b"\n"
    reader = lc.jsonl.read(log, lc.Turn, on_error="collect", unknown="keep")
    assert list(reader) == [turn, turn] and not reader.errors
    out = io.BytesIO()
    lc.jsonl.write(out, [turn, turn])
    assert out.getvalue() == log
    stream = io.BytesIO()
    lc.msgpack.write_stream(stream, [turn])
    assert list(lc.msgpack.read_stream(stream.getvalue(), lc.Turn, unknown="keep")) == [turn]
    strict = lc.jsonl.read(log, lc.Turn, on_error="collect")
    assert (
        list(strict) == [] and [e.path for e in strict.errors] == ["$.request.messages[0].parts[1].type"] * 2
    )


def test_unknown_objects() -> None:
    part = UnknownPart(ODD)
    assert part.type == "hologram" and part.raw == ODD and part.value["meta"] == {"z": None, "a": True}
    assert part == UnknownPart({"type": "hologram", **{k: v for k, v in part.value.items() if k != "type"}})
    assert part != UnknownDelta(ODD) and hash(part) == hash(UnknownPart(ODD))
    assert pickle.loads(pickle.dumps(part)).raw == ODD and copy.deepcopy(part) == part
    assert "hologram" in repr(part)
    with pytest.raises(AttributeError):
        part.raw = b"{}"  # type: ignore[misc]
    packed = UnknownTool(msgspec.msgpack.encode({"type": "t", "name": "n"}), format="msgpack")
    assert packed.name == "n" and packed.format == "msgpack"
    with pytest.raises(lc.ValidationError):
        UnknownPart(b"[1]")
    with pytest.raises(lc.DecodeError):
        UnknownPart(b"{")


# -- provider streams -------------------------------------------------------------------------

REQUEST = lc.Request(model="m", messages=(lc.Message.user("hi"),))
STREAMS = {
    "openai": [
        b'{"type":"response.created","response":{"id":"r","model":"m"}}',
        b'{"type":"response.output_text.delta","output_index":0,"delta":"Hi"}',
        b'{"type":"response.hologram.delta","x":1}',
        b'{"type":"response.in_progress"}',
        b'{"type":"response.completed","response":{"usage":{"input_tokens":1,"output_tokens":1}}}',
    ],
    "anthropic": [
        b'{"type":"message_start","message":{"id":"a","model":"m"}}',
        b'{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}',
        b'{"type":"hologram_start","x":1}',
        b'{"type":"ping"}',
        b'{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}',
        b'{"type":"message_stop"}',
    ],
    "openai_chat": [
        b'{"choices":[{"index":0,"delta":{"content":"Hi"}}]}',
        b'["hologram"]',
        b'{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}',
    ],
    "gemini": [
        b'{"candidates":[{"content":{"parts":[{"text":"Hi"}]}}]}',
        b'"hologram"',
        b'{"candidates":[{"content":{"parts":[{"text":""}]},"finishReason":"STOP"}]}',
    ],
}
UNKNOWN_FRAME = {"openai": 2, "anthropic": 2, "openai_chat": 1, "gemini": 1}


def _body(provider: str) -> bytes:
    return b"".join(b"data: " + f + b"\n\n" for f in STREAMS[provider])


@pytest.mark.parametrize("provider", list(STREAMS))
def test_streams_skip_and_count_unknown_events(provider: str) -> None:
    decoder = lc.stream.Decoder(provider, request=REQUEST)
    events = decoder.feed(_body(provider)) + decoder.close()
    assert decoder.stats.unknown == 1 and decoder.stats.skipped >= 1
    assert not any(isinstance(e, Unknown) for e in events)
    assert lc.assemble(events, request=REQUEST).text == "Hi"


@pytest.mark.parametrize("provider", list(STREAMS))
def test_streams_surface_unknown_events_raw(provider: str) -> None:
    decoder = lc.stream.Decoder(provider, request=REQUEST, unknown="keep")
    events = decoder.feed(_body(provider)) + decoder.close()
    kept = [e for e in events if type(e) is UnknownEvent]
    frame = STREAMS[provider][UNKNOWN_FRAME[provider]]
    assert [e.raw for e in kept] == [frame] and decoder.stats.unknown == 1
    assert lc.encode(kept[0]) == frame
    assert lc.assemble(events, request=REQUEST).text == "Hi"
    assert list(lc.stream.decode(provider, [_body(provider)], request=REQUEST, unknown="keep")) == events

    async def chunks() -> Any:
        yield _body(provider)

    async def drain() -> list[Any]:
        return [e async for e in lc.stream.adecode(provider, chunks(), request=REQUEST, unknown="keep")]

    assert asyncio.run(drain()) == events


_KEPT = [
    (b'{"role":"user","parts":[{"type":"text","text":"x"},{"type":"hologram","z":1}]}', lc.Message),
    (b'{"role":"tool","parts":[{"type":"hologram"}]}', lc.Message),
    (b'{"role":"assistant","parts":[{"type":"hologram"}]}', lc.Message),
    (
        b'{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"x"}]}],'
        b'"tools":[{"type":"mcp","name":"x"}]}',
        lc.Request,
    ),
    (b'{"type":"delta","delta":{"type":"holo"}}', lc.StreamEvent),
]


@pytest.mark.parametrize(("data", "target"), _KEPT)
def test_objects_holding_unknown_items_go_through_replace_and_the_constructors(
    data: bytes, target: Any
) -> None:
    """unknown.py: Unknown items take no part in their container's rules, so what unknown="keep"
    decodes can be copied by lc.replace and rebuilt from its fields, re-encoding byte-exact."""
    obj = lc.decode(data, target, unknown="keep")
    copied = lc.replace(obj)
    assert copied == obj and lc.encode(copied) == data
    fields = {name: getattr(obj, name) for name in obj.__struct_fields__}
    assert type(obj)(**fields) == obj


@pytest.mark.parametrize(
    "read",
    [
        lambda unknown: lc.decode(b'{"type":"text","text":"x"}', lc.Part, unknown=unknown),
        lambda unknown: lc.from_builtins({"type": "text", "text": "x"}, lc.Part, unknown=unknown),
        lambda unknown: lc.msgpack.decode(lc.msgpack.encode(lc.TextPart("x")), lc.Part, unknown=unknown),
        lambda unknown: list(lc.jsonl.read(b'{"role":"user","parts":[]}\n', lc.Message, unknown=unknown)),
        lambda unknown: list(lc.stream.decode("openai", [b""], unknown=unknown)),
        lambda unknown: list(lc.msgpack.read_stream(b"", lc.Message, unknown=unknown)),
    ],
    ids=["decode", "from_builtins", "msgpack.decode", "jsonl.read", "stream.decode", "msgpack.read_stream"],
)
def test_a_misspelt_unknown_fails_at_the_call_on_clean_data(read: Any) -> None:
    """unknown="kep" used to pass every clean record and fail at the first unknown tag."""
    with pytest.raises(ValueError, match="kep"):
        read("kep")
