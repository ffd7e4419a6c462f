"""Canonical StreamEvents -> Chat Completions SSE (``chat.completion.chunk``); a Response -> its body.

The stream is what OpenAI sends with ``stream_options.include_usage``: a first chunk with ``role``
(and ``content: ""``), one chunk per text, reasoning or tool-call fragment, a chunk with
``finish_reason`` and an empty delta, the usage chunk with empty ``choices``, then ``data: [DONE]``.
A writer made with ``include_usage=False`` (a client that did not ask for the option) sends no
usage chunk, as OpenAI does not (a backend's own chunk carrying a usage is then not written
verbatim either). Every chunk carries the same ``id``, ``created`` and ``model``.

Where the values come from:

- ``id``: the start event's id (kept verbatim, ``msg_...`` included), else a
  fresh ``chatcmpl-`` id; ``model``: the start event's model. lm15 reads no
  id from a Chat stream, so a Chat stream re-encoded gets a fresh id on the
  chunks before the end.
- Tool calls get ``index`` 0, 1, ... in order of first appearance (clients
  accumulate them by index); the first fragment carries ``id`` (the call's id,
  else ``tool_call_<part_index>``, the id lmcodec's assembler gives it),
  ``type`` and ``function.name``; later fragments only ``arguments``. A call
  whose fragments were all empty (Anthropic's call of a tool without
  parameters) gets ``"{}"`` before the finish, as OpenAI sends it (``""`` is not
  JSON). Whitespace-only fragments before the first that is not are written as
  ``""`` (JSON ignores whitespace before a value), so arguments of nothing but
  whitespace are ``"{}"`` too, as the Anthropic and Responses writers' clients
  read them (red team 36 F01). Not before: interleaved calls may get fragments until the end, so the
  openai SDK's ``arguments.done`` event of such a call that another call
  follows still says ``""``; its accumulated message says ``"{}"``.
- ``finish_reason``: a ``tool_call`` finish is ``tool_calls`` only when a tool
  call was written, else ``stop`` (``tool_calls`` promises ``message.tool_calls``;
  an Anthropic ``pause_turn`` holds none: docs/writers.md), or ``function_call`` after a Chat
  source's legacy ``delta.function_call`` (``translate``: ``write_chat_function_call``).
- Reasoning is ``delta.reasoning_content`` (DeepSeek, SGLang and vLLM servers;
  what lm15 reads); text logprobs are ``choices[0].logprobs.content``.
- The end: if its ``provider_data`` is a Chat chunk whose delta carries no
  content (what decoding a Chat stream keeps: its usage or finish chunk), whose
  choices are all choice 0 (``"index": 0``, the one choice written), that
  names the id and model every chunk written names (the start's, a gateway may
  rename them; an id the writer made up where the start named none), and
  lmcodec's own mapper reads it as this end (its finish reason, usage and the
  chunk itself; the tests: ``_end_chunk.py``), that chunk is written verbatim, so a Chat stream decoded and
  re-encoded decodes to the same events, provider_data included. Otherwise (an
  end a gateway changed: its usage recounted, its finish mapped) the finish
  and usage chunks are written from ``finish_reason`` and ``usage``: the
  backend's chunk never contradicts the end.
- An error event is ``data: {"error": {...}}`` (what OpenAI sends and the openai SDK raises as
  ``APIError``), its code in OpenAI's vocabulary, read back by lm15 as the event's canonical code
  (``openai/_sse_write.error_code``); no ``[DONE]`` follows, and events after it are dropped (an
  error ends the stream). An event after the end is a ValidationError, an UnknownEvent is dropped
  (the writers' common rules, :mod:`lmcodec.stream.encoder`).
- A refusal the translator reads from a Chat source (``write_refusal``) is ``delta.refusal``.

Continuation state: an Anthropic thinking block's signature or redacted data is
written as a ``delta.thinking_blocks`` entry (LiteLLM's field; the openai SDK's
accumulator keeps it on the final message, the Chat request reader takes it back
from an assistant message: ``_thinking_blocks``), so a Chat client in front of an
Anthropic backend with thinking and tools can send the signed blocks back.

What this wire cannot carry (dropped): citations, other providers' continuation
state (a Gemini ``thoughtSignature``, OpenAI encrypted reasoning). Audio and
image deltas are refused (``ValidationError``, ``_media_forms``: dropped, they
were lost silently).
"""

