/* loop.c: the loop.fix kernel in C: prints the number of fixed points. */
#include <stdint.h>
#include <stdio.h>

static int64_t mix(int64_t x, int64_t k)
{
    if (k == 0) return x;
    return mix((x * 37 + k * 11) % 1048576, k - 1);
}

int main(void)
{
    long n = 0;
    for (int64_t x = 0; x <= 1048575; x++)
        if (mix(x, 50) == x) n++;
    printf("%ld\n", n);
    return 0;
}
