// worker.js: the page's worker (after emscripten's createFix, web/page.sh joins them).  It
// compiles the wasm once and runs each model in a fresh instance of it, as `fix run NAME
// --html /views.html` in a directory of its own, beside examples/*.lp (in it and in its
// examples/).  Standard output and error, in the order
// they are written, go to the page as they come (a chunk at a line's end, at most every
// 10 ms; every line once Stop is asked, so that the stopped query's answer is shown before
// the views are drawn); at the end the page gets the exit status and the page of the views.
// Stop sets the instance's fixStop, which the run sees at its next pause (web/stop_web.c)
// and stops as for Ctrl-C, with the sound bounds it has.  How the time after Stop goes is
// posted with each chunk (stopTimes, ms): the page to the worker, the worker's message to
// the run's flag (the pause), the flag to fix's first byte of the answer, that byte to the
// chunk posted, and the worker's clock then (Date.now(), for the way back to the page).
"use strict";
var fixWasm = null;
var fixFiles = [];                      // [name, bytes]: examples/*.lp, for every run
var fixRunning = null;
var stopAt = 0, stopSeen = 0;           // when the page sent Stop (Date.now()), when the worker saw it
var seenAt = 0;                         // the same, on the worker's performance.now()

// The bytes a run writes, in a buffer that grows by doubling.
function ByteSink() { this.a = new Uint8Array(1 << 16); this.n = 0; this.sent = 0; this.last = 0; }
ByteSink.prototype.put = function (c) {
    if (this.n === this.a.length) { var b = new Uint8Array(this.a.length * 2); b.set(this.a); this.a = b; }
    this.a[this.n++] = c & 255;
};
ByteSink.prototype.chunk = function () { var c = this.a.slice(this.sent, this.n); this.sent = this.n; return c; };

function fixRun(req) {
    var sink = new ByteSink(), done = false, tMain = 0;
    stopAt = 0;
    var firstOut = 0;                   // performance.now() of the first byte after the flag
    function stopTimes() {
        var flagAt = fixRunning && fixRunning.fixStopFlagAt || 0;
        if (!stopAt) return null;
        var ms = function (t) { return Math.round(t * 10) / 10; };
        return [stopSeen - stopAt, flagAt ? ms(flagAt - seenAt) : -1, firstOut && flagAt ? ms(firstOut - flagAt) : -1,
                firstOut ? ms(performance.now() - firstOut) : -1, Date.now()];
    }
    function put(c) {
        if (c === null) return;
        if (!firstOut && fixRunning && fixRunning.fixStopFlagAt) firstOut = performance.now();
        sink.put(c);
        if (c !== 10) return;
        var now = Date.now();
        if (stopAt || now - sink.last >= 10) {
            sink.last = now;
            postMessage({ chunk: sink.chunk(), id: req.id, stopTimes: stopTimes() });
        }
    }
    function finish(code) {
        if (done) return;
        done = true;
        var html = "";
        try { html = fixRunning.FS.readFile("/views.html", { encoding: "utf8" }); } catch (e) { html = ""; }
        fixRunning = null;
        var now = Date.now();
        postMessage({ done: true, id: req.id, code: code, output: sink.a.slice(0, sink.n), html: html,
                      stopTimes: stopAt ? [stopSeen - stopAt, tMain - stopSeen, now - tMain, now] : null });
    }
    var opts = {
        noInitialRun: true,
        print: function () {}, printErr: function () {},
        instantiateWasm: function (imports, receive) {
            WebAssembly.instantiate(fixWasm, imports).then(function (inst) { receive(inst, fixWasm); });
            return {};
        },
        preRun: [function (M) {
            M.FS.init(null, put, put);
            M.ENV.FIX_STDLIB = "/stdlib";
            M.FS.mkdir("/work");
            M.FS.mkdir("/work/examples");
            fixFiles.forEach(function (f) {
                M.FS.writeFile("/work/" + f[0], f[1]);
                M.FS.writeFile("/work/examples/" + f[0], f[1]);
            });
            M.FS.writeFile("/work/" + req.name, req.text);
            M.FS.chdir("/work");
        }],
        onAbort: function (what) {
            var msg = "fix: error: the page's fix stopped: " + what + "\n";
            for (var i = 0; i < msg.length; i++) sink.put(msg.charCodeAt(i));
            finish(134);
        },
    };
    // main through ccall, which waits for the pauses (a plain call would take the first
    // pause for main's end); fix never calls exit, so main's value is the exit status.
    createFix(opts).then(function (M) {
        fixRunning = M;
        var args = ["fix", "run", req.name, "--html", "/views.html"];
        var argv = M._malloc(4 * (args.length + 1));
        args.forEach(function (a, i) {
            var n = M.lengthBytesUTF8(a) + 1, p = M._malloc(n);
            M.stringToUTF8(a, p, n);
            M.HEAP32[(argv >> 2) + i] = p;
        });
        M.HEAP32[(argv >> 2) + args.length] = 0;
        Promise.resolve(M.ccall("main", "number", ["number", "number"], [args.length, argv], { async: true }))
            .then(function (code) { tMain = Date.now(); M._fflush(0); finish(code); },
                  function (e) { if (!done) opts.onAbort(String(e)); });
    });
}

onmessage = function (e) {
    var m = e.data;
    if (m.wasm) {
        fixFiles = m.files || [];
        WebAssembly.compile(m.wasm).then(function (mod) {
            fixWasm = mod;
            postMessage({ ready: true });
        }, function (err) { postMessage({ failed: String(err) }); });
    } else if (m.run) {
        fixRun(m.run);
    } else if (m.stop && fixRunning) {
        fixRunning.fixStop = true;
        stopAt = m.at;
        stopSeen = Date.now();
        seenAt = performance.now();
    }
};
