"""Property tests: rules that hold for all inputs.

- Agreement with llm: for any dict (valid, malformed, or with llm's quirks),
  lmcodec accepts exactly when llm's ``from_dict`` does, and re-encodes to what
  llm's ``to_dict`` then writes (parts, messages, whole responses).
- The fast typed decoder and the llm-rules reader agree wherever both apply.
- Anything llm writes is a byte-exact fixed point of decode/encode.
- Opaque payloads keep key order, big ints and nulls.
- The canonical-base64 test is exactly "b64encode(b64decode(s)) == s".
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import lmcodec.llm as L
from lmcodec.errors import ValidationError
from lmcodec.llm import codec, reading
from lmcodec.llm.types import _is_canonical_base64

from ..budget import examples
from .llm_support import MOCK, llm, same_json

SETTINGS = settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

# ---------------------------------------------------------------------------
# Strategies

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6)
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)
objects = st.dictionaries(st.text(max_size=5), json_values, max_size=4)
falsy = st.sampled_from([None, False, 0, 0.0, "", [], {}])

b64_text = st.binary(max_size=12).map(lambda b: base64.b64encode(b).decode())
b64_noisy = st.tuples(b64_text, st.sampled_from(["", "\n", " ", "-", "_", "=", "A", "é", "AR=="])).map(
    lambda t: t[0][: len(t[0]) // 2] + t[1] + t[0][len(t[0]) // 2 :]
)


def maybe(good: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A key's value: usually well-typed, sometimes falsy, sometimes any JSON value."""
    return st.one_of(good, good, falsy, json_values)


@st.composite
def shuffled(draw: st.DrawFn, fields: dict[str, st.SearchStrategy[Any]], extra: bool = True) -> Any:
    d: dict[str, Any] = {}
    for key, strategy in fields.items():
        if draw(st.integers(0, 4)):  # present 80% of the time
            d[key] = draw(strategy)
    if extra and draw(st.booleans()):
        d.update(draw(st.dictionaries(st.sampled_from(["extra", "cache_control", "id"]), json_values)))
    return dict(draw(st.permutations(list(d.items()))))


attachment_dicts = shuffled(
    {
        "type": maybe(st.sampled_from(["image/png", "text/plain", "application/pdf"])),
        "url": maybe(st.just("https://example.com/x.png")),
        "path": maybe(st.just("docs/a.pdf")),
        "content": st.one_of(b64_text, b64_text, b64_noisy, falsy, json_values),
    }
)

PART_FIELDS: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "text": {"text": maybe(st.text(max_size=8)), "provider_metadata": maybe(objects)},
    "reasoning": {
        "text": maybe(st.text(max_size=8)),
        "redacted": maybe(st.booleans()),
        "provider_metadata": maybe(objects),
    },
    "tool_call": {
        "name": maybe(st.text(max_size=5)),
        "arguments": maybe(objects),
        "tool_call_id": maybe(st.text(max_size=5)),
        "server_executed": maybe(st.booleans()),
        "provider_metadata": maybe(objects),
    },
    "tool_result": {
        "name": maybe(st.text(max_size=5)),
        "output": maybe(st.text(max_size=8)),
        "tool_call_id": maybe(st.text(max_size=5)),
        "server_executed": maybe(st.booleans()),
        "exception": maybe(st.text(max_size=8)),
        "attachments": maybe(st.lists(attachment_dicts, max_size=2)),
        "provider_metadata": maybe(objects),
    },
    "attachment": {
        "attachment": st.one_of(attachment_dicts, attachment_dicts, falsy, json_values),
        "provider_metadata": maybe(objects),
    },
}


@st.composite
def part_dicts(draw: st.DrawFn) -> Any:
    kind = draw(st.sampled_from([*PART_FIELDS, *PART_FIELDS, "image", 5, None]))
    fields = PART_FIELDS.get(kind, PART_FIELDS["text"]) if isinstance(kind, str) else PART_FIELDS["text"]
    d = draw(shuffled(fields))
    if kind is not None:
        d["type"] = kind
    return dict(draw(st.permutations(list(d.items()))))


