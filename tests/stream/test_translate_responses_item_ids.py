"""A Responses client's events and its final response name the same items (red team 32 F02, F03).

The API's rule: every item has one id and one position, the same in its ``output_item.added`` /
``.done``, in every event naming its ``output_index``, and in ``response.completed``'s ``output``.
``translate("openai", "openai", ...)`` re-minted the message ids and wrote the function call item
without its ``id`` while the backend's final response, written verbatim, kept the source's (F02);
``encode("openai", decode("openai", ...))`` of a stream with a hosted item first numbered the
message 0 where that final response holds it at 1 (F03). Checked by the openai SDK's
``responses.stream()`` (each ``output_item.done`` against ``get_final_response().output`` at its
index) and by the events themselves, over random streams of every source dialect."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .responses_items_support import (
    BASE,
    call,
    code_call,
    final_output,
    item_rule_breaks,
    message,
    reasoning,
    responses_stream,
    sdk_final_items,
    sdk_rule_breaks,
    search_call,
    sse_events,
)
from .test_parts_in_order import _STREAMS as GEMINI_STREAMS
from .test_parts_in_order import gemini_stream
from .test_parts_in_order_chat import _SEGMENTS as CHAT_SEGMENTS
from .test_parts_in_order_chat import chat_stream

REQUEST = lc.Request(model="gpt-5", messages=(lc.Message.user("hi"),))


def translated(body: bytes, size: int = 0) -> bytes:
    chunks = [body] if not size else [body[i : i + size] for i in range(0, len(body), size)]
    return b"".join(lc.stream.translate("openai", "openai", chunks, request=REQUEST))


def reencoded(body: bytes) -> bytes:
    return b"".join(lc.stream.encode("openai", lc.stream.decode("openai", [body], request=REQUEST)))


def done_items(body: bytes) -> list[tuple[int, str, Any]]:
    """Each ``output_item.done``'s index, item type and id, by index (the writer completes a
    reasoning item at its state, the items open before it at the end)."""
    return sorted(
        (e["output_index"], e["item"]["type"], e["item"].get("id"))
        for e in sse_events(body)
        if e["type"] == "response.output_item.done"
    )


# ── translate: the source's ids and places ───────────────────────────────────


def test_the_reproducers_items_keep_the_sources_ids_in_the_events() -> None:
    output = [reasoning(1, ""), call(1, '{"q":1}'), message(1, "Done.")]
    out = translated(responses_stream(output))
    assert done_items(out) == [
        (0, "reasoning", "rs_src1"),
        (1, "function_call", "fc_src1"),
        (2, "message", "msg_src1"),
    ]
    (added,) = [
        e for e in sse_events(out) if e["type"] == "response.output_item.added" and e["output_index"] == 1
    ]
    assert added["item"]["id"] == "fc_src1"  # as the API's output_item.added names it
    assert {e["item_id"] for e in sse_events(out) if e.get("output_index") == 1 and "item_id" in e} == {
        "fc_src1"
    }
    assert final_output(out) == output  # the backend's final response, as it came
    assert item_rule_breaks(out) == [] and sdk_rule_breaks(out) == []


@pytest.mark.parametrize(
    "output",
    [
        [code_call(1), message(1, "It printed 1.")],
        [reasoning(1, "Looking."), search_call(1), message(1, "Sunny."), call(1, '{"q":2}')],
        [search_call(1), search_call(2), reasoning(1, ""), message(1, "Two searches.")],
    ],
    ids=["code-message", "reasoning-search-message-call", "two-searches-reasoning-message"],
)
def test_hosted_items_and_the_answer_keep_their_places_and_ids(output: list[dict[str, Any]]) -> None:
    body = responses_stream(output)
    for out in (translated(body), translated(body, 9)):
        assert [(i, t, n) for i, t, n in done_items(out)] == [
            (i, item["type"], item["id"]) for i, item in enumerate(output)
        ]
        assert final_output(out) == output
        assert item_rule_breaks(out) == [] and sdk_rule_breaks(out) == []


def test_the_sdks_final_response_names_the_items_of_the_events() -> None:
    output = [reasoning(1, "Hmm."), code_call(1), message(1, "One.")]
    done, final = sdk_final_items(translated(responses_stream(output)))
    assert [(t, n) for _, t, n in done] == final == [(item["type"], item["id"]) for item in output]


# ── encode of decoded events: the final response agrees with the events ───────


def test_a_hosted_item_first_stands_after_the_items_the_events_numbered() -> None:
    """F03: lm15's reading drops the code_interpreter_call; the message's events are at 0, so the
    final response holds it at 0, under the events' id, and the hosted item after it (not lost)."""
    output = [code_call(1), message(1, "It printed 1.")]
    out = reencoded(responses_stream(output))
    ((index, kind, item_id),) = done_items(out)
    assert (index, kind) == (0, "message")
    final = final_output(out)
    assert final == [dict(output[1], id=item_id), output[0]]
    assert item_rule_breaks(out) == [] and sdk_rule_breaks(out) == []
    response = next(e["response"] for e in sse_events(out) if e["type"] == "response.completed")
    assert {k: v for k, v in response.items() if k != "output"} == {k: v for k, v in BASE.items()}


