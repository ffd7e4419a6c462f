"""build_request against lm15 1.5.0's adapters (tests/providers/request_support.lm15_build) over
hand-made thinking and image parts (the kinds round 18 writes in the message walks): redacted,
signed by each provider, empty, with a continuation, images by url / data / file id with each detail,
in user, assistant and tool messages. Same body and notes, or the same refusal."""
from __future__ import annotations

import itertools
import sys

sys.path.insert(0, ".")
import lmcodec as lc  # noqa: E402
from tests.providers.request_support import lc_build, lm15_build  # noqa: E402

C = lc.ContinuationState
THINKING = [
    lc.ThinkingPart("t"), lc.ThinkingPart(""),
    lc.ThinkingPart("t", continuation=(C(provider="anthropic", kind="thinking_signature", data={"signature": "s"}),)),
    lc.ThinkingPart("", continuation=(C(provider="anthropic", kind="redacted_thinking", data={"data": "d"}),)),
    lc.ThinkingPart("t", continuation=(C(provider="gemini", kind="thought_signature", data={"signature": "c2ln"}),)),
    lc.ThinkingPart("t", continuation=(C(provider="openai", kind="reasoning_item", data={"id": "rs_1", "encrypted_content": "e"}),)),
    lc.ThinkingPart("t", continuation=(C(provider="anthropic", kind="redacted_thinking", data={"data": "a"}), C(provider="anthropic", kind="thinking_signature", data={"signature": "b"}))),
]
IMAGES = [
    lc.ImagePart(url="https://x/i.png"), lc.ImagePart(url="https://x/i.png", detail="low"),
    lc.ImagePart(data="iVBORw0KGgo=", media_type="image/png"), lc.ImagePart(data="iVBORw0KGgo=", media_type="image/png", detail="high"),
    lc.ImagePart(file_id="file_1"), lc.ImagePart(url="data:image/png;base64,iVBORw0KGgo="),
]


def requests():
    for t in THINKING:
        yield lc.Request("m", [lc.Message.user("hi"), lc.Message(role="assistant", parts=(t, lc.TextPart("a"))), lc.Message.user("go")])
        yield lc.Request("m", [lc.Message.user("hi"), lc.Message(role="assistant", parts=(t,)), lc.Message.user("go")])
    for im, role in itertools.product(IMAGES, ("user", "assistant")):
        yield lc.Request("m", [lc.Message(role=role, parts=(lc.TextPart("look"), im)), lc.Message.user("go")])
    for im in IMAGES:
        yield lc.Request("m", [lc.Message.user("hi"),
                               lc.Message(role="assistant", parts=(lc.ToolCallPart(id="c", name="f", input={}),)),
                               lc.Message(role="tool", parts=(lc.ToolResultPart(id="c", content=(lc.TextPart("r"), im)),))])


def main() -> int:
    bad = runs = 0
    for req in requests():
        for provider in ("openai", "openai_chat", "anthropic", "gemini"):
            for stream in (False, True):
                runs += 1
                got, want = lc_build(provider, req, stream=stream), lm15_build(provider, req, stream=stream)
                key = lambda o: (o.body, o.adaptations, o.error, (o.path or '').removeprefix('/v1'))
                if key(got) != key(want):
                    bad += 1
                    if bad <= 6:
                        print(f"MISMATCH {provider} {req.messages}\n  lmcodec {got}\n  lm15    {want}")
    print(f"{runs} builds, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
