"""F02: lc.jsonl names a UTF-16/UTF-32 log only when its first line starts with the byte-order
mark or ``{`` next to NULs (_refuse_wide_encoding, checked on line 1 only). A BOM-less wide log
whose first line is blank (a leading newline, a space, CRLF) passes line 1 as blank, and every
later line begins with NULs: with on_error="skip" the whole log reads as zero records and no
error; with "collect" it is N+1 "invalid character (byte 0)" lines (red team 23 F05's symptom).
Exits 1 while such a log is read as nothing without an error naming its encoding."""

import json
import sys

import lmcodec as lc

record = json.dumps({"model": "m", "messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}]})
failed = False
for codec in ("utf-32-le", "utf-32-be", "utf-16-le", "utf-16-be"):
    data = ("\n" + record + "\n" + record + "\n").encode(codec)
    assert [t for t in lc.jsonl.read(("\n" + record + "\n" + record + "\n").encode(), lc.Request)]  # UTF-8: 2 records
    try:
        got = list(lc.jsonl.read(data, lc.Request, on_error="skip"))
    except lc.RecordError as exc:
        print(f"{codec}: ok, {exc}")
        continue
    print(f"FAIL: {codec} log with a leading blank line, on_error='skip': {len(got)} records, no error")
    failed = True
sys.exit(1 if failed else 0)
