"""Sessions of fix: load .fix text, run queries, evaluate expressions (see docs/python.md)."""

import json
import os
import threading

from . import _capi
from .values import decode_typed

_lib = None


def _library():
    global _lib
    if _lib is None:
        _lib = _capi.load_library()
    return _lib


def _text(b):
    return None if b is None else b.decode("utf-8", "replace")


class FixError(Exception):
    """An error of fix: a syntax or type error, a runtime error, a file that cannot be read.

    ``file``, ``line`` and ``col`` give the place of the first error (``None``, 0, 0 when it
    has none; ``"<eval>"``, ``"<query>"`` or the name given to :meth:`Session.load_string` for
    text that is not a file); ``message`` its text without the place; ``errors`` every error
    of the call as ``(file, line, col, message)`` tuples."""

    def __init__(self, errors):
        self.errors = list(errors)
        first = self.errors[0] if self.errors else (None, 0, 0, "fix: unknown error")
        self.file, self.line, self.col, self.message = first
        where = "%s:%d:%d: " % (self.file, self.line, self.col) if self.file else ""
        super().__init__(where + self.message)


class Result:
    """The result of one query.

    ``kind`` (``"refine"``, ``"bnb"``, ``"show"``, ...), ``status`` (``"ok"``, ``"failed"``,
    ``"error"``, ``"limit"``: stopped by a limit or a cancel, still sound), ``target``,
    ``verdict``, ``message``, ``stopped_by`` (``"interrupt"``, ``"timeout"``, ...);
    ``value`` (show, lfp, gfp), ``bound`` (approx, refine: an :class:`~fix.values.Interval`),
    ``points`` and ``final`` (bnb, fixpoints), ``models`` (stable: a list of frozensets),
    ``complete``; ``json`` the object ``fix run --json`` prints (a dict), ``events`` the
    engine's events while it ran (dicts, as the trace of docs/json.md; iterating over the
    result iterates over them); ``interrupted`` is true when KeyboardInterrupt stopped it."""

    STATUSES = ("ok", "failed", "error", "limit")

    def __init__(self, lib, handle, events=(), interrupted=False):
        self.kind = _text(lib.fix_result_kind(handle))
        self.status = self.STATUSES[lib.fix_result_status(handle)]
        self.target = _text(lib.fix_result_target(handle))
        self.verdict = _text(lib.fix_result_verdict(handle))
        self.message = _text(lib.fix_result_message(handle))
        self.stopped_by = _text(lib.fix_result_stopped_by(handle))
        self._json = lib.fix_result_json(handle)
        values = decode_typed(lib.fix_result_typed_json(handle))
        self.value = values.get("value")
        self.bound = values.get("bound")
        self.points = values.get("points")
        self.final = values.get("final")
        self.models = values.get("models")
        self.complete = values.get("complete", False)
        self._events = events
        self.interrupted = interrupted

    @property
    def json(self):
        """The result as ``fix run --json`` writes it (docs/json.md), a dict."""
        return json.loads(self._json)

    @property
    def events(self):
        """The engine's events, each a dict (``{"event": "node", ...}``), in order."""
        return [json.loads(e) for e in self._events]

    def __iter__(self):
        return iter(self.events)

    def __repr__(self):
        return "<fix.Result %s %s%s>" % (self.kind, self.status,
                                         " " + self.target if self.target else "")


class ReplOutput:
    """What :meth:`Session.repl` gives back for some lines of REPL input.

    ``text`` is what ``fix repl`` prints for them, byte for byte (results, then errors with
    their place and caret, in the order written); ``html`` the page of ``fix run --html``
    (one self-contained document) when they ran a refine, bnb or stable query, else None;
    ``errors`` the errors among them as ``(file, line, col, message)`` tuples and ``error``
    the first as a :class:`FixError` (None without errors); ``interrupted`` is true when a
    cancel or KeyboardInterrupt stopped them: the running query printed its sound partial
    answer and the lines after it did not run."""

    def __init__(self, text, html, errors, interrupted):
        self.text = text
        self.html = html
        self.errors = errors
        self.error = FixError(errors) if errors else None
        self.interrupted = interrupted

    def __repr__(self):
        return "<fix.ReplOutput %d chars%s%s>" % (len(self.text), " html" if self.html else "",
                                                  " error" if self.errors else "")


