"""A Responses text's ``annotations`` as the citation parts lm15's ``parse_response`` makes of them
(:func:`~lmcodec.providers.openai.views.citation_fields` per dict), typed in C where every
annotation is a dict of the types the view declares (red team 13 F02)."""

from __future__ import annotations

from typing import Any

import msgspec

from lmcodec.providers._content import citation_part
from lmcodec.providers.openai.views import citation_fields
from lmcodec.wire import CitationPart

__all__ = ["citation_parts"]


class _Annotation(msgspec.Struct):
    """The keys ``citation_fields`` reads, as plain str or int (what else it coerces goes its way)."""

    url: str | None = None
    uri: str | None = None
    title: str | None = None
    filename: str | None = None
    file_id: str | None = None
    text: str | None = None
    snippet: str | None = None
    cited_text: str | None = None
    quote: str | None = None
    start_index: int | None = None
    end_index: int | None = None


class _Annotations(msgspec.Struct):
    """A text's annotations as one Struct: msgspec keeps a Struct class's type plan, where it plans
    a bare ``list[_Annotation]`` again on every ``convert`` (~9k instructions a call)."""

    annotations: list[_Annotation]


def citation_parts(annotations: Any, source_text: str) -> list[CitationPart]:
    """The citations of ``annotations`` (the text's ``annotations`` value) over ``source_text``."""
    if type(annotations) is list:
        if not annotations:  # what nearly every text carries: no citations
            return []
        try:
            views = msgspec.convert({"annotations": annotations}, _Annotations).annotations
        except (msgspec.ValidationError, UnicodeEncodeError):
            # an annotation not a dict, or a value of another type (one holding a lone surrogate:
            # msgspec cannot spell it in its error and raises UnicodeEncodeError instead)
            return _dict_citation_parts(annotations, source_text)
        return _typed_citation_parts(views, source_text)
    return _dict_citation_parts(annotations or [], source_text)


def _typed_citation_parts(views: list[_Annotation], source_text: str) -> list[CitationPart]:
    """``citation_fields`` over views: ``_str_or_none`` of a str is the str unless empty, and
    ``int_or_none`` of an int is the int; each part is strs or None with one set, which the
    checked constructor takes unchanged."""
    parts: list[CitationPart] = []
    for view in views:
        url = view.url or view.uri or None
        title = view.title or view.filename or view.file_id or None
        text = view.text or view.snippet or view.cited_text or view.quote or None
        if text is None:
            start, end = view.start_index, view.end_index
            if start is not None and end is not None and 0 <= start < end <= len(source_text):
                text = source_text[start:end]
        if url is not None or title is not None or text is not None:
            parts.append(citation_part(url, title, text))
    return parts


def _dict_citation_parts(annotations: Any, source_text: str) -> list[CitationPart]:
    """lm15's loop, a dict at a time (the reference of :func:`_typed_citation_parts`)."""
    parts: list[CitationPart] = []
    for annotation in annotations:
        if not isinstance(annotation, dict):
            continue
        fields = citation_fields(annotation, source_text)
        if fields is not None:
            url, title, cited = fields
            parts.append(CitationPart(url=url, title=title, text=cited))
    return parts
