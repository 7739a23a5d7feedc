/* driver.c: a stand-in `fix` whose only command is `asp`, used by run.sh until main.c dispatches it. */
#include "asp/asp.h"
#include <string.h>
int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "asp")) return asp_cli_main(argc - 1, argv + 1);
    return 2;
}
