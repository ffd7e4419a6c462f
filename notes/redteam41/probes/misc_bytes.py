import sys, os, json; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import check
from sse_framing import FR, render
bad = []; n = 0
for prov, fr in FR.items():
    base = render(fr())
    muts = {
        "invalid_utf8_in_text": base.replace("✓".encode(), b"\xe2\x9c"),
        "lone_ff": base.replace("✓".encode(), b"\xff"),
        "overlong": base.replace("✓".encode(), b"\xc0\xaf"),
        "escaped_lone_surrogate": base.replace("✓".encode(), b"\\ud800"),
        "nul_in_text": base.replace("✓".encode(), b"\\u0000"),
        "raw_nel": base.replace("✓".encode(), "\u0085".encode()),
        "raw_ls": base.replace("✓".encode(), "\u2028".encode()),
        "cr_in_middle_of_line": base.replace(b"data: ", b"data: \r", 1),
        "long_line": base.replace("✓".encode(), b"x" * 3_000_000),
    }
    for m, body in muts.items():
        n += 1
        if check(prov, body, m, cuts=(m != "long_line")):
            bad.append((prov, m))
print(n, "runs,", len(bad), "failing:", bad)
