"""OpenAI Chat Completions and compatible servers (lm15 1.5.0 ``providers/openai_chat.py``)."""

from lmcodec.providers.openai_chat.stream import StreamMapper, parse_response

__all__ = ["StreamMapper", "parse_response"]
