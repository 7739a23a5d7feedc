/* compile_internal.h: what compile.c (expressions) shares with compile_coll.c (collections):
 * the compiler's state, its entry points and the emitting helpers (compile_emit.c).  Nothing
 * else includes it. */
#ifndef FIX_COMPILE_INTERNAL_H
#define FIX_COMPILE_INTERNAL_H

#include "check/compile.h"

typedef struct Compiler Compiler;

/* compile.c's entry points, reached through compile_expr and compile_to_lat below. */
typedef struct CompileWalk {
    void (*expr)(Compiler *c, const Expr *e);
    void (*to_lat)(Compiler *c, const Expr *e, const Lattice *L);
} CompileWalk;

struct Compiler {
    const CompileWalk *walk;   /* compile.c's entry points */
    Sema *sema;                /* the checker's state: lattice indices, the tables */
    Chunk *ch;
    const FnSym *fn;           /* the function compiled, or NULL (a closed expression) */
};

/* compile_emit.c */
uint32_t compile_lat_index(Compiler *c, const Lattice *L);
size_t compile_emit(Compiler *c, Loc loc, Opcode op);
size_t compile_emit1(Compiler *c, Loc loc, Opcode op, uint32_t a);
size_t compile_emit2(Compiler *c, Loc loc, Opcode op, uint32_t a, uint32_t b);
size_t compile_emit_lat(Compiler *c, Loc loc, Opcode op, const Lattice *L);
void compile_emit_load(Compiler *c, Loc loc, uint32_t s, uint32_t n);
void compile_emit_store(Compiler *c, Loc loc, uint32_t s, uint32_t n);
void compile_emit_point(Compiler *c, Loc loc, const Lattice *L, bool top);
void compile_emit_int(Compiler *c, Loc loc, int64_t v);
size_t compile_emit_jump(Compiler *c, Loc loc, Opcode op);
void compile_patch_here(Compiler *c, size_t at, unsigned operand);
void compile_emit_elem(Compiler *c, Loc loc, const Lattice *L, Word w);

/* compile.c: e's code, pushing its value; the same converted into lattice L. */
static inline void compile_expr(Compiler *c, const Expr *e) { c->walk->expr(c, e); }
static inline void compile_to_lat(Compiler *c, const Expr *e, const Lattice *L) { c->walk->to_lat(c, e, L); }

/* compile_coll.c: collections (the E_ kinds and the operators on them). */
void compile_enumeration(Compiler *c, const Expr *e);
void compile_atoms(Compiler *c, const Expr *e);
void compile_fold(Compiler *c, const Expr *e);
void compile_coll_has(Compiler *c, const Expr *e);
void compile_coll_equal(Compiler *c, const Expr *e);
const Lattice *compile_coll_start(Compiler *c, const Expr *e);
size_t compile_coll_next(Compiler *c, const Expr *e);
void compile_keys(Compiler *c, const Expr *e);
void compile_coll_comprehension(Compiler *c, const Expr *e);

#endif
