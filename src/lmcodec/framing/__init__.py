"""Byte-level stream framing: the SSE framer that cuts a provider's stream body into frames.

It sits below both of its users, so imports stay one way (docs/architecture.md, "Imports flow
one way"): the provider registry names it as three dialects' framer and Gemini's framer builds on
it (:mod:`lmcodec.providers`), and the stream stage runs it (:mod:`lmcodec.stream`). Its public
faces are :mod:`lmcodec.sse` and :mod:`lmcodec.stream.sse`, which re-export :mod:`lmcodec.framing.sse`.
"""
