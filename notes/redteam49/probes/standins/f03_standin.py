"""Stand-in fix for F03 (not kept): held_by_another_process follows the symlinks to the entry, as
descriptor_named does; then the reproducer's main."""
import os, runpy, sys
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "src"))
from lmcodec.codecs import _replace
original = _replace.held_by_another_process
def held(dest):
    name = os.fsdecode(dest)
    for _ in range(40):
        if original(name):
            return True
        if not os.path.islink(name):
            return False
        name = os.path.join(os.path.dirname(name), os.readlink(name))
    return False
_replace.held_by_another_process = held
runpy.run_path(os.path.join(ROOT, "notes/redteam49/f03_symlink_to_proc_fd_replaced.py"), run_name="__main__")
