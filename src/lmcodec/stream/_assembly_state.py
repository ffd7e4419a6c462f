"""The state an :class:`~lmcodec.stream.assembler.Assembler` folds a stream into, and the Response
built from it.

:class:`AssemblyState` holds the per-slot lists the Assembler appends to (its one subclass folds
events and sink calls into them) and builds the Response from them once, at the end: slots in
ascending order, each as thinking, text, image, audio, citations, tool call; the finish reason; the
judgments of MAP-14; the model. The rules are listed in :mod:`lmcodec.stream.assembler`.
"""

from __future__ import annotations

from typing import Any

import msgspec

from lmcodec.codecs._odd_values import checked_model
from lmcodec.errors import StreamAssemblyError, ValidationError
from lmcodec.providers._proven_parts import proven_tool_call
from lmcodec.stream._other_parts import OtherParts
from lmcodec.stream._response import response_of
from lmcodec.stream._tool_call import tool_call_part
from lmcodec.stream._tool_input import json_loads
from lmcodec.stream.coalesce import EndMerge
from lmcodec.wire import (
    Adaptation,
    ContinuationState,
    Message,
    Part,
    Request,
    Response,
    TextPart,
    ThinkingPart,
    TokenLogprob,
    Usage,
)
from lmcodec.wire._checks import require_instance
from lmcodec.wire.judgments import declares_judgments, replace_text_with_data
from lmcodec.wire.telemetry import FinishReason

__all__ = ["NO_SKIP", "AssemblyState"]

_EMPTY_USAGE = Usage()
_new = msgspec.StructMeta.__call__  # a Struct without the checks of its class call (typed values)
_NO_CONT: tuple[ContinuationState, ...] = ()
#: No tool call left out of the Response (the calls of an unnamed slot are, in a partial one).
NO_SKIP: frozenset[int] = frozenset()
# Templates copied by msgspec.structs.replace, which builds a Struct (its __post_init__ run) about
# twice as fast as a keyword call of StructMeta.__call__; every field that differs is given.
_replace = msgspec.structs.replace
_TEXT = _new(TextPart, text="")
_THINKING = _new(ThinkingPart, text="")
_MESSAGE = _new(Message, role="assistant", parts=(_TEXT,))

_UNNAMED = (
    "tool call at part {} arrived without a name; the adapter that produced this stream must set "
    "ToolCallDelta.name on the call's first fragment (MAP-9: lm15 does not guess which tool the model meant)"
)
_SERVER_TOOL_NOTE = (
    "a call with no name and no id is how lm15 reads an Anthropic server tool's call "
    "(server_tool_use: web_search, code_execution, ...): if a server tool ran in this Anthropic "
    "stream, the stream is valid and lm15 (and lc.assemble) cannot assemble it; `lmcodec assemble "
    "anthropic FILE` names the tool, and lc.stream.translate writes the answer around it"
)
_TOO_DEEP_ANSWER = (
    "the answer to a judgment request nests deeper than JSON can be read (lm15 crashes on it with "
    "RecursionError); the Response with the answer as text is in .partial"
)
_NO_MODEL = "the stream named no model (no start event model) and no request was given to supply one"


def noted(error: BaseException, note: str) -> None:
    """``note`` added to ``error`` as PEP 678 says (``add_note``: a traceback prints it after the
    message, which stays lm15's); on Python 3.10, which has no ``add_note``, kept in
    ``__notes__`` where a program reads it. The one way the stream stage notes an error (the
    server-tool help here, a failed cleanup in ``assembly.py``)."""
    add_note = getattr(error, "add_note", None)
    if add_note is not None:
        add_note(note)
    else:
        error.__notes__ = [*getattr(error, "__notes__", ()), note]  # type: ignore[attr-defined]


