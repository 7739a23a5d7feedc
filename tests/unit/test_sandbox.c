/* test_sandbox.c: the sandbox gringo and clingo run in (proc/sandbox.c, proc/sysfilter.c),
 * tested by starting gringo through proc_spawn directly, with no check of its .lp file before:
 * a Python and a Lua script that try to write, create, rename and remove files, open a socket
 * and connect, fork, run a program and signal the test are stopped at
 * every step, and the same scripts with allow_scripts (no sandbox) do each of those things
 * (so that the test can fail).  Also: CLINGOPATH does not reach a sandboxed gringo, and a
 * process that cannot install the filter does not run gringo at all, saying why. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "proc/sandbox.h"

static char dir[] = "/tmp/fix-test-sandbox-XXXXXX";

static bool has(const char *language)
{
    char cmd[64];
    snprintf(cmd, sizeof cmd, "gringo --version 2>/dev/null | grep -q 'with %s'", language);
    return system(cmd) == 0;
}

static bool exists(const char *name)
{
    char path[256];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &st) == 0;
}

static void write_text(const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Runs gringo on dir/file (sandboxed unless allow), its standard output and error together
 * in out; its wait status. */
static int run_gringo(const char *file, bool allow, Buf *out)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    char *argv[] = { (char *)"gringo", path, NULL };
    int p[2], null = open("/dev/null", O_RDONLY);
    assert_int_equal(pipe(p), 0);
    ProcChild c = { .program = "gringo", .argv = argv, .in = null, .out = p[1], .err = p[1],
                   .allow_scripts = allow };
    Buf err;
    buf_init(&err);
    pid_t pid;
    ProcSpawnStatus st = proc_spawn(&c, &pid, &err);
    if (st != PROC_SPAWN_OK) fprintf(stderr, "spawn: %s\n", buf_cstr(&err));
    assert_int_equal(st, PROC_SPAWN_OK);
    buf_free(&err);
    close(p[1]);
    close(null);
    char chunk[4096];
    ssize_t n;
    while ((n = read(p[0], chunk, sizeof chunk)) > 0) buf_putn(out, chunk, (size_t)n);
    close(p[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return status;
}

/* A listening TCP socket on 127.0.0.1; its port in *port. */
static int listener(int *port)
{
    int s = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(s >= 0);
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = 0,
                             .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    assert_int_equal(bind(s, (struct sockaddr *)&a, sizeof a), 0);
    assert_int_equal(listen(s, 4), 0);
    socklen_t len = sizeof a;
    assert_int_equal(getsockname(s, (struct sockaddr *)&a, &len), 0);
    *port = ntohs(a.sin_port);
    fcntl(s, F_SETFL, O_NONBLOCK);
    return s;
}

/* Did anyone connect to s (all that connected has been queued: the client has ended)? */
static bool connected(int s)
{
    int c = accept(s, NULL, NULL);
    if (c >= 0) close(c);
    return c >= 0;
}

/* Each attempt prints DONE:what or STOPPED:what; the exec comes last (it replaces gringo). */
static const char *const python_script =
    "#script (python)\n"
    "import os, resource, socket, subprocess, sys\n"
    "def attempt(what, f):\n"
    "    try:\n"
    "        f(); print('DONE:' + what)\n"
    "    except Exception as e:\n"
    "        print('STOPPED:%%s (%%s)' %% (what, e))\n"
    "    sys.stdout.flush()\n"
    "D = '%s'\n"
    "attempt('write', lambda: open(D + '/written', 'w').close())\n"
    "attempt('append', lambda: open(D + '/existing', 'a').write('x'))\n"
    "attempt('mkdir', lambda: os.mkdir(D + '/made'))\n"
    "attempt('rename', lambda: os.rename(D + '/existing', D + '/renamed'))\n"
    "attempt('symlink', lambda: os.symlink('/etc/passwd', D + '/link'))\n"
    "attempt('connect', lambda: socket.create_connection(('127.0.0.1', %d), 5))\n"
    "attempt('fork', lambda: os.fork() == 0 and os._exit(0))\n"
    "attempt('subprocess', lambda: subprocess.run(['/bin/sh', '-c', 'echo > ' + D + '/sub']))\n"
    "attempt('signal', lambda: os.kill(%d, 0))\n"
    "attempt('limit', lambda: resource.prlimit(%d, resource.RLIMIT_CORE,\n"
    "                                          resource.getrlimit(resource.RLIMIT_CORE)))\n"
    "attempt('nice', lambda: os.setpriority(os.PRIO_PROCESS, %d, os.getpriority(os.PRIO_PROCESS, %d)))\n"
    "attempt('exec', lambda: os.execv('/bin/sh', ['sh', '-c', 'echo DONE:exec']))\n"
    "#end.\n";

static void python_case(bool allow)
{
    int port, s = listener(&port);
    char text[4096];
    int me = (int)getpid();
    snprintf(text, sizeof text, python_script, dir, port, me, me, me, me);
    write_text("py.lp", text);
    write_text("existing", "");
    Buf out;
    buf_init(&out);
    run_gringo("py.lp", allow, &out);
    const char *o = buf_cstr(&out);
    static const char *const what[] = { "write", "append", "mkdir", "rename", "symlink",
                                        "connect", "fork", "subprocess", "signal", "limit",
                                        "nice", "exec" };
    for (size_t i = 0; i < sizeof what / sizeof *what; i++) {
        char done[32];
        snprintf(done, sizeof done, "DONE:%s\n", what[i]);
        if ((strstr(o, done) != NULL) != allow) fprintf(stderr, "%s:\n%s\n", what[i], o);
        assert_int_equal(strstr(o, done) != NULL, allow);
    }
    assert_int_equal(exists("written"), allow);
    assert_int_equal(exists("made"), allow);
    assert_int_equal(exists("renamed"), allow);
    assert_int_equal(exists("sub"), allow);
    assert_int_equal(connected(s), allow);
    close(s);
    buf_free(&out);
    assert_int_equal(system("cd /tmp && rm -rf \"$FIX_TEST_DIR\"/*"), 0);
}

static void test_python_sandboxed(void **state)
{
    (void)state;
    if (!has("Python")) skip();
    python_case(false);
}

static void test_python_unsandboxed(void **state)
{
    (void)state;
    if (!has("Python")) skip();
    python_case(true);
}

static const char *const lua_script =
    "#script (lua)\n"
    "local D = '%s'\n"
    "local function report(what, ok) print((ok and 'DONE:' or 'STOPPED:') .. what) end\n"
    "local f = io.open(D .. '/lua-written', 'w')\n"
    "report('write', f ~= nil)\n"
    "if f then f:close() end\n"
    "report('rename', os.rename(D .. '/existing', D .. '/lua-renamed') ~= nil)\n"
    "report('execute', os.execute('echo > ' .. D .. '/lua-sub') == true)\n"
    "report('popen', pcall(function() io.popen('true'):close() end))\n"
    "io.stdout:flush()\n"
    "#end.\n";

static void lua_case(bool allow)
{
    char text[2048];
    snprintf(text, sizeof text, lua_script, dir);
    write_text("lua.lp", text);
    write_text("existing", "");
    Buf out;
    buf_init(&out);
    run_gringo("lua.lp", allow, &out);
    const char *o = buf_cstr(&out);
    if ((strstr(o, "DONE:write") != NULL) != allow) fprintf(stderr, "%s\n", o);
    assert_int_equal(strstr(o, "DONE:write") != NULL, allow);
    assert_int_equal(strstr(o, "DONE:rename") != NULL, allow);
    assert_int_equal(strstr(o, "DONE:execute") != NULL, allow);
    assert_int_equal(exists("lua-written"), allow);
    assert_int_equal(exists("lua-renamed"), allow);
    assert_int_equal(exists("lua-sub"), allow);
    buf_free(&out);
    assert_int_equal(system("cd /tmp && rm -rf \"$FIX_TEST_DIR\"/*"), 0);
}

static void test_lua_sandboxed(void **state)
{
    (void)state;
    if (!has("Lua")) skip();
    lua_case(false);
}

static void test_lua_unsandboxed(void **state)
{
    (void)state;
    if (!has("Lua")) skip();
    lua_case(true);
}

/* CLINGOPATH names a directory with a script; the sandboxed gringo does not see it. */
static void test_clingopath_removed(void **state)
{
    (void)state;
    if (!has("Python")) skip();
    char text[512], lib[300];
    snprintf(lib, sizeof lib, "%s/lib", dir);
    assert_int_equal(mkdir(lib, 0755), 0);
    snprintf(text, sizeof text, "#script (python)\nopen('%s/ran', 'w').close()\n#end.\n", dir);
    write_text("lib/payload.lp", text);
    write_text("main.lp", "a.\n#include \"payload.lp\".\n");
    setenv("CLINGOPATH", lib, 1);
    for (int allow = 0; allow < 2; allow++) {
        Buf out;
        buf_init(&out);
        int status = run_gringo("main.lp", allow, &out);
        assert_int_equal(exists("ran"), allow);        /* not sandboxed: the variable stays */
        assert_int_equal(WIFEXITED(status) && WEXITSTATUS(status) == 0, allow);
        buf_free(&out);
    }
    unsetenv("CLINGOPATH");
    assert_int_equal(system("cd /tmp && rm -rf \"$FIX_TEST_DIR\"/*"), 0);
}

/* In a child whose own filter makes seccomp() fail: proc_spawn refuses to run gringo. */
static void test_no_sandbox_no_gringo(void **state)
{
    (void)state;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct sock_filter f[] = {
            { BPF_LD | BPF_W | BPF_ABS, 0, 0, (uint32_t)offsetof(struct seccomp_data, nr) },
            { BPF_JMP | BPF_JEQ | BPF_K, 0, 1, (uint32_t)__NR_seccomp },
            { BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ERRNO | EPERM },
            { BPF_RET | BPF_K, 0, 0, SECCOMP_RET_ALLOW },
        };
        struct sock_fprog prog = { 4, f };
        if (prctl(PR_SET_NO_NEW_PRIVS, 1L, 0L, 0L, 0L) || prctl(PR_SET_SECCOMP, 2L, &prog)) _exit(2);
        char *argv[] = { (char *)"gringo", (char *)"--version", NULL };
        ProcChild c = { .program = "gringo", .argv = argv, .in = 0, .out = 1, .err = 2 };
        Buf err;
        buf_init(&err);
        pid_t child;
        ProcSpawnStatus st = proc_spawn(&c, &child, &err);
        bool said = strstr(buf_cstr(&err), "cannot install the seccomp filter")
                    && strstr(buf_cstr(&err), "--allow-scripts");
        if (!said) fprintf(stderr, "spawn said: %s\n", buf_cstr(&err));
        _exit(st == PROC_SPAWN_FAILED && said ? 0 : 1);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

int main(void)
{
    if (!mkdtemp(dir)) return 1;
    setenv("FIX_TEST_DIR", dir, 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_python_sandboxed),
        cmocka_unit_test(test_python_unsandboxed),
        cmocka_unit_test(test_lua_sandboxed),
        cmocka_unit_test(test_lua_unsandboxed),
        cmocka_unit_test(test_clingopath_removed),
        cmocka_unit_test(test_no_sandbox_no_gringo),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    rmdir(dir);
    return r;
}
