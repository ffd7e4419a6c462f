"""Hostile one-chunk Gemini answers (lone_gemini_fuzz's) through lc.stream.translate to each dialect,
then read back by that dialect's decoder and assembled: the text, finish reason and token counts
must be the Gemini body's own (or both sides an lc error; never a bare exception)."""
from __future__ import annotations

import random
import sys

sys.path.insert(0, "notes/redteam29/probes")
sys.path.insert(0, ".")
from lone_gemini_fuzz import body_of  # noqa: E402

import lmcodec as lc  # noqa: E402

REQ = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))


def summary(r: lc.Response) -> tuple:
    u = r.usage
    return (r.text, r.finish_reason, u.input_tokens, u.output_tokens)


def main(n: int) -> int:
    rng = random.Random(5)
    bad = 0
    for i in range(n):
        body = body_of(rng)
        try:
            want = summary(lc.assemble(lc.stream.decode("gemini", [body], request=REQ), request=REQ))
        except lc.LmcodecError:
            want = None
        for dst in ("openai", "openai_chat", "anthropic"):
            try:
                out = b"".join(lc.stream.translate("gemini", dst, [body], request=REQ))
                got = summary(lc.assemble(lc.stream.decode(dst, [out], request=REQ), request=REQ))
            except lc.LmcodecError:
                got = None
            except Exception as exc:  # noqa: BLE001
                got = f"BARE {type(exc).__name__}: {exc}"
            if dst == "anthropic" and isinstance(got, tuple) and want is not None and got[3] == 0 and want[3] is None:
                got = (*got[:3], None)  # (Anthropic's usage has a required output_tokens: 0 for none)
            if dst == "openai" and got is None and want is not None and want[1] == "length":
                continue  # (a Responses response.incomplete, which lm15's reader takes for no end: docs/hostile-input.md C15b)
            if want is not None and got != want:
                bad += 1
                if bad <= 6:
                    print(f"#{i} -> {dst}: {got!r} != {want!r}\n  {body[:260]!r}")
    print(f"{n} bodies, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 600))
