"""``lc.Provider``: the names of the four provider wires (DESIGN.md), as a type.

The functions that take a provider name (``build_request``, ``decode_response``,
``lc.stream.decode``, ``translate_request``, ...) are annotated with it, so a type checker flags a
misspelt name (``"opnai"``) where it is written (red team 42 F02). A name read at run time (a
config value, a URL segment) is a ``str``: type the config field ``lc.Provider`` (msgspec and
pydantic check the value as they load it), or check it and ``typing.cast(lc.Provider, name)``. At
run time every one of those functions refuses any other name with a ``ValidationError`` naming
the four.
"""

from __future__ import annotations

from typing import Literal

__all__ = ["Provider"]

Provider = Literal["openai", "openai_chat", "anthropic", "gemini"]
