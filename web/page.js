// page.js: the script of build/web/fix.html (web/page.html).  It starts the worker
// (web/worker.js after emscripten's glue, embedded as base64 text with the wasm), keeps the
// editor's highlighting and error marks, runs the editor's text as `fix run NAME`, shows the
// output in #output and the page of `--html` (the views: Hasse diagram, plane, bnb tree,
// stable models) in the frame below it.  The link carries a model: #src=BASE64URL (its UTF-8
// text), then &name=FILE (default model.fix) and &run (run it once loaded).
"use strict";
(function () {
    var $ = function (id) { return document.getElementById(id); };
    var src = $("src"), hl = $("highlight"), out = $("output"), status = $("status");
    var runBtn = $("run"), stopBtn = $("stop"), nameIn = $("name"), menu = $("models");
    var worker = null, ready = false, running = false, runOnLoad = false, runId = 0, started = 0;
    var stopAt = 0, marks = [];

    function b64bytes(s) {
        var bin = atob(s.replace(/-/g, "+").replace(/_/g, "/").replace(/\s+/g, ""));
        var a = new Uint8Array(bin.length);
        for (var i = 0; i < bin.length; i++) a[i] = bin.charCodeAt(i);
        return a;
    }
    function utf8(a) { return new TextDecoder("utf-8").decode(a); }
    function b64url(text) {
        var a = new TextEncoder().encode(text), bin = "";
        for (var i = 0; i < a.length; i += 0x8000) bin += String.fromCharCode.apply(null, a.subarray(i, i + 0x8000));
        return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    }
    // While the worker loads or runs, a timer ticks on the page: nothing for a browser, but a
    // headless Chromium with --virtual-time-budget (--dump-dom) lets virtual time run out as
    // soon as the page has no task of its own, and the ticks hold it to the worker's pace.
    var ticker = null;
    function setState(s) {
        document.body.dataset.state = s;
        var busy = s === "loading" || s === "running";
        if (busy && !ticker) ticker = setInterval(function () {}, 4);
        if (!busy && ticker) { clearInterval(ticker); ticker = null; }
    }

    // ---- highlighting and error marks ----
    var KW = ("and antitone approx atoms bnb bot budget chain check count dual else envelope exists false " +
              "finite fixpoints fn forall from galois gfp if import in inf inter join lattice let lfp map " +
              "meet minus mod models monotone not or policy powerset program range real refine rounds " +
              "show split stable steps sup table then timeout tolerance top trace true union via").split(" ");
    var KWSET = {};
    KW.forEach(function (k) { KWSET[k] = true; });
    var TOKEN = /(\/\/[^\n]*|\/\*[\s\S]*?\*\/)|("(?:[^"\\\n]|\\.)*")|([A-Za-z_][A-Za-z0-9_']*)|([0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)/g;
    function esc(s) { return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"); }
    function highlightLine(line) {
        var html = "", last = 0, m;
        TOKEN.lastIndex = 0;
        while ((m = TOKEN.exec(line))) {
            html += esc(line.slice(last, m.index));
            var cls = m[1] ? "cm" : m[2] ? "st" : m[3] ? (KWSET[m[3]] ? "kw" : "") : "nu";
            html += cls ? '<span class="' + cls + '">' + esc(m[0]) + "</span>" : esc(m[0]);
            last = TOKEN.lastIndex;
        }
        return html + esc(line.slice(last));
    }
    function highlight() {
        var lines = src.value.split("\n"), bad = {};
        marks.forEach(function (e) { bad[e.line] = e; });
        if (lines.length > 20000) { hl.textContent = src.value; return; }   // a generated model
        hl.innerHTML = lines.map(function (l, i) {
            var e = bad[i + 1], h;
            if (e) {
                var c = Math.max(0, Math.min(l.length, e.col - 1));
                h = highlightLine(l.slice(0, c)) + '<span class="err" title="' + esc(e.msg) + '">' +
                    esc(l.slice(c, c + 1) || " ") + "</span>" + highlightLine(l.slice(c + 1));
                return '<span class="errline">' + h + "</span>";
            }
            return highlightLine(l);
        }).join("\n") + "\n";
        hl.scrollTop = src.scrollTop; hl.scrollLeft = src.scrollLeft;
    }
    src.addEventListener("input", function () { marks = []; highlight(); });
    src.addEventListener("scroll", function () { hl.scrollTop = src.scrollTop; hl.scrollLeft = src.scrollLeft; });
    src.addEventListener("keydown", function (e) {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); run(); }
        if (e.key === "Tab") { e.preventDefault(); document.execCommand("insertText", false, "    "); }
    });
    function goTo(line, col) {
        var lines = src.value.split("\n"), pos = 0;
        for (var i = 0; i < line - 1 && i < lines.length; i++) pos += lines[i].length + 1;
        pos += Math.max(0, col - 1);
        src.focus();
        src.setSelectionRange(pos, pos + 1);
    }

    // ---- the output: file:line:col of the model become marks and links ----
    function showOutput(text) {
        var name = nameIn.value, re = /^([^:\n]+):(\d+):(\d+): (error|warning)?:?\s*(.*)$/gm, m, last = 0;
        marks = [];
        out.textContent = "";
        while ((m = re.exec(text))) {
            if (m[1] !== name) continue;
            var line = +m[2], col = +m[3];
            marks.push({ line: line, col: col, msg: m[5] });
            out.appendChild(document.createTextNode(text.slice(last, m.index)));
            var a = document.createElement("span");
            a.className = "loc";
            a.textContent = m[1] + ":" + m[2] + ":" + m[3];
            a.onclick = goTo.bind(null, line, col);
            out.appendChild(a);
            last = m.index + a.textContent.length;
        }
        out.appendChild(document.createTextNode(text.slice(last)));
        highlight();
    }

    // ---- running ----
    function run() {
        if (!ready || running) { if (!ready) runOnLoad = true; return; }
        running = true;
        runId++;
        started = performance.now();
        stopAt = 0;
        decoder = new TextDecoder("utf-8");
        out.textContent = "";
        delete document.body.dataset.stopMs;
        runBtn.disabled = true; stopBtn.disabled = false;
        status.textContent = "running…";
        setState("running");
        worker.postMessage({ run: { id: runId, name: nameIn.value || "model.fix", text: src.value } });
    }
    function stop() {
        if (!running) return;
        stopAt = performance.now();
        worker.postMessage({ stop: true, at: Date.now() });
        status.textContent = "stopping…";
    }
    // Output as the run writes it; the first line saying a limit stopped a query, after Stop,
    // is the stopped answer: how long after Stop it came is kept in data-stop-ms.
    var decoder = null;
    function streamed(bytes, times) {
        var text = decoder.decode(bytes, { stream: true });
        out.appendChild(document.createTextNode(text));
        if (stopAt && !document.body.dataset.stopMs && /stopped by /.test(text)) {
            document.body.dataset.stopMs = String(performance.now() - stopAt);
            // how the time went: Stop to the worker, to the run's pause that took it, fix's work
            // to the answer's first byte, the answer to its chunk posted, back to the page
            if (times) document.body.dataset.stopPhases = times.slice(0, 4).concat([Date.now() - times[4]]).join(" ");
            status.textContent = "stopped: the answer came " + Math.round(performance.now() - stopAt) +
                " ms after Stop; drawing the views…";
        }
    }
    function finished(m) {
        running = false;
        runBtn.disabled = false; stopBtn.disabled = true;
        var now = performance.now();
        showOutput(utf8(m.output));
        var views = $("views");
        views.srcdoc = m.html || "<p style='font:14px sans-serif;color:#666'>(no views: the run wrote no page)</p>";
        status.textContent = "exit " + m.code + " in " + Math.round(now - started) + " ms" +
            (stopAt ? " (the answer " + Math.round(+document.body.dataset.stopMs) + " ms after Stop, the views " +
                      Math.round(now - stopAt) + " ms)" : "");
        document.body.dataset.exit = String(m.code);
        if (stopAt && !document.body.dataset.stopMs) document.body.dataset.stopMs = String(now - stopAt);
        document.body.dataset.doneMs = stopAt ? String(now - stopAt) : "";
        // where the time after Stop went: to the worker, in fix, back to the page (ms)
        setState("done");
    }

    function loadModel(name, text) {
        nameIn.value = name;
        src.value = text;
        marks = [];
        highlight();
    }
    function share() {
        var link = "#src=" + b64url(src.value) + (nameIn.value !== "model.fix" ? "&name=" + encodeURIComponent(nameIn.value) : "");
        history.replaceState(null, "", link);
        status.textContent = "the link now holds the model";
    }
    function fromHash() {
        var h = location.hash.replace(/^#/, ""), p = {};
        h.split("&").forEach(function (kv) {
            var i = kv.indexOf("=");
            if (kv) p[i < 0 ? kv : kv.slice(0, i)] = i < 0 ? "" : kv.slice(i + 1);
        });
        if (p.src !== undefined) {
            try { loadModel(p.name ? decodeURIComponent(p.name) : "model.fix", utf8(b64bytes(p.src))); }
            catch (e) { status.textContent = "the link's model is not base64url UTF-8 text"; return; }
        }
        if (p.run !== undefined) runOnLoad = true;
    }

    FIX_MODELS.forEach(function (m, i) {
        var group = menu.querySelector('optgroup[label="' + m[0] + '"]');
        if (!group) { group = document.createElement("optgroup"); group.label = m[0]; menu.appendChild(group); }
        var o = document.createElement("option");
        o.value = String(i);
        o.textContent = m[1];
        group.appendChild(o);
    });
    menu.onchange = function () {
        if (menu.value === "") return;
        var m = FIX_MODELS[+menu.value];
        loadModel(m[1], utf8(b64bytes(m[2])));
    };
    runBtn.onclick = run;
    stopBtn.onclick = stop;
    $("share").onclick = share;

    setState("loading");
    fromHash();
    if (!src.value) { var first = FIX_MODELS[0]; loadModel(first[1], utf8(b64bytes(first[2]))); }
    var code = utf8(b64bytes($("fix-worker").textContent));
    worker = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
    worker.onmessage = function (e) {
        var m = e.data;
        if (m.ready) {
            ready = true; runBtn.disabled = false;
            status.textContent = "ready";
            setState("ready");
            if (runOnLoad) run();
        } else if (m.failed) {
            status.textContent = "the wasm did not load: " + m.failed;
            setState("failed");
        } else if (m.chunk && m.id === runId) streamed(m.chunk, m.stopTimes);
        else if (m.done && m.id === runId) finished(m);
    };
    var wasm = b64bytes($("fix-wasm").textContent);
    var files = FIX_FILES.map(function (f) { return [f[0], b64bytes(f[1])]; });
    worker.postMessage({ wasm: wasm.buffer, files: files }, [wasm.buffer]);
    window.fixPage = { run: run, stop: stop, load: loadModel };
})();
