// driver.mjs: drives build/web/fix.html in headless Chromium through chromedriver (the W3C
// WebDriver protocol over HTTP, with node's fetch), for tests/run-web.sh.
//   node driver.mjs runs PAGE LIST OUTDIR   LIST has a line "NAME FILE" a model: each is opened
//       as PAGE#src=<FILE's text in base64url>&name=NAME&run (one over 1 MB, too long for a
//       link, is put in the editor and run); when the run is done, #output's
//       text goes to OUTDIR/<line number>.out, the exit status to OUTDIR/<line number>.exit and
//       the messages of the editor's error marks, one a line, to OUTDIR/<line number>.marks
//   node driver.mjs shot PAGE FILE PNG  runs FILE from the link and saves a screenshot of the
//       page once the run is done (the output and the views below it)
//   node driver.mjs stop PAGE FILE AFTER_MS  runs FILE from the link, clicks Stop AFTER_MS
//       later and prints "stop_ms=<ms from the click to the answer> exit=<status>", then
//       #output's text
// Prints "driver: error: ..." and exits 1 when something does not work.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync, mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = 9515 + (process.pid % 1000);
const base = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fail = (msg) => { console.log(`driver: error: ${msg}`); process.exit(1); };

async function call(method, path, body) {
    const r = await fetch(base + path, { method, headers: { "content-type": "application/json" },
                                         body: body === undefined ? undefined : JSON.stringify(body) });
    const j = await r.json();
    if (!r.ok) throw new Error(`${method} ${path}: ${JSON.stringify(j.value).slice(0, 300)}`);
    return j.value;
}

async function start() {
    // One directory, removed when the driver ends, holds the browser's profile and its own
    // temporary files (Chromium's scoped_dir.* went to /tmp, one left behind by every run).
    const profile = mkdtempSync(join(tmpdir(), "fixweb-"));
    mkdirSync(join(profile, "tmp"));
    const cd = spawn("chromedriver", [`--port=${port}`],
                     { stdio: "ignore", env: { ...process.env, TMPDIR: join(profile, "tmp") } });
    for (let i = 0; i < 100; i++) {
        try { await call("GET", "/status"); break; } catch (e) { await sleep(100); }
    }
    const s = await call("POST", "/session", { capabilities: { alwaysMatch: { "goog:chromeOptions": {
        binary: "/usr/bin/chromium",
        args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               `--user-data-dir=${join(profile, "user")}`] } } } });
    return { cd, id: s.sessionId, profile };
}

function b64url(text) {
    return Buffer.from(text, "utf8").toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function open(sess, url) {
    await call("POST", `/session/${sess.id}/url`, { url: "about:blank" });
    await call("POST", `/session/${sess.id}/url`, { url });
}
const js = (sess, script, args = []) => call("POST", `/session/${sess.id}/execute/sync`, { script, args });

async function waitState(sess, want, ms) {
    const end = Date.now() + ms;
    for (;;) {
        const st = await js(sess, "return document.body.dataset.state;");
        if (want.includes(st)) return st;
        if (st === "failed") throw new Error("the page says: " + await js(sess, "return document.getElementById('status').textContent;"));
        if (Date.now() > end) throw new Error(`state ${st} after ${ms} ms, not ${want}`);
        await sleep(20);
    }
}

async function runs(sess, page, list, outdir) {
    const lines = readFileSync(list, "utf8").split("\n").filter((l) => l.trim());
    for (let i = 0; i < lines.length; i++) {
        const [name, file] = lines[i].split(" ");
        const text = readFileSync(file, "utf8");
        if (text.length <= 1000000) {
            await open(sess, `file://${page}#src=${b64url(text)}&name=${encodeURIComponent(name)}&run`);
        } else {   // past what a link can hold (Chromium takes 2 MB): into the editor, then Run
            await open(sess, `file://${page}`);
            await js(sess, "window.fixPage.load(arguments[0], arguments[1]); window.fixPage.run();", [name, text]);
        }
        await waitState(sess, ["done"], 120000);
        const r = await js(sess, "return [document.getElementById('output').textContent, document.body.dataset.exit, " +
            "Array.from(document.querySelectorAll('#highlight .err')).map(function (e) { return e.title; }).join('\\n')];");
        writeFileSync(join(outdir, `${i + 1}.out`), r[0]);
        writeFileSync(join(outdir, `${i + 1}.exit`), r[1] + "\n");
        writeFileSync(join(outdir, `${i + 1}.marks`), r[2] ? r[2] + "\n" : "");
    }
}

async function stop(sess, page, file, after) {
    const text = readFileSync(file, "utf8");
    await open(sess, `file://${page}#src=${b64url(text)}&name=long.fix&run`);
    await waitState(sess, ["running", "done"], 60000);
    await sleep(after);
    const st = await js(sess, "return document.body.dataset.state;");
    if (st !== "running") throw new Error(`the run ended before Stop (${after} ms): make it longer`);
    const el = await call("POST", `/session/${sess.id}/element`, { using: "css selector", value: "#stop" });
    await call("POST", `/session/${sess.id}/element/${Object.values(el)[0]}/click`, {});
    await waitState(sess, ["done"], 10000);
    const r = await js(sess, "return [document.body.dataset.stopMs, document.body.dataset.exit, document.body.dataset.doneMs, document.body.dataset.stopPhases, document.getElementById('output').textContent];");
    console.log(`stop_ms=${Number(r[0]).toFixed(1)} exit=${r[1]} views_ms=${Number(r[2]).toFixed(0)} phases_ms=${(r[3] || "").replace(/ /g, ",")}`);
    process.stdout.write(r[4]);
}

async function shot(sess, page, file, png) {
    const text = readFileSync(file, "utf8");
    await call("POST", `/session/${sess.id}/window/rect`, { width: 1400, height: 900 });
    await open(sess, `file://${page}#src=${b64url(text)}&name=${encodeURIComponent(file.replace(/.*\//, ""))}&run`);
    await waitState(sess, ["done"], 120000);
    await sleep(1500);   // the views' own script draws in the frame
    writeFileSync(png, Buffer.from(await call("GET", `/session/${sess.id}/screenshot`), "base64"));
}

const [mode, ...args] = process.argv.slice(2);
let sess = null;
try {
    sess = await start();
    if (mode === "runs") await runs(sess, ...args);
    else if (mode === "shot") await shot(sess, ...args);
    else if (mode === "stop") await stop(sess, args[0], args[1], Number(args[2]));
    else fail(`unknown mode ${mode}`);
} catch (e) {
    console.log(`driver: error: ${e.message}`);
    process.exitCode = 1;
} finally {
    if (sess) {
        try { await call("DELETE", `/session/${sess.id}`); } catch (e) { /* already gone */ }
        sess.cd.kill();
        try { rmSync(sess.profile, { recursive: true, force: true }); } catch (e) { /* still in use */ }
    }
}
