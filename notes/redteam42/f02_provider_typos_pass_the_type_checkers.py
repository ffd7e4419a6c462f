"""F02: every public function that takes a provider name types it as ``str``, so a typo
(``"opnai"``, ``"antropic"``) passes ``mypy --strict`` (and pyright strict) and is found only at
run time (a ValidationError). The four names are fixed (DESIGN.md): a ``Literal`` of them would
let the type checkers the README invites (`tests/typing/`) find the typo.
Exits 1 while mypy accepts any of the lines below; 0 once it flags all of them."""

from __future__ import annotations

import sys

from _mypy_check import mypy_errors

LINES = [
    'lc.build_request("opnai", req)',
    'lc.decode_request("anthropc", b"{}")',
    'lc.decode_response("gemni", b"{}")',
    'lc.encode_response("openai-chat", resp)',
    'lc.translate_request("openai_chat", "antropic", b"{}")',
    'lc.translate_response("gemini", "opneai", b"{}")',
    'lc.stream.decode("anthopic", [b""])',
    'lc.stream.Decoder("claude")',
    'lc.stream.Encoder("chat")',
    'lc.stream.translate("openai", "gemini-2", [b""])',
]
HEAD = (
    "import lmcodec as lc\n"
    'req = lc.Request("m", [lc.Message.user("x")])\n'
    'resp = lc.Response(id="r", model="m", message=lc.Message.assistant("y"), finish_reason="stop",'
    " usage=lc.Usage())\n"
)
CONTROL = "control: int = lc.encode(req)  # a real error: mypy must see it, or this check is void"
snippet = HEAD + "".join(line + "\n" for line in LINES) + CONTROL + "\n"
errors = mypy_errors(snippet)
flagged = {int(e.split(":")[1]) for e in errors}
first = HEAD.count("\n") + 1
if first + len(LINES) not in flagged:
    print("mypy did not flag the control line: the check itself is broken", errors)
    sys.exit(2)
missed = [line for n, line in enumerate(LINES, start=first) if n not in flagged]
print(f"mypy --strict flags {len(LINES) - len(missed)} of {len(LINES)} provider-name typos")
for line in missed:
    print("  accepted:", line)
sys.exit(1 if missed else 0)
