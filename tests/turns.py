"""A small log of Turns that the file and CLI tests write and read back (one question, one answer each)."""

from __future__ import annotations

import lmcodec as lc


def numbered_turns(count: int) -> list[lc.Turn]:
    """``count`` Turns, the i-th asking ``question i`` and answered by response ``r{i}``."""
    return [
        lc.Turn(
            request=lc.Request("m", [lc.Message.user(f"question {i}")]),
            response=lc.Response(
                id=f"r{i}",
                model="m",
                message=lc.Message.assistant("answer"),
                finish_reason="stop",
                usage=lc.Usage(),
            ),
        )
        for i in range(count)
    ]