class Session:
    """A session of fix: the declarations of everything loaded into it, and queries run in it.

    ``timeout`` (seconds a query) and ``max_steps`` (VM steps per call, F steps per query)
    are the limits of ``fix run --timeout``/``--max-steps``; ``search_dirs`` are import
    directories (``-I``).  Sessions share nothing: two may be used from two threads.  A
    session closes when it is collected, or with :meth:`close` (or ``with Session() as s``)."""

    def __init__(self, timeout=None, max_steps=None, search_dirs=()):
        self._lib = _library()
        self._s = self._lib.fix_session_new()
        if not self._s:
            raise MemoryError("fix: cannot make a session")
        self._events = None
        self._event_fn = _capi.EVENT_FN(self._on_event)
        self._lib.fix_set_event_callback(self._s, self._event_fn, None)
        if timeout:
            self.set_timeout(timeout)
        if max_steps:
            self.set_max_steps(max_steps)
        for d in search_dirs:
            self._lib.fix_add_search_dir(self._s, os.fsencode(d))

    # ---- lifetime ----
    def close(self):
        """Frees the session (later calls raise ValueError)."""
        if getattr(self, "_s", None):
            self._lib.fix_session_free(self._s)
            self._s = None

    def __del__(self):
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _handle(self):
        if not self._s:
            raise ValueError("fix: the session is closed")
        return self._s

    # ---- limits and cancelling ----
    def set_timeout(self, seconds):
        """Seconds each later query may run (0: none)."""
        self._lib.fix_set_timeout(self._handle(), float(seconds or 0))

    def set_max_steps(self, steps):
        """VM steps per call and F steps per query (0: none)."""
        self._lib.fix_set_max_steps(self._handle(), int(steps or 0))

    def cancel(self):
        """Asks the running query to stop (from any thread): it ends with its sound partial
        answer, ``stopped_by == "interrupt"``."""
        if self._s:
            self._lib.fix_cancel(self._s)

    # ---- running ----
    def _on_event(self, user, event):
        if self._events is not None:
            self._events.append(event)

    def _errors(self):
        lib, s = self._lib, self._s
        return [(_text(lib.fix_error_file(s, i)), lib.fix_error_line(s, i), lib.fix_error_col(s, i),
                 _text(lib.fix_error_message(s, i))) for i in range(lib.fix_error_count(s))]

    def _run(self, fn, *args):
        """fn(*args) in a thread of its own, so that Ctrl-C (KeyboardInterrupt, raised in the
        main thread) can cancel it; the call still returns, with the partial answer."""
        box = {}
        handle = self._handle()
        done = threading.Event()

        def call():
            try:
                box["r"] = fn(handle, *args)
            finally:
                done.set()

        if threading.current_thread() is not threading.main_thread():
            call()
            return box["r"], False
        threading.Thread(target=call, daemon=True).start()
        interrupted = False
        while not done.is_set():
            try:
                done.wait(0.05)
            except KeyboardInterrupt:
                interrupted = True
                self.cancel()
        return box.get("r"), interrupted

    def load(self, path):
        """Loads a .fix file: its declarations, and the results of its queries (a list);
        FixError when it has errors or a query failed."""
        return self._load(self._lib.fix_load_file, os.fsencode(os.fspath(path)))

    def load_string(self, text, name="<string>"):
        """Loads .fix text as :meth:`load` does a file; errors name it ``name``."""
        return self._load(self._lib.fix_load_string, name.encode(), text.encode())

    def _load(self, fn, *args):
        self._events = []
        rc, interrupted = self._run(fn, *args)
        lib, s = self._lib, self._s
        results = [Result(lib, lib.fix_loaded_result(s, i), (), interrupted)
                   for i in range(lib.fix_loaded_count(s))]
        self._events = None
        if rc != 0 and lib.fix_error_count(s):
            raise FixError(self._errors())
        return results

    def query(self, text, events=True):
        """Runs a query written as in a .fix file (``"refine g;"``, ``"bnb f;"``): a
        :class:`Result`, with the engine's events unless ``events`` is false.  FixError after
        an error.  KeyboardInterrupt while it runs stops it: the result is then its sound
        partial answer (``status == "limit"``, ``interrupted`` true)."""
        self._events = [] if events else None
        try:
            handle, interrupted = self._run(self._lib.fix_query, text.encode())
            return self._result(handle, self._events or (), interrupted)
        finally:
            self._events = None

    def eval(self, expr):
        """The value of an expression, as a Python value (fix.values)."""
        handle, interrupted = self._run(self._lib.fix_eval, expr.encode())
        return self._result(handle, (), interrupted).value

    def _result(self, handle, events, interrupted):
        if not handle:
            raise FixError(self._errors())
        try:
            return Result(self._lib, handle, events, interrupted)
        finally:
            self._lib.fix_result_free(handle)

    def repl(self, text):
        """Runs text as lines typed into ``fix repl``: declarations, queries, bare expressions
        and the REPL's commands (``:why``, ``:load FILE``, ``:type``, ``:env``, ``:trace on``,
        ...), with everything declared before; an entry still open at its end runs as if
        closed.  A :class:`ReplOutput` (errors do not raise: they are printed, as in the
        REPL, and listed).  KeyboardInterrupt while it runs stops the running query, which
        prints its sound partial answer; the later lines do not run.  The Jupyter kernel
        (fix.kernel) runs each cell through it."""
        return self._repl(self._lib.fix_repl_input, text.encode("utf-8"))

    def repl_run_file(self, path):
        """Forgets every declaration (as ``:reset``), then runs the file as ``fix run PATH``
        does: a :class:`ReplOutput` with what it prints, byte for byte; the session then
        holds its declarations, as after ``:load PATH`` (none when it has errors)."""
        return self._repl(self._lib.fix_repl_run_file, os.fsencode(os.fspath(path)))

    def _repl(self, fn, arg):
        lib = self._lib
        _, interrupted = self._run(fn, arg)
        s = self._s
        stopped = interrupted or bool(lib.fix_was_interrupted(s))
        return ReplOutput(_text(lib.fix_repl_output(s)), _text(lib.fix_repl_html(s)), self._errors(), stopped)

    def reset(self):
        """Forgets every declaration."""
        self._lib.fix_reset(self._handle())

    def declarations(self):
        """The names declared so far and their kinds: a list of ``(name, kind)``, kind one of
        ``"lattice"``, ``"fn"``, ``"galois"``, ``"program"``."""
        lib, s = self._lib, self._handle()
        n = lib.fix_declaration_count(s)
        return [(_text(lib.fix_declaration_name(s, i)), _text(lib.fix_declaration_kind(s, i))) for i in range(n)]
