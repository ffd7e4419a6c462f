"""Anthropic Messages (lm15 1.5.0 ``providers/anthropic.py``): typed views, stream mapper, body parser."""

from lmcodec.providers.anthropic.stream import StreamMapper, parse_response

__all__ = ["StreamMapper", "parse_response"]
