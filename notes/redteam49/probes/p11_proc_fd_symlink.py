"""A symlink to another process's /proc/<pid>/fd/N entry, and other spellings."""
import os, subprocess, sys, tempfile, time, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
d = tempfile.mkdtemp(prefix="rt49_")
log = os.path.join(d, "log")
p = subprocess.Popen([sys.executable, "-c", "import sys,time\nf=open(sys.argv[1],'a')\nfd=f.fileno()\nprint(fd,flush=True)\nsys.stdin.readline()\nf.write('later\\n');f.flush()\nsys.stdin.readline()", log], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
fd = int(p.stdout.readline())
entry = f"/proc/{p.pid}/fd/{fd}"
os.unlink(log)
link = os.path.join(d, "current")
os.symlink(entry, link)
for dest in (link, entry + "/."[:0], f"/proc/{p.pid}/fd/../fd/{fd}", f"/proc/{p.pid}/task/{p.pid}/fd/{fd}"):
    before = set(os.listdir(d))
    try:
        lc.jsonl.write(dest, [lc.Message.user("x")])
        r = "written"
    except Exception as e:
        r = f"{type(e).__name__}: {e}"
    after = set(os.listdir(d))
    print(dest.replace(str(p.pid), "PID"), "->", r, "new names:", sorted(after - before))
p.stdin.write("\n"); p.stdin.flush(); time.sleep(0.2)
print("entry now holds:", open(entry).read() if os.path.exists(entry) else None)
p.stdin.write("\n"); p.stdin.flush(); p.wait()
