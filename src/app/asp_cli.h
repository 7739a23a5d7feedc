/* asp_cli.h: `fix asp`, the command line of the ASP front end (asp_cli.c). */
#ifndef FIX_APP_ASP_CLI_H
#define FIX_APP_ASP_CLI_H

/* `fix asp [options] [FILE.lp... | FILE.aspif | -]`; argv[0] is "asp".  Returns the exit
 * code: 0 ok, 1 input refused or error, 2 usage error. */
int asp_cli_main(int argc, char **argv);

#endif
