"""F03: a symlink to another process's descriptor entry (``app.out -> /proc/<pid>/fd/3``) is
written by replacing the file behind it, as rtfix52's left item was before rtleft25 (b89424c):
``held_by_another_process`` tests the path's own last name (numeric) and folder, and unlike
``descriptor_named`` follows no symlink. The file the process holds was unlinked since, so the
link names ``log (deleted)``: lmcodec creates a new file of that name beside it and the process's
later writes go to the file no name holds. Writing ``/proc/<pid>/fd/3`` itself opens it in place
(held). Exits 1 while a file named ``log (deleted)`` appears or the process's later line is not
after the records in the file it holds; 0 once the link is written in place."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import warnings

warnings.simplefilter("ignore")
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "src"))
import lmcodec as lc  # noqa: E402

HOLDER = (
    "import sys\nf = open(sys.argv[1], 'a')\nprint(f.fileno(), flush=True)\nsys.stdin.readline()\n"
    "f.write('later\\n'); f.flush()\nsys.stdin.readline()\n"
)


def main() -> int:
    folder = tempfile.mkdtemp(prefix="rt49_f03_")
    log = os.path.join(folder, "log")
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, log], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdin is not None
        entry = f"/proc/{holder.pid}/fd/{int(holder.stdout.readline())}"
        os.unlink(log)  # a rotated log: the process writes on into the file it holds
        link = os.path.join(folder, "app.out")
        os.symlink(entry, link)
        lc.jsonl.write(link, [lc.Message.user("x")])
        holder.stdin.write("\n")
        holder.stdin.flush()
        time.sleep(0.3)
        held = open(entry).read()
        names = sorted(os.listdir(folder))
    finally:
        if holder.stdin is not None:
            holder.stdin.write("\n")
            holder.stdin.close()
        holder.wait()
    print("names beside the link:", names)
    print("the file the process holds:", repr(held))
    wrong = "log (deleted)" in names or not held.startswith('{"role":"user"') or not held.endswith("later\n")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