def test_an_edited_stream_keeps_the_backends_hosted_items() -> None:
    """A final response rebuilt from the events (the text edited, so the backend's no longer says
    what was streamed) keeps the items no event carried, after the streamed ones."""
    output = [code_call(1), message(1, "It printed 1.")]
    events = list(lc.stream.decode("openai", [responses_stream(output)], request=REQUEST))
    edited = [
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="[redacted]", part_index=e.delta.part_index))
        if isinstance(e, lc.StreamDeltaEvent) and isinstance(e.delta, lc.TextDelta)
        else e
        for e in events
    ]
    out = b"".join(lc.stream.encode("openai", edited))
    final = final_output(out)
    assert [item["type"] for item in final] == ["message", "code_interpreter_call"]
    assert final[1] == output[0]
    assert "[redacted]" in final[0]["content"][0]["text"]
    assert item_rule_breaks(out) == [] and sdk_rule_breaks(out) == []


def test_a_final_response_whose_items_stand_where_the_events_put_them_is_written_as_it_came() -> None:
    """No hosted item before the answer: the backend's final response is written verbatim (the
    same-dialect round trip keeps provider_data), though lm15's reading keeps no message id."""
    output = [reasoning(1, ""), call(1, '{"q":1}'), message(1, "Done.")]
    body = responses_stream(output)
    out = reencoded(body)
    assert final_output(out) == output
    events = list(lc.stream.decode("openai", [body], request=REQUEST))
    again = list(lc.stream.decode("openai", [out], request=REQUEST))
    assert again == events and again[-1].provider_data == events[-1].provider_data


# ── the corpus's Responses answers, streamed as the API streams them ──────────


def _corpus_answers() -> list[Any]:
    from ..providers.provider_support import body_id, complete_bodies

    cases = []
    for path in complete_bodies("openai"):
        body = json.loads(path.read_bytes())
        if isinstance(body, dict) and body.get("object") == "response" and body.get("output"):
            cases.append(pytest.param(body, id=body_id(path)))
    return cases or [pytest.param(None, marks=pytest.mark.skip(reason="the corpus is absent"))]


@pytest.mark.parametrize("body", _corpus_answers())
def test_the_corpus_answers_keep_the_rule(body: dict[str, Any]) -> None:
    """Hosted web_search / file_search / code_interpreter calls before the answer, reasoning with
    encrypted content, parallel calls, cited answers: translate names every item by the source's
    id, in place, in the events and the final response; encode of decoded events numbers the
    answer as the final response it writes holds it, the hosted items kept. (This builder streams
    no logprobs, and lm15 reads a citation's offsets as it does: there the final response is
    rebuilt from the events, not the backend's.)"""
    output = body["output"]
    stream = responses_stream(output, body)
    out = translated(stream, 64)
    assert item_rule_breaks(out) == [] and sdk_rule_breaks(out) == []
    assert [n for _, _, n in done_items(out)] == [item["id"] for item in output]
    named = [(item["type"], item["id"]) for item in output]
    assert [(item["type"], item["id"]) for item in final_output(out)] == named
    out = reencoded(stream)
    hosted = [item for item in output if item["type"] not in ("message", "reasoning", "function_call")]
    rewritten = any(item in hosted for item in output[: len(output) - len(hosted)])
    assert item_rule_breaks(out, ids=rewritten) == [] and sdk_rule_breaks(out, ids=rewritten) == []
    assert [item for item in final_output(out) if item in hosted] == hosted


# ── every source dialect, random streams ────────────────────────────────────

_WORDS = st.text(alphabet="abxy ", min_size=1, max_size=8).filter(lambda w: w.strip() == w and w != "")


