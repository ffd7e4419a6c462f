"""``lc.encode_response(dst, lc.decode_response(src, body), usage_from=src)``: a gateway's
non-streamed answer gives its client the backend's counts in the client's meaning (red team 4
F03), read by each destination's own SDK models; without ``usage_from`` the body is written as
before (the counts as the Usage holds them)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from ..stream.test_translate_usage_meaning import CASES, _counts
from ..stream.usage_support import PAIRS, Counts, body_usage, check_client_counts, ids_aside, source_body


def _written(src: str, dst: str, sent: Counts) -> bytes:
    return lc.encode_response(dst, lc.decode_response(src, source_body(src, sent)), usage_from=src)


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize(("src", "dst"), PAIRS)
def test_a_body_gives_each_client_the_source_counts(src: str, dst: str, case: str) -> None:
    sent = CASES[case]
    check_client_counts(src, dst, sent, body_usage(dst, _written(src, dst, sent)), verbatim=src == dst)


def test_the_red_team_figures() -> None:
    body = source_body("anthropic", CASES["cache_read_and_write"])
    usage = body_usage(
        "openai_chat",
        lc.encode_response("openai_chat", lc.decode_response("anthropic", body), usage_from="anthropic"),
    )
    assert (usage.prompt_tokens, usage.prompt_tokens_details.cached_tokens, usage.total_tokens) == (
        1525,
        1000,
        1540,
    )
    chat = source_body(
        "openai_chat", Counts(input=1000, cache_read=800, cache_write=None, output=5, reasoning=None)
    )
    usage = body_usage(
        "anthropic",
        lc.encode_response("anthropic", lc.decode_response("openai_chat", chat), usage_from="openai_chat"),
    )
    assert (usage.input_tokens, usage.cache_read_input_tokens) == (200, 800)


@pytest.mark.parametrize(("src", "dst"), PAIRS)
def test_without_usage_from_the_counts_are_written_as_held(src: str, dst: str) -> None:
    """``usage_from=None`` (the default) is the old behaviour, and a dialect of the same meaning
    as the destination changes nothing either."""
    response = lc.decode_response(src, source_body(src, CASES["everything"]))
    plain = ids_aside(lc.encode_response(dst, response))
    assert ids_aside(lc.encode_response(dst, response, usage_from=None)) == plain
    same = {"openai": "openai_chat", "openai_chat": "openai"}.get(dst, dst)
    assert ids_aside(lc.encode_response(dst, response, usage_from=same)) == plain


def test_usage_from_must_name_a_dialect() -> None:
    response = lc.decode_response("openai_chat", source_body("openai_chat", CASES["plain"]))
    with pytest.raises(lc.ValidationError, match="usage_from"):
        lc.encode_response("anthropic", response, usage_from="vertex")
    with pytest.raises(lc.ValidationError, match="usage_from"):
        lc.encode_response("anthropic", response, usage_from=b"openai")  # type: ignore[arg-type]


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pair=st.sampled_from(PAIRS), sent=_counts())
def test_every_client_reads_the_source_counts_from_a_body(pair: tuple[str, str], sent: Counts) -> None:
    src, dst = pair
    # Anthropic's body always says input_tokens and output_tokens (its own body goes to an
    # Anthropic client verbatim: one without input_tokens is no body Anthropic sends)
    assume(src != "anthropic" or (sent.output is not None and sent.input is not None))
    check_client_counts(src, dst, sent, body_usage(dst, _written(src, dst, sent)), verbatim=src == dst)
