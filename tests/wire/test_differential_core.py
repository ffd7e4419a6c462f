"""Differential property tests: lmcodec's constructors and codec against lm15 1.5.0 itself.

Every case is an argument tree (:class:`Obj` nodes holding keyword arguments,
nested nodes, and opaque JSON). The same tree is built twice, once through
``lm15.types`` and once through ``lmcodec`` (same class names, same
arguments, some passed positionally in lm15's order). Then:

1. when lm15 builds the object, ``lc.encode`` (and ``lc.to_builtins``) must
   give exactly lm15's ``*_to_dict`` value: typed (1 != 1.0 != True), key
   order significant, and byte-identical to ``json.dumps`` when no float
   spelling can differ;
2. lm15's JSON text must decode with ``lc.decode`` into an equal object that
   re-encodes to the same value;
3. when lm15's constructor raises TypeError/ValueError, lmcodec's raises the
   same class.

Needs only lm15 and hypothesis (no corpus). Cases the strategies leave out
(non-finite logprobs, which lm15 writes as ``NaN``/``Infinity`` and strict
decoding rejects) have their own tests at the end of the file.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ..budget import examples
from .lm15_call_strategies import (
    cache_configs,
    configs,
    deltas,
    reasonings,
    requests,
    responses,
    stream_events,
    tool_choices,
    tools,
)
from .lm15_strategies import (
    adaptations,
    citation_parts,
    continuation_states,
    data_parts,
    error_details,
    media_parts,
    messages,
    text_parts,
    token_logprobs,
    tool_call_parts,
    tool_result_parts,
    top_logprobs,
    usages,
)
from .lm15_trees import SETTINGS, Obj, check

# ─── Property tests ──────────────────────────────────────────────────────────


@SETTINGS
@given(
    st.one_of(text_parts("TextPart"), text_parts("ThinkingPart"), text_parts("RefusalPart"), citation_parts())
)
def test_text_thinking_refusal_citation_parts(node: Obj) -> None:
    """Text, thinking, refusal and citation parts (CitationPart writes text,url,title) match lm15."""
    check(node)


@SETTINGS
@given(media_parts())
def test_media_parts(node: Obj) -> None:
    """Media parts with data (raw, data: URI, whitespace), url, file_id or path; detail; bad sources."""
    check(node)


@SETTINGS
@given(tool_call_parts())
def test_tool_call_part(node: Obj) -> None:
    """ToolCallPart input is opaque JSON: big ints, nesting, unicode and key order survive verbatim."""
    check(node)


@SETTINGS
@given(tool_result_parts())
def test_tool_result_part(node: Obj) -> None:
    """ToolResultPart: presentational content only, name/is_error emission, forbidden content rejected."""
    check(node)


@SETTINGS
@given(data_parts())
def test_data_part(node: Obj) -> None:
    """DataPart: any JSON value (null included), probabilities as floats, method iff probabilities."""
    check(node)


@SETTINGS
@given(continuation_states())
def test_continuation_state(node: Obj) -> None:
    """ContinuationState always writes data, even {}."""
    check(node)


@SETTINGS
@given(messages())
def test_message(node: Obj) -> None:
    """Messages of every role with role-appropriate parts; wrong roles/parts combinations rejected alike."""
    check(node)


@SETTINGS
@given(deltas())
def test_deltas(node: Obj) -> None:
    """All Delta variants: part_index coercion, '' kept, only None dropped, ContinuationDelta order."""
    check(node)


@SETTINGS
@given(stream_events())
def test_stream_events(node: Obj) -> None:
    """Stream start/delta/end/error events (StreamEndEvent(usage=Usage()) omits usage)."""
    check(node)


@SETTINGS
@given(usages())
def test_usage(node: Obj) -> None:
    """Usage: None vs 0, total_tokens auto-computed only from both counters, 2.0 -> 2."""
    check(node)


@SETTINGS
@given(st.one_of(token_logprobs(), top_logprobs()))
def test_token_and_top_logprob(node: Obj) -> None:
    """TokenLogprob/TopLogprob: logprob int -> float, bytes [] kept, top only when non-empty."""
    check(node)


@SETTINGS
@given(st.one_of(tool_choices(), reasonings(), cache_configs()))
def test_tool_choice_reasoning_cache(node: Obj) -> None:
    """ToolChoice, Reasoning (incl. budget-only effort fill) and CacheConfig, valid and invalid."""
    check(node)


@SETTINGS
@given(configs())
def test_config(node: Obj) -> None:
    """Config: every field, 2.0 -> 2 and 1 -> 1.0 coercions, 0/False kept, empties dropped."""
    check(node)


@SETTINGS
@given(tools())
def test_tools(node: Obj) -> None:
    """FunctionTool/BuiltinTool: description '' dropped, parameters always last, config {} dropped."""
    check(node)


@settings(SETTINGS, max_examples=examples(80))
@given(requests())
def test_request(node: Obj) -> None:
    """Request: system str or parts, tools, config with tool_choice.allowed checked against tools."""
    check(node)


@settings(SETTINGS, max_examples=examples(80))
@given(responses(), st.booleans())
def test_response(node: Obj, include_provider_data: bool) -> None:
    """Response: logprobs (() -> omitted), adaptations, usage, provider_data only when asked for."""
    check(node, include_provider_data=include_provider_data)


@SETTINGS
@given(error_details())
def test_error_detail(node: Obj) -> None:
    """ErrorDetail: http_response normalized (retry_after float, rate-limit headers filtered)."""
    check(node)


@SETTINGS
@given(adaptations())
def test_adaptation(node: Obj) -> None:
    """lm15.adaptation.Adaptation vs lc.Adaptation: asked/applied written only when not None."""
    check(node)
