/* stdfds.h: standard input, output and error kept in their places for the whole run.  A
 * descriptor 0, 1 or 2 that fix was started without (`fix run m.fix 2>&-`) would be the next
 * one a file or pipe gets: a message meant for stderr would then land in the page --html
 * writes, or output meant for stdout in a pipe to gringo. */
#ifndef FIX_CLI_STDFDS_H
#define FIX_CLI_STDFDS_H

/* Fills each of descriptors 0, 1 and 2 that is closed with one that can be neither read nor
 * written (reading or writing it fails with EBADF, as on the closed descriptor: fix still says
 * it cannot write standard output), so that no file fix opens later takes its number.  Called
 * first thing in main. */
void stdfds_hold(void);

#endif
