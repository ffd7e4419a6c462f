"""Unsigned thinking in a client's body, as a gateway reads it (``lc.translate_request``).

A client replays the reasoning it was given: an Anthropic thinking block whose ``signature`` is
``""`` or absent (what a gateway writes for another backend's reasoning), a Gemini thought part
without ``thoughtSignature`` (real Gemini returns its thought summaries so), a Responses reasoning
item with neither ``id`` nor ``encrypted_content``, a Chat ``thinking_blocks`` entry without a
signature. ``decode_request`` refuses each (lm15's builders would send it back as visible text, so
the body cannot be rebuilt as it came). The gateway's reading leaves each such part out instead,
one ``dropped`` Adaptation naming its JSON path in the client's body: no provider takes unsigned
thinking back, and sent as text it would turn the model's reasoning into a spoken turn. A turn
that held nothing else goes with it, named too.

A reader's general path takes the list these notes go to (``None``: refuse, as
``decode_request`` does); the typed fast paths refuse such a part, so a body holding one always
reaches the general path.
"""

from __future__ import annotations

from typing import Final

from lmcodec.wire import Adaptation

__all__ = ["Unsigned", "emptied_turn", "left_out"]

Unsigned = list[Adaptation] | None
"""Where a reader's general path notes the unsigned thinking it leaves out; ``None``: refuse it."""

_WHY: Final = (
    "no provider takes unsigned thinking back, and sent as text it would turn reasoning into a spoken turn"
)


def left_out(where: str, what: str, text: str) -> Adaptation:
    """The note of one unsigned thinking part left out (``what``: the part and what it lacks, on
    the client's wire; ``text``: its thinking text, as ``asked``)."""
    return Adaptation(field=where, action="dropped", reason=f"{what}: {_WHY}", asked=text)


def emptied_turn(where: str) -> Adaptation:
    """The note of a turn left out because it held unsigned thinking only."""
    return Adaptation(
        field=where,
        action="dropped",
        reason="a turn of unsigned thinking only: nothing of it is left to send",
    )