any_part = st.one_of(part_dicts(), part_dicts(), part_dicts(), json_values)
message_dicts = shuffled(
    {
        "role": maybe(st.sampled_from(["user", "assistant", "system", "tool"])),
        "parts": st.one_of(
            st.lists(any_part, max_size=3), st.lists(part_dicts(), max_size=3), falsy, json_values
        ),
        "provider_metadata": maybe(objects),
    }
)
any_message = st.one_of(message_dicts, message_dicts, json_values)
options = st.one_of(
    st.dictionaries(
        st.sampled_from(["max_tokens", "temperature", "stop", "reasoning_effort"]),
        st.one_of(st.none(), st.integers(1, 100), st.floats(0, 2), st.text(max_size=3), st.just(["\n"])),
        max_size=3,
    ),
    falsy,
    json_values,
)
prompt_dicts = shuffled(
    {
        "messages": st.one_of(st.lists(any_message, max_size=2), falsy, json_values),
        "options": options,
        "system": maybe(st.text(max_size=5)),
    }
)
usage_dicts = shuffled(
    {"input": maybe(st.integers(0, 10**6)), "output": maybe(st.integers(0, 10**6)), "details": maybe(objects)}
)
response_dicts = shuffled(
    {
        "model": st.just("mock"),
        "prompt": st.one_of(prompt_dicts, prompt_dicts, falsy, json_values),
        "messages": st.one_of(st.lists(any_message, max_size=2), falsy, json_values),
        "id": maybe(st.text(min_size=1, max_size=8)),
        "usage": st.one_of(usage_dicts, usage_dicts, falsy, json_values),
        "datetime_utc": maybe(st.just("2026-08-05T14:03:07+00:00")),
    }
)


# ---------------------------------------------------------------------------
# Helpers


def ours(value: Any, target: Any) -> tuple[str, Any]:
    """("ok", encoded bytes) or ("reject", error), through both decode and from_builtins."""
    try:
        via_json = L.encode(L.decode(json.dumps(value).encode(), target))
    except ValidationError as exc:
        with pytest.raises(ValidationError):
            L.from_builtins(value, target)
        return "reject", exc
    assert L.encode(L.from_builtins(value, target)) == via_json
    return "ok", via_json


def theirs(fn: Any) -> tuple[str, Any]:
    try:
        return "ok", fn()
    except Exception as exc:  # llm raises whatever Python raises
        return "reject", exc


def check_agreement(value: Any, target: Any, llm_fn: Any) -> None:
    o_kind, o_val = ours(value, target)
    t_kind, t_val = theirs(llm_fn)
    assert o_kind == t_kind, (value, o_val, t_val)
    if o_kind == "ok":
        assert same_json(o_val, t_val), (value, o_val, t_val)


needs_llm = pytest.mark.skipif(llm is None, reason="llm is not installed")


# ---------------------------------------------------------------------------
# Agreement with llm 0.36


@needs_llm
@SETTINGS
@given(any_part)
def test_parts_agree_with_llm(value: Any) -> None:
    from llm.parts import Part

    check_agreement(value, L.Part, lambda: Part.from_dict(value).to_dict())


@needs_llm
@SETTINGS
@given(attachment_dicts)
def test_attachments_agree_with_llm(value: Any) -> None:
    from llm.parts import _attachment_from_dict, _attachment_to_dict

    check_agreement(value, L.Attachment, lambda: _attachment_to_dict(_attachment_from_dict(value)))


@needs_llm
@SETTINGS
@given(any_message)
def test_messages_agree_with_llm(value: Any) -> None:
    from llm.parts import Message

    check_agreement(value, L.Message, lambda: Message.from_dict(value).to_dict())


@needs_llm
@SETTINGS
@given(response_dicts)
def test_responses_agree_with_llm(value: Any) -> None:
    """Response.from_dict(d, model=...).to_dict() == reloaded(apply_model(decode(d)))."""
    if "model" not in value:  # required by the format; llm only skips it when model= is given
        with pytest.raises(ValidationError):
            L.decode(json.dumps(value).encode())
        return
    minted = "id" not in value  # llm mints a fresh id; lmcodec leaves it to new_id=

    def llm_side() -> Any:
        out = llm.Response.from_dict(value, model=MOCK).to_dict()
        if minted:
            out.pop("id")
        return out

    t_kind, t_val = theirs(llm_side)
    try:
        got = L.reloaded(L.apply_model(L.decode(json.dumps(value).encode()), model=MOCK))
    except ValidationError as exc:
        assert t_kind == "reject", (value, exc, t_val)
        return
    assert t_kind == "ok", (value, got, t_val)
    assert same_json(L.encode(got), t_val), (value, L.encode(got), t_val)


