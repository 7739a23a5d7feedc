/* stdfds.c: descriptors 0, 1 and 2 held open (stdfds.h). */
#include "cli/stdfds.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

/* A descriptor that fails every read and write with EBADF: a path-only one where the system
 * has them, else /dev/null opened the other way (write-only for 0, read-only for 1 and 2). */
static int unusable(int fd)
{
#ifdef O_PATH
    int k = open("/", O_PATH | O_DIRECTORY);
    if (k >= 0) return k;
#endif
    return open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
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
