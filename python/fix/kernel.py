"""The Jupyter kernel of fix (docs/python.md): each cell is REPL input, as typed into ``fix repl``,
run in one session kept from cell to cell.

    python -m fix.kernel install [--user | --sys-prefix | --prefix DIR]   the kernelspec "fix"
    python -m fix.kernel -f CONNECTION_FILE                               the kernel (Jupyter runs it)

A cell holds declarations, queries, bare expressions and the REPL's commands (``:why``,
``:load FILE``, ``:type``, ``:lattice``, ``:env``, ``:trace on``, ``:reset``, ...; ``:help``
lists them), over as many lines as it likes; an entry left open at the cell's end is run as
if closed.  What it prints is what ``fix repl`` prints for the same lines, byte for byte, as
one stream.  A cell that ran a refine, bnb or stable query also shows the views of
``fix run --html`` (an HTML display).  A cell with an error (a syntax or type error, a
runtime error) shows it as ``fix repl`` does and ends with an error whose value is
``file:line:col: message``.  Interrupting the kernel stops the running query, which prints
its sound partial answer; the cell's later lines do not run, and the cell ends with a
KeyboardInterrupt error.  A cell whose first line is ``%%file NAME`` writes the rest of the
cell to the file NAME (in the kernel's directory) and, for a NAME ending in .fix, forgets
every declaration and runs the file: the cell prints what ``fix NAME`` prints, byte for
byte, and the session then holds the file's declarations (as after ``:reset`` and
``:load NAME``).

The kernel needs ipykernel (Debian: python3-ipykernel, for /usr/bin/python3); it runs with
the Python that installed it when that one has ipykernel, else with /usr/bin/python3 or the
python3 on PATH, whichever has it."""

import html
import json
import os
import shutil
import sys
import tempfile

from . import __version__
from .session import Session, _library

KERNEL_NAME = "fix"

_COMMANDS = (":load", ":reload", ":type", ":lattice", ":env", ":html", ":reset", ":trace",
             ":why", ":help", ":quit")
_KEYWORDS = ("import", "lattice", "powerset", "chain", "range", "real", "map", "fn", "monotone",
             "antitone", "envelope", "galois", "program", "from", "show", "fixpoints", "approx",
             "refine", "bnb", "stable", "check", "lfp", "gfp", "bot", "top", "true", "false")


def iframe(page):
    """The page (a whole HTML document with its script) inside an iframe, so that its style
    and script stay apart from the notebook's."""
    return ('<iframe style="width: 100%%; height: 560px; border: 1px solid #ccc" '
            'sandbox="allow-scripts" srcdoc="%s"></iframe>' % html.escape(page, quote=True))


def split_file_cell(code):
    """(NAME, body) for a cell whose first line is ``%%file NAME``, else None."""
    first, _, body = code.partition("\n")
    words = first.split()
    if len(words) == 2 and words[0] == "%%file":
        return words[1], body
    return None


def _kernel_class():
    from ipykernel.kernelbase import Kernel

    class FixKernel(Kernel):
        implementation = "fix"
        implementation_version = __version__
        language = "fix"
        language_version = __version__
        language_info = {"name": "fix", "mimetype": "text/x-fix", "file_extension": ".fix",
                         "pygments_lexer": "text"}
        banner = "fix %s: each cell is REPL input (:help lists the commands)" % __version__

        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.fix = Session()

        def _stream(self, text, name="stdout"):
            if text:
                self.send_response(self.iopub_socket, "stream", {"name": name, "text": text})

        def _run(self, code):
            """The cell run: its ReplOutput."""
            filed = split_file_cell(code)
            if filed is None:
                return self.fix.repl(code)
            name, body = filed
            with open(name, "w", encoding="utf-8") as f:
                f.write(body)
            return self.fix.repl_run_file(name) if name.endswith(".fix") else self.fix.repl("")

        def do_execute(self, code, silent, store_history=True, user_expressions=None,
                       allow_stdin=False):
            try:
                out = self._run(code)
            except OSError as e:
                return self._error("OSError", str(e), silent)
            except KeyboardInterrupt:       # a second Ctrl-C after the query stopped
                return self._error("KeyboardInterrupt", "interrupted", silent)
            if not silent:
                self._stream(out.text)
                if out.html:
                    self.send_response(self.iopub_socket, "display_data",
                                       {"data": {"text/html": iframe(out.html)}, "metadata": {}})
            if out.interrupted:
                return self._error("KeyboardInterrupt",
                                   "interrupted: the answer printed is the query's sound partial answer",
                                   silent)
            if out.error is not None:
                return self._error("FixError", str(out.error), silent)
            return {"status": "ok", "execution_count": self.execution_count,
                    "payload": [], "user_expressions": {}}

        def _error(self, ename, evalue, silent):
            content = {"ename": ename, "evalue": evalue, "traceback": ["%s: %s" % (ename, evalue)]}
            if not silent:
                self.send_response(self.iopub_socket, "error", content)
            content.update(status="error", execution_count=self.execution_count)
            return content

        def do_complete(self, code, cursor_pos):
            start = cursor_pos
            while start > 0 and (code[start - 1].isalnum() or code[start - 1] in "_':"):
                start -= 1
            word = code[start:cursor_pos]
            names = list(_COMMANDS if word.startswith(":") else _KEYWORDS)
            if not word.startswith(":"):
                names += [n for n, _ in self.fix.declarations()]
            matches = sorted(set(n for n in names if n.startswith(word)))
            return {"status": "ok", "matches": matches, "cursor_start": start,
                    "cursor_end": cursor_pos, "metadata": {}}

        def do_shutdown(self, restart):
            self.fix.close()
            if restart:
                self.fix = Session()
            return {"status": "ok", "restart": restart}

    return FixKernel


