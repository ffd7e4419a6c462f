"""Two identical citations (the same url, title and cited text) in a Gemini body: the writer writes
both (two ``groundingChunks``, two ``groundingSupports``: google-genai reads two), and lm15's Gemini
reader keeps one, deduplicating on (url, title, cited text); ``decode_response`` keeps lm15's
reading, so the pair reads back as one (red team 53, left in round 27; docs/writers.md, "Known
differences from the SDKs")."""

from __future__ import annotations

import json

from google.genai import types as genai_types

import lmcodec as lc

from .provider_support import lm15_response
from .sweep_support import LM_REQUEST

_CITATION = lc.CitationPart(text="doc", url="https://e.com/x", title="X")


def _cited(*parts: lc.Part) -> lc.Response:
    message = lc.Message(role="assistant", parts=parts)
    return lc.Response(id="r", model="m", message=message, finish_reason="stop", usage=lc.Usage())


def _citations(response: object) -> list[tuple[str | None, str | None, str | None]]:
    parts = response.message.parts  # type: ignore[attr-defined]
    return [(p.url, p.title, p.text) for p in parts if type(p).__name__ == "CitationPart"]


def test_two_identical_citations_are_written_twice_and_read_back_once_as_lm15_reads_them() -> None:
    for parts in (
        (lc.TextPart("doc"), _CITATION, lc.TextPart(" and doc"), _CITATION),
        (lc.TextPart("doc"), _CITATION, _CITATION),
    ):
        body = lc.encode_response("gemini", _cited(*parts))
        grounding = json.loads(body)["candidates"][0]["groundingMetadata"]
        assert len(grounding["groundingChunks"]) == len(grounding["groundingSupports"]) == 2
        read = genai_types.GenerateContentResponse.model_validate_json(body)
        metadata = read.candidates[0].grounding_metadata  # type: ignore[index]
        assert metadata is not None
        assert [s.grounding_chunk_indices for s in metadata.grounding_supports or ()] == [[0], [1]]
        one = [("https://e.com/x", "X", "doc")]
        assert _citations(lm15_response("gemini", body, LM_REQUEST)) == one
        assert _citations(lc.decode_response("gemini", body)) == one


def test_two_citations_that_differ_read_back_as_two() -> None:
    """The dedup is on the whole triple: another url, title or cited text is another citation."""
    other = lc.CitationPart(text="doc", url="https://e.com/y", title="X")
    body = lc.encode_response("gemini", _cited(lc.TextPart("doc"), _CITATION, other))
    assert _citations(lc.decode_response("gemini", body)) == [
        ("https://e.com/x", "X", "doc"),
        ("https://e.com/y", "X", "doc"),
    ]
