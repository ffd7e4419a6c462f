"""decode_response of many citations (red team 13 F02): Responses ``annotations`` and Anthropic
``citations`` typed in C by a view and built from a template, where every entry is a dict of the
view's types; else a dict at a time, as lm15's loop. The same parts either way, and lm15's."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
import lmcodec.providers as lcp
from lmcodec.providers.anthropic import body as anthropic_body
from lmcodec.providers.openai import _citations

from ..budget import examples
from .provider_support import check_body_value
from .test_decode_response_many_items import _constructor_calls

OPENAI_KEYS = ["url", "uri", "title", "filename", "file_id", "text", "snippet", "cited_text", "quote"]
ANTHROPIC_KEYS = ["url", "uri", "title", "document_title", "source_title", "cited_text", "text", "quote"]
SOURCE = "The quick brown fox"

_odd = st.none() | st.booleans() | st.integers(-3, 30) | st.floats() | st.lists(st.integers(), max_size=1)
_text = st.sampled_from(["", "a", "é", "0"]) | st.text(max_size=3)


def _entries(keys: list[str], with_spans: bool) -> Any:
    span = {
        "start_index": st.none() | st.integers(-3, 30) | _odd,
        "end_index": st.none() | st.integers(-3, 30),
    }
    values = {key: _text | _odd for key in keys} | (span if with_spans else {})
    entry = st.fixed_dictionaries({}, optional={**values, "type": st.just("url_citation")})
    return (
        st.lists(entry | _odd, max_size=5)
        | _odd
        | st.dictionaries(st.text(max_size=2), st.integers(), max_size=2)
    )


def _outcome(build: Any) -> Any:
    try:
        return [(type(p).__name__, p.url, p.title, p.text, p.continuation) for p in build()]
    except (TypeError, ValueError) as exc:
        return type(exc).__name__, str(exc)


@settings(max_examples=examples(400), deadline=None)
@given(_entries(OPENAI_KEYS, with_spans=True), st.sampled_from([SOURCE, "", "é" * 5]))
def test_responses_annotations_as_the_dict_loop_reads_them(annotations: Any, source: str) -> None:
    """Hypothesis: the typed path against lm15's loop over dicts (``citation_fields``) it skips."""
    expected = _outcome(lambda: _citations._dict_citation_parts(annotations or [], source))
    assert _outcome(lambda: _citations.citation_parts(annotations, source)) == expected


def _checked_citation(c: dict[str, Any]) -> lc.CitationPart | None:
    """lm15's ``_citation``, through the checked constructor (the path the template copy skips)."""
    url = c.get("url") or c.get("uri")
    title = c.get("title") or c.get("document_title") or c.get("source_title")
    text = c.get("cited_text") or c.get("text") or c.get("quote")
    fields = [str(value) if value else None for value in (url, title, text)]
    if fields == [None, None, None]:
        return None
    return lc.CitationPart(url=fields[0], title=fields[1], text=fields[2])


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=2), inner, max_size=2),
    max_leaves=4,
)


@settings(max_examples=examples(400), deadline=None)
@given(st.fixed_dictionaries({}, optional={key: _text | _json_values for key in ANTHROPIC_KEYS}))
def test_an_anthropic_citation_is_the_checked_constructors(citation: dict[str, Any]) -> None:
    """Hypothesis: the template copy against the checked constructor, any JSON value in any key."""
    got = anthropic_body._citation(citation)
    expected = _checked_citation(citation)
    assert _outcome(lambda: [got] if got else []) == _outcome(lambda: [expected] if expected else [])


ODD_OPENAI = [
    [{"type": "url_citation", "start_index": 4, "end_index": 9}],
    [{"type": "url_citation", "start_index": 4, "end_index": 90}],
    [{"type": "url_citation", "start_index": 4.7, "end_index": 9, "url": ""}],
    [{"type": "url_citation", "start_index": True, "end_index": 9}],
    [{"type": "file_citation", "file_id": "f1", "filename": ""}],
    [{"type": "url_citation", "url": 5, "title": ["t"]}],
    [{"type": "url_citation", "url": "", "uri": "u", "snippet": "s"}],
    [{"type": "x"}, "not a dict", None, {"quote": "q"}],
    [{"url": f"https://e.com/{i}", "start_index": i, "end_index": i + 2} for i in range(20)],
    [{"type": "url_citation", "start_index": 2**70, "end_index": 9}],
    ["\ud800"],  # a lone surrogate where the view wants a dict or an int: msgspec's error
    [{"type": "url_citation", "start_index": 4, "end_index": "\ud800"}],  # cannot spell it
    [{"type": "url_citation", "url": "\ud800", "start_index": 4, "end_index": 9}],
    {"url": "a dict, not a list"},
    "text",
    None,
    [],
]


