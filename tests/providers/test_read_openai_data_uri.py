"""The OpenAI readers' data-URI split (``providers/openai/_read_common.data_uri``), one search and
two slices since red team 47 F02, is the partition it replaced, kept here as the oracle."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from lmcodec.providers.openai._read_common import data_uri

from ..budget import examples


def _oracle(url: str) -> tuple[str, str] | None:
    head, sep, data = url[5:].partition(";base64,")
    if not sep or not data or not head:
        return None
    return head, data


_PIECES = st.sampled_from(["", "image/png", ";", "base64", ",", ";base64,", ";base64", "data:", "A", "é"])
_URLS = st.builds("".join, st.lists(_PIECES, max_size=6)).map(lambda rest: "data:" + rest)


@settings(max_examples=examples(1000), deadline=None)
@given(_URLS | st.text(max_size=20).map(lambda rest: "data:" + rest))
@example("data:")
@example("data:;base64,AAAA")
@example("data:image/png;base64,")
@example("data:a;base64,b;base64,c")
def test_split_is_the_partition(url: str) -> None:
    assert data_uri(url) == _oracle(url)
