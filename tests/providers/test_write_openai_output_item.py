"""The Responses writer's item events, written from byte templates (``providers/openai/_output_item``),
against the dict path they replaced: every event an item writes is the bytes ``msgspec`` encodes
for the event's dict in the API's key order (as the writer built and encoded it before), and
every item, content part and annotation its events repeat is, byte for byte, the one the final
response (still a dict, encoded whole) holds. Hypothesis runs streams of messages with
citations and logprobs, refusals, reasoning (OpenAI's state, another provider's signature, none)
and calls, with any text."""

from __future__ import annotations

import json
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.openai.write import StreamWriter

from ..budget import examples

_encode = msgspec.json.Encoder().encode


def _where(d: dict[str, Any], index_key: str | None) -> dict[str, Any]:
    out = {"item_id": d["item_id"], "output_index": d["output_index"]}
    if index_key is not None:
        out[index_key] = d[index_key]
    return out


def _item(item: dict[str, Any]) -> dict[str, Any]:
    """An output item in the API's key order (the dicts the writer encoded)."""
    kind = item["type"]
    if kind == "function_call":
        keys = ["type", "status", "arguments", "call_id", "name"]
    elif kind == "reasoning":
        keys = ["id", "type", "summary", "encrypted_content"]
        item = {**item, "summary": [_part(p) for p in item["summary"]]}
    else:
        keys = ["id", "type", "status", "role", "content"]
        item = {**item, "content": [_part(p) for p in item["content"]]}
    return {k: item[k] for k in keys if k in item}


def _annotation(a: dict[str, Any]) -> dict[str, Any]:
    if a["type"] == "url_citation":
        keys = ["type", "url", "title", "start_index", "end_index", "text"]
    else:
        keys = ["type", "file_id", "filename", "index", "text"]
    return {k: a[k] for k in keys if k in a}


def _part(p: dict[str, Any]) -> dict[str, Any]:
    if p["type"] == "output_text":
        return {
            "type": "output_text",
            "annotations": [_annotation(a) for a in p["annotations"]],
            "logprobs": p["logprobs"],
            "text": p["text"],
        }
    if p["type"] == "refusal":
        return {"type": "refusal", "refusal": p["refusal"]}
    return {"type": "summary_text", "text": p["text"]}


def _reference(d: dict[str, Any]) -> dict[str, Any] | None:
    """The event ``d`` as the dict path wrote it (None: not an item's event)."""
    kind = d["type"]
    body: dict[str, Any]
    if kind in ("response.output_item.added", "response.output_item.done"):
        body = {"output_index": d["output_index"], "item": _item(d["item"])}
    elif kind in ("response.content_part.added", "response.content_part.done"):
        body = {**_where(d, "content_index"), "part": _part(d["part"])}
    elif kind in ("response.reasoning_summary_part.added", "response.reasoning_summary_part.done"):
        body = {**_where(d, "summary_index"), "part": _part(d["part"])}
    elif kind == "response.output_text.annotation.added":
        body = {
            **_where(d, "content_index"),
            "annotation_index": d["annotation_index"],
            "annotation": _annotation(d["annotation"]),
        }
    elif kind == "response.output_text.done":
        body = {**_where(d, "content_index"), "text": d["text"], "logprobs": d["logprobs"]}
    elif kind == "response.refusal.done":
        body = {**_where(d, "content_index"), "refusal": d["refusal"]}
    elif kind == "response.reasoning_summary_text.done":
        body = {**_where(d, "summary_index"), "text": d["text"]}
    elif kind == "response.function_call_arguments.done":
        body = {**_where(d, None), "arguments": d["arguments"]}
    else:
        return None
    return {"type": kind, **body, "sequence_number": d["sequence_number"]}


def _check(written: bytes) -> None:
    frames = [f for f in written.split(b"\n\n") if f]
    datas = [f.split(b"\ndata: ", 1)[1] for f in frames]
    events = [json.loads(data) for data in datas]
    final = events[-1]["response"]["output"]
    for data, event in zip(datas, events, strict=True):
        reference = _reference(event)
        if reference is None:
            continue
        assert data == _encode(reference), event["type"]
        if event["type"] == "response.output_item.done":  # the item the final response holds
            item = _encode(event["item"])
            assert [_encode(entry) for entry in final if _encode(entry) == item], item
            assert data.find(b'"item":' + item + b',"sequence_number":') > 0
        if event["type"] == "response.content_part.done":
            assert _encode(event["part"]) in [_encode(c) for entry in final for c in entry.get("content", ())]
            assert data.find(b'"part":' + _encode(event["part"]) + b',"sequence_number":') > 0


