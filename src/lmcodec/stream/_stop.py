"""A client-side stop sequence applied to a translated stream, as lm15's runtime applies it.

A wire with no stop field (OpenAI Responses) gets a request's ``stop`` as a ``client_side``
Adaptation (MAP-13): lm15's runtime cuts the stream it reads at the first stop sequence
(``result.truncate_stream_at_stop``): the text deltas of every part are one text, a sequence may
span deltas, the text before the first occurrence is kept, and the stream ends there with a
``stop`` end that reports no usage (the final frame was never read); a writer that names the
sequence that matched (Anthropic: ``stop_reason: "stop_sequence"``, ``stop_sequence``) is told it
(``stopped_at``). :class:`StopSink` is that
cutter in front of the translator's writer-sink: a text delta that may hold the start of a
sequence is held (with the calls after it, to keep their order) until the text after it rules
the sequence in or out. The logic is lm15's ``_StopCutter``, over sink calls instead of events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

import msgspec

from lmcodec.stream.events import scored_text_event
from lmcodec.wire import Adaptation, StreamDeltaEvent, StreamEvent, TextDelta, TokenLogprob, Usage

__all__ = ["StopSink", "client_side_stops"]

_replace: Final = msgspec.structs.replace


def client_side_stops(adaptations: Iterable[Adaptation]) -> tuple[str, ...]:
    """The stop sequences a built request leaves to its client (``config.stop``, ``client_side``:
    the sequences it was to apply, its ``applied``), empty ones left out."""
    for adaptation in adaptations:
        if adaptation.field == "config.stop" and adaptation.action == "client_side":
            applied = adaptation.applied
            if isinstance(applied, (list, tuple)):
                return tuple(s for s in applied if isinstance(s, str) and s)
    return ()


def _first_stop(text: str, stops: tuple[str, ...]) -> tuple[int, str]:
    """Where the first stop sequence in ``text`` starts (-1: none), and that sequence (the first
    of ``stops`` to start there)."""
    best, fired = -1, ""
    for stop in stops:
        at = text.find(stop)
        if at >= 0 and (best < 0 or at < best):
            best, fired = at, stop
    return best, fired


def _scores_before_cut(scores: tuple[TokenLogprob, ...], text: str, cut_at: int) -> tuple[Any, bool]:
    """lm15's rule for a cut delta's logprobs: the scores of whole tokens before the cut, never a
    fragment's (``(scores, incomplete)``)."""
    if not scores or cut_at == 0:
        return (), False
    if cut_at == len(text):
        return scores, False
    try:
        spelled = [bytes(s.bytes) if s.bytes is not None else s.token.encode("utf-8") for s in scores]
        boundary = len(text[:cut_at].encode("utf-8"))
        if b"".join(spelled) != text.encode("utf-8"):
            return (), True
    except (ValueError, UnicodeError):
        return (), True
    end = 0
    for index, data in enumerate(spelled):
        if end == boundary:
            return scores[:index], False
        end += len(data)
        if end > boundary:
            return scores[:index], True
    return scores, False


class _Text:
    """A held text delta: a plain fragment, or a TextDelta event (one with logprobs)."""

    __slots__ = ("event", "part_index", "text")

    def __init__(self, part_index: int, text: str, event: StreamDeltaEvent | None) -> None:
        self.part_index = part_index
        self.text = text
        self.event = event


