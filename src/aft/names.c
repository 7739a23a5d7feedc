/* names.c: the names of the search policies and split strategies (aft.h), as `fix` files,
 * the command line and the reports spell them. */
#include "aft/aft.h"

#include <string.h>

static const char *const policy_names[] = {"paper", "isolate"};

bool aft_policy_from_name(const char *name, AftPolicy *out)
{
    for (size_t i = 0; i < FIX_ARRAY_LEN(policy_names); i++) {
        if (strcmp(name, policy_names[i]) == 0) {
            *out = (AftPolicy)i;
            return true;
        }
    }
    return false;
}

const char *aft_policy_name(AftPolicy p)
{
    size_t i = (size_t)p;
    return i < FIX_ARRAY_LEN(policy_names) ? policy_names[i] : "?";
}

void aft_policy_list(Buf *out)
{
    buf_puts(out, "paper or isolate");
}

static const char *const split_names[] = {"widest", "first", "last", "random"};

bool aft_split_from_name(const char *name, SplitStrategy *out)
{
    for (size_t i = 0; i < FIX_ARRAY_LEN(split_names); i++) {
        if (strcmp(name, split_names[i]) == 0) {
            *out = (SplitStrategy)i;
            return true;
        }
    }
    return false;
}

void aft_split_list(Buf *out)
{
    size_t n = FIX_ARRAY_LEN(split_names);
    for (size_t i = 0; i < n; i++)
        buf_printf(out, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", split_names[i]);
}

const char *aft_split_name(SplitStrategy s)
{
    size_t i = (size_t)s;
    return i < FIX_ARRAY_LEN(split_names) ? split_names[i] : "?";
}
