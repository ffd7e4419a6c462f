"""Red team 40 F01 (MEDIUM, older): a str subclass where a str goes (a Request's model, a TextPart's
text: e.g. a StrEnum-like or a user's tagged str) gives a bare TypeError from msgspec in
lc.build_request, lc.encode_response and lc.stream.translate(request=...). lm15 1.5.0 writes these
with json.dumps (a str subclass is a str); the project's rule: hostile or odd input gets an lc error,
never a bare TypeError. oddmodel23's refuse_odd runs on TypeError but finds nothing (from_builtins
reads the subclass back as a str) and re-raises it. Should: write the value as its str, or raise an
lc error naming the path. Exits 1 while any entry raises a non-lc exception, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam40/f01_str_subclass_bare_typeerror.py
"""

from __future__ import annotations

import sys

import msgspec

import lmcodec as lc


class Tagged(str):
    """A str subclass a user may hold (a tagged id, a str enum's base)."""


def main() -> int:
    user = lc.Message(role="user", parts=(lc.TextPart(text=Tagged("hi")),))
    req = lc.Request(model="gemini-2.0", messages=(user,))
    req_model = msgspec.structs.replace(req, model=Tagged("gemini-2.0"))
    answer = lc.Message(role="assistant", parts=(lc.TextPart(text=Tagged("yo")),))
    resp = lc.Response(id="r", model="m", message=answer, finish_reason="stop", usage=lc.Usage())
    plain = lc.Message(role="assistant", parts=(lc.TextPart(text="yo"),))
    resp_model = msgspec.structs.replace(resp, model=Tagged("m"), message=plain)
    body = (
        b'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"hi"}]},'
        b'"finishReason":"STOP"}]}\n\n'
    )
    cases = {
        "build_request(gemini), text a str subclass": lambda: lc.build_request("gemini", req),
        "build_request(openai_chat), model a str subclass": lambda: lc.build_request(
            "openai_chat", req_model
        ),
        "encode_response(anthropic), text a str subclass": lambda: lc.encode_response("anthropic", resp),
        "encode_response(openai_chat), model a str subclass": lambda: lc.encode_response(
            "openai_chat", resp_model
        ),
        "stream.translate(gemini->openai, request=), model a str subclass": lambda: b"".join(
            lc.stream.translate("gemini", "openai", [body], request=req_model)
        ),
    }
    bad = 0
    for name, run in cases.items():
        try:
            run()
            print(f"ok    {name}")
        except lc.LmcodecError as exc:
            print(f"ok    {name}: lc error {type(exc).__name__}: {exc}")
        except Exception as exc:  # the finding: which exception escapes
            bad += 1
            print(f"BARE  {name}: {type(exc).__name__}: {exc}")
    print(f"{bad} of {len(cases)} entries raise a bare exception")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