from __future__ import annotations

import time
from typing import Any, ClassVar, Final

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers._compact_json import surrogate_free_json
from lmcodec.providers._errors import unwritable_unknown_delta, unwritable_unnamed_call
from lmcodec.providers._escapes import watch
from lmcodec.providers._media_forms import unwritable_media_delta
from lmcodec.providers._readback import reads_as
from lmcodec.providers._tool_arguments import is_blank
from lmcodec.providers.openai._sse_write import (
    ENC,
    chat_usage,
    error_code,
    logprob_entries,
    new_id,
)
from lmcodec.providers.openai_chat._body_write import FINISH_REASONS, chat_finish, encode_response
from lmcodec.providers.openai_chat._end_chunk import is_chunk, names_stream, no_content, one_choice_at_0
from lmcodec.providers.openai_chat._thinking_blocks import redacted_entry, signed_entry
from lmcodec.providers.openai_chat.stream import StreamMapper
from lmcodec.providers.openai_chat.views import FINISH_REASONS as READ_FINISH
from lmcodec.wire import (
    AudioDelta,
    CitationDelta,
    ContinuationDelta,
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

__all__ = ["FINISH_REASONS", "StreamWriter", "encode_response"]

_replace: Final = msgspec.structs.replace
_TAIL: Final = b',"logprobs":null,"finish_reason":null}]}\n\n'
_DONE: Final = b"data: [DONE]\n\n"


class StreamWriter:
    """Writes one stream, event by event, as Chat Completions SSE (one writer per stream)."""

    holds: ClassVar[bool] = False
    """Whether :meth:`flush` can write anything (every event is written as it is fed)."""

    __slots__ = (
        "_blocks",
        "_calls",
        "_ended",
        "_errored",
        "_escapes",
        "_head",
        "_id",
        "_include_usage",
        "_legacy_call",
        "_model",
        "_named",
        "_started",
        "_thinking",
        "_unargued",
        "_upstream",
        "created",
    )

    def __init__(self, *, include_usage: bool = True) -> None:
        """``include_usage``: the client asked for ``stream_options.include_usage``; without it
        OpenAI sends no usage chunk, and neither does the writer."""
        self._include_usage = include_usage
        self._started = False
        self._ended = False
        self._errored = False
        self._id = ""
        self._model = ""
        self._head = b""  # every chunk up to and including `"delta":`
        self._calls: dict[int, int] = {}  # part_index -> Chat tool-call index
        self._legacy_call = False  # a Chat source's delta.function_call was written: finish function_call
        self._named: set[int] = set()  # part indices whose call has had its name written
        self._unargued: dict[int, int] = {}  # part index -> Chat index of a call with only empty fragments
        self._escapes: dict[int, str] = {}  # part index -> an unfinished escape of its arguments (_escapes)
        self._thinking: dict[int, list[str]] = {}  # part index -> its thinking text (for thinking_blocks)
        self._blocks = 0  # thinking_blocks entries written
        self.created = int(time.time())
        self._upstream: dict[str, str] = {}  # a Chat source's service tier, fingerprint (follow_chunks)

    def feed(self, event: StreamEvent) -> bytes:
        """The SSE bytes for one canonical event (may be empty; the rules: :mod:`lmcodec.stream.encoder`)."""
        if self._ended:
            if self._errored:  # an error ends the stream: what follows is dropped
                return b""
            raise ValidationError("an event after the end of the stream")
        ev: Any = event
        kind = type(ev)
        if kind is StreamDeltaEvent:
            first = b"" if self._started else self._begin(None, None)
            return first + self._delta(ev.delta)
        if kind is StreamStartEvent:
            return b"" if self._started else self._begin(ev.id, ev.model)
        if kind is StreamEndEvent:
            return self._end(ev)
        if kind is StreamErrorEvent:
            return self._error(ev)
        if kind is UnknownEvent:
            return b""  # a frame the source's adapter does not know: not a canonical event to write
        exact = subclassed(ev)
        if exact is not None:  # a user's subclass of an event: written as the event
            return self.feed(exact)
        raise ValidationError(
            f"the Chat Completions stream writer expects a StreamEvent, got {kind.__name__}"
        )

    def _delta(self, delta: Any) -> bytes:
        dtype = type(delta)
        if dtype is TextDelta:
            if delta.logprobs:
                logprobs = ENC.encode({"content": logprob_entries(delta.logprobs, bytes_required=False)})
                return b"".join(
                    (
                        self._head,
                        b'{"content":',
                        ENC.encode(delta.text),
                        b'},"logprobs":',
                        logprobs,
                        b',"finish_reason":null}]}\n\n',
                    )
                )
            if not delta.text:
                return b""
            return b"".join((self._head, b'{"content":', ENC.encode(delta.text), b"}", _TAIL))
        if dtype is ThinkingDelta:
            return self.write_thinking(delta.part_index, delta.text)
        if dtype is ToolCallDelta:
            return self._tool_call(delta.part_index, delta.input, delta.id, delta.name)
        if dtype is ContinuationDelta:
            return self._thinking_block(delta)
        if dtype is UnknownDelta:
            raise unwritable_unknown_delta("Chat Completions", delta)
        if dtype is ImageDelta or dtype is AudioDelta:
            refused = unwritable_media_delta("openai_chat", delta)
            if refused is not None:
                raise refused
            return b""
        if dtype is CitationDelta:  # no place on the Chat wire (lm15's Chat adapter reads none)
            return b""
        exact = subclassed(delta)
        return b"" if exact is None else self._delta(exact)  # a user's subclass: written as its kind

    # ── a sink's calls (the stream has started): feed's bytes without an event object ──

    def write_text(self, part_index: int, text: str) -> bytes:
        """What ``feed`` writes for a TextDelta without logprobs."""
        if not text:
            return b""
        return b"".join((self._head, b'{"content":', ENC.encode(text), b"}", _TAIL))

    def write_refusal(self, part_index: int, text: str) -> bytes:
        """A refusal fragment as ``delta.refusal``, as the body writes a RefusalPart."""
        return b"".join((self._head, b'{"refusal":', ENC.encode(text), b"}", _TAIL)) if text else b""

    def write_chat_audio(self, audio: dict[str, Any]) -> bytes:
        """A Chat source's ``delta.audio`` fragment as it came (``stream/_chat_extras.py``)."""
        return b"".join((self._head, b'{"audio":', ENC.encode(audio), b"}", _TAIL))

    def write_chat_function_call(self, call: dict[str, str]) -> bytes:
        """A Chat source's legacy ``delta.function_call`` fragment as it came (``stream/_chat_extras.py``)."""
        self._legacy_call = True
        return b"".join((self._head, b'{"function_call":', ENC.encode(call), b"}", _TAIL))

    def write_chat_annotations(self, annotations: list[dict[str, Any]]) -> bytes:
        """A Chat source's ``delta.annotations`` as they came (``stream/_chat_extras.py``)."""
        return b"".join((self._head, b'{"annotations":', ENC.encode(annotations), b"}", _TAIL))

    def follow_chunks(
        self, created: int | None, service_tier: str | None, system_fingerprint: str | None
    ) -> None:
        """Name, on every chunk from the first, what a Chat source's first chunk names about the
        response (``stream/_head.py``): its ``created`` time, and its ``service_tier`` and
        ``system_fingerprint`` as OpenAI writes them, after the model. The openai SDK's accumulator
        reads ``service_tier`` from the first chunk only (red team 14 F05: the client read ``None``
        where the backend said ``priority``). Called before the stream starts."""
        if created is not None:
            self.created = created
        if service_tier is not None:
            self._upstream["service_tier"] = service_tier
        if system_fingerprint is not None:
            self._upstream["system_fingerprint"] = system_fingerprint

    def write_thinking(self, part_index: int, text: str) -> bytes:
        """What ``feed`` writes for a ThinkingDelta."""
        if not text:
            return b""
        kept = self._thinking.get(part_index)
        if kept is None:
            self._thinking[part_index] = [text]
        else:
            kept.append(text)
        return b"".join((self._head, b'{"reasoning_content":', ENC.encode(text), b"}", _TAIL))

    def _thinking_block(self, delta: ContinuationDelta) -> bytes:
        """An Anthropic thinking block's state as a ``thinking_blocks`` entry (see ``_thinking_blocks``),
        with the number of tool calls written before it where there are some (interleaved thinking)."""
        if delta.provider != "anthropic" or delta.part_index is None:
            return b""
        data = delta.data
        if delta.kind == "thinking_signature" and isinstance(data.get("signature"), str):
            text = "".join(self._thinking.pop(delta.part_index, ()))
            entry = signed_entry(self._blocks, text, data["signature"], len(self._calls))
        elif delta.kind == "redacted_thinking" and isinstance(data.get("data"), str):
            entry = redacted_entry(self._blocks, data["data"], len(self._calls))
        else:
            return b""
        self._blocks += 1
        return b"".join((self._head, b'{"thinking_blocks":[', ENC.encode(entry), b"]}", _TAIL))

    def write_tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> bytes:
        """What ``feed`` writes for a ToolCallDelta."""
        return self._tool_call(part_index, fragment, id, name)

    def flush(self) -> bytes:
        """Nothing: every event is written as it is fed (nothing is held)."""
        return b""

    def close(self) -> bytes:
        """What ends the stream: nothing more (a stream that had no end event stays without ``[DONE]``)."""
        return b""

    # ── pieces ────────────────────────────────────────────────────────────────

    def _begin(self, id: str | None, model: str | None) -> bytes:
        """Fix the chunk head and return the first chunk (role + empty content)."""
        self._started = True
        self._id = id or new_id("chatcmpl-")
        self._model = model or ""
        self._head = b"".join(
            (
                b'data: {"id":',
                ENC.encode(self._id),
                b',"object":"chat.completion.chunk","created":',
                str(self.created).encode(),
                b',"model":',
                ENC.encode(self._model),
                b"," + ENC.encode(self._upstream)[1:-1] if self._upstream else b"",
                b',"choices":[{"index":0,"delta":',
            )
        )
        return self._head + b'{"role":"assistant","content":""}' + _TAIL

    def write_tool_call(self, part_index: int, args: Any, id: str | None, name: str) -> bytes | None:
        """What ``write_tool_input(part_index, compact_json(args), id, name)`` writes for a call that
        came whole (a Gemini ``functionCall``, ``args`` its decoded value: ``stream/_writer_sink``),
        where msgspec can write ``args``: then its text spells no surrogate (``_compact_json``),
        and the look for a lone one's escape (``_escapes.watch``: a Python step per surrogate pair,
        ~2/5 of such a call's cost) is left out. Else ``None``: the caller writes that text."""
        if self._escapes:  # (an unfinished escape held: the caller's way, which looks at it)
            return None
        text = surrogate_free_json(args)
        return None if text is None else self._checked_call(part_index, text, id, name)

    def _tool_call(self, slot: int, fragment: str, call_id: str | None, name: str | None) -> bytes:
        if fragment and (slot in self._unargued or slot not in self._calls) and is_blank(fragment):
            fragment = ""  # whitespace before the value: written as "" (red team 36 F01)
        if self._escapes or "\\" in fragment:  # a lone surrogate spelled as an escape is refused
            held = watch(self._escapes.pop(slot, ""), fragment, "openai_chat")
            if held:
                self._escapes[slot] = held
        return self._checked_call(slot, fragment, call_id, name)

    def _checked_call(self, slot: int, fragment: str, call_id: str | None, name: str | None) -> bytes:
        """A tool-call fragment that spells no lone surrogate (and is not white space alone before
        the call's value)."""
        index = self._calls.get(slot)
        call: dict[str, Any]
        if fragment and self._unargued:
            self._unargued.pop(slot, None)
        if index is None:
            if name is None:
                raise unwritable_unnamed_call("Chat Completions", slot)
            index = self._calls[slot] = len(self._calls)
            if not fragment:
                self._unargued[slot] = index
            function: dict[str, Any] = {"arguments": fragment}
            if name is not None:
                function = {"name": name, "arguments": fragment}
                self._named.add(slot)
            call = {
                "index": index,
                "id": call_id or f"tool_call_{slot}",
                "type": "function",
                "function": function,
            }
        elif name is not None and slot not in self._named:
            self._named.add(slot)
            call = {"index": index, "function": {"name": name, "arguments": fragment}}
        else:
            return b"".join(
                (
                    self._head,
                    b'{"tool_calls":[{"index":',
                    str(index).encode(),
                    b',"function":{"arguments":',
                    ENC.encode(fragment),
                    b"}}]}",
                    _TAIL,
                )
            )
        return b"".join((self._head, b'{"tool_calls":[', ENC.encode(call), b"]}", _TAIL))

    def _no_arguments(self) -> bytes:
        """``"{}"`` for each call whose fragments were all empty (an Anthropic call of a tool without
        parameters): OpenAI sends ``"{}"`` for such a call, and the openai SDK's clients hand
        ``arguments`` to ``json.loads``, which refuses ``""``. Written at the end, where no
        fragment can follow (interleaved calls may still be open until then)."""
        out = [
            b"".join(
                (
                    self._head,
                    b'{"tool_calls":[{"index":',
                    str(index).encode(),
                    b',"function":{"arguments":"{}"}}]}',
                    _TAIL,
                )
            )
            for index in self._unargued.values()
        ]
        self._unargued.clear()
        return b"".join(out)

    def _chunk(self, choices: list[Any], **extra: Any) -> bytes:
        body = {
            "id": self._id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self._model,
            **self._upstream,
            "choices": choices,
            **extra,
        }
        return b"data: " + ENC.encode(body) + b"\n\n"

    def _end(self, event: StreamEndEvent) -> bytes:
        out = [b""] if self._started else [self._begin(None, None)]
        if self._unargued:
            out.append(self._no_arguments())
        self._ended = True
        if self._calls and (event.finish_reason is None or event.finish_reason == "stop"):
            # what lm15's materialize (and lc.assemble, and encode_response) says of a stop beside
            # calls: a client's agent loop runs the calls on tool_calls only
            event = _replace(event, finish_reason="tool_call")
        finish = chat_finish(event.finish_reason, bool(self._calls))
        if self._legacy_call and finish == "stop" and event.finish_reason == "tool_call":
            finish = "function_call"  # (the call's legacy form: what the backend said of it)
        # the finish chunk: the chunk head, an empty delta (the dict {"index": 0, "delta": {},
        # "logprobs": None, "finish_reason": finish} as one choice, as ENC writes it)
        finish_chunk = b"".join(
            (self._head, b'{},"logprobs":null,"finish_reason":', ENC.encode(finish), b"}]}\n\n")
        )
        data = event.provider_data
        if (
            data is not None
            and is_chunk(data)
            and no_content(data)
            and one_choice_at_0(data)
            and names_stream(data, self._id, self._model)
            and (self._include_usage or data.get("usage") is None)
        ):
            verbatim = ENC.encode(data)
            chunks = [verbatim] if data.get("choices") else [finish_chunk[6:-2], verbatim]
            written = _replace(event, finish_reason=READ_FINISH.get(finish, "stop"))
            if reads_as(StreamMapper, chunks, [], written):
                out.extend(b"data: " + chunk + b"\n\n" for chunk in chunks)
                out.append(_DONE)
                return b"".join(out)
        out.append(finish_chunk)
        if event.usage is not None and self._include_usage:
            out.append(self._chunk([], usage=chat_usage(event.usage)))
        out.append(_DONE)
        return b"".join(out)

    def _error(self, event: StreamErrorEvent) -> bytes:
        out = b"" if self._started else self._begin(None, None)
        self._ended = True
        self._errored = True
        error = event.error
        code = error_code(error)
        body = {"error": {"message": error.message, "type": code, "param": None, "code": code}}
        return out + b"data: " + ENC.encode(body) + b"\n\n"
