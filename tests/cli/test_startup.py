"""Start-up of the lmcodec command (red team 18 F04): the command's code is imported when it runs,
inside main()'s handling of signals, so a Ctrl-C while it loads ends the command as it does later
(status 130, one ``lmcodec: interrupted`` line, no traceback); ``--version`` and ``schema`` read
no command's code."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

import lmcodec as lc

_COMMAND_MODULES = (
    "lmcodec.cli._convert",
    "lmcodec.cli._assemble",
    "lmcodec.cli._rejects",
    "lmcodec.cli.bench",
)

_INTERRUPT_ON_IMPORT = """
import os, signal, sys

class InterruptOnImport:
    '''A finder that finds nothing: it sends this process SIGINT when {module} is first looked for.'''

    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, InterruptOnImport())
from lmcodec.cli import main
sys.exit(main({argv!r}))
"""


def _run_python(code: str) -> subprocess.CompletedProcess[str]:
    def default_sigint() -> None:  # a shell's background job inherits SIGINT ignored
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=default_sigint,
    )


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="needs POSIX signals")
@pytest.mark.parametrize(
    ("argv", "module"),
    [
        (["convert", "{log}", "-", "--type", "Message"], "lmcodec.cli._convert"),
        (["validate", "{log}", "--type", "Message"], "lmcodec.cli._convert"),
        (["assemble", "openai", "{log}"], "lmcodec.cli._assemble"),
        (["schema", "Turn"], "lmcodec.cli._names"),
    ],
    ids=["convert", "validate", "assemble", "schema"],
)
def test_ctrl_c_while_the_command_loads_is_one_line_and_status_130(
    tmp_path: Path, argv: list[str], module: str
) -> None:
    log = tmp_path / "in.jsonl"
    log.write_bytes(lc.encode(lc.Message.user("hi")) + b"\n")
    argv = [arg.format(log=log) for arg in argv]
    run = _run_python(_INTERRUPT_ON_IMPORT.format(module=module, argv=argv))
    assert (run.returncode, run.stderr) == (130, "lmcodec: interrupted\n")
    assert run.stdout == ""


def test_the_console_entry_imports_no_command() -> None:
    """``from lmcodec.cli import main`` (what the installed ``lmcodec`` script runs first) and
    ``--version`` / ``schema`` read none of the commands' modules."""
    code = (
        "import sys, contextlib, io\n"
        "from lmcodec.cli import main\n"
        f"loaded = [m for m in {_COMMAND_MODULES!r} if m in sys.modules]\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['schema', 'Turn']) == 0\n"
        "    try:\n"
        "        main(['--version'])\n"
        "    except SystemExit as exc:\n"
        "        assert exc.code == 0\n"
        f"loaded += [m for m in {_COMMAND_MODULES!r} if m in sys.modules]\n"
        "print(loaded)\n"
    )
    run = _run_python(code)
    assert run.returncode == 0, run.stderr
    assert run.stdout == "[]\n"


def test_a_command_still_runs_once_imported(tmp_path: Path) -> None:
    """The lazily imported commands run as before: validate a good log, status 0."""
    log = tmp_path / "in.jsonl"
    log.write_bytes(lc.encode(lc.Message.user("hi")) + b"\n")
    run = subprocess.run(
        [sys.executable, "-m", "lmcodec", "validate", str(log), "--type", "Message"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize(
    "argv", [["--help"], ["validate", "{log}", "--type", "Message"]], ids=["help", "validate"]
)
def test_start_up_and_validate_run_neither_the_providers_nor_the_stream_stage(
    tmp_path: Path, argv: list[str]
) -> None:
    """``import lmcodec`` defers the providers and the stream stage, so the command's start-up and a
    log's validation import neither (``import lmcodec`` loaded every provider and the stream
    engine before: 221 modules, 43 now)."""
    log = tmp_path / "in.jsonl"
    log.write_bytes(lc.encode(lc.Message.user("hi")) + b"\n")
    argv = [arg.format(log=log) for arg in argv]
    code = (
        "import sys, contextlib, io\n"
        "from lmcodec.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
        "    try:\n"
        f"        main({argv!r})\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('lmcodec.providers', 'lmcodec.stream'))))\n"
    )
    run = _run_python(code)
    assert run.returncode == 0, run.stderr
    assert run.stdout == "[]\n"
