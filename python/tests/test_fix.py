"""Tests of the Python package fix (run by tests/run-api.sh against build/libfix.so, through
the environment variable FIX_LIBRARY): values, queries, events, errors, limits, cancel and
KeyboardInterrupt during a long bnb, two sessions in two threads."""

import os
import signal
import threading
import time
import unittest

import fix

TINY = """
lattice P = powerset {a, b};
fn f(x: P): P antitone = if b in x then {} else {a};
lattice U = real [0, 1] tolerance 1e-9;
lattice P2 = U * U;
fn g(x: P2): P2 = (1 - x.2 / 2, x.1 / 2);
lattice C = chain {low, mid, high};
lattice R = range 0..9;
lattice M = map {x, y} -> C;
"""


def long_model(n=30):
    """2n atoms, n independent choices: bnb (policy paper) runs for minutes."""
    atoms = ", ".join("a%d, b%d" % (i, i) for i in range(n))
    body = " union ".join("(if b%d in m then {} else {a%d}) union (if a%d in m then {} else {b%d})"
                          % (i, i, i, i) for i in range(n))
    return "lattice A = powerset {%s};\nfn S(m: A): A antitone = %s;\n" % (atoms, body)


class Values(unittest.TestCase):
    def setUp(self):
        self.s = fix.Session()
        self.s.load_string(TINY, "tiny.fix")

    def tearDown(self):
        self.s.close()

    def test_kinds(self):
        self.assertEqual(self.s.eval("f({})"), frozenset({"a"}))
        self.assertEqual(self.s.eval("1 + 2 * 3"), 7)
        self.assertIs(self.s.eval("b in f({})"), False)
        self.assertEqual(self.s.eval("g((0, 0))"), (1.0, 0.0))
        self.assertIsInstance(self.s.eval("g((0, 0))")[0], float)
        self.assertEqual(self.s.eval("mid"), "mid")
        self.assertEqual(self.s.eval("{x -> high, y -> low}"), {"x": "high", "y": "low"})
        self.assertEqual(self.s.eval("elements(P)"),
                         [frozenset(), frozenset({"a"}), frozenset({"b"}), frozenset({"a", "b"})])

    def test_refine(self):
        r = self.s.query("refine g from [(0, 0) .. (1, 1)] steps 2;")
        self.assertEqual((r.kind, r.status, r.target), ("refine", "ok", "g"))
        self.assertEqual(r.bound, fix.Interval((0.75, 0.375), (0.875, 0.4375)))
        self.assertEqual(r.json["bound"]["lo"], [0.75, 0.375])
        self.assertEqual([e["event"] for e in r], ["step", "step"])

    def test_bnb(self):
        r = self.s.query("bnb f;")
        self.assertEqual(r.points, [frozenset({"a"})])
        self.assertTrue(r.complete)
        self.assertEqual(r.final, [fix.Interval(frozenset({"a"}), frozenset({"a"}))])

    def test_load_results(self):
        results = self.s.load_string("show f({a});\nbnb f;\n", "more.fix")
        self.assertEqual([r.kind for r in results], ["show", "bnb"])
        self.assertEqual(results[0].value, frozenset({"a"}))

    def test_declarations(self):
        d = dict(self.s.declarations())
        self.assertEqual(d["f"], "fn")
        self.assertEqual(d["P"], "lattice")


class Stdlib(unittest.TestCase):
    def test_import_beside_the_library(self):
        saved = os.environ.pop("FIX_STDLIB", None)
        try:
            s = fix.Session()
            s.load_string('import "analysis";\n')
            self.assertIs(s.eval("is_safe(proved)"), True)
        finally:
            if saved is not None:
                os.environ["FIX_STDLIB"] = saved


class Errors(unittest.TestCase):
    def test_place(self):
        s = fix.Session()
        with self.assertRaises(fix.FixError) as cm:
            s.load_string("lattice P = powerset {a};\nfn f(x: P): P = x union q;\n", "bad.fix")
        e = cm.exception
        self.assertEqual((e.file, e.line, e.col), ("bad.fix", 2, 25))
        self.assertIn("q", e.message)
        with self.assertRaises(fix.FixError) as cm:
            s.eval("zzz")
        self.assertEqual((cm.exception.file, cm.exception.line, cm.exception.col), ("<eval>", 1, 1))
        with self.assertRaises(fix.FixError):
            s.load("/nonexistent/x.fix")

    def test_runtime_error(self):
        s = fix.Session()
        s.load_string("lattice R = range 0..9;\nfn d(x: R): R = 10 / (x - x);\n")
        with self.assertRaises(fix.FixError) as cm:
            s.eval("d(3)")
        self.assertEqual((cm.exception.file, cm.exception.line), ("<string>", 2))   # where it failed


