/* stdfds.c: descriptors 0, 1 and 2 held open (stdfds.h). */
#include "cli/stdfds.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

/* A descriptor that fails every read and write as the closed one did (EBADF): /dev/null
 * opened the other way, write-only for 0, read-only for 1 and 2; without /dev/null, the root
 * directory (a read fails with EISDIR, a write with EBADF). */
static int unusable(int fd)
{
    int k = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
    return k >= 0 ? k : open("/", O_RDONLY | O_DIRECTORY);
}

void stdfds_hold(void)
{
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        int k = unusable(fd);                 /* the lowest free number: fd itself */
        if (k >= 0 && k != fd) {
            (void)dup2(k, fd);
            close(k);
        }
    }
}
