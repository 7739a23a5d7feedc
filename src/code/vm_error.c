/* vm_error.c: the VM's error path, its own file so that the instruction files (vm.c, vm_ops.c,
 * vm_coll.c) call down into it and never back into vm.c: a runtime error reported at the
 * instruction and thrown (longjmp) back to vm_run, or a stop on a limit of the query. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>

#include "code/vm_internal.h"

FIX_NORETURN void vm_error(Vm *vm, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    Loc loc = vm->chunk ? ir_loc_at(vm->chunk, vm->instr) : vm->where;
    diag_error(vm->diag, loc, "%s", msg);
    bool inside = loc.src == vm->where.src && loc.start >= vm->where.start && loc.start < vm->where.end;
    if (vm->where.src && !inside)
        diag_note(vm->diag, vm->where, "while evaluating this");
    longjmp(*vm->handler, 1);
}

/* A limit of the query (timeout, memory, Ctrl-C) stops the VM without a message of its own:
 * the caller reports what stopped it (limits->hit), or keeps the sound result it has. */
FIX_NORETURN void vm_stop(Vm *vm)
{
    longjmp(*vm->handler, 1);
}