def kernel_python():
    """The Python the kernel runs with: this one when it has ipykernel, else the first of
    /usr/bin/python3 (Debian's python3-ipykernel is for it) and the python3 on PATH that has
    it; None when none has."""
    import importlib.util
    import subprocess
    if importlib.util.find_spec("ipykernel") is not None:
        return sys.executable
    for cand in ("/usr/bin/python3", shutil.which("python3")):
        if cand and os.path.isfile(cand) and subprocess.run(
                [cand, "-c", "import ipykernel"], stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL).returncode == 0:
            return cand
    return None


def kernel_spec(python):
    """The kernel.json of the kernelspec: the Python that runs the kernel, and the library and
    package this one found (so that the kernel finds them when Jupyter starts it elsewhere)."""
    env = {}
    lib = getattr(_library(), "_name", None)
    if lib and os.path.isfile(lib):
        env["FIX_LIBRARY"] = os.path.abspath(lib)
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"     # no debugger warnings in Jupyter's log
    return {"argv": [python, "-Xfrozen_modules=off", "-m", "fix.kernel", "-f", "{connection_file}"],
            "display_name": "fix", "language": "fix", "interrupt_mode": "signal", "env": env}


def _kernels_dir(user, prefix):
    """Where Jupyter looks for kernelspecs, as jupyter_core says (for a Python without it)."""
    if not user:
        return os.path.join(prefix, "share", "jupyter", "kernels")
    data = os.environ.get("JUPYTER_DATA_DIR") or os.path.join(
        os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share"), "jupyter")
    return os.path.join(data, "kernels")


USAGE = """usage: python -m fix.kernel install [--user | --sys-prefix | --prefix DIR]
       python -m fix.kernel -f CONNECTION_FILE

install       installs the kernelspec "fix" for Jupyter: for this user (--user, the
              default), into this Python's prefix (--sys-prefix, e.g. a virtual
              environment), or under DIR (--prefix DIR: DIR/share/jupyter/kernels/fix)
-f FILE       runs the kernel (Jupyter does this, with the kernelspec's command)
"""


def _need(module):
    """The module, or SystemExit saying which Python lacks it and where it comes from."""
    import importlib
    try:
        return importlib.import_module(module)
    except ImportError:
        sys.stderr.write("fix.kernel: %s is not installed for %s (Debian: apt-get install "
                         "python3-ipykernel python3-jupyter-client, for /usr/bin/python3; or pip "
                         "install ipykernel into this Python); see docs/python.md\n"
                         % (module, sys.executable))
        raise SystemExit(1)


def install(args):
    user, prefix = True, None
    if args[:1] == ["--sys-prefix"]:
        user, prefix = False, sys.prefix
    elif args[:1] == ["--prefix"] and len(args) == 2:
        user, prefix = False, args[1]
    elif args not in ([], ["--user"]):
        sys.stderr.write(USAGE)
        return 2
    python = kernel_python()
    if python is None:
        _need("ipykernel")              # says where it comes from
    spec = kernel_spec(python)
    try:
        from jupyter_client.kernelspec import KernelSpecManager
    except ImportError:                 # this Python has no Jupyter: the files written here
        where = os.path.join(_kernels_dir(user, prefix), KERNEL_NAME)
        os.makedirs(where, exist_ok=True)
        with open(os.path.join(where, "kernel.json"), "w") as f:
            json.dump(spec, f, indent=1)
    else:
        tmp = tempfile.mkdtemp()
        try:
            with open(os.path.join(tmp, "kernel.json"), "w") as f:
                json.dump(spec, f, indent=1)
            where = KernelSpecManager().install_kernel_spec(tmp, KERNEL_NAME, user=user, prefix=prefix)
        finally:
            shutil.rmtree(tmp)
    print("installed the kernelspec %s in %s (the kernel runs with %s)" % (KERNEL_NAME, where, python))
    return 0


def main(argv):
    if argv[:1] == ["install"]:
        return install(argv[1:])
    if argv[:1] in (["-h"], ["--help"]) or not argv:
        sys.stdout.write(USAGE)
        return 0 if argv else 2
    _need("ipykernel.kernelbase")
    IPKernelApp = _need("ipykernel.kernelapp").IPKernelApp
    IPKernelApp.launch_instance(argv=argv, kernel_class=_kernel_class())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
