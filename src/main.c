/* main.c: the command line of fix. */
#include "common.h"
int main(void) { return 0; }
