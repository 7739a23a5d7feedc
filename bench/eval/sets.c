/* sets.c: the sets.fix kernel in C (a set is a bit mask): prints the number of fixed points. */
#include <stdint.h>
#include <stdio.h>

static int has(uint64_t m, int i) { return (m >> i) & 1; }

static uint64_t S(uint64_t m)
{
    uint64_t r = (m & 85) & ~(uint64_t)4;
    if (!has(m, 1) && (has(m, 5) || !has(m, 11))) r |= (uint64_t)1 << 0;
    if (!has(m, 2) && (has(m, 6) || !has(m, 12))) r |= (uint64_t)1 << 1;
    if (!has(m, 3) && (has(m, 7) || !has(m, 13))) r |= (uint64_t)1 << 2;
    if (!has(m, 4) && (has(m, 8) || !has(m, 14))) r |= (uint64_t)1 << 3;
    if (!has(m, 5) && (has(m, 9) || !has(m, 15))) r |= (uint64_t)1 << 4;
    if (!has(m, 6) && (has(m, 10) || !has(m, 16))) r |= (uint64_t)1 << 5;
    if (!has(m, 7) && (has(m, 11) || !has(m, 17))) r |= (uint64_t)1 << 6;
    if (!has(m, 8) && (has(m, 12) || !has(m, 18))) r |= (uint64_t)1 << 7;
    if (!has(m, 9) && (has(m, 13) || !has(m, 19))) r |= (uint64_t)1 << 8;
    if (!has(m, 10) && (has(m, 14) || !has(m, 0))) r |= (uint64_t)1 << 9;
    if (!has(m, 11) && (has(m, 15) || !has(m, 1))) r |= (uint64_t)1 << 10;
    if (!has(m, 12) && (has(m, 16) || !has(m, 2))) r |= (uint64_t)1 << 11;
    if (!has(m, 13) && (has(m, 17) || !has(m, 3))) r |= (uint64_t)1 << 12;
    if (!has(m, 14) && (has(m, 18) || !has(m, 4))) r |= (uint64_t)1 << 13;
    if (!has(m, 15) && (has(m, 19) || !has(m, 5))) r |= (uint64_t)1 << 14;
    if (!has(m, 16) && (has(m, 0) || !has(m, 6))) r |= (uint64_t)1 << 15;
    if (!has(m, 17) && (has(m, 1) || !has(m, 7))) r |= (uint64_t)1 << 16;
    if (!has(m, 18) && (has(m, 2) || !has(m, 8))) r |= (uint64_t)1 << 17;
    if (!has(m, 19) && (has(m, 3) || !has(m, 9))) r |= (uint64_t)1 << 18;
    if (!has(m, 0) && (has(m, 4) || !has(m, 10))) r |= (uint64_t)1 << 19;
    return r;
}

int main(void)
{
    long n = 0;
    for (uint64_t m = 0; m < (1u << 20); m++)
        if (S(m) == m) n++;
    printf("%ld\n", n);
    return 0;
}
