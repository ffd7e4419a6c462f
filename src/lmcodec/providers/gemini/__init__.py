"""Gemini generateContent (lm15 1.5.0 ``providers/gemini.py``): typed views, stream mapper, body parser."""

from lmcodec.providers.gemini.stream import StreamMapper, parse_response

__all__ = ["StreamMapper", "parse_response"]