# ---------------------------------------------------------------------------
# Internal consistency


@SETTINGS
@given(st.one_of(part_dicts(), response_dicts, message_dicts))
def test_fast_path_agrees_with_llm_rules_reader(value: Any) -> None:
    target = L.Response if "model" in value else L.Message if "role" in value else L.Part
    data = json.dumps(value).encode()
    try:
        fast = codec._DECODERS[target].decode(data)
    except msgspec.DecodeError:
        return  # not canonical: only the reader applies
    slow = reading.reader_for(target)(value, "$")
    assert fast == slow
    assert L.encode(fast) == L.encode(slow)
    assert msgspec.convert(value, target) == slow


@needs_llm
@SETTINGS
@given(any_part)
def test_llm_output_is_a_byte_exact_fixed_point(value: Any) -> None:
    """What llm writes decodes and re-encodes to itself, byte for byte - except the one
    shape llm itself does not read back: ``"attachment": {}``."""
    from llm.parts import Part

    kind, written = theirs(lambda: Part.from_dict(value).to_dict())
    assume(kind == "ok")
    compact = json.dumps(written, ensure_ascii=False, separators=(",", ":")).encode()
    expected = Part.from_dict(json.loads(compact)).to_dict()
    if expected != written:
        assert written.get("attachment") == {}
    got = L.encode(L.decode(compact, L.Part))
    assert same_json(got, expected)
    if expected == written and not any(c in compact.decode() for c in ".eE"):
        assert got == compact  # byte-exact whenever no float spelling is involved


@SETTINGS
@given(objects, objects, objects, objects)
def test_opaque_payloads_round_trip_exactly(args: Any, pm: Any, opts: Any, details: Any) -> None:
    pm = pm or {"k": None}
    record = {
        "model": "m",
        "prompt": {"messages": [], **({"options": opts} if opts else {})},
        "messages": [
            {
                "role": "assistant",
                "parts": [{"type": "tool_call", "name": "f", "arguments": args, "provider_metadata": pm}],
                "provider_metadata": pm,
            }
        ],
        "usage": {"input": 1, "details": details},
    }
    expected = json.loads(json.dumps(record))
    # None-valued options are the one thing llm drops from an opaque dict
    if "options" in expected["prompt"]:
        expected["prompt"]["options"] = {k: v for k, v in opts.items() if v is not None}
        if not expected["prompt"]["options"]:
            del expected["prompt"]["options"]
    out = L.encode(L.decode(json.dumps(record).encode()))
    assert same_json(out, expected)
    try:
        packed = msgspec.msgpack.encode(L.decode(out))
    except OverflowError:
        return  # MessagePack caps integers at 64 bits; JSON does not
    back = msgspec.msgpack.decode(packed, type=L.Response)
    assert same_json(L.encode(back), expected)


@SETTINGS
@given(st.text(alphabet="ABCQRSgw019+/=-_ \néx", max_size=16) | b64_text)
def test_canonical_base64_check(s: str) -> None:
    try:
        canonical = base64.b64encode(base64.b64decode(s)).decode() == s and s != ""
    except (binascii.Error, ValueError):
        canonical = False
    assert _is_canonical_base64(s) == canonical


@SETTINGS
@given(response_dicts)
def test_decode_is_idempotent(value: Any) -> None:
    """Re-reading what lmcodec wrote changes nothing - except ``"attachment": {}``,
    which llm writes but reads back as no attachment (so a second pass drops it)."""
    try:
        once = L.encode(L.decode(json.dumps(value).encode()))
    except ValidationError:
        return
    twice = L.encode(L.decode(once))
    if twice != once:
        assert b'"attachment":{}' in once
    assert L.encode(L.decode(twice)) == twice