class Cancel(unittest.TestCase):
    def test_cancel_from_thread(self):
        s = fix.Session()
        s.load_string(long_model(), "long.fix")
        threading.Timer(0.4, s.cancel).start()
        t0 = time.monotonic()
        r = s.query("bnb S policy paper;", events=False)
        self.assertLess(time.monotonic() - t0, 10)
        self.assertEqual((r.status, r.stopped_by, r.complete), ("limit", "interrupt", False))
        self.assertTrue(r.final)        # sound: the bounds left cover every fixed point not listed

    def test_keyboard_interrupt(self):
        s = fix.Session()
        s.load_string(long_model(), "long.fix")
        # a test runner started in the background may have inherited SIGINT ignored
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        backstop = threading.Timer(20, s.cancel)     # never a hang, should the signal be lost
        backstop.start()
        threading.Timer(0.4, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        try:
            r = s.query("bnb S policy paper;", events=False)
        finally:
            signal.signal(signal.SIGINT, previous)
            backstop.cancel()
        self.assertTrue(r.interrupted)
        self.assertEqual((r.status, r.stopped_by), ("limit", "interrupt"))
        self.assertTrue(r.final)
        self.assertEqual(s.eval("1 + 1"), 2)        # the session goes on

    def test_timeout(self):
        s = fix.Session(timeout=0.3)
        s.load_string(long_model(), "long.fix")
        r = s.query("bnb S policy paper;", events=False)
        self.assertEqual(r.stopped_by, "timeout")


class Repl(unittest.TestCase):
    def test_repl_input(self):
        s = fix.Session()
        out = s.repl("lattice Lvl = chain {low, mid, high};\n"
                     "fn flip(x: Lvl): Lvl = if x == low then high else if x == high then low else mid;\n"
                     "flip(mid)\n:type flip(low)\nrefine flip;")
        self.assertEqual(out.text, "flip(mid) = mid\nflip(low) : Lvl\nrefine flip = [low .. high]  (1 step, size 3)\n")
        self.assertIsNone(out.error)
        self.assertIn("fix-data", out.html)             # the page of the refine
        out = s.repl("show flip(3);")
        self.assertEqual((out.error.file, out.error.line, out.error.col), ("<repl:6>", 1, 11))
        self.assertTrue(out.text.startswith("<repl:6>:1:11: error: expected Lvl, found int\n"))
        self.assertIsNone(out.html)
        self.assertEqual(s.repl(":why").text.split("\n")[0], "refine flip   (<repl:5>:1)")
        self.assertEqual(s.repl("").text, "")
        self.assertEqual(s.repl("// a comment, ünïcode\n").text, "")

    def test_repl_run_file(self):
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "x.fix")
            with open(path, "w") as f:
                f.write("lattice R = range 0..9;\nshow 1 + 2;\nshow q;\n")
            s = fix.Session()
            out = s.repl_run_file(path)
            self.assertEqual(out.errors, [(path, 3, 6, "unknown name 'q'")])
            self.assertEqual(out.text, "%s:3:6: error: unknown name 'q'\n  show q;\n       ^\n" % path)

    def test_repl_keyboard_interrupt(self):
        s = fix.Session()
        s.repl(long_model())
        s._events = []          # the engine's events, seen here: Ctrl-C once the bnb runs
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        backstop = threading.Timer(60, s.cancel)     # never a hang, should the signal be lost

        def interrupt():
            while not s._events:
                time.sleep(0.05)
            time.sleep(0.3)
            os.kill(os.getpid(), signal.SIGINT)
        backstop.start()
        threading.Thread(target=interrupt, daemon=True).start()
        try:
            out = s.repl("bnb S policy paper;\nshow 1 + 2;")
        finally:
            signal.signal(signal.SIGINT, previous)
            backstop.cancel()
            s._events = None
        self.assertTrue(out.interrupted)
        self.assertTrue(out.text.startswith("bnb S: ") and "  bound [" in out.text, out.text[:200])
        self.assertNotIn("1 + 2 =", out.text)
        self.assertEqual(s.repl("show 1 + 2;").text, "1 + 2 = 3\n")


class Threads(unittest.TestCase):
    def test_two_sessions(self):
        good = [0, 0]

        def work(k):
            s = fix.Session()
            s.load_string("lattice L = range 0..9;\nfn f(x: L): L = %d;\n" % (3 + 4 * k))
            for _ in range(100):
                if s.query("bnb f;").points == [3 + 4 * k]:
                    good[k] += 1
                if k:
                    s.cancel()
            s.close()

        ts = [threading.Thread(target=work, args=(k,)) for k in (0, 1)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        self.assertEqual(good, [100, 100])


if __name__ == "__main__":
    unittest.main()
