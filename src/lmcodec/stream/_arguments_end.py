"""Whether a streamed call's arguments can still grow (the scan lives in
:mod:`lmcodec.providers._arguments_end`, where the Anthropic stream writer uses it too: providers
may not import stream)."""

from __future__ import annotations

from lmcodec.providers._arguments_end import ArgumentsEnd, arguments_whole

__all__ = ["ArgumentsEnd", "arguments_whole"]
