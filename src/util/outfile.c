/* outfile.c: output checked at flush points, files written whole (see outfile.h). */
#include "util/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/mem.h"

enum { TEMP_TRIES = 100 };

/* The errno of a failed flush, else of the write the caller saw fail, else EIO (the failed
 * write's errno is gone: it failed inside an earlier stdio call and nothing came after). */
static int reason(int flushed, int seen)
{
    return flushed != 0 && errno ? errno : seen ? seen : EIO;
}

bool outfile_check(FILE *f, const char *name, int seen, Buf *err)
{
    errno = 0;
    int flushed = fflush(f);
    if (flushed == 0 && !ferror(f) && !seen) return true;
    outfile_error(err, name, reason(flushed, seen));
    return false;
}

void outfile_error(Buf *err, const char *name, int e)
{
    buf_printf(err, "cannot write %s: %s", name, strerror(e));
}

static void cannot(Buf *err, const char *path, int e)
{
    buf_printf(err, "cannot write '%s': %s", path, strerror(e));
}

/* path's directory part with its slash ("" for a bare name), for the temporary name. */
static size_t dir_len(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path) + 1 : 0;
}

/* A file that is not a regular one (/dev/null, a terminal, a pipe) is written in place:
 * there is nothing to rename over it. */
static bool open_in_place(OutFile *o, const char *path, Buf *err)
{
    o->f = fopen(path, "w");
    if (!o->f) {
        cannot(err, path, errno);
        return false;
    }
    o->path = mem_strdup(path);
    o->name = mem_strdup(path);
    return true;
}

/* Creates the temporary file beside target (a regular file's name, or one not there yet). */
static int create_temp(const char *target, Buf *tmp)
{
    int fd = -1;
    size_t dl = dir_len(target);
    for (int i = 0; i < TEMP_TRIES && fd < 0; i++) {
        buf_clear(tmp);
        buf_putn(tmp, target, dl);
        buf_printf(tmp, ".%s.%ld-%d.tmp", target + dl, (long)getpid(), i);
        fd = open(buf_cstr(tmp), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);   /* less the umask */
        if (fd < 0 && errno != EEXIST) break;
    }
    return fd;
}

bool outfile_open(OutFile *o, const char *path, Buf *err)
{
    *o = (OutFile){ 0 };
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        cannot(err, path, EISDIR);
        return false;
    }
    if (exists && !S_ISREG(st.st_mode)) return open_in_place(o, path, err);
    char *real = exists ? realpath(path, NULL) : NULL;     /* a symbolic link: its target */
    const char *target = real ? real : path;
    Buf tmp;
    buf_init(&tmp);
    int fd = create_temp(target, &tmp), e = errno;
    if (fd >= 0 && exists) (void)fchmod(fd, st.st_mode & 07777);
    o->f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (fd >= 0 && !o->f) {
        e = errno;
        close(fd);
        unlink(buf_cstr(&tmp));
    }
    if (o->f) {
        o->tmp = mem_strdup(buf_cstr(&tmp));
        o->path = mem_strdup(target);
        o->name = mem_strdup(path);
    } else cannot(err, path, e);
    buf_free(&tmp);
    free(real);
    return o->f != NULL;
}

static void forget(OutFile *o)
{
    mem_free(o->tmp);
    mem_free(o->path);
    mem_free(o->name);
    *o = (OutFile){ 0 };
}

void outfile_discard(OutFile *o)
{
    if (!o->f) return;
    fclose(o->f);
    if (o->tmp) unlink(o->tmp);
    forget(o);
}

bool outfile_commit(OutFile *o, int seen, Buf *err)
{
    int e = 0;
    errno = 0;
    int flushed = fflush(o->f);
    if (flushed != 0 || ferror(o->f) || seen) e = reason(flushed, seen);
    else if (o->tmp && fsync(fileno(o->f)) != 0) e = errno;
    if (fclose(o->f) != 0 && !e) e = errno ? errno : EIO;
    o->f = NULL;
    if (!e && o->tmp && rename(o->tmp, o->path) != 0) e = errno;
    if (e && o->tmp) unlink(o->tmp);
    if (e) cannot(err, o->name, e);
    forget(o);
    return !e;
}

/* The file path names (standard input for "-"). */
static bool stat_of(const char *path, struct stat *st)
{
    return strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, st) == 0 : stat(path, st) == 0;
}

bool outfile_same(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat_of(a, &sa) && stat_of(b, &sb) && S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

bool outfile_is_stdout(const char *path)
{
    struct stat so, sp;
    return fstat(STDOUT_FILENO, &so) == 0 && S_ISREG(so.st_mode) && stat_of(path, &sp) &&
           so.st_dev == sp.st_dev && so.st_ino == sp.st_ino;
}
