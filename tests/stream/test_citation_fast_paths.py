"""Citation events (red team 7, F01): a Responses ``annotation.added`` frame is mapped by a typed view,
not the port, and the assembler copies a CitationPart from a template, not through the checked
constructor; both against the slow path they replace."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.openai import port
from lmcodec.providers.openai import stream as openai_stream
from lmcodec.stream import _other_parts
from lmcodec.wire import CitationPart

from ..budget import examples

_CITE = {
    "type": "url_citation",
    "start_index": 0,
    "end_index": 5,
    "url": "https://example.com/a",
    "title": "A",
}


def _responses(events: list[dict[str, Any]]) -> bytes:
    created = {"type": "response.created", "response": {"id": "resp_1", "model": "gpt-5", "output": []}}
    usage = {"input_tokens": 1, "output_tokens": 2, "total_tokens": 3}
    completed = {"id": "resp_1", "model": "gpt-5", "status": "completed", "output": [], "usage": usage}
    done = {"type": "response.completed", "response": completed}
    frames = [created, *events, done]
    return "".join(f"data: {json.dumps(f)}\n\n" for f in frames).encode()


def _annotation(annotation: Any, output_index: Any = 0) -> dict[str, Any]:
    return {"type": "response.output_text.annotation.added", "output_index": output_index, "item_id": "msg_1",
            "content_index": 0, "annotation_index": 0, "annotation": annotation}  # fmt: skip


def test_annotation_frames_do_not_go_to_the_port_nor_the_checked_constructor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ported: list[str] = []
    checked: list[Any] = []
    real_port, real_checked = port.port_frame, _other_parts.checked

    def counted_port(payload: Any, model: Any, out: list[Any]) -> None:
        ported.append(payload.get("type"))
        real_port(payload, model, out)

    def counted_checked(cls: Any, **kwargs: Any) -> Any:
        checked.append(cls)
        return real_checked(cls, **kwargs)

    monkeypatch.setattr(port, "port_frame", counted_port)
    monkeypatch.setattr(_other_parts, "checked", counted_checked)
    body = _responses([_annotation(_CITE)] * 50)
    response = lc.assemble(lc.stream.decode("openai", [body]))
    assert response.message.parts == (CitationPart(url="https://example.com/a", title="A"),) * 50
    assert "response.output_text.annotation.added" not in ported  # was 50 times
    assert CitationPart not in checked  # was 50 times


_VALUES = st.sampled_from([None, "", "x", "https://e.com", 7, 0, True, [], {}, -1, "\u00e9"])
_KEYS = ["url", "uri", "title", "filename", "file_id", "text", "snippet", "cited_text", "quote",
         "start_index", "end_index", "type"]  # fmt: skip


class _RefuseAll:
    def decode(self, data: bytes) -> Any:
        raise msgspec.ValidationError("every frame to the port")


def _outcome(body: bytes) -> Any:
    try:
        events = list(lc.stream.decode("openai", [body]))
    except lc.LmcodecError as exc:
        return type(exc).__name__, str(exc)
    try:
        response: Any = lc.assemble(iter(events))
    except lc.LmcodecError as exc:
        response = (type(exc).__name__, str(exc))
    return events, response


@settings(max_examples=examples(300), deadline=None)
@given(
    annotations=st.lists(
        st.one_of(st.dictionaries(st.sampled_from(_KEYS), _VALUES, max_size=6), _VALUES),
        min_size=1,
        max_size=4,
    ),
    output_index=st.sampled_from([0, 2, -1, "1", None, 1.5, True]),
)
def test_annotation_frames_against_the_port(annotations: list[Any], output_index: Any) -> None:
    body = _responses([_annotation(a, output_index) for a in annotations])
    fast = _outcome(body)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(openai_stream, "frame_decoder", _RefuseAll())
        assert fast == _outcome(body)


@pytest.mark.parametrize("text", [None, "", "t", 5, True])
@pytest.mark.parametrize("url", [None, "", "u", 5])
@pytest.mark.parametrize("title", [None, "", "T", ["x"]])
def test_citation_part_against_the_checked_constructor(text: Any, url: Any, title: Any) -> None:
    try:
        want: Any = _other_parts.checked(CitationPart, text=text, url=url, title=title)
    except lc.LmcodecError as exc:
        want = (type(exc), str(exc))
    try:
        got: Any = _other_parts.citation_part(text, url, title)
    except lc.LmcodecError as exc:
        got = (type(exc), str(exc))
    assert got == want
    if isinstance(got, CitationPart):
        assert msgspec.structs.asdict(got) == msgspec.structs.asdict(want)
