"""A source stream's keep-alive frames, written to the client as its own dialect's keep-alive.

A backend that works before its first token keeps the connection open with keep-alives
(Anthropic's ``event: ping``, a ``: keep-alive`` comment line from Chat servers). Read as nothing
by every decoder, they wrote nothing, so a gateway's client saw no bytes while the backend kept
the gateway alive, and an idle timeout between them (a proxy's read timeout, a load balancer's
idle timeout) cut a live stream (red team 21 F04). :func:`lmcodec.stream.translate` writes one
keep-alive of the destination for each the source sent in a chunk that wrote nothing else (a
chunk that wrote content keeps the client alive already): Anthropic's own ``ping`` event to an
Anthropic client (its SDKs skip it anywhere in the stream), a comment line to a Chat or Responses
client (the openai SDK's SSE decoder skips ``:`` lines), and an empty line to a Gemini client:
google-genai reads every line that is not ``data:`` as JSON (1.0 parses it, 2.x and 3.x join it
into an error body), and skips empty lines only.

The source's keep-alives are counted by its framer as it frames them
(:mod:`lmcodec.framing._sse_keepalive`, Gemini's :class:`~lmcodec.providers.gemini.framing.KeepAliveFramer`):
a chunk of one whole event costs a look at the lines before its data line; the other bytes are
scanned only for a chunk that wrote nothing. ``decode``, ``Decoder`` and ``assemble`` run the
framers that count nothing."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Final

from lmcodec.framing._sse_keepalive import KeepAliveSSEDecoder
from lmcodec.providers.gemini.framing import KeepAliveFramer

__all__ = ["KEEP_ALIVES", "KEEP_ALIVE_FRAMERS"]

KEEP_ALIVES: Final = {
    "anthropic": b'event: ping\ndata: {"type":"ping"}\n\n',
    "openai": b": keep-alive\n\n",
    "openai_chat": b": keep-alive\n\n",
    "gemini": b"\n",
}
"""Each destination's keep-alive, read by its SDKs as nothing."""

KEEP_ALIVE_FRAMERS: Final[dict[str, Callable[..., Any]]] = {
    "openai": KeepAliveSSEDecoder,
    "openai_chat": KeepAliveSSEDecoder,
    "anthropic": partial(KeepAliveSSEDecoder, pings=True),  # the only wire that sends ping events
    "gemini": KeepAliveFramer,
}
"""Each source's framer that counts its keep-alives (called with the limits, as ``FRAMERS``' are)."""
