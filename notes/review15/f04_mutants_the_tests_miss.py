"""F04: two of this round's fast paths have a mutant their tests do not catch.

(a) crossing._NO_MEDIA (parts judged by their continuation states alone): putting AudioPart or
    VideoPart in it (both carry a file_id whose substitution note would then be lost) passes
    tests/providers/test_crossing.py: its strategy draws no audio, video or citation part.
(b) Engine.close hands the frames cut at the end to read_head (a stream whose first frame is
    its last, unterminated one: a Gemini one-chunk answer with no line end): with that hand-off
    removed, tests/stream/test_head.py and test_translate_anthropic_start_usage.py still pass
    (the behaviour is new this round: on 2e9e949 such a stream lost its responseId).
Exits 1 while a mutant passes the test written for its fast path."""

import sys
from unittest import mock

import pytest

import lmcodec.wire as wire
from lmcodec.providers import crossing
from lmcodec.stream.engine import Engine

ARGS = ["-q", "-p", "no:cacheprovider", "-x"]
survived = []
for extra in (wire.AudioPart, wire.VideoPart):
    with mock.patch.object(crossing, "_NO_MEDIA", crossing._NO_MEDIA | {extra}):
        if pytest.main([*ARGS, "tests/providers/test_crossing.py"]) == 0:
            survived.append(f"_NO_MEDIA with {extra.__name__}")

real_close = Engine.close


def close_without_head(self: Engine) -> None:
    self._read_head = None  # the mutant: the frames cut at the end are not read for the head
    real_close(self)


with mock.patch.object(Engine, "close", close_without_head):
    if pytest.main([*ARGS, "tests/stream/test_head.py", "tests/stream/test_translate_anthropic_start_usage.py"]) == 0:
        survived.append("Engine.close without read_head")
for name in survived:
    print(f"FAIL: mutant survives its tests: {name}")
sys.exit(1 if survived else 0)
