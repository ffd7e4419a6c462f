"""A key repeated in a JSON object: the last value wins, as ``json.loads`` (lm15) reads it, also when
an earlier value is of the wrong type (red team 10, F04: msgspec checked every value, so
``{"type":"text","text":0,"text":"hi"}`` was refused by ``lc.decode``, ``jsonl.read`` (the record
lost), ``decode_request`` and ``translate_request``). MessagePack keeps msgspec's check (H9)."""

from __future__ import annotations

import json
import tracemalloc

import pytest

import lmcodec as lc

lm15_serde = pytest.importorskip("lm15.serde")

_PART = b'{"type":"text","text":0,"text":"hi"}'
_MESSAGE = b'{"role":0,"role":"user","parts":[{"type":"text","text":null,"text":"x"}]}'
_ANTHROPIC = (
    b'{"model":"claude-sonnet-4-5","max_tokens":100,"max_tokens":100,"thinking":{"type":1,"type":"disabled"},'
    b'"messages":[{"role":"user","content":[{"type":"text","text":0,"text":"hi"}]}]}'
)


def _last_values(body: bytes) -> bytes:
    return json.dumps(json.loads(body)).encode()


def test_lc_decode_reads_the_last_value_as_lm15_does() -> None:
    part = lc.decode(_PART, lc.Part)
    assert part == lc.decode(_last_values(_PART), lc.Part) == lc.TextPart(text="hi")
    assert lc.to_lm15(part) == lm15_serde.part_from_dict(json.loads(_PART))
    message = lc.decode(_MESSAGE, lc.Message)
    assert lc.to_lm15(message) == lm15_serde.message_from_dict(json.loads(_MESSAGE))
    assert lc.decode(_MESSAGE, lc.Message, unknown="keep") == message


def test_jsonl_read_keeps_the_record(tmp_path: object) -> None:
    good = lc.encode(lc.Message.user("a"))
    log = b"\n".join([good, _MESSAGE, good]) + b"\n"
    assert list(lc.jsonl.read(log, lc.Message)) == [
        lc.Message.user("a"),
        lc.decode(_last_values(_MESSAGE), lc.Message),
        lc.Message.user("a"),
    ]


def test_request_readers_read_the_last_value() -> None:
    expected = lc.decode_request("anthropic", _last_values(_ANTHROPIC))
    assert lc.decode_request("anthropic", _ANTHROPIC) == expected
    for destination in ("openai", "gemini", "anthropic"):
        translated = lc.translate_request("anthropic", destination, _ANTHROPIC)
        assert translated == lc.translate_request("anthropic", destination, _last_values(_ANTHROPIC))


def test_a_wrong_last_value_or_a_retagged_item_is_still_refused() -> None:
    with pytest.raises(lc.ValidationError, match=r"\$\.text"):
        lc.decode(b'{"type":"text","text":"hi","text":0}', lc.Part)
    with pytest.raises(lc.ValidationError) as info:
        lc.decode(b'{"type":"text","type":"thinking","text":"a"}', lc.Part)
    assert info.value.path == "$.type"
    with pytest.raises(lc.ValidationError):
        lc.decode_request("anthropic", _ANTHROPIC.replace(b'"text":"hi"', b'"text":1'))


def test_messagepack_checks_every_value() -> None:
    """H9: MessagePack has no ``json.loads`` reading to follow; msgspec's check of each value stays."""
    body = b"\x82\xa4type\xa4text\xa4text\xa2hi"  # {"type": "text", "text": "hi"}
    assert lc.msgpack.decode(body, lc.Part) == lc.TextPart(text="hi")
    repeated = b"\x83\xa4type\xa4text\xa4text\x00\xa4text\xa2hi"  # "text": 0 then "text": "hi"
    with pytest.raises(lc.ValidationError):
        lc.msgpack.decode(repeated, lc.Part)


def test_a_number_msgspec_refuses_stays_refused_beside_a_repeated_key() -> None:
    """Review 8, F2: the re-read took ``1e400`` (msgspec: out of range) as ``inf`` from ``json.loads``
    and wrote it back as ``null``, so a repeated key turned a refused body into one holding None."""
    message = lc.encode(
        lc.Message(role="assistant", parts=(lc.ToolCallPart(id="c", name="f", input={"x": 1}),))
    )
    out_of_range = message.replace(b'{"x":1}', b'{"x":1e400}')
    repeated = out_of_range.replace(b'"role":"assistant"', b'"role":0,"role":"assistant"', 1)
    assert repeated != out_of_range
    for body in (out_of_range, repeated):
        with pytest.raises(lc.LmcodecError):
            lc.decode(body, lc.Message)
        with pytest.raises(lc.LmcodecError):
            list(lc.jsonl.read(body + b"\n", lc.Message))
    for constant in (b"NaN", b"Infinity", b"-1e999"):
        with pytest.raises(lc.LmcodecError):
            lc.decode(
                message.replace(b'{"x":1}', b'{"x":' + constant + b"}").replace(
                    b'"role":"assistant"', b'"role":0,"role":"assistant"', 1
                ),
                lc.Message,
            )