class AssemblyState:
    """The slots of a stream being assembled and the Response built from them (the base of
    :class:`~lmcodec.stream.assembler.Assembler`, which folds the events in)."""

    __slots__ = (
        "_adaptations",
        "_content",
        "_end",
        "_ended",
        "_ends",
        "_failure",
        "_finish",
        "_id",
        "_logprobs",
        "_logprobs_complete",
        "_model",
        "_other",
        "_provider_data",
        "_request",
        "_response",
        "_started",
        "_stream_model",
        "_strict_data",
        "_text",
        "_thinking",
        "_tool_id",
        "_tool_name",
        "_tool_raw",
        "_tool_value",
        "_usage",
    )

    def __init__(self, *, request: Request | None = None) -> None:
        if request is not None and not isinstance(request, Request):
            require_instance(request, Request, "request", optional=True)
        self._request = request
        self._id: str | None = None
        self._model: str | None = None
        self._adaptations: tuple[Adaptation, ...] = ()
        self._finish: FinishReason | None = None
        self._usage: Usage | None = None
        self._provider_data: dict[str, Any] | None = None
        self._text: dict[int, list[str]] = {}
        self._thinking: dict[int, list[str]] = {}
        self._tool_raw: dict[int, list[str]] = {}
        # a slot whose one fragment came as its decoded value (Sink.tool_call_value): its text is
        # written only if another fragment joins it (its _tool_raw entry is [""] until then)
        self._tool_value: dict[int, Any] = {}
        self._tool_id: dict[int, str] = {}
        self._tool_name: dict[int, str] = {}
        self._other: OtherParts | None = None  # audio, images, citations, continuation: made at the first
        self._logprobs: list[TokenLogprob] = []
        self._logprobs_complete = True
        self._ended = False
        self._response: Response | None = None
        self._failure: BaseException | None = None
        # As a Sink (``assemble(decode(...))``): the stream's start and ends, coalesced here.
        self._stream_model: str | None = None
        self._started = False
        self._content = False  # a delta other than text, thinking or tool input came
        self._end: tuple[Any, Usage | None, Any, bool] | None = None  # the one adapter end so far
        self._ends: EndMerge | None = None  # two ends or more: merged by lm15's rule
        self._strict_data = False  # the end's provider_data was read by msgspec (see Sink.end)

    def _partial(self) -> Response | None:
        """What has assembled so far, for a StreamAssemblyError (never raises)."""
        try:
            return self._complete()
        except StreamAssemblyError as exc:
            partial: Response | None = exc.partial
            return partial
        except Exception:
            return None

    def _complete(self) -> Response:
        tool_raw = self._tool_raw
        if len(self._tool_name) < len(tool_raw):  # a call without a name (names come with fragments)
            unnamed = sorted(idx for idx in tool_raw if idx not in self._tool_name)
            partial = self._build(frozenset(unnamed))
            error = StreamAssemblyError(_UNNAMED.format(unnamed[0]), partial=partial, part_index=unnamed[0])
            if unnamed[0] not in self._tool_id:  # the CLI's hint (cli/_assemble.py), as a note
                noted(error, _SERVER_TOOL_NOTE)
            raise error
        return self._build(NO_SKIP)

    def _slot_parts(self, skip: frozenset[int]) -> tuple[list[Part], bool]:
        """The message's parts, slot by slot (the calls of ``skip`` left out), and whether a
        tool call is among them."""
        text, thinking, tool_raw, other = self._text, self._thinking, self._tool_raw, self._other
        slots = set(thinking)
        slots.update(text, tool_raw)
        if other is not None:
            slots.update(other.slots())
        parts: list[Part] = []
        has_tool_calls = False
        for idx in sorted(slots):
            cont = _NO_CONT
            if other is not None:
                states = other.slot_cont.get(idx)
                if states:
                    cont = tuple(states)
            content = False
            if idx in thinking:  # joined strings and checked states: nothing left to check
                parts.append(_replace(_THINKING, text="".join(thinking[idx]), continuation=cont))
                content = True
            if idx in text:
                parts.append(_replace(_TEXT, text="".join(text[idx]), continuation=cont))
                content = True
            if other is not None and other.media_parts(idx, cont, parts):
                content = True
            if idx in tool_raw:
                if idx not in skip:
                    call_id = self._tool_id.get(idx) or f"tool_call_{idx}"
                    if idx in self._tool_value:
                        value = self._tool_value[idx]
                        value = value if type(value) is dict else {"value": value}
                        parts.append(proven_tool_call(call_id, self._tool_name[idx], value, cont))
                    else:
                        raw = "".join(tool_raw[idx])
                        parts.append(tool_call_part(call_id, self._tool_name[idx], raw, cont))
                    has_tool_calls = True
            elif not content:
                parts.append(_replace(_TEXT, continuation=cont))
        if not parts:
            parts.append(_replace(_TEXT, text=""))
        return parts, has_tool_calls

    def _build(self, skip: frozenset[int]) -> Response:
        try:
            text = self._text
            if len(text) == 1 and not self._thinking and not self._tool_raw and self._other is None:
                # one text slot and nothing else (most streams): its one part, as _slot_parts makes it
                parts: list[Part] = [_replace(_TEXT, text="".join(*text.values()))]
                has_tool_calls = False
            else:
                parts, has_tool_calls = self._slot_parts(skip)
            finish: FinishReason | None = self._finish
            if finish is None:
                finish = "tool_call" if has_tool_calls else "stop"
            elif finish == "stop" and has_tool_calls:
                finish = "tool_call"
            request = self._request
            too_deep = False
            if (
                request is not None
                and request.config.response_format is not None  # (no format: no judgments)
                and declares_judgments(request)
            ):
                try:
                    replace_text_with_data(parts, json_loads, (ValueError, TypeError))
                except RecursionError:  # where lm15 crashes: an lc error, the text kept in .partial
                    too_deep = True
            model = (  # (a stream that named none: the request's, refused if it is no model's name)
                self._model
                or self._stream_model
                or (checked_model(request, "request") if request is not None else None)
            )
            if model is None:
                raise StreamAssemblyError(_NO_MODEL)
            logprobs = self._logprobs
            other = self._other
            message_cont = tuple(other.message_cont) if other is not None else ()
            message = _replace(_MESSAGE, parts=tuple(parts), continuation=message_cont)
            response = response_of(
                self._strict_data,
                self._id,
                model,
                message,
                finish,
                self._usage if self._usage is not None else _EMPTY_USAGE,
                tuple(logprobs) if logprobs else None,
                self._logprobs_complete,
                self._provider_data,
                self._adaptations,
            )
            if too_deep:
                raise StreamAssemblyError(_TOO_DEEP_ANSWER, partial=response)
            return response
        except ValidationError:
            raise
        except (TypeError, ValueError) as exc:
            raise ValidationError(str(exc)) from exc
