"""F05: refuse_a_directory_name (rtfix23 14d47e3) says it raises what open(dest, "wb") raises; for
the empty name it raises IsADirectoryError ('' taken as a directory's form), where open() raises
FileNotFoundError (58c3527 raised IsADirectoryError naming '.'). The test of F01 does not try ''.
Exits 1 while the two differ.
"""

import sys

import lmcodec as lc

try:
    open("", "wb")
except OSError as exc:
    by_open = exc
try:
    lc.jsonl.write("", [])
except OSError as exc:
    by_writer = exc
print(
    f"open(''): {type(by_open).__name__} errno {by_open.errno}; "
    f"lc.jsonl.write(''): {type(by_writer).__name__} errno {by_writer.errno}"
)
if (type(by_open), by_open.errno) != (type(by_writer), by_writer.errno):
    print("FAIL: the writer does not raise what open() raises for the empty name")
    sys.exit(1)
print("ok")
