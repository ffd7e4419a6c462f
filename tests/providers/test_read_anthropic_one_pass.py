"""The Anthropic reader's one-pass decode (``BodyView``) against its key-by-key decode.

A body of mapped keys only is decoded in one pass, its messages and tools with the top level;
every other body key by key, where each decoder names its fault with its JSON path. Both must
give the same Request, or the same error (class, message, path). Bodies: lm15's own bodies for
hypothesis-generated Requests, the client fixtures, and both mutated at a random place.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.anthropic import read
from lmcodec.providers.anthropic._read_config import MAPPED
from lmcodec.providers.anthropic._read_views import BodyView

from ..budget import examples
from ..wire.lm15_trees import SETTINGS
from .request_support import canonical_requests, lm15_build, rich_requests
from .test_read_openai_chat_typed import mutated

PROVIDER = "anthropic"
FIXTURES = sorted((Path(__file__).parent.parent / "fixtures" / "requests" / PROVIDER).glob("*.json"))


def _key_by_key(body: bytes, mapper: Callable[..., lc.Request] = read._read) -> lc.Request:
    return mapper(read._TOP.decode(body))


def _outcome(body: bytes, *, one_pass: bool) -> lc.Request | tuple[type, str, str | None]:
    """The general path's outcome (the typed fast path has its own test, test_read_anthropic_typed)."""
    with mock.patch.object(read, "_read_one_pass", read._read_one_pass if one_pass else _key_by_key):
        try:
            return read._decode_general(body)
        except lc.LmcodecError as exc:
            return type(exc), str(exc), getattr(exc, "path", None)


def check_agree(body: bytes) -> None:
    assert _outcome(body, one_pass=True) == _outcome(body, one_pass=False)


def test_the_view_declares_exactly_the_mapped_keys() -> None:
    """A mapped key the view missed would send its bodies key by key; an extra one would escape a rule."""
    assert set(BodyView.__struct_fields__) == MAPPED


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_fixtures(path: Path) -> None:
    check_agree(path.read_bytes())


def test_the_workload_takes_one_pass() -> None:
    body = FIXTURES[0].read_bytes()
    whole = msgspec.json.decode(body)
    if set(whole) <= MAPPED:
        read._BODY.decode(body)  # no ValidationError: the one-pass view takes it


@settings(SETTINGS, max_examples=examples(200))
@given(st.one_of(rich_requests(PROVIDER), canonical_requests(PROVIDER)), st.data())
def test_lm15_bodies_and_their_mutations(request: lc.Request, data: st.DataObject) -> None:
    built = lm15_build(PROVIDER, request)
    if built.error is not None:
        return
    check_agree(json.dumps(built.body_value).encode())
    check_agree(json.dumps(data.draw(mutated(built.body_value))).encode())


@settings(SETTINGS, max_examples=examples(200))
@given(st.sampled_from(FIXTURES), st.data())
def test_mutated_fixtures(path: Path, data: st.DataObject) -> None:
    check_agree(json.dumps(data.draw(mutated(json.loads(path.read_bytes())))).encode())
