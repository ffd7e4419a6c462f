"""What a call's fragments put in its ``tool_use`` block, for the Anthropic stream writer.

A call's first fragment goes in the block start's ``input`` when it is a whole object as lm15 prints
one (lm15 reads that start back as the very fragment). The anthropic SDK's ``MessageStream`` parses a
block's joined ``partial_json`` (jiter, partial mode) after every ``input_json_delta`` and raises on
a buffer of nothing but whitespace (red team 35 F02), so the writer holds whitespace-only fragments
until one that is not (``providers._tool_arguments.is_blank``): JSON ignores whitespace before a
value, and after a value already whole.

Arguments whose first character after whitespace opens no object (``"str"``, ``42``, ``[1,2]``,
``null``, text that is no JSON: a Chat or Responses backend's) are no ``input`` the Messages API
has: the SDK read them as a string, a number, a list (its type says an object), and raised at a
string or literal cut short (``"s``, ``nu``), losing the whole answer (red team 37 F03). They are
held to the block's stop and written then, in one delta, as lm15 reads the joined text (as the
Anthropic body, ``translate_response`` and the Gemini writer give it): ``{"value": X}`` where it is
JSON (the text itself inside, so lm15 reads the same X back), else lm15's marker
``{"partial_json": raw}`` (arguments that never close).

Text that is no JSON yet at the block's stop may still get fragments: an Encoder fed another slot
between two of a call's fragments (a Chat source's text between them) stops the block first. It
waits for the stream's end (its end, an error, or close) and is written then, to its stopped
block's index, as the Encoder writes any such late fragment; a call the writer is told is whole
(``StreamWriter.end_arguments``: the translate sink, which holds the other slots instead, tells it
at the stream's end) is written before its stop. A fragment that reaches a value already written
(JSON at its stop) is left out: anything added to an object written whole would make it not JSON.

Arguments that open an object are written fragment for fragment, watched (``ObjectClose``) until
the object closes; text after the close that is not whitespace (`` x``, a second object ``{"b":2}``
from a backend that joins two calls in one index, ``]``) made the SDK raise or read the second
object (red team 40 F03). It is left out: the client reads the closed object, where lm15 reads
``{"partial_json": raw}`` (what is written cannot be taken back, and holding every call to its stop
would change the common stream). After a start that held the whole object, every fragment that is
not whitespace is left out alike. The writer's template path gives the open block's scan
(:meth:`HeldInputs.object_of`) each fragment itself, as ``ObjectClose.take`` would.
"""

from __future__ import annotations

import json
from typing import Any, Final

from lmcodec.providers._arguments_end import ObjectClose
from lmcodec.providers._json import reads_as_json

__all__ = ["HeldInputs", "start_input", "value_input"]

_SPACE: Final = " \t\n\r"
_encode_str: Final = json.JSONEncoder(ensure_ascii=False).encode


def start_input(fragment: str) -> dict[str, Any] | None:
    """The object a call's first fragment is, when lm15 reads a ``tool_use`` block start with that
    ``input`` back as this very fragment (a block start that came with its input); else None."""
    if not fragment.startswith("{") or fragment == "{}":
        return None
    try:
        value = json.loads(fragment)
    except (ValueError, RecursionError):  # not JSON, or nested too deep (lm15 marks it as text)
        return None
    if isinstance(value, dict) and json.dumps(value, separators=(",", ":")) == fragment:
        return value
    return None


def value_input(raw: str) -> str:
    """The ``partial_json`` of arguments ``raw`` that open no object: lm15's reading of them as
    text, ``{"value":raw}`` where lm15's stream reader takes ``raw`` as JSON, else its marker."""
    if reads_as_json(raw):
        return '{"value":' + raw + "}"
    return '{"partial_json":' + _encode_str(raw) + "}"


class HeldInputs:
    """The fragments a writer holds, by tool block index: whitespace while a block's fragments are
    nothing else, and arguments that open no object until the block stops (the module's rules)."""

    __slots__ = ("_blank", "_late", "_written", "objects", "values")

    def __init__(self) -> None:
        # block -> (whether its start held a whole object, the whitespace held since)
        self._blank: dict[int, tuple[bool, list[str]]] = {}
        # block -> fragments of arguments that open no object, held to its stop (the writer asks at
        # each stop whether any is held, before :meth:`at_stop`)
        self.values: dict[int, list[str]] = {}
        self._late: dict[int, list[str]] = {}  # ... stopped before they were JSON: written at the end
        self._written: set[int] = set()  # blocks whose value was written
        # block -> the scan of its arguments that open an object (the writer's template path
        # takes the open block's: :meth:`object_of`)
        self.objects: dict[int, ObjectClose] = {}

    def first(self, index: int, fragment: str, whole_start: bool) -> str | None:
        """What to write of block ``index``'s first ``fragment`` (``whole_start``: it went in the
        block's start, nothing is written), or None while it is held."""
        if whole_start or not fragment:
            self._blank[index] = (whole_start, [])
            return None
        rest = fragment.lstrip(_SPACE)
        if not rest:
            self._blank[index] = (False, [fragment])
            return None
        if rest[0] != "{":
            self.values[index] = [fragment]
            return None
        scan = self.objects[index] = ObjectClose()
        return scan.take(fragment)

    def later(self, index: int, fragment: str) -> str | None:
        """What to write of a later ``fragment`` of tool block ``index`` (``fragment`` itself where
        nothing is held for it), or None while it is held or left out."""
        held = self._blank.get(index)
        if held is None:
            values = self.values.get(index) or self._late.get(index)
            if values is not None:
                values.append(fragment)
                return None
            if index in self._written:
                return None
            scan = self.objects.get(index) if self.objects else None
            return fragment if scan is None else scan.take(fragment)
        whole_start, spaces = held
        if not fragment:
            return None if spaces else fragment  # an empty delta with nothing held: written as it came
        rest = fragment.lstrip(_SPACE)
        if not rest:  # (whitespace only: providers._tool_arguments.is_blank)
            spaces.append(fragment)
            return None
        del self._blank[index]
        if whole_start:  # the start held the whole object: anything else would follow its close
            self._written.add(index)
            return None
        text = "".join(spaces) + fragment if spaces else fragment
        if rest[0] != "{":
            self.values[index] = [text]
            return None
        scan = self.objects[index] = ObjectClose()
        return scan.take(text)

    def object_of(self, index: int) -> ObjectClose | None:
        """The scan of block ``index``'s arguments where they open an object (the module's rules)."""
        return self.objects.get(index) if self.objects else None

    def at_stop(self, index: int, final: bool) -> str | None:
        """The ``partial_json`` to write before block ``index`` stops: its held arguments that open
        no object, read as lm15 reads them, when they are JSON or ``final`` (no fragment can follow:
        the stream's end); else None (none held, or held on to the end: :meth:`at_end`)."""
        if not self.values:
            return None
        values = self.values.pop(index, None)
        if values is None:
            return None
        raw = values[0] if len(values) == 1 else "".join(values)
        if not final and not reads_as_json(raw):
            self._late[index] = [raw]
            return None
        self._written.add(index)
        return value_input(raw)

    def at_end(self) -> list[tuple[int, str]]:
        """The stream ends: each stopped block's value held to the end, with its index, in order."""
        if not self._late:
            return []
        late = sorted(self._late.items())
        self._late.clear()
        self._written.update(index for index, _ in late)
        return [(index, value_input("".join(values))) for index, values in late]