@st.composite
def _responses_outputs(draw: st.DrawFn) -> list[dict[str, Any]]:
    kinds = draw(
        st.lists(st.sampled_from(["message", "call", "reasoning", "code", "search"]), min_size=1, max_size=6)
    )
    out: list[dict[str, Any]] = []
    for n, kind in enumerate(kinds):
        if kind == "message":
            out.append(message(n, draw(_WORDS)))
        elif kind == "call":
            out.append(call(n, json.dumps({"n": draw(st.integers(0, 99))})))
        elif kind == "reasoning":
            out.append(reasoning(n, draw(st.one_of(st.just(""), _WORDS))))
        elif kind == "code":
            out.append(code_call(n))
        else:
            out.append(search_call(n))
    return out


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_responses_outputs(), st.integers(0, 40))
def test_a_responses_source_keeps_the_rule_through_translate_and_encode(
    output: list[dict[str, Any]], size: int
) -> None:
    body = responses_stream(output)
    out = translated(body, size)
    assert item_rule_breaks(out) == [] and sdk_rule_breaks(out) == []
    assert final_output(out) == output  # translate: the source's items, places and ids, as they came
    assert [n for _, _, n in done_items(out)] == [item["id"] for item in output]
    out = reencoded(body)  # lm15's reading keeps no message id: the final response is the
    # backend's, its items at the events' places; renamed as the events named them only where it
    # had to be rewritten (a hosted item before them)
    hosted = [item for item in output if item["type"] in ("code_interpreter_call", "web_search_call")]
    rewritten = any(item in hosted for item in output[: len(output) - len(hosted)])
    assert item_rule_breaks(out, ids=rewritten) == [] and sdk_rule_breaks(out, ids=rewritten) == []
    assert [item for item in final_output(out) if item in hosted] == hosted  # none lost
    if not rewritten:
        assert final_output(out) == output


def _anthropic_stream(blocks: list[tuple[str, str]]) -> list[bytes]:
    def sse(data: dict[str, Any]) -> bytes:
        return f"event: {data['type']}\ndata: {json.dumps(data)}\n\n".encode()

    message_start = {
        "id": "msg_a",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": [],
        "stop_reason": None,
        "usage": {"input_tokens": 5, "output_tokens": 1},
    }
    out = [sse({"type": "message_start", "message": message_start})]
    for i, (kind, text) in enumerate(blocks):
        if kind == "text":
            start: dict[str, Any] = {"type": "text", "text": ""}
            deltas = [{"type": "text_delta", "text": text}]
        elif kind == "thinking":
            start = {"type": "thinking", "thinking": "", "signature": ""}
            deltas = [
                {"type": "thinking_delta", "thinking": text},
                {"type": "signature_delta", "signature": "c2ln"},
            ]
        elif kind == "tool_use":
            start = {"type": "tool_use", "id": f"toolu_{i}", "name": "lookup", "input": {}}
            deltas = [{"type": "input_json_delta", "partial_json": json.dumps({"q": text})}]
        else:  # a server tool's call and its result: lm15 leaves their blocks unread
            start = {"type": "server_tool_use", "id": f"srvtoolu_{i}", "name": "web_search", "input": {}}
            deltas = [{"type": "input_json_delta", "partial_json": json.dumps({"query": text})}]
        out.append(sse({"type": "content_block_start", "index": i, "content_block": start}))
        out += [sse({"type": "content_block_delta", "index": i, "delta": d}) for d in deltas]
        out.append(sse({"type": "content_block_stop", "index": i}))
    calls = any(kind == "tool_use" for kind, _ in blocks)
    delta = {"stop_reason": "tool_use" if calls else "end_turn", "stop_sequence": None}
    out.append(sse({"type": "message_delta", "delta": delta, "usage": {"output_tokens": 9}}))
    out.append(sse({"type": "message_stop"}))
    return out


_ANTHROPIC_BLOCKS = st.lists(
    st.tuples(st.sampled_from(["text", "thinking", "tool_use", "server"]), _WORDS), min_size=1, max_size=6
)


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        _ANTHROPIC_BLOCKS.map(lambda b: ("anthropic", _anthropic_stream(b))),
        GEMINI_STREAMS.map(lambda c: ("gemini", gemini_stream(c))),
        CHAT_SEGMENTS.map(lambda s: ("openai_chat", chat_stream(s))),
    ),
    st.booleans(),
)
def test_every_source_dialect_keeps_the_rule_to_a_responses_client(
    case: tuple[str, list[bytes]], whole: bool
) -> None:
    """rtfix34's numbering (0, 1, 2, ... where lm15 drops parts and no verbatim end lists them)
    holds beside the Responses source's: through translate and through encode of decoded events."""
    src, chunks = case
    body = b"".join(chunks)
    out = b"".join(lc.stream.translate(src, "openai", [body] if whole else chunks, request=REQUEST))
    assert item_rule_breaks(out) == [] and sdk_rule_breaks(out) == []
    try:
        events = list(lc.stream.decode(src, [body], request=REQUEST))
        out = b"".join(lc.stream.encode("openai", events))
    except lc.ValidationError as exc:  # an Anthropic server tool's call, unnamed: lm15 refuses it too
        assert src == "anthropic" and "without a name" in str(exc)
        return
    assert item_rule_breaks(out) == [] and sdk_rule_breaks(out) == []