class StopSink:
    """A :class:`~lmcodec.stream.sink.Sink` cutting the text at the first of ``stops`` before
    ``sink`` (the translator's writer-sink, which ``end_at_cut`` ends with lm15's ``stop``)."""

    __slots__ = ("_held", "_hold", "_joined", "_sink", "_stops", "cut")

    def __init__(self, sink: Any, stops: tuple[str, ...]) -> None:
        self._sink = sink
        self._stops = stops
        self._hold = max(len(s) for s in stops) - 1
        self._held: list[_Text | Callable[[], None]] = []
        self._joined = ""  # the text of the held text deltas, kept (not joined again per delta)
        self.cut = False  # a sequence was found: the stream ended there, nothing more is read

    def begin(self, model: str | None) -> None:
        self._sink.begin(model)

    def start(self, id: str | None, model: str | None) -> None:
        self._other(lambda: self._sink.start(id, model))

    def text(self, part_index: int, text: str) -> None:
        self._text(_Text(part_index, text, None))

    def text_with_logprobs(self, part_index: int, text: str, logprobs: tuple[TokenLogprob, ...]) -> None:
        self._text(_Text(part_index, text, scored_text_event(part_index, text, logprobs)))

    def thinking(self, part_index: int, text: str) -> None:
        self._other(lambda: self._sink.thinking(part_index, text))

    def tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> None:
        self._other(lambda: self._sink.tool_input(part_index, fragment, id, name))

    def next_thinking(self) -> None:
        self._other(self._sink.next_thinking)

    def refusal(self, part_index: int, text: str) -> None:
        """A refusal fragment (not text lm15 reads, so never cut), in its place."""
        self._other(lambda: self._sink.refusal(part_index, text))

    def chat_audio(self, audio: dict[str, Any]) -> None:
        """A Chat ``delta.audio`` fragment (``stream/_chat_extras.py``), in its place."""
        self._other(lambda: self._sink.chat_audio(audio))

    def chat_function_call(self, call: dict[str, str]) -> None:
        """A Chat ``delta.function_call`` fragment (``stream/_chat_extras.py``), in its place."""
        self._other(lambda: self._sink.chat_function_call(call))

    def chat_annotations(self, annotations: list[dict[str, Any]]) -> None:
        """A Chat ``delta.annotations`` list (``stream/_chat_extras.py``), in its place."""
        self._other(lambda: self._sink.chat_annotations(annotations))

    def other_choice(self, index: Any) -> None:
        """A Chat choice other than the first (``stream/_chat_extras.py``), in its place."""
        self._other(lambda: self._sink.other_choice(index))

    def foreign_item(self, item_type: str, frame: bytes) -> None:
        """An event of an output item lm15 does not read (``stream/_foreign_items.py``), in its place."""
        self._other(lambda: self._sink.foreign_item(item_type, frame))

    def source_item(self, output_index: int, item_type: str, item_id: str) -> None:
        """A Responses source's id of an item it adds (``stream/_foreign_items.py``), in its place."""
        self._other(lambda: self._sink.source_item(output_index, item_type, item_id))

    def event(self, event: StreamEvent) -> None:
        if type(event) is StreamDeltaEvent and type(event.delta) is TextDelta:
            self._text(_Text(event.delta.part_index, event.delta.text, event))
        elif event.type == "error":  # lm15 yields what it held, then the error
            if not self.cut:
                self._release_all()
                self._sink.event(event)
        else:
            self._other(lambda: self._sink.event(event))

    def end(
        self, finish_reason: str | None, usage: Usage | None, provider_data: Any, *, strict_json: bool = False
    ) -> None:
        if not self.cut:
            self._sink.end(finish_reason, usage, provider_data, strict_json=strict_json)

    def close(self) -> bool | None:
        if self.cut:  # the end was written at the cut
            return True
        self._release_all()
        result: bool | None = self._sink.close()
        return result

    def _other(self, call: Callable[[], None]) -> None:
        if self.cut:
            return
        if self._held:
            self._held.append(call)
        else:
            call()

    def _text(self, text: _Text) -> None:
        if self.cut:
            return
        self._held.append(text)
        joined = self._joined = self._joined + text.text
        at, fired = _first_stop(joined, self._stops)
        if at >= 0:
            self._release(at, cutting=True)
            self._held = []
            self._joined = ""
            self.cut = True
            self._sink.end_at_cut(fired)
        else:
            self._joined = joined[self._release(max(0, len(joined) - self._hold)) :]

    def _release_all(self) -> None:
        held = self._held
        self._held = []
        self._joined = ""
        for item in held:
            self._write(item)

    def _release(self, count: int, *, cutting: bool = False) -> int:
        """lm15's ``_take``: the held calls in order while their text fits in ``count`` characters
        (the calls between are released with them); cutting, the text delta at the boundary is
        written up to it. Returns how many characters of held text were written."""
        held = self._held
        taken = 0
        left = count
        for item in held:
            if not isinstance(item, _Text):
                self._write(item)
                taken += 1
                continue
            if cutting and count == 0:
                break
            if len(item.text) <= count:
                self._write(item)
                taken += 1
                count -= len(item.text)
            elif cutting:
                self._write(_cut(item, count))
                taken += 1
                break
            else:
                break
        del held[:taken]
        return left - count

    def _write(self, item: _Text | Callable[[], None]) -> None:
        if not isinstance(item, _Text):
            item()
        elif item.event is None:
            self._sink.text(item.part_index, item.text)
        else:
            self._sink.event(item.event)


def _cut(item: _Text, count: int) -> _Text:
    """``item`` cut to its first ``count`` characters (its logprobs as lm15 cuts them)."""
    event = item.event
    if event is None:
        return _Text(item.part_index, item.text[:count], None)
    delta = event.delta
    assert type(delta) is TextDelta
    scores, incomplete = _scores_before_cut(delta.logprobs or (), delta.text, count)
    cut = _replace(
        delta,
        text=delta.text[:count],
        logprobs=scores,
        logprobs_complete=delta.logprobs_complete and not incomplete,
    )
    return _Text(item.part_index, cut.text, _replace(event, delta=cut))
