"""OpenAI Responses API (lm15 1.5.0 ``providers/openai.py``): typed views, stream mapper, body parser."""

from lmcodec.providers.openai.stream import StreamMapper, parse_response

__all__ = ["StreamMapper", "parse_response"]