# ── a backend's odd values ─────────────────────────────────────────────────


@pytest.mark.parametrize("odd", [7, ["msg"], {"a": 1}, "", None], ids=repr)
def test_an_item_id_that_is_not_a_string_leaves_the_writers_own(odd: Any) -> None:
    """The events name the item by the writer's id; the final response is the backend's, as it came
    (its item in place): an id the events could not carry is not the writer's to rename."""
    output = [message(1, "Done.")]
    body = responses_stream(output)
    added = body.index(b"response.output_item.added")  # the id the mapper reads, in that frame alone
    at = body.index(b'"id": "msg_src1"', added)
    body = body[:at] + b'"id": ' + json.dumps(odd).encode() + body[at + len(b'"id": "msg_src1"') :]
    out = translated(body)
    ((_, kind, item_id),) = done_items(out)
    assert kind == "message" and isinstance(item_id, str) and item_id.startswith("msg_")
    assert item_rule_breaks(out, ids=False) == [] and sdk_rule_breaks(out, ids=False) == []


@pytest.mark.parametrize("odd", [["code_interpreter_call"], {"t": 1}, 3], ids=repr)
def test_a_final_item_of_odd_type_and_id_is_kept_after_the_answer(odd: Any) -> None:
    """An item of the backend's final response whose ``type`` and ``id`` are not strings (hashed,
    they would raise a bare TypeError) is one no event carried: kept after the streamed items."""
    strange = {"id": {"not": "a string"}, "type": odd}
    final = {"type": "response.completed", "response": dict(BASE, output=[strange, message(1, "One.")])}
    body = responses_stream([message(1, "One.")])
    head, _, _ = body.rpartition(b"event: response.completed")
    body = head + b"event: response.completed\ndata: " + json.dumps(final).encode() + b"\n\n"
    out = reencoded(body)
    assert [item.get("type") for item in final_output(out)] == ["message", odd]
    assert item_rule_breaks(out) == []


@pytest.mark.parametrize("odd", ["", 5, None, ["msg"]], ids=repr)
@pytest.mark.parametrize("status", ["completed", "incomplete"])
def test_an_item_whose_own_id_is_no_string_takes_the_events_id_in_the_final(odd: Any, status: str) -> None:
    """Red team 35 F03: a source naming its message ``""`` / ``5`` in every frame. The events name
    it by the writer's id (translate hands over only a non-empty string); the backend's final
    response, written as it came, kept the odd value, so the openai SDK's ``output_item.done`` and
    ``get_final_response().output`` named the item differently. The final takes the events' id."""
    base = dict(BASE, status=status)
    if status == "incomplete":
        base["incomplete_details"] = {"reason": "max_output_tokens"}
    body = responses_stream([message(1, "Done.")], base).replace(b'"msg_src1"', json.dumps(odd).encode())
    for out in (translated(body), reencoded(body)):
        ((_, kind, item_id),) = done_items(out)
        assert kind == "message" and isinstance(item_id, str) and item_id.startswith("msg_")
        assert [item["id"] for item in final_output(out)] == [item_id]
        assert item_rule_breaks(out) == [] and sdk_rule_breaks(out) == []


@pytest.mark.parametrize("odd", ["", 5, []], ids=repr)
def test_a_call_whose_own_id_is_no_string_has_no_id_in_the_final(odd: Any) -> None:
    """Red team 36 F03: a source naming its function call ``""`` / ``5`` / ``[]``. The events name
    the call by its ``call_id`` (no item id), while the backend's final, written as it came, kept
    the odd value: the openai SDK's ``output_item.done`` read None, ``get_final_response()`` the
    odd id. The final's call loses it."""
    body = responses_stream([call(1, '{"q":1}'), message(1, "Done.")]).replace(
        b'"fc_src1"', json.dumps(odd).encode()
    )
    for out in (translated(body), reencoded(body)):
        ((_, _, call_id), (_, _, message_id)) = done_items(out)
        assert call_id is None
        first = final_output(out)[0]
        assert first["call_id"] == "call_src1" and "id" not in first
        done, final = sdk_final_items(out)
        assert [item_id for _, _, item_id in done] == [item_id for _, item_id in final] == [None, message_id]
        assert sdk_rule_breaks(out) == []
