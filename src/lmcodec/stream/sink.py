"""The hand-off from a provider's stream mapper to a stream consumer (public face of the protocol).

:class:`Sink` is the contract a provider mapper calls (:mod:`lmcodec.providers._sink` holds it and
its description): it is defined below the mappers that call it so that :mod:`lmcodec.providers`
never imports the stream package; the stream's sinks (the event builder, the Assembler, the
translator's writer) implement it.
"""

from lmcodec.providers._sink import Sink

__all__ = ["Sink"]
