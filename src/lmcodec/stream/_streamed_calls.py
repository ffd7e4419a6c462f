"""Vertex AI's streamed function-call arguments, joined into one call for stream.translate.

With ``toolConfig.functionCallingConfig.streamFunctionCallArguments`` on, Vertex sends a call over
several chunks: the first names it with ``willContinue: true`` (its ``args`` and thought signature,
if any), each next one a nameless ``functionCall`` whose ``partialArgs`` place values in the
arguments by JSON path (google-genai ``types.PartialArg``: ``jsonPath`` and one of ``stringValue``,
``numberValue``, ``boolValue``, ``nullValue``; a fragment whose ``willContinue`` is true is
continued by the next string at the same path), up to the first without ``willContinue``; an
empty nameless ``functionCall`` may follow. lm15 1.5.0 reads each chunk's call as a whole call
with ``{}`` arguments, and ``decode``/``assemble`` keep that reading; but a gateway wrote the
continuation calls, which have no name, as MAP-9 refusals: every such stream ended in an error
event. :class:`StreamedCallWatch`, the Gemini mapper ``translate`` runs, holds a streamed call
until its last chunk and hands the sink one whole call with the merged arguments (then its
signature), before anything else the stream says. What the merge cannot place (a path other than
``$`` followed by names, bracket-quoted names and indices; an index past the end of its array; a
member of a value that is not an object, an index into one that is not an array; a value of the
wrong JSON type) is a :class:`~lmcodec.StreamDecodeError` naming it: translate's error event.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from typing import Any, Final

from lmcodec.errors import StreamDecodeError
from lmcodec.providers.gemini.stream import signature_event
from lmcodec.providers.gemini.views import UNSET, compact_json
from lmcodec.stream._inband import InbandWatch
from lmcodec.stream.sink import Sink
from lmcodec.wire import StreamEvent, TokenLogprob, Usage

__all__ = ["StreamedCallWatch"]

# One step of a JSON path after "$" (RFC 9535's shorthand and bracketed names, array indices).
_STEP: Final = re.compile(
    r"""\.([^.\[\]'"]+)|\[(0|[1-9][0-9]{0,8})\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\]"""
)
_ESCAPE: Final = re.compile(r"\\(.)")
_VALUES: Final = (("stringValue", str), ("numberValue", (int, float)), ("boolValue", bool))
# Deeper than any tool's arguments: a deeper path is refused, so that the arguments written stay
# within what a JSON encoder and the clients' decoders take.
_MAX_STEPS: Final = 256


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 200 else text[:200] + "..."


def _refused(what: str, path: Any = None) -> StreamDecodeError:
    where = "" if path is None else f" (jsonPath {_shown(path)})"
    return StreamDecodeError(
        f"gemini: a streamed function-call argument (partialArgs) cannot be placed: {what}{where}"
    )


class _Pieces:
    """A string argument still streaming: its fragments, joined once the call is whole (a
    string grown by concatenation per fragment is quadratic in its length)."""

    __slots__ = ("pieces",)

    def __init__(self, first: str) -> None:
        self.pieces = [first]


def _steps(path: Any) -> list[str | int]:
    """The names and indices of a ``$``-rooted JSON path."""
    if not isinstance(path, str):
        raise _refused("no jsonPath string", path)
    if not path.startswith("$"):
        raise _refused("a path not rooted at $", path)
    steps: list[str | int] = []
    at = 1
    while at < len(path):
        m = _STEP.match(path, at)
        if m is None:
            raise _refused(f"a path step this merge does not read at {_shown(path[at:])}", path)
        if len(steps) == _MAX_STEPS:
            raise _refused(f"a path of more than {_MAX_STEPS} steps", path)
        name, index, single, double = m.groups()
        if index is not None:
            steps.append(int(index))
        else:
            quoted = single if single is not None else double
            steps.append(name if quoted is None else _ESCAPE.sub(r"\1", quoted))
        at = m.end()
    if not steps:
        raise _refused("the root itself (the arguments are an object)", path)
    return steps


def _value(arg: dict[str, Any], path: str) -> tuple[bool, Any]:
    """(whether ``arg`` holds a value, the value)."""
    for key, kind in _VALUES:
        if key in arg:
            value = arg[key]
            if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
                raise _refused(f"{key} {_shown(value)} is not a JSON {key[:-5]}", path)
            return True, value
    if "nullValue" in arg:
        return True, None
    return False, None


class _Streamed:
    """A call being streamed: where and what it is, its arguments so far."""

    __slots__ = ("args", "continued", "id", "idx", "name", "signature", "strings")

    def __init__(self, idx: int, name: str, id: str | None, args: Any, signature: str | None) -> None:
        if args is UNSET or args is None:
            args = {}
        elif not isinstance(args, dict):
            raise _refused(f"the call's args {_shown(args)} is not an object")
        self.idx = idx
        self.name = name
        self.id = id
        self.args: dict[str, Any] = args
        self.signature = signature
        self.continued: set[str] = set()  # paths whose last fragment said willContinue
        self.strings: list[tuple[Any, str | int, _Pieces]] = []  # where string fragments were put

    def merge(self, partial: Any) -> None:
        """Place each of a chunk's ``partialArgs`` in the arguments."""
        if partial is UNSET or partial is None:
            return
        if not isinstance(partial, list):
            raise _refused(f"partialArgs {_shown(partial)} is not a list")
        for arg in partial:
            if not isinstance(arg, dict):
                raise _refused(f"a partialArgs entry {_shown(arg)} is not an object")
            steps = _steps(arg.get("jsonPath"))
            path: str = arg["jsonPath"]
            held, value = _value(arg, path)
            if held:
                self._place(steps, value, path)
            if arg.get("willContinue") is True:
                self.continued.add(path)
            else:
                self.continued.discard(path)

    def _place(self, steps: list[str | int], value: Any, path: str) -> None:
        node: Any = self.args
        for step, after in pairwise(steps):
            node = _child(node, step, {} if isinstance(after, str) else [], path)
        last = steps[-1]
        if isinstance(last, str):
            if not isinstance(node, dict):
                raise _refused(f"a member {_shown(last)} of a value that is not an object", path)
            old = node.get(last)
        else:
            if not isinstance(node, list):
                raise _refused(f"an index {last} into a value that is not an array", path)
            if last > len(node):
                raise _refused(f"index {last} past the end of an array of {len(node)}", path)
            if last == len(node):
                node.append(None)
            old = node[last]
        if isinstance(value, str):
            if path in self.continued and type(old) is _Pieces:
                old.pieces.append(value)  # the next fragment of a string
                return
            value = _Pieces(value)
            self.strings.append((node, last, value))
        target: Any = node  # (an object or an array: checked above)
        target[last] = value

    def whole(self) -> dict[str, Any]:
        """The arguments, each string joined from its fragments."""
        for node, key, pieces in self.strings:
            if node[key] is pieces:
                node[key] = "".join(pieces.pieces)
        self.strings = []
        return self.args


def _child(node: Any, step: str | int, empty: Any, path: str) -> Any:
    """The value at ``step`` of ``node``, made ``empty`` where there is none yet."""
    if isinstance(step, str):
        if not isinstance(node, dict):
            raise _refused(f"a member {_shown(step)} of a value that is not an object", path)
        child = node.get(step)
        if child is None:
            child = node[step] = empty
        return child
    if not isinstance(node, list):
        raise _refused(f"an index {step} into a value that is not an array", path)
    if step > len(node):
        raise _refused(f"index {step} past the end of an array of {len(node)}", path)
    if step == len(node):
        node.append(empty)
    elif node[step] is None:
        node[step] = empty
    return node[step]


class _HeldCall:
    """The sink the mapper calls: the translator's, with a streamed call held until it is whole;
    any other call of the mapper's writes the held call first, so the stream keeps its order."""

    __slots__ = ("call", "closed", "sink", "tool_call_value")

    def __init__(self, sink: Sink) -> None:
        self.sink = sink
        # the Sink's optional hand-off of a whole call's decoded arguments, where the sink takes it
        self.tool_call_value: Callable[[int, Any, str | None, str | None], None] | None = (
            None if getattr(sink, "tool_call_value", None) is None else self._whole_call
        )
        self.call: _Streamed | None = None
        self.closed = False  # a streamed call was just written: an empty nameless call may follow

    def flush(self) -> None:
        """Write the held call, whole, and its signature."""
        call = self.call
        if call is None:
            return
        self.call = None
        self.closed = True
        self.sink.tool_input(call.idx, compact_json(call.whole()), call.id, call.name)
        if call.signature is not None:
            self.sink.event(signature_event(call.signature, call.idx))

    def settle(self) -> None:
        """Before anything else the stream says: the held call written; an empty nameless call
        after this is not the closing one of a streamed call."""
        if self.call is not None:
            self.flush()
        self.closed = False

    def begin(self, model: str | None) -> None:
        self.call, self.closed = None, False
        self.sink.begin(model)

    def start(self, id: str | None, model: str | None) -> None:
        if self.call is not None or self.closed:
            self.settle()
        self.sink.start(id, model)

    def text(self, part_index: int, text: str) -> None:
        if self.call is not None or self.closed:
            self.settle()
        self.sink.text(part_index, text)

    def text_with_logprobs(self, part_index: int, text: str, logprobs: tuple[TokenLogprob, ...]) -> None:
        if self.call is not None or self.closed:
            self.settle()
        self.sink.text_with_logprobs(part_index, text, logprobs)

    def thinking(self, part_index: int, text: str) -> None:
        if self.call is not None or self.closed:
            self.settle()
        self.sink.thinking(part_index, text)

    def tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> None:
        if self.call is not None or self.closed:
            self.settle()
        self.sink.tool_input(part_index, fragment, id, name)

    def _whole_call(self, part_index: int, args: Any, id: str | None, name: str | None) -> None:
        """A whole call with its decoded arguments, to the sink's ``tool_call_value``."""
        if self.call is not None or self.closed:
            self.settle()
        self.sink.tool_call_value(part_index, args, id, name)  # type: ignore[attr-defined]

    def event(self, event: StreamEvent) -> None:
        if self.call is not None or self.closed:
            self.settle()
        self.sink.event(event)

    def end(
        self, finish_reason: str | None, usage: Usage | None, provider_data: Any, *, strict_json: bool = False
    ) -> None:
        if self.call is not None or self.closed:
            self.settle()
        self.sink.end(finish_reason, usage, provider_data, strict_json=strict_json)

    def close(self) -> bool | None:
        self.settle()
        return self.sink.close()


class StreamedCallWatch(InbandWatch):
    """The Gemini mapper of ``stream.translate``: an in-band finish read as its end
    (:class:`~lmcodec.stream._inband.InbandWatch`), Vertex's streamed calls joined."""

    __slots__ = ("_held",)

    def __init__(self, model: str | None, sink: Sink, keep_unknown: bool = False) -> None:
        held = _HeldCall(sink)
        super().__init__(model, held, keep_unknown)
        self._held = held

    def _call(self, idx: int, part: Any) -> None:
        fc = part.functionCall
        held = self._held
        name = fc.name or None
        signature = part.thoughtSignature or fc.thoughtSignature
        more = fc.willContinue is True
        call = held.call
        if name is None and call is not None:  # the next chunk of the call being streamed
            if fc.args is not UNSET and fc.args:
                if not isinstance(fc.args, dict):
                    raise _refused(f"the call's args {_shown(fc.args)} is not an object")
                call.args.update(fc.args)
            call.merge(fc.partialArgs)
            call.id = call.id or fc.id or None
            call.signature = call.signature or signature
            if not more:
                held.flush()
            return
        if name is None and held.closed and not fc.args and fc.partialArgs is UNSET and not fc.id:
            held.closed = False  # the empty call that may close a streamed one: nothing to write
            return
        if name is not None and (more or fc.partialArgs is not UNSET):  # a streamed call opens
            held.settle()
            streamed = _Streamed(idx, name, fc.id or None, fc.args, signature)
            streamed.merge(fc.partialArgs)
            held.call = streamed
            if not more:
                held.flush()
            return
        super()._call(idx, part)