def _peak_bytes(read: object) -> int:
    tracemalloc.start()
    try:
        with pytest.raises(lc.LmcodecError):
            read()  # type: ignore[operator]
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_refusal_without_a_repeated_key_does_not_read_the_body_whole() -> None:
    """Review 8, F3: every refusal was followed by a ``json.loads`` of the whole body (a dict per
    object) to look for repeated keys: a 2 MB body wrong at its first part took ~20 MB more.
    Now the keys on the refused path are looked for in their objects alone."""
    count = 60_000
    parts = [{"type": "text", "text": 0}] + [{"type": "text", "text": f"t{i}"} for i in range(count)]
    message = json.dumps({"role": "assistant", "parts": parts}).encode()
    chat = json.dumps(
        {
            "model": "gpt-4o",
            "messages": [{"role": "user", "content": 0}]
            + [{"role": "user", "content": f"m{i}"} for i in range(count)],
        }
    ).encode()
    assert len(message) > 1_500_000
    assert _peak_bytes(lambda: lc.decode(message, lc.Message)) < len(message) // 2
    assert _peak_bytes(lambda: list(lc.jsonl.read(message + b"\n", lc.Message))) < len(message) * 2
    accepted = chat.replace(b'"content": 0', b'"content": "m"', 1)
    tracemalloc.start()
    lc.decode_request("openai_chat", accepted)
    reading = tracemalloc.get_traced_memory()[1]  # what reading the good body takes (13 MB)
    tracemalloc.stop()
    # the refusal costs what reading a good body costs, not a whole second reading on top (38 MB,
    # 2.9x); 2x leaves room for the interpreter (Python 3.10 peaks at 1.57x, 3.11 at 1.35x)
    assert _peak_bytes(lambda: lc.decode_request("openai_chat", chat)) < reading * 2
    assert _peak_bytes(lambda: lc.translate_request("openai_chat", "anthropic", chat)) < reading * 2
    repeated = message.replace(b'"text": 0}', b'"text": 0, "text": "t"}', 1)
    assert lc.decode(repeated, lc.Message).parts[0] == lc.TextPart(text="t")


@pytest.mark.parametrize(
    "body",
    [
        b'{"role":"user","parts":[{"type":"text","text":0}],"parts":[{"type":"text","text":"hi"}]}',
        b'{"role":"user","parts":['
        + b'{"type":"text","text":"a"},' * 40
        + b'{"type":"text","text":0,"text":"hi"}]}',
        b'{"role":"user","parts":[{"type":"text","text":0,"t\\u0065xt":"hi"}]}',
        b'{"role":"assistant","parts":[{"type":"tool_call","id":"c","name":0,"input":{"name":1},'
        b'\t "name" : "f"}]}',
        b'{"role":"user","parts":[{"type":"text","text":{"text":0},"text":"hi"}]}',
    ],
)
def test_a_repeated_key_on_the_refused_path_is_found(body: bytes) -> None:
    """The look for repeated keys on the refused path (F3) finds them at any depth, past the 32nd item
    of an array, spelt with an escape, or with the same name inside another value."""
    expected = lc.decode(_last_values(body), lc.Message)
    assert lc.decode(body, lc.Message) == expected
    assert list(lc.jsonl.read(body + b"\n", lc.Message)) == [expected]


def _repeated_keys(body: bytes) -> list[str]:
    repeated: list[str] = []

    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        keys = [key for key, _ in items]
        repeated.extend(key for key in set(keys) if keys.count(key) > 1)
        return dict(items)

    json.loads(body, object_pairs_hook=pairs)
    return repeated


_REPLAYED = [  # items Responses -> Responses carries back as sent (their ids and statuses)
    b'{"type":"reasoning","id":"rs_1","summary":[],"status":"incomplete","status":"completed",'
    b'"encrypted_content":"gAAAA"}',
    b'{"type":"function_call","id":"fc_1","call_id":"c1","name":"f","arguments":"{\\"a\\":1}",'
    b'"arguments":"{\\"a\\":2}","status":"completed"}',
    b'{"type":"function_call_output","call_id":"c1","output":"ok"}',
    b'{"type":"message","id":"msg_1","role":"assistant","status":"in_progress","status":"completed",'
    b'"content":[{"type":"output_text","text":"one","text":"two","annotations":[]}]}',
]


@pytest.mark.parametrize("item", range(len(_REPLAYED)))
def test_a_replayed_item_goes_back_to_responses_with_its_last_values(item: int) -> None:
    """The typed readings carry a replayed item as its bytes (codexid20); written as they are, a key
    the client repeated went to the backend twice while the gateway read its last value."""
    items = [b'{"role":"user","content":"hi"}', *_REPLAYED[: item + 1]]
    if item < 2:
        items.append(b'{"type":"function_call_output","call_id":"c1","output":"ok"}' if item == 1 else b"")
    body = b'{"model":"gpt-5","input":[' + b",".join(i for i in items if i) + b'],"store":false}'
    built = lc.translate_request("openai", "openai", body)
    assert _repeated_keys(built.body) == []
    assert built == lc.translate_request("openai", "openai", _last_values(body))