def _delta(delta: Any) -> lc.StreamDeltaEvent:
    return lc.StreamDeltaEvent(delta=delta)


_texts = st.text(max_size=8)
_slots = st.integers(min_value=0, max_value=3)
_maybe = st.none() | _texts
_logprob = st.builds(
    lambda token, lp: lc.TokenLogprob(token=token, logprob=lp, bytes=None, top=()),
    st.text(max_size=3),
    st.floats(min_value=-30, max_value=0),
)
_ops = st.one_of(
    st.builds(
        lambda slot, text, lps: _delta(lc.TextDelta(part_index=slot, text=text, logprobs=tuple(lps))),
        _slots,
        _texts,
        st.lists(_logprob, max_size=2),
    ),
    st.builds(
        lambda slot, url, title, text: _delta(
            lc.CitationDelta(part_index=slot, url=url, title=title, text=text)
        ),
        _slots,
        _maybe,
        _maybe,
        _texts,
    ),
    st.builds(lambda slot, text: _delta(lc.ThinkingDelta(part_index=slot, text=text)), _slots, _texts),
    st.builds(
        lambda slot, fragment, name: _delta(
            lc.ToolCallDelta(part_index=slot, input=fragment, id=f"call_{slot}", name=name)
        ),
        st.integers(min_value=4, max_value=5),
        st.sampled_from(["", '{"a":', "1}", '"\\u00e9"', "\u2028"]),
        st.sampled_from(["look", "f\u00e9"]),
    ),
    st.builds(
        lambda slot, encrypted, given: _delta(
            lc.ContinuationDelta(
                provider="openai",
                kind="reasoning_item",
                data={"id": given, "encrypted_content": encrypted},
                part_index=slot,
            )
        ),
        _slots,
        _texts,
        st.sampled_from(["rs_1", 'rs_\u00e9"x']),
    ),
    st.builds(
        lambda slot, signature: _delta(
            lc.ContinuationDelta(
                provider="anthropic", kind="signature", data={"signature": signature}, part_index=slot
            )
        ),
        _slots,
        st.sampled_from(["c2ln", "EqQB"]),
    ),
)


@settings(max_examples=examples(200), deadline=None)
@given(ops=st.lists(_ops, max_size=12), refusal=st.none() | _texts)
def test_item_events_are_the_dicts_the_final_response_holds(ops: list[Any], refusal: str | None) -> None:
    writer = StreamWriter()
    out = [writer.feed(lc.StreamStartEvent(id="resp_1", model="m-1"))]
    for op in ops:
        try:
            out.append(writer.feed(op))
        except lc.LmcodecError:
            return  # a stream the writer refuses (a lone surrogate...): nothing written to compare
    if refusal is not None:
        out.append(writer.write_refusal(6, refusal))
    out.append(writer.feed(lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1))))
    _check(b"".join(out))


def test_a_cited_block_is_written_as_the_dict_path_wrote_it() -> None:
    """The cited answer block of red team 14 F09's shape: text, a url citation and one without a
    url, with escapes and a line separator in every value."""
    writer = StreamWriter()
    out = [writer.feed(lc.StreamStartEvent(id="resp_1", model="m-1"))]
    for i in range(3):
        out.append(writer.write_text(i, f'Fact "{i}"\u2028. '))
        cite = lc.CitationDelta(part_index=i, url=f'https://e.com/{i}?q="x"', title="P\u00e9", text="c\\d")
        out.append(writer.feed(_delta(cite)))
        out.append(writer.feed(_delta(lc.CitationDelta(part_index=i, title="file", text=None))))
    out.append(writer.feed(lc.StreamEndEvent(finish_reason="stop")))
    written = b"".join(out)
    _check(written)
    assert written.count(b"response.output_text.annotation.added\ndata") == 6


@settings(max_examples=examples(100), deadline=None)
@given(id=st.none() | _texts.filter(bool), model=st.none() | _texts.filter(bool))
def test_the_in_progress_response_is_the_dict_the_end_builds(id: str | None, model: str | None) -> None:
    """``response.created`` and ``.in_progress`` (a template around the id, time and model) against
    the writer's dict of a response (``_response``, what the final response is built from)."""
    writer = StreamWriter()
    written = writer.feed(lc.StreamStartEvent(id=id, model=model))
    expected = b""
    for seq, kind in enumerate(("response.created", "response.in_progress")):
        body = {"type": kind, "response": writer._response("in_progress"), "sequence_number": seq}
        expected += b"event: " + kind.encode() + b"\ndata: " + _encode(body) + b"\n\n"
    assert written == expected
