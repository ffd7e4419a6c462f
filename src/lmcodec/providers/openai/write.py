"""Canonical StreamEvents -> Responses API SSE; a Response -> its non-streamed body.

The stream is the one OpenAI sends: ``response.created`` and
``response.in_progress``; per output item ``response.output_item.added``, its
content events and ``response.output_item.done``; then ``response.completed``
(``response.incomplete`` for a ``length`` or ``content_filter`` finish,
``response.failed`` for ``error``), every event with its ``sequence_number``.

Output items, one per (canonical slot, kind), numbered 0, 1, 2, ... in order of
first appearance: an item's ``output_index`` is its position in the final
response's ``output`` (the API's meaning), whatever slots the source left
unread (a Gemini code execution part, an Anthropic server tool's blocks: red
team 31 F02):

- text and citations: a ``message`` item with one ``output_text`` part
  (``content_part.added``, ``output_text.delta`` with logprobs,
  ``output_text.annotation.added`` for a citation, ``output_text.done``,
  ``content_part.done``);
- a refusal (``write_refusal``: the translator's, of a Chat source's ``delta.refusal``): a
  ``message`` item whose one content part is a ``refusal`` (``response.refusal.delta`` / ``.done``);
- thinking: a ``reasoning`` item streamed as its summary
  (``reasoning_summary_part.added``, ``reasoning_summary_text.delta`` /
  ``.done``, ``reasoning_summary_part.done``); an OpenAI ``reasoning_item``
  continuation state gives the item its ``encrypted_content`` and, when the
  item is not written yet (no summary text before the state), its ``id``;
- a tool call: a ``function_call`` item (``call_id`` the call's id, else
  ``tool_call_<slot>``, the id lmcodec's assembler gives it), streamed as
  ``function_call_arguments.delta`` / ``.done``; a call whose fragments were all
  empty (Anthropic's call of a tool without parameters) gets a ``"{}"`` delta
  before its ``.done``, as OpenAI sends it (``""`` is not JSON). Whitespace-only fragments
  before the first that is not are dropped (JSON ignores whitespace before a value), so
  arguments of nothing but whitespace are ``"{}"`` too, as the Anthropic writer's client reads
  them (red team 36 F01); arguments whose first fragment is not whitespace are written fragment
  for fragment.

Items stay open until the end (``output_item.done`` in output order), so
interleaved fragments of parallel tool calls each land in their own item; a
reasoning item completes where its OpenAI state arrives (where the source's
``output_item.done`` was). Item ids are synthesized (``msg_``/``rs_`` + the stream's token + the
output index): lm15 keeps none. A ``function_call`` item carries no ``id``
(its ``call_id`` names it). A call whose id an earlier call of the stream has (a backend's or a
proxy's fault) is written with the call id ``<id>_<slot>``: the openai SDK's stream reader names a
``function_call`` item by its ``call_id`` and refuses two of one (red team 44 F03). A Responses
source's own ids, which ``translate`` hands over
(``name_item``: red team 32 F02), name the items instead, a call's ``id`` written as the API
writes it.

The response: ``id`` is the start event's (verbatim), else a fresh ``resp_``
id; ``model`` the start's. Every Responses object written carries the request echo the
openai SDK's ``Response`` model requires, as the API sends it for a request that set none
(``tools: []``, ``tool_choice: "auto"``, ``parallel_tool_calls: true``).
At the end, a ``provider_data`` that is the
Responses object of this same response (what decoding a Responses stream
keeps from ``response.completed``) is written verbatim as the final
response when it says what the events written say (the same texts, citations,
logprobs, tool calls, reasoning summaries, status, usage and model:
:mod:`._final`) and its items stand where the events put them, so a Responses stream decoded and
re-encoded decodes to the same events, provider_data included; saying the same with its items
elsewhere (a hosted tool call before the answer, which lm15 reads as nothing: red team 32 F03),
it is written with its items at the events' places and ids, the others after them
(``_final.agreed_output``); otherwise (a stream a gateway edited: its
text redacted, its usage recounted) the final response is built from the items
written, ``finish_reason`` and ``usage`` (the details reported, the three counts
the SDK requires: ``_sse_write.responses_usage``), the backend's items no event carried after
them, so the openai SDK's final response never contradicts the stream before it.
An error event is written as ``error`` followed by ``response.failed``, its code in
OpenAI's vocabulary (``_sse_write.error_code``: what lm15
reads back as the event's canonical code; the failed response's code the backend's own when the
event carries it, else one of the openai SDK's Literal); events after it are dropped (an error ends the
stream), an event after the end is a ValidationError, an UnknownEvent is
dropped (the writers' common rules, :mod:`lmcodec.stream.encoder`).

Audio and image deltas are ``response.output_audio.delta`` /
``response.output_image.delta`` events (what lm15 reads) of a message item of
their own per (slot, kind), added when the slot's first delta comes and done,
like every item, at the end holding ``encode_response``'s content block for
what ``lc.assemble`` makes of the deltas (the slot's last image, the audio
joined): the openai SDK's ``responses.stream()`` passes the delta events by, and
its final response holds that item.

Another provider's signed thinking (an Anthropic signature or redacted block, a
Gemini thought signature, at a reasoning item's slot) is written as the item's
``encrypted_content``, lmcodec's carriage (``_thinking_carriage``), which the
client replays and ``translate_request`` opens; an Anthropic signature at a slot
with no thinking (a block whose thinking is empty) opens the item. A reasoning
item with no state at all (thinking no provider signed) is marked ``UNSIGNED``
there, so its made-up id is never sent to OpenAI.
What this wire cannot carry: other continuation state of other providers (a
Gemini function call's thought signature; dropped), media by url or file id
(refused: ``_media_forms``), a media type (lm15 reads every audio delta as ``audio/wav``, every
image delta as ``image/png``). And a limit of the event order: the canonical
stream names a reasoning item's id only with its state, at the item's end (where
decoding a Responses stream yields it), while ``output_item.added`` must name the
id the item's ``.done`` repeats (the openai SDK holds them equal). The summary is
not held back for it: an item whose summary text streams before its state is
written under a synthesized ``rs_`` id, and its state reads back with that id
(``encrypted_content`` kept). A final response written verbatim (below) still
lists the backend's id, and the SDK's final response reports that one (item ids
are not compared).
lm15 1.5.0 reads neither ``response.incomplete`` nor ``response.failed``: a
stream ended that way reads back through lm15 (and lmcodec's lm15-exact
decoder) with no end event; :func:`lmcodec.stream.translate` reads
``response.incomplete`` as the response reads whole (``stream/_incomplete.py``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, ClassVar, Final

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers._decimals import DECIMAL_COUNT as _DECIMAL_COUNT
from lmcodec.providers._decimals import DECIMALS as _DECIMALS
from lmcodec.providers._errors import unwritable_unknown_delta
from lmcodec.providers._escapes import watch
from lmcodec.providers._media_forms import unwritable_media_delta
from lmcodec.providers._tool_arguments import is_blank
from lmcodec.providers.openai._body_write import encode_response
from lmcodec.providers.openai._final import agreed_output, says_the_same, uncarried
from lmcodec.providers.openai._output_item import OutputItem
from lmcodec.providers.openai._sse_write import AUDIO as _AUDIO
from lmcodec.providers.openai._sse_write import CALL as _CALL
from lmcodec.providers.openai._sse_write import (
    ENC,
    ENDINGS,
    NOTHING_REQUESTED,
    annotation,
    error_code,
    failed_code,
    is_this_response,
    logprob_entries,
    new_id,
    responses_usage,
)
from lmcodec.providers.openai._sse_write import IMAGE as _IMAGE
from lmcodec.providers.openai._sse_write import MESSAGE as _MESSAGE
from lmcodec.providers.openai._sse_write import REASONING as _REASONING
from lmcodec.providers.openai._sse_write import REFUSAL as _REFUSAL
from lmcodec.providers.openai._thinking_carriage import CARRIED
from lmcodec.providers.openai._whole_call import WholeCall
from lmcodec.providers.openai._write_items import NO_LOGPROBS as _NO_LOGPROBS
from lmcodec.providers.openai._write_items import ItemWriting
from lmcodec.providers.openai._write_items import event_head as _head
from lmcodec.wire import (
    AudioDelta,
    CitationDelta,
    ContinuationDelta,
    ContinuationState,
    ImageDelta,
    StreamDeltaEvent,
    StreamEndEvent,
    StreamErrorEvent,
    StreamEvent,
    StreamStartEvent,
    TextDelta,
    ThinkingDelta,
    ToolCallDelta,
)
from lmcodec.wire._exact import subclassed
from lmcodec.wire.unknown import UnknownDelta, UnknownEvent

__all__ = ["StreamWriter", "encode_response"]

_new: Final[Callable[..., Any]] = msgspec.StructMeta.__call__
_replace: Final[Callable[..., Any]] = msgspec.structs.replace
_TEXT: Final = _new(TextDelta, part_index=0, text="")
_THINKING: Final = _new(ThinkingDelta, part_index=0, text="")
_TOOL_CALL: Final = _new(ToolCallDelta, part_index=0, input="")
_EVENT: Final = _new(StreamDeltaEvent, delta=_TEXT)
# the in-progress response of response.created and .in_progress around its id, time and model: the
# bytes ENC writes for StreamWriter._response("in_progress"), cut there (one encode per value)
_IN_PROGRESS: Final = b',"status":"in_progress","error":null,"incomplete_details":null,"model":'
_NOTHING_YET: Final = (
    b',"output":[],' + ENC.encode(NOTHING_REQUESTED)[1:-1] + b',"usage":null},"sequence_number":'
)


class StreamWriter(ItemWriting):
    """Writes one stream, event by event, as Responses API SSE (one writer per stream)."""

    holds: ClassVar[bool] = False
    """Whether :meth:`flush` can write anything (every event is written as it is fed)."""

    __slots__ = (
        "_ended",
        "_errored",
        "_id",
        "_model",
        "_started",
        "created",
    )

    def __init__(self) -> None:
        self._started = False
        self._ended = False
        self._errored = False
        self._id = ""
        self._model = ""
        self._token = new_id("")
        self._seq = 0
        self._next_index = 0
        self._slots: dict[tuple[int, int], OutputItem] = {}  # (slot, kind) -> its open item
        # output_index -> item added, not yet done (in output order)
        self._open: dict[int, OutputItem | WholeCall] = {}
        self._pending: OutputItem | None = None  # a reasoning item not written yet (no summary text so far)
        self._carried: dict[int, list[ContinuationState]] = {}  # slot -> another provider's signed states
        self._output: dict[int, dict[str, Any] | msgspec.Raw] = {}  # output_index -> completed item
        self._relayed: dict[int, int] = {}  # a source's item the writer places: its index -> the written
        self._foreign_at: set[int] = set()  # output indexes of the source's items relayed and done
        self._names: dict[int, tuple[str, str]] = {}  # slot -> a Responses source's item type and id
        self._call_ids: set[str] = set()  # the call ids written: each call its own (red team 44 F03)
        self._whole: dict[int, WholeCall] | None = None  # slot -> its call that came whole, not done
        self._name_json: dict[str, bytes] | None = None  # a whole call's name -> its JSON string
        self._out: list[bytes] = []
        self.created = int(time.time())

    # ── the public face ───────────────────────────────────────────────────────

    def feed(self, event: StreamEvent) -> bytes:
        """The SSE bytes for one canonical event (may be empty; the rules: :mod:`lmcodec.stream.encoder`)."""
        if self._ended:
            if self._errored:  # an error ends the stream: what follows is dropped
                return b""
            raise ValidationError("an event after the end of the stream")
        ev: Any = event
        kind = type(ev)
        if kind is StreamDeltaEvent:
            delta: Any = ev.delta
            dtype = type(delta)
            if dtype is TextDelta and not delta.logprobs and (delta.part_index, _MESSAGE) in self._slots:
                return self.write_text(delta.part_index, delta.text)
            if not self._started:
                self._begin(None, None)
            self._delta(delta, dtype)
        elif kind is StreamStartEvent:
            if not self._started:
                self._begin(ev.id, ev.model)
        elif kind is StreamEndEvent:
            self._end(ev)
        elif kind is StreamErrorEvent:
            self._error(ev)
        elif (exact := subclassed(ev)) is not None:  # a user's subclass of an event: written as the event
            return self.feed(exact)
        elif kind is not UnknownEvent:  # an unknown frame of the source's adapter is not written
            raise ValidationError(f"the Responses stream writer expects a StreamEvent, got {kind.__name__}")
        return self._flush()

    def flush(self) -> bytes:
        """Nothing: every event is written as it is fed (nothing is held)."""
        return b""

    def close(self) -> bytes:
        """What ends the stream: nothing more (a stream that had no end event stays without one)."""
        return b""

    # ── a sink's calls (the stream has started): feed's bytes without an event object ──

    def write_text(self, part_index: int, text: str) -> bytes:
        """What ``feed`` writes for a TextDelta without logprobs."""
        item = self._slots.get((part_index, _MESSAGE))
        if item is None:
            if not self._started or self._ended:
                return self.feed(_replace(_EVENT, delta=_replace(_TEXT, part_index=part_index, text=text)))
            item = self._item(part_index, _MESSAGE)  # a new message (each block of a cited answer)
            if text:
                item.texts.append(text)
                self._out.append(self._frame_delta(item, text))
            return self._flush()
        if not text:
            return b""
        item.texts.append(text)
        return self._frame_delta(item, text)

    def write_refusal(self, part_index: int, text: str) -> bytes:
        """A refusal fragment as a ``refusal`` content part's delta, as the body writes a RefusalPart."""
        if not self._started:
            self._begin(None, None)
        item = self._item(part_index, _REFUSAL)
        if text:
            item.texts.append(text)
            self._out.append(self._frame_delta(item, text))
        return self._flush()

    def write_thinking(self, part_index: int, text: str) -> bytes:
        """What ``feed`` writes for a ThinkingDelta."""
        item = self._slots.get((part_index, _REASONING))
        if item is None or item is self._pending:
            return self.feed(_replace(_EVENT, delta=_replace(_THINKING, part_index=part_index, text=text)))
        if not text:
            return b""
        item.texts.append(text)
        return self._frame_delta(item, text)

    def write_tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> bytes:
        """What ``feed`` writes for a ToolCallDelta."""
        item = self._slots.get((part_index, _CALL))
        if item is None or (name is not None and not item.name):
            delta = _replace(_TOOL_CALL, part_index=part_index, input=fragment, id=id, name=name)
            return self.feed(_replace(_EVENT, delta=delta))
        if not fragment or (not item.texts and is_blank(fragment)):  # (whitespace before the value: dropped)
            return b""
        if item.held or "\\" in fragment:  # a lone surrogate spelled as an escape is refused
            item.held = watch(item.held, fragment, "openai")
        item.texts.append(fragment)
        seq = self._seq  # (_frame_delta's frame of a call's delta, inlined: one per fragment)
        self._seq = seq + 1
        number = _DECIMALS[seq] if seq < _DECIMAL_COUNT else str(seq).encode()
        return b"".join((item.head, ENC.encode(fragment), b',"sequence_number":', number, b"}\n\n"))

    # ── framing ───────────────────────────────────────────────────────────────

    def _flush(self) -> bytes:
        out = b"".join(self._out)
        self._out.clear()
        return out

    def _response(self, status: str, **extra: Any) -> dict[str, Any]:
        return {
            "id": self._id,
            "object": "response",
            "created_at": self.created,
            "status": status,
            "error": None,
            "incomplete_details": None,
            "model": self._model,
            "output": [],
            **NOTHING_REQUESTED,
            "usage": None,
            **extra,
        }

    # ── events ────────────────────────────────────────────────────────────────

    def _begin(self, id: str | None, model: str | None) -> None:
        self._started = True
        self._id = id or new_id("resp_")
        self._model = model or ""
        response = b"".join(
            (
                b'"response":{"id":',
                ENC.encode(self._id),
                b',"object":"response","created_at":',
                str(self.created).encode(),
                _IN_PROGRESS,
                ENC.encode(self._model),
                _NOTHING_YET,
            )
        )
        for kind in ("response.created", "response.in_progress"):
            self._out.append(b"".join((_head(kind), response, str(self._seq).encode(), b"}\n\n")))
            self._seq += 1

    def _delta(self, delta: Any, dtype: type) -> None:
        if dtype is TextDelta:
            item = self._item(delta.part_index, _MESSAGE)
            if delta.text or delta.logprobs:
                item.texts.append(delta.text)
                seq = self._seq
                self._seq += 1
                if delta.logprobs:
                    entries = logprob_entries(delta.logprobs, bytes_required=True)
                    item.logprobs.extend(entries)
                    tail = b',"logprobs":' + ENC.encode(entries) + b',"sequence_number":'
                else:
                    tail = _NO_LOGPROBS
                number = _DECIMALS[seq] if seq < _DECIMAL_COUNT else str(seq).encode()
                self._out.append(b"".join((item.head, ENC.encode(delta.text), tail, number, b"}\n\n")))
        elif dtype is ThinkingDelta:
            item = self._item(delta.part_index, _REASONING)
            if delta.text:
                if item is self._pending:
                    self._add(item)
                item.texts.append(delta.text)
                self._out.append(self._frame_delta(item, delta.text))
        elif dtype is ToolCallDelta:
            item = self._item(delta.part_index, _CALL, delta)
            if delta.input and (item.texts or not is_blank(delta.input)):  # (as in write_tool_input)
                if item.held or "\\" in delta.input:
                    item.held = watch(item.held, delta.input, "openai")
                item.texts.append(delta.input)
                self._out.append(self._frame_delta(item, delta.input))
        elif dtype is CitationDelta:  # (framed here: _emit_bodies of one event was a call a citation)
            item = self._item(delta.part_index, _MESSAGE)
            kind, body = item.annotation_added(annotation(delta.url, delta.title, delta.text))
            seq = self._seq
            self._seq = seq + 1
            self._out.append(
                b"".join((_head(kind), body, b',"sequence_number":', str(seq).encode(), b"}\n\n"))
            )
        elif dtype is ContinuationDelta:
            self._continuation(delta)
        elif dtype is AudioDelta or dtype is ImageDelta:
            refused = unwritable_media_delta("openai", delta)
            if refused is not None:
                raise refused
            if not delta.data:
                return
            item = self._item(delta.part_index, _AUDIO if dtype is AudioDelta else _IMAGE)
            item.texts.append(delta.data)
            self._out.append(self._frame_delta(item, delta.data))
        elif dtype is UnknownDelta:
            raise unwritable_unknown_delta("Responses", delta)
        elif (exact := subclassed(delta)) is not None:  # a user's subclass of a delta: written as its kind
            self._delta(exact, type(exact))

    def _continuation(self, delta: ContinuationDelta) -> None:
        if delta.part_index is None:
            return
        if delta.provider != "openai" or delta.kind != "reasoning_item":
            if (delta.provider, delta.kind) in CARRIED and not self._signs_a_call(delta):  # carried
                self._carried.setdefault(delta.part_index, []).append(delta.to_state())
                if delta.provider == "anthropic" and (delta.part_index, _REASONING) not in self._slots:
                    self._item(delta.part_index, _REASONING)  # a signed block whose thinking is empty
            return
        item = self._slots.get((delta.part_index, _REASONING))
        if item is None:
            item = self._item(delta.part_index, _REASONING)
        item.stated = True
        encrypted = delta.data.get("encrypted_content")
        if isinstance(encrypted, str):
            item.encrypted = encrypted
        if item is self._pending:  # not written yet: it takes the backend's id
            given = delta.data.get("id")
            if isinstance(given, str) and given:
                item.id = given
            self._add(item)
        self._done(item)  # the state comes with the item's done: the item is complete

    def _signs_a_call(self, delta: ContinuationDelta) -> bool:
        """Whether a Gemini signature is its call part's (the call item at its slot the last opened:
        a part's signature comes right after it). Not carried: carried at the slot lm15 reads the
        chunk's thought at too, it went back on the thought (docs/writers.md)."""
        if delta.provider != "gemini" or delta.part_index is None:
            return False
        call: OutputItem | WholeCall | None = self._slots.get((delta.part_index, _CALL))
        if call is None and self._whole is not None:
            call = self._whole.get(delta.part_index)
        return call is not None and call.index == self._next_index - 1

    def _end(self, event: StreamEndEvent) -> None:
        if not self._started:
            self._begin(None, None)
        status, reason = ENDINGS.get(event.finish_reason or "stop", ("completed", None))
        self._complete_open(cut=status == "incomplete")
        self._ended = True
        response = self._response(status)
        if reason is not None:
            response["incomplete_details"] = {"reason": reason}
        if status == "failed":
            response["error"] = {"code": "server_error", "message": "the model stopped with an error"}
        response["output"] = self._final_output()
        if event.usage is not None:
            response["usage"] = responses_usage(event.usage)
        else:  # lm15 reads a null usage as a crash: an unreported usage is left out
            del response["usage"]
        data = event.provider_data
        if data is not None and is_this_response(data, self._id):
            body = ENC.encode(data)
            given = data.get("output")
            items = given if isinstance(given, list) else []
            output = self._output_items()
            response["output"] = [output[index] for index in sorted(output)]
            if says_the_same(body, data, response):
                written = [(output[i], i in self._foreign_at) for i in sorted(output)]
                if agreed_output(items, written, renamed=False) != items:  # its items where the
                    # events put them, under the ids they gave them (docs/writers.md)
                    body = ENC.encode({**data, "output": agreed_output(items, written, renamed=True)})
                ending = data.get("status")
                kind = "response." + (ending if ending in ("incomplete", "failed") else "completed")
                seq = str(self._seq).encode()
                self._seq += 1
                self._out.append(
                    b"".join((_head(kind), b'"response":', body, b',"sequence_number":', seq, b"}\n\n"))
                )
                return
            relayed = [output[i] for i in sorted(self._foreign_at)]
            response["output"].extend(uncarried(items, relayed))  # the backend's hosted items kept
        self._emit("response." + status, {"response": response})

    def _final_output(self) -> list[dict[str, Any] | msgspec.Raw]:
        """The final response's items: those streamed, in output order (a media item too: red team
        9 F01, the openai SDK's ``responses.stream()`` passes the media delta events by, and its
        final response is this one)."""
        return [self._output[index] for index in sorted(self._output)]

    def _error(self, event: StreamErrorEvent) -> None:
        if not self._started:
            self._begin(None, None)
        self._ended = True
        self._errored = True
        error = event.error
        code = error_code(error)
        self._emit("error", {"code": code, "message": error.message, "param": None})
        failed = {"code": failed_code(code, error), "message": error.message}
        response = self._response("failed", error=failed)
        response["output"] = [self._output[index] for index in sorted(self._output)]
        self._emit("response.failed", {"response": response})
