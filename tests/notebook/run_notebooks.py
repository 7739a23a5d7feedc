"""run_notebooks.py FIX TUTORIAL.md SESSION.ipynb SCRATCH: the Jupyter kernel's tests (run by
tests/run-notebook.sh, with the kernelspec "fix" installed where JUPYTER_PATH says).

1. The tutorial as a notebook: every block of TUTORIAL.md that tests/run-doc.sh runs with
   `fix NAME.fix` becomes a cell `%%file NAME.fix` + its text, every other named block
   (```lp pqrs.lp) a `%%file` cell that only writes it, and the block that feeds `fix repl`
   a here-document becomes a cell of that input (after a `:reset` cell); the notebook is
   executed through the kernel (nbclient) and each cell's text output must equal, byte for
   byte, what the command line prints for the block (run here, in a directory of its own).
   Other command lines (```sh) are not REPL input: they are counted as skipped.
2. SESSION.ipynb, written by hand: declarations and queries over several cells, :why, :type,
   :env, an error, empty and comment-only cells, unicode; the text of all its cells must
   equal what `fix repl` prints for their lines in one session, each error cell must end
   with a FixError whose value starts with file:line:col, and the cells with refine, bnb or
   stable queries must show the HTML views.
3. An interrupt: a long bnb in a cell, the kernel interrupted; the cell must end with
   KeyboardInterrupt after printing the sound partial answer (bnb's Final bounds), and the
   session must go on (a later cell sees the earlier declarations).

Prints "PASS ..." or "FAIL ..." a check and "notebook: N passed, N failed"."""

import os
import re
import subprocess
import sys
import time

import nbclient
import nbformat

sys.path.insert(0, os.path.join(os.getcwd(), "python", "tests"))
from test_fix import long_model      # noqa: E402  (the package's tests' long bnb)

FIX, TUTORIAL, SESSION, SCRATCH = sys.argv[1:5]
ROOT = os.getcwd()
results = {"pass": 0, "fail": 0}


def check(ok, what, detail=""):
    results["pass" if ok else "fail"] += 1
    print("%s %s" % ("PASS" if ok else "FAIL", what))
    if not ok and detail:
        print(detail)


def text_of(cell):
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o["output_type"] == "stream")


def errors_of(cell):
    return [o for o in cell.get("outputs", []) if o["output_type"] == "error"]


def execute(nb, cwd):
    client = nbclient.NotebookClient(nb, kernel_name="fix", allow_errors=True, timeout=300,
                                     resources={"metadata": {"path": cwd}})
    client.execute()
    return nb


def workdir(name):
    d = os.path.join(SCRATCH, name)
    os.makedirs(d)
    os.symlink(os.path.join(ROOT, "examples"), os.path.join(d, "examples"))
    os.symlink(os.path.join(ROOT, "stdlib"), os.path.join(d, "stdlib"))
    return d


def diff(want, got):
    import difflib
    return "".join(list(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "cli", "kernel"))[:40])


# ---- 1. the tutorial ----

def blocks(path):
    """The fenced blocks of a document as run-doc.sh reads them: (kind, arg, text, line)."""
    out, lines = [], open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^```(.*)$", lines[i])
        if not m:
            i += 1
            continue
        info = m.group(1).strip().split(None, 1)
        start, body = i + 1, []
        i += 1
        while i < len(lines) and not re.match(r"^```[ \t]*$", lines[i]):
            body.append(lines[i])
            i += 1
        i += 1
        out.append((info[0] if info else "", info[1] if len(info) > 1 else "", "\n".join(body) + "\n", start))
    return out


HEREDOC = re.compile(r"^fix repl <<'EOF'\n(.*)EOF\n$", re.S)


def tutorial():
    cells, expect, skipped = [], [], 0
    cli = workdir("cli")
    env = dict(os.environ, PATH=os.path.dirname(FIX) + os.pathsep + os.environ["PATH"],
               FIX_STDLIB=os.path.join(ROOT, "stdlib"))

    def cli_run(args, stdin=None):
        return subprocess.run(args, cwd=cli, env=env, input=stdin, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT).stdout.decode("utf-8")

    for kind, arg, text, line in blocks(TUTORIAL):
        where = "%s:%d" % (TUTORIAL, line)
        if kind == "fix":
            name = arg or "snippet.fix"
            with open(os.path.join(cli, name), "w", encoding="utf-8") as f:
                f.write(text)
            cells.append("%%%%file %s\n%s" % (name, text))
            expect.append((where, cli_run([FIX, name])))
        elif kind == "sh" and HEREDOC.match(text):
            cells.append(":reset")
            expect.append((where + " (:reset)", ""))
            cells.append(HEREDOC.match(text).group(1))
            expect.append((where + " (fix repl)", cli_run(["sh", "-c", text])))
        elif kind == "sh":
            skipped += 1
        elif kind not in ("output", "") and re.match(r"^[A-Za-z0-9_.-]+\.[A-Za-z0-9_.-]+$", arg):
            with open(os.path.join(cli, arg), "w", encoding="utf-8") as f:
                f.write(text)
            cells.append("%%%%file %s\n%s" % (arg, text))
            expect.append((where + " (%s)" % arg, ""))
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "fix", "display_name": "fix", "language": "fix"}
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    nbformat.write(nb, os.path.join(SCRATCH, "tutorial.ipynb"))
    execute(nb, workdir("kernel"))
    bad = 0
    for cell, (where, want) in zip(nb.cells, expect):
        got = text_of(cell)
        if got != want:
            bad += 1
            check(False, "tutorial cell %s: the kernel's output differs from the command line's" % where,
                  diff(want, got))
    check(bad == 0, "tutorial as a notebook: %d cells, each one's output equals the command line's"
          " (%d command-line blocks skipped: not REPL input)" % (len(cells), skipped))
    check(len(cells) >= 20, "the tutorial gave its cells (%d)" % len(cells))


