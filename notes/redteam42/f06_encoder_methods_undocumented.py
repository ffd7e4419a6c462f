"""F06: ``help(lc.stream.Encoder)`` shows ``feed`` and ``close`` with no docstring (``__doc__`` is
None), where ``Decoder.feed`` / ``Decoder.close`` and ``Assembler.push`` / ``result`` each say what
they take and give (when ``feed`` returns ``b""``, as Gemini's writer does for the first text
delta it holds, and what ``close`` adds, are what a gateway author needs). Exits 1 while a public
method of these four classes has no docstring; 0 once each has one."""

from __future__ import annotations

import sys

import lmcodec as lc

bare = [
    f"{cls.__module__}.{cls.__qualname__}.{name}"
    for cls in (lc.stream.Encoder, lc.stream.Decoder, lc.Assembler)
    for name, member in vars(cls).items()
    if callable(member) and not name.startswith("_") and not (member.__doc__ or "").strip()
]
print("public methods without a docstring:", bare)
sys.exit(1 if bare else 0)
