"""The hand-off from a provider's stream mapper to whatever consumes the stream (the :class:`Sink` protocol).

It is defined here, beside the mappers that call it, so that the providers never import the stream
package that implements it; :mod:`lmcodec.stream.sink` is its public face.

A provider mapper (``lmcodec.providers.<name>.stream``) reads each SSE frame and
tells a :class:`Sink` what the wire said, one call per piece of content, in
stream order. It builds no event objects for the content that makes up nearly
all of a stream (text, thinking, tool-call argument fragments): the sink decides
what to make of them. Three sinks exist:

- :class:`lmcodec.stream.events.EventSink` builds the canonical
  :class:`lmcodec.StreamEvent` list that :func:`lmcodec.stream.decode`,
  :class:`lmcodec.stream.Decoder` and :func:`lmcodec.stream.adecode` return, with
  lm15's coalescing (one start first, synthesized where the wire has none; one
  merged end last) — the one coalescer;
- :class:`lmcodec.Assembler` folds the calls straight into its per-slot lists
  (what ``lc.assemble(lc.stream.decode(...))`` runs: no event object is built);
- the stream translator (:mod:`lmcodec.stream.translate`) writes another dialect.

What the calls mean (every sink honours the same contract):

- ``begin(model)`` comes first, once per stream: the model a synthesized start
  names (the request's model, else the model the stream's first frame names, read as
  lm15's ``json.loads`` reads it where the frame holds NaN or ``-Infinity``).
- ``start(id, model)``: a start frame of the provider (Responses
  ``response.created``, Anthropic ``message_start``). Only the stream's first start
  counts, and only if no delta came before it (a delta before any start means
  the stream started with a synthesized ``StreamStartEvent(model=<begin's model>)``,
  as lm15's ``coalesce_stream`` does); later starts are dropped.
- ``text(part_index, text)``: a :class:`lmcodec.TextDelta` with no logprobs.
- ``text_with_logprobs(part_index, text, logprobs)``: a :class:`lmcodec.TextDelta` with the
  logprobs of its tokens (a non-empty tuple; ``logprobs_complete`` True), as a mapper that read
  them hands it on: the Assembler appends the text and the logprobs, no event built.
- ``thinking(part_index, text)``: a :class:`lmcodec.ThinkingDelta`.
- ``tool_input(part_index, fragment, id, name)``: a :class:`lmcodec.ToolCallDelta`
  (``id``/``name`` ``None`` unless this fragment carries them).
- ``tool_call_value(part_index, args, id, name)``, optional: a sink that defines it
  (the Assembler) is handed a call that arrives whole with its arguments as the value
  msgspec decoded (Gemini's ``functionCall.args``); it means
  ``tool_input(part_index, compact_json(args), id, name)``, which every other sink is told.
- ``event(event)``: every other :class:`lmcodec.StreamEvent` — a delta of any
  other kind (a TextDelta the lm15 port built, logprobs or not, may come here too), an error event, an
  :class:`lmcodec.UnknownEvent` — in place. Never a start or an end.
- ``end(finish_reason, usage, provider_data)``: one end frame of the adapter, not
  yet merged. ``usage`` is ``None`` when the frame carried none and an empty
  ``Usage()`` when it carried an empty one (a value: it replaces an earlier usage
  and ranks as a usage frame); ``provider_data`` is the frame's JSON object (or
  the part lm15 keeps) or ``None``. The merge rule is lm15's
  (:class:`lmcodec.stream.coalesce.EndMerge`). ``strict_json`` is True when
  the frame was read by msgspec (so provider_data holds only str keys and
  finite numbers: the assembler does not walk it again), False when it was read
  by ``json.loads`` (NaN, Infinity, ``1e400`` may be in it).
- ``close()``: the input is exhausted; a sink that saw an end emits or applies the
  merged end now, and says whether it did. A stream without an end gets no end.
  Nothing is called after ``close()`` but ``begin()`` of a next stream.

A frame that cannot be mapped is reported by the mapper raising
:class:`lmcodec.StreamDecodeError` after the calls of the frames before it; the
sink is not told (it is simply not closed).
"""

from __future__ import annotations

from typing import Any, Protocol

from lmcodec.wire import StreamEvent, TokenLogprob, Usage

__all__ = ["Sink"]


class Sink(Protocol):
    """What a stream mapper hands its content to (see the module docstring for the contract)."""

    def begin(self, model: str | None) -> None:
        """A new stream: ``model`` is what a synthesized start names."""

    def start(self, id: str | None, model: str | None) -> None:
        """A provider start frame (only the first, before any delta, counts)."""

    def text(self, part_index: int, text: str) -> None:
        """A text fragment (no logprobs) of slot ``part_index``."""

    def text_with_logprobs(self, part_index: int, text: str, logprobs: tuple[TokenLogprob, ...]) -> None:
        """A text fragment of slot ``part_index`` with the (non-empty) logprobs of its tokens."""

    def thinking(self, part_index: int, text: str) -> None:
        """A thinking fragment of slot ``part_index``."""

    def tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> None:
        """A tool call's argument fragment of slot ``part_index`` (with id and name if it carries them)."""

    def event(self, event: StreamEvent) -> None:
        """Any other delta, error or unknown event, in stream order."""

    def end(
        self, finish_reason: str | None, usage: Usage | None, provider_data: Any, *, strict_json: bool = False
    ) -> None:
        """One adapter end frame, before merging (``strict_json``: provider_data was read by msgspec)."""

    def close(self) -> bool | None:
        """End of input: the merged end (if any end came) is due now; True when one came
        (a sink that returns None is taken as having seen none: a cut after the end goes unsaid)."""