# ---- 2. the hand-written notebook ----

def session():
    nb = nbformat.read(SESSION, as_version=4)
    cells = [c for c in nb.cells if c.cell_type == "code"]
    lines = "".join(c.source + "\n" for c in cells)
    want = subprocess.run([FIX, "repl"], input=lines.encode("utf-8"), stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, cwd=workdir("repl"),
                          env=dict(os.environ, FIX_STDLIB=os.path.join(ROOT, "stdlib"))).stdout.decode("utf-8")
    execute(nb, workdir("session"))
    cells = [c for c in nb.cells if c.cell_type == "code"]
    got = "".join(text_of(c) for c in cells)
    check(got == want, "%s: the cells' output equals `fix repl` for the same lines" % SESSION, diff(want, got))
    for i, c in enumerate(cells, 1):
        tags = c.metadata.get("tags", [])
        errs = errors_of(c)
        if "raises-exception" in tags:
            ok = len(errs) == 1 and errs[0]["ename"] == "FixError" \
                and re.match(r"^\S+:\d+:\d+: ", errs[0]["evalue"]) is not None
            check(ok, "cell %d: its error is marked, with file:line:col (%s)"
                  % (i, errs[0]["evalue"] if errs else "no error output"))
        else:
            check(not errs, "cell %d: no error" % i, str(errs))
        html = [o for o in c.outputs if o["output_type"] == "display_data" and "text/html" in o["data"]]
        if "html" in tags:
            check(len(html) == 1 and "<iframe" in html[0]["data"]["text/html"]
                  and "fix-data" in html[0]["data"]["text/html"], "cell %d: the --html views inline" % i)
        elif "no-html" in tags:
            check(not html, "cell %d: no views (no refine, bnb or stable query)" % i)


# ---- 3. an interrupt ----

def run_cell(kc, code, timeout=60):
    """Runs code: (reply content, stream text, error outputs)."""
    msg_id = kc.execute(code)
    text, errors = "", []
    while True:
        msg = kc.get_iopub_msg(timeout=timeout)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        t, c = msg["msg_type"], msg["content"]
        if t == "stream":
            text += c["text"]
        elif t == "error":
            errors.append(c)
        elif t == "status" and c["execution_state"] == "idle":
            break
    return shell_reply(kc, msg_id, timeout), text, errors


def shell_reply(kc, msg_id, timeout):
    while True:
        msg = kc.get_shell_msg(timeout=timeout)
        if msg["parent_header"].get("msg_id") == msg_id:
            return msg["content"]


def interrupt():
    from jupyter_client.manager import start_new_kernel
    km, kc = start_new_kernel(kernel_name="fix", cwd=workdir("interrupt"))
    try:
        reply, _, _ = run_cell(kc, long_model())
        check(reply["status"] == "ok", "interrupt: the long model loads")
        msg_id = kc.execute("bnb S policy paper;\nshow 1 + 2;")
        text, errors, reply = "", [], None
        started, last = False, 0.0
        deadline = time.monotonic() + 240
        while reply is None and time.monotonic() < deadline:
            try:
                msg = kc.get_iopub_msg(timeout=1)
            except Exception:
                msg = None
            if msg and msg["parent_header"].get("msg_id") == msg_id:
                t, c = msg["msg_type"], msg["content"]
                if t == "execute_input":
                    started = True
                    time.sleep(1)
                    km.interrupt_kernel()
                    last = time.monotonic()
                elif t == "stream":
                    text += c["text"]
                elif t == "error":
                    errors.append(c)
                elif t == "status" and c["execution_state"] == "idle":
                    reply = shell_reply(kc, msg_id, 30)
            elif started and not text and time.monotonic() - last > 20:
                km.interrupt_kernel()      # (never seen: the first one stops the query)
                last = time.monotonic()
        check(reply is not None and reply["status"] == "error" and reply["ename"] == "KeyboardInterrupt",
              "interrupt: the cell ends with KeyboardInterrupt", str(reply)[:300])
        check(text.startswith("bnb S: ") and "  bound [" in text and "1 + 2" not in text,
              "interrupt: the bnb printed its sound partial answer (Final's bounds), the later line did not run",
              text[:400])
        check([e["ename"] for e in errors] == ["KeyboardInterrupt"], "interrupt: marked as KeyboardInterrupt")
        reply, text, _ = run_cell(kc, "count(S({}))")
        check(reply["status"] == "ok" and text == "count(S({})) = 60\n",
              "interrupt: the session goes on with its declarations", text)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


tutorial()
session()
interrupt()
print("notebook: %d passed, %d failed" % (results["pass"], results["fail"]))
sys.exit(1 if results["fail"] else 0)
