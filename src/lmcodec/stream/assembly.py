"""``assemble``: a whole event source into its Response, the source closed whatever happens.

The Assembler (:mod:`lmcodec.stream.assembler`) is the state of one stream; this module drives an
event source into it: the iterator of :func:`lmcodec.stream.decode` hands its content over straight
(the assembler is its sink), any other source is iterated, and the source is closed at the end, a
failure of its cleanup after a complete Response only warning.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import Any

from lmcodec.errors import StreamAssemblyError, StreamCleanupWarning, StreamDecodeError, ValidationError
from lmcodec.providers._errors import a_or_an
from lmcodec.stream._assembly_state import noted
from lmcodec.stream.assembler import Assembler
from lmcodec.stream.decoder import Decoding
from lmcodec.wire import Request, Response, StreamEvent

__all__ = ["assemble"]


def assemble(events: Iterable[StreamEvent], *, request: Request | None = None) -> Response:
    """Assemble a complete canonical event stream into its Response (lm15's ``materialize_response``).

    The source is drained after the end event (any further event raises
    StreamAssemblyError) and closed (``close()``) when it has one. A failure of
    the source after the end event only warns (StreamCleanupWarning). The iterator
    of :func:`lmcodec.stream.decode` is not iterated: it decodes straight into the
    assembler (the assembler is its sink). A :class:`lmcodec.StreamDecodeError`
    raised on the way carries the response assembled so far as ``partial``
    (``None`` when nothing assembled).
    """
    decoding: Decoding | None = None
    if type(events) is Decoding:  # (it closes its own generator)
        if events.reads_lone_answers:
            response = events.lone_response(request)  # a body of one answer: no Assembler needed
            if response is not None:
                return response
        decoding = events
    elif type(events) is not list and isinstance(  # (a list: a Decoder's events)
        events, (bytes, bytearray, memoryview, str)
    ):
        # (after the Decoding and list tests: isinstance of an object none of these types costs ~1.7k
        # instructions, 2% of a one-event answer assembled)
        raise ValidationError(
            f"lc.assemble takes a stream's canonical events, not a {type(events).__name__} body: "
            "lc.assemble(lc.stream.decode(provider, [body])) for an SSE body, "
            "lc.decode_response(provider, body) for a JSON one"
        )
    assembler = Assembler(request=request)
    primary: BaseException | None = None
    try:
        try:
            if decoding is not None:
                decoding.assemble_into(assembler)  # a decoder handing its content over straight
            else:
                assembler.extend(events)
        except StreamDecodeError as exc:
            exc.partial = assembler._partial()
            raise
        except Exception as exc:
            if decoding is None and isinstance(exc, TypeError) and not hasattr(events, "__iter__"):
                raise ValidationError(
                    f"lc.assemble takes a stream's canonical events, not {a_or_an(type(events).__name__)}: "
                    "lc.assemble(lc.stream.decode(provider, chunks)) for a stream's bytes"
                ) from None
            if assembler._response is None or isinstance(exc, StreamAssemblyError):
                raise
            _warn_cleanup(exc)
        return assembler.result()
    except StreamAssemblyError as exc:
        primary = exc
        provider = None if decoding is None else decoding.whole_json_body()
        if provider is None:
            raise
        raise StreamAssemblyError(
            f"{exc.message}; the input held no SSE frame: a whole JSON body? "
            f"read it with lc.decode_response({provider!r}, body)",
            partial=exc.partial,
            part_index=exc.part_index,
        ) from exc
    except BaseException as exc:
        primary = exc
        raise
    finally:
        if decoding is None:
            _close(events, primary, assembler._response)


def _warn_cleanup(exc: BaseException) -> None:
    warnings.warn(
        f"stream source failed after the response was complete ({type(exc).__name__}: {exc}); "
        "the Response is returned unchanged",
        StreamCleanupWarning,
        stacklevel=3,
    )


def _close(source: Any, primary: BaseException | None, response: Response | None) -> None:
    close = getattr(source, "close", None)
    if close is None:
        return
    try:
        close()
    except Exception as cleanup:
        if primary is None or isinstance(primary, GeneratorExit):
            if response is not None:
                _warn_cleanup(cleanup)
                return
            raise
        noted(primary, f"Stream cleanup also failed ({type(cleanup).__name__}: {cleanup}).")
