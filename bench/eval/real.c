/* real.c: the real.fix kernel in C: prints the number of fixed points. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

static double logi(double y, int64_t k)
{
    if (k == 0) return y;
    return logi(3.7 * y * (1 - y), k - 1);
}

int main(void)
{
    long n = 0;
    for (int64_t x = 0; x <= 262143; x++) {
        int64_t r = fabs(logi((double)x / 262143.0, 64) - 0.5) < 0.0001 ? x : (x + 1) % 262144;
        if (r == x) n++;
    }
    printf("%ld\n", n);
    return 0;
}