@pytest.mark.parametrize("annotations", ODD_OPENAI, ids=range(len(ODD_OPENAI)))
def test_responses_annotations_read_as_lm15_reads_them(annotations: Any) -> None:
    content = {"type": "output_text", "text": SOURCE, "annotations": annotations}
    body = {
        "id": "r",
        "model": "g",
        "status": "completed",
        "output": [{"type": "message", "content": [content]}],
    }
    check_body_value("openai", body)


ODD_ANTHROPIC = [
    [{"type": "web_search_result_location", "url": "u", "title": "t", "cited_text": "c"}],
    [{"type": "char_location", "document_title": "d", "cited_text": "", "text": "x"}],
    [{"source_title": "s", "quote": "q", "url": ""}],
    [{"url": 7, "title": True}],
    [{"url": "u"}, "no", None, {"uri": "v"}, {}],
    [{"cited_text": 2**70}],
    ["\ud800", {"url": "\ud800", "cited_text": 4}],
    {"url": "a dict"},
    "text",
    None,
    [],
]


@pytest.mark.parametrize("citations", ODD_ANTHROPIC, ids=range(len(ODD_ANTHROPIC)))
def test_anthropic_citations_read_as_lm15_reads_them(citations: Any) -> None:
    body = {
        "id": "m",
        "type": "message",
        "role": "assistant",
        "model": "c",
        "content": [{"type": "text", "text": "hi", "citations": citations}],
        "stop_reason": "end_turn",
    }
    check_body_value("anthropic", body)


def _many(provider: str, n: int) -> bytes:
    if provider == "openai":
        annotations = [
            {
                "type": "url_citation",
                "start_index": i,
                "end_index": i + 1,
                "url": f"https://e.com/{i}",
                "title": "t",
            }
            for i in range(n)
        ]
        content = [{"type": "output_text", "text": "x" * 100, "annotations": annotations}]
        body: Any = {
            "id": "r",
            "model": "g",
            "status": "completed",
            "output": [{"type": "message", "content": content}],
        }
    else:
        blocks = [
            {
                "type": "text",
                "text": f"c{i}",
                "citations": [{"url": f"https://e.com/{i}", "cited_text": "ct"}],
            }
            for i in range(n)
        ]
        body = {"id": "m", "type": "message", "role": "assistant", "model": "c", "content": blocks}
    return json.dumps(body).encode()


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_checked_constructor_calls_do_not_grow_with_the_citations(provider: str) -> None:
    """Before: one checked CitationPart call per citation (~2.8 us each)."""
    counts = [
        _constructor_calls(lambda n=n: lcp.decode_response(provider, _many(provider, n))) for n in (4, 16)
    ]
    assert counts[1] == counts[0], counts
    assert len(lcp.decode_response(provider, _many(provider, 16)).message.parts) >= 16


def test_texts_without_annotations_convert_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Red team 47 F03: a Responses body of 40 texts, two of them cited, converts two annotation
    lists and plans no bare ``list[...]`` type (msgspec plans one again every call, ~9k
    instructions): before, 40 converts of ``list[_Annotation]``. Same parts either way."""
    calls: list[Any] = []
    convert = _citations.msgspec.convert

    def spy(value: Any, kind: Any, **kw: Any) -> Any:
        calls.append(kind)
        return convert(value, kind, **kw)

    content = [{"type": "output_text", "text": f"t{i}", "annotations": [], "logprobs": []} for i in range(40)]
    for i in (3, 30):
        content[i]["annotations"] = [{"type": "url_citation", "url": f"https://e.com/{i}", "title": "T"}]
    body = json.dumps({
        "id": "resp_1", "model": "gpt-4.1", "status": "completed",
        "output": [{"type": "message", "id": "msg_1", "role": "assistant", "content": content}],
    }).encode()  # fmt: skip
    monkeypatch.setattr(_citations.msgspec, "convert", spy)
    parts = lcp.decode_response("openai", body).message.parts
    assert [type(kind).__name__ for kind in calls] == ["StructMeta", "StructMeta"]
    assert [p.url for p in parts if isinstance(p, lc.CitationPart)] == ["https://e.com/3", "https://e.com/30"]
    assert len(parts) == 42
