/* stop_web.c: the browser's side of the limits (the web build, make web, in place of
 * src/util/limits_os.c and src/util/sigint.c).  fix runs in the page's worker, which cannot
 * take a message while the wasm runs; so the poll clock of every limits_poll (the web build
 * reads it on every poll: LIMITS_ALWAYS_CLOCK) pauses the run every few milliseconds
 * (Asyncify unwinds and rewinds the stack), the worker sees the page's Stop, and the pause
 * then sets the stop flag that Ctrl-C sets natively: the run stops as for Ctrl-C, with the
 * sound bounds it has.  A signal's name is the page's button. */
#include <emscripten.h>
#include <signal.h>

#include "util/limits.h"
#include "util/sigint.h"

/* How often a running query pauses for the page's messages, in milliseconds; the first pause
 * comes later, so that a short run (most) never pauses. */
#define PAUSE_EVERY_MS 10.0
#define FIRST_PAUSE_MS 50.0

/* The worker's event loop runs once: a message through a fresh channel comes back after the
 * messages already queued (the page's Stop among them). */
EM_ASYNC_JS(void, web_pause, (void), {
    await new Promise(function (done) {
        var c = new MessageChannel();
        c.port1.onmessage = function () { done(); };
        c.port2.postMessage(0);
    });
});

/* 1 once the page has asked to stop this run (the worker's Module.fixStop). */
EM_JS(int, web_stop_asked, (void), {
    return Module.fixStop ? 1 : 0;
});

/* When the run took the page's Stop (performance.now() in the worker, Module.fixStopFlagAt):
 * web/worker.js reports how long the pause took to see it and fix took from there. */
EM_JS(void, web_stop_mark, (void), {
    Module.fixStopFlagAt = performance.now();
});

/* The one run of this module instance: its stop flag and when it pauses next.  A fresh
 * instance serves each run (web/worker.js), so this state lives as long as one run. */
static volatile sig_atomic_t *stop_flag;
static double next_pause_ms;

void sigint_install(volatile sig_atomic_t *flag, SigintMode mode)
{
    (void)mode;
    stop_flag = flag;
}

void sigint_remove(void)
{
    stop_flag = NULL;
}

/* In the page, inputs are files in memory and nothing blocks on them: there is no read
 * for a signal to interrupt, so the state stays as it was. */
bool sigint_reading(bool on)
{
    (void)on;
    return false;
}

int sigint_exit_code(int sig)
{
    return 128 + (sig > 0 && sig < 64 ? sig : SIGINT);
}

const char *sigint_name(int sig)
{
    return sig == SIGINT ? "Stop" : "a signal";
}

double limits_clock(void)
{
    return emscripten_get_now() / 1000.0;
}

double limits_poll_clock(void)
{
    double now = emscripten_get_now();
    if (next_pause_ms == 0) next_pause_ms = now + FIRST_PAUSE_MS;
    if (now >= next_pause_ms) {
        web_pause();
        if (web_stop_asked() && stop_flag && !*stop_flag) {
            *stop_flag = SIGINT;
            web_stop_mark();
        }
        now = emscripten_get_now();
        next_pause_ms = now + PAUSE_EVERY_MS;
    }
    return now / 1000.0;
}

/* The wasm memory cannot be capped after the start; its maximum is fixed at link time. */
void limits_cap_address_space(size_t bytes)
{
    (void)bytes;
}

/* What the wasm memory has grown to: all of it is the process's. */
size_t limits_resident_bytes(void)
{
    return __builtin_wasm_memory_size(0) * (size_t)65536;
}
