/* opcodes.h: every IR instruction, once: name, operand shape, and what it does to the stack. */
#ifndef FIX_OPCODES_H
#define FIX_OPCODES_H

/* X(name, shape).  Operands are u32 little endian; their meaning is given by the shape:
 *   NONE          no operands
 *   CONST  k      constant #k of the chunk
 *   LAT    l      lattice #l of the context (W = its words per element)
 *   SLOT   s n    n words at frame slot s
 *   WIDTH  n      n words
 *   JUMP   t      absolute code offset t
 *   FN     f      function #f of the context
 *   LATIX  l i    lattice #l and a component / key index i (0-based)
 *   LATSLOT l s   lattice #l and frame slot s
 *   LOOP   l s v t  lattice #l, frame slots s and v, exit target t
 *   VAR    s      one word at frame slot s
 *   LATCONST l k  lattice #l and constant #k
 *   BOUNDS l k    lattice #l and constants #k, #k+1 (its least and greatest number)
 *   WARM   l s k  lattice #l, frame slot s and warm-start site #k of the chunk (Chunk.warm)
 *   VARK   s k    one word at frame slot s and constant #k
 *   ENGINE l f k  lattice #l, function #f and the options #k of the context's bnbs (bnb(f ...))
 * Stack effects: [before] -> [after], top on the right; `b` a Bool word (0 or 1), `i` an
 * int64 word, `r` a double word, `a` an atom index, `e`/`x` a W-word lattice element. */
#define FIX_OPCODES(X) \
    X(CONST_INT,   CONST)    /* [] -> [i]            push integer constant #k */               \
    X(CONST_REAL,  CONST)    /* [] -> [r]            push real constant #k */                  \
    X(BOT,         LAT)      /* [] -> [e]            push bot of lattice l */                  \
    X(TOP,         LAT)      /* [] -> [e]            push top of lattice l */                  \
    X(LOAD,        SLOT)     /* [] -> [n words]      copy frame slots s..s+n */                \
    X(STORE,       SLOT)     /* [n words] -> []      pop into frame slots s..s+n */            \
    X(POP,         WIDTH)    /* [n words] -> []      drop */                                   \
    X(ADD_I,       NONE)     /* [i i] -> [i]         +, error on overflow */                   \
    X(SUB_I,       NONE)     /* [i i] -> [i]         - */                                      \
    X(MUL_I,       NONE)     /* [i i] -> [i]         * */                                      \
    X(DIV_I,       NONE)     /* [i i] -> [i]         / truncating, error on division by 0 */   \
    X(MOD_I,       NONE)     /* [i i] -> [i]         mod: a - b * floor(a / b), sign of b */   \
    X(NEG_I,       NONE)     /* [i] -> [i]           unary - */                                \
    X(MIN_I,       NONE)     /* [i i] -> [i]         min */                                    \
    X(MAX_I,       NONE)     /* [i i] -> [i]         max */                                    \
    X(ABS_I,       NONE)     /* [i] -> [i]           abs */                                    \
    X(ADD_R,       NONE)     /* [r r] -> [r]         + */                                      \
    X(SUB_R,       NONE)     /* [r r] -> [r]         - */                                      \
    X(MUL_R,       NONE)     /* [r r] -> [r]         * */                                      \
    X(DIV_R,       NONE)     /* [r r] -> [r]         /, error on division by 0 */              \
    X(NEG_R,       NONE)     /* [r] -> [r]           unary - */                                \
    X(MIN_R,       NONE)     /* [r r] -> [r]         min */                                    \
    X(MAX_R,       NONE)     /* [r r] -> [r]         max */                                    \
    X(ABS_R,       NONE)     /* [r] -> [r]           abs */                                    \
    X(I2R,         NONE)     /* [i] -> [r]           integer to real */                        \
    X(LT_I,        NONE)     /* [i i] -> [b]         < */                                      \
    X(LE_I,        NONE)     /* [i i] -> [b]         <= */                                     \
    X(GT_I,        NONE)     /* [i i] -> [b]         > */                                      \
    X(GE_I,        NONE)     /* [i i] -> [b]         >= */                                     \
    X(EQ_I,        NONE)     /* [w w] -> [b]         == on one word (ints, atoms) */           \
    X(NE_I,        NONE)     /* [w w] -> [b]         != on one word */                         \
    X(LT_R,        NONE)     /* [r r] -> [b]         < */                                      \
    X(LE_R,        NONE)     /* [r r] -> [b]         <= */                                     \
    X(GT_R,        NONE)     /* [r r] -> [b]         > */                                      \
    X(GE_R,        NONE)     /* [r r] -> [b]         >= */                                     \
    X(EQ_R,        NONE)     /* [r r] -> [b]         == */                                     \
    X(NE_R,        NONE)     /* [r r] -> [b]         != */                                     \
    X(NOT,         NONE)     /* [b] -> [b]           not */                                    \
    X(LAT_LE,      LAT)      /* [x y] -> [b]         x <= y in the lattice order */            \
    X(LAT_LT,      LAT)      /* [x y] -> [b]         x < y */                                  \
    X(LAT_GE,      LAT)      /* [x y] -> [b]         x >= y */                                 \
    X(LAT_GT,      LAT)      /* [x y] -> [b]         x > y */                                  \
    X(LAT_EQ,      LAT)      /* [x y] -> [b]         x == y */                                 \
    X(LAT_NE,      LAT)      /* [x y] -> [b]         x != y */                                 \
    X(JOIN,        LAT)      /* [x y] -> [x join y]  (union on a powerset, max on reals) */    \
    X(MEET,        LAT)      /* [x y] -> [x meet y]  (inter on a powerset, min on reals) */    \
    X(SET_MINUS,   LAT)      /* [x y] -> [x minus y] powerset difference */                    \
    X(SET_ADD,     LAT)      /* [x a] -> [x + {a}]   add atom a to the set */                  \
    X(SET_IN,      LAT)      /* [a x] -> [b]         atom a in set x */                        \
    X(SET_COUNT,   LAT)      /* [x] -> [i]           number of atoms of x */                   \
    X(CHECK_RANGE, LAT)      /* [i] -> [e]           error unless i is in the range lattice */ \
    X(CHECK_REAL,  LAT)      /* [r] -> [e]           error unless r is in the real lattice, 1e-12 slack clamped */ \
    X(PROJ,        LATIX)    /* [x] -> [x.(i+1)]     component i of a product element */       \
    X(MAP_GET,     LATIX)    /* [m] -> [m[key i]]    value at key i of a map element */        \
    X(MAP_INDEX,   LAT)      /* [m a] -> [m[a]]      value at key a, error if a is no key */   \
    X(CHECK_LE,    LATSLOT)  /* [] -> []             error unless slot s <= slot s+W (an interval) */ \
    X(ENUM_NEXT,   LOOP)     /* [] -> []             v := successor of v in [s, s+W]; none: jump t */ \
    X(SET_NEXT,    LOOP)     /* [] -> []             v := next atom > v in the set at s; none: jump t */ \
    X(KLEENE,      LOOP)     /* [y] -> []            x at s := y; iteration count at v += 1; jump t when y equalled x (or moved less than the tolerance); error past the limit */ \
    X(JUMP,        JUMP)     /* [] -> []             go to t (backwards: counts a step) */     \
    X(JUMP_IF_FALSE, JUMP)   /* [b] -> []            go to t if b is false */                  \
    X(JUMP_IF_FALSE_KEEP, JUMP) /* [b] -> [b]        go to t if b is false, keeping b (and) */ \
    X(JUMP_IF_TRUE_KEEP, JUMP)  /* [b] -> [b]        go to t if b is true, keeping b (or) */   \
    X(CALL,        FN)       /* [args] -> [result]   call function f; args become its first slots */ \
    X(RET,         WIDTH)    /* [n words] -> (caller) [n words]  return the top n words */ \
    X(LFP_START,   WARM)     /* [] -> []             x at s := join of the lfps site k kept for neighbouring arguments, counter at s+W := -1 (KLEENE then checks x <= f(x)); none: bot, 0 */ \
    X(LFP_KEEP,    WARM)     /* [] -> []             keep x at s as site k's lfp for this frame's arguments */ \
    /* Collections (vm_coll.c): a collection is one word, a handle to a list of elements of \
     * lattice l the VM keeps (code/types.h), made by a query result in an expression. */ \
    X(COLL_NEW,    LAT)      /* [] -> [c]            a new empty collection of elements of l */ \
    X(COLL_ADD,    LATIX)    /* [c e] -> [c]         append e (i = 1: unless it is there already) */ \
    X(COLL_NEXT,   LOOP)     /* [] -> []             v := the item at the index in slot s+1 of the collection at slot s, index += 1; none left: jump t */ \
    X(COLL_COUNT,  NONE)     /* [c] -> [i]           number of items */ \
    X(COLL_HAS,    LAT)      /* [e c] -> [b]         e is an item of c */ \
    X(COLL_EQ,     LAT)      /* [c c] -> [b]         the same items, in any order */ \
    X(COLL_CACHED, LOOP)     /* [] -> [c]?           l, site s (its offset), -, t: the collection site s of this chunk kept in this run: pushed, jump t; none: nothing */ \
    X(COLL_KEEP,   LATIX)    /* [c] -> [c]           keep c as site i's collection for the rest of this run */ \
    X(APPROX,      FN)       /* [] -> [lo hi]        IR([bot, top]) of function f, by the engine through the VM's host */ \
    X(STABLE,      LATIX)    /* [] -> [c]            the stable models of program i through the host, items of powerset l */ \
    X(REFINE,      FN)       /* [lo hi] -> [lo' hi'] F iterated from [lo, hi] to its limit for function f, through the host */ \
    X(BNB,         ENGINE)   /* [lo hi]? -> [c c b]  bnb of function f with options #k through the host (a start [lo hi] popped when they have one): its fixed points, Final (intervals, items of l = L * L), complete */ \
    /* The specialised forms the compiler emits for common cases (FIX_SPECIALISED says which \
     * general instruction each one stands for; the interval evaluator runs them as that). */ \
    X(TAIL_CALL,   FN)       /* [args] -> (caller) [result]  call f in tail position: its frame replaces this one */ \
    X(LOAD1,       VAR)      /* [] -> [w]            copy frame slot s */                      \
    X(STORE1,      VAR)      /* [w] -> []            pop into frame slot s */                  \
    X(ADD_IK,      CONST)    /* [i] -> [i]           + integer constant #k, error on overflow */ \
    X(SUB_IK,      CONST)    /* [i] -> [i]           - constant #k */                          \
    X(MUL_IK,      CONST)    /* [i] -> [i]           * constant #k */                          \
    X(MOD_IK,      CONST)    /* [i] -> [i]           mod constant #k (not 0) */                \
    X(LT_IK,       CONST)    /* [i] -> [b]           < constant #k */                          \
    X(LE_IK,       CONST)    /* [i] -> [b]           <= constant #k */                         \
    X(GT_IK,       CONST)    /* [i] -> [b]           > constant #k */                          \
    X(GE_IK,       CONST)    /* [i] -> [b]           >= constant #k */                         \
    X(EQ_IK,       CONST)    /* [w] -> [b]           == constant #k */                         \
    X(NE_IK,       CONST)    /* [w] -> [b]           != constant #k */                         \
    X(CHECK_INT,   BOUNDS)   /* [i] -> [e]           CHECK_RANGE with the bounds as constants */ \
    X(CHECK_REALK, BOUNDS)   /* [r] -> [e]           CHECK_REAL with the bounds as constants */ \
    X(CONST_ELEM,  LATCONST) /* [] -> [e]            push constant #k, a one-word element of lattice l (bot, top, a set of atoms) */ \
    X(SET_HAS,     LATIX)    /* [x] -> [b]           atom i in set x (SET_IN of a constant atom) */ \
    X(JOIN_BITS,   LAT)      /* [x y] -> [x | y]     JOIN on a lattice of bit sets (powersets, their products and maps) */ \
    X(MEET_BITS,   LAT)      /* [x y] -> [x & y]     MEET on such a lattice */                 \
    X(LE_BITS,     LAT)      /* [x y] -> [b]         LAT_LE on such a lattice: x & ~y == 0 */  \
    X(EQ_WORDS,    LAT)      /* [x y] -> [b]         LAT_EQ on a lattice whose equality is that of its words */ \
    X(NE_WORDS,    LAT)      /* [x y] -> [b]         LAT_NE on such a lattice */          \
    /* Real operators with a constant operand, made from CONST_REAL and the general operator \
     * by the peephole pass (fuse.c); the R forms take the constant as their left operand. */ \
    X(ADD_RK,      CONST)    /* [r] -> [r]           + real constant #k */                     \
    X(SUB_RK,      CONST)    /* [r] -> [r]           - constant #k */                          \
    X(MUL_RK,      CONST)    /* [r] -> [r]           * constant #k */                          \
    X(DIV_RK,      CONST)    /* [r] -> [r]           / constant #k (not 0) */                  \
    X(RSUB_RK,     CONST)    /* [r] -> [k - r]       constant #k minus r */                    \
    X(RDIV_RK,     CONST)    /* [r] -> [k / r]       constant #k over r, error on division by 0 */ \
    X(LT_RK,       CONST)    /* [r] -> [b]           < real constant #k */                     \
    X(LE_RK,       CONST)    /* [r] -> [b]           <= constant #k */                         \
    X(GT_RK,       CONST)    /* [r] -> [b]           > constant #k */                          \
    X(GE_RK,       CONST)    /* [r] -> [b]           >= constant #k */                         \
    X(EQ_RK,       CONST)    /* [r] -> [b]           == constant #k */                         \
    X(NE_RK,       CONST)    /* [r] -> [b]           != constant #k */                         \
    /* A one-word load and a _K form in one instruction (FIX_LOADED): slot s op constant #k. */ \
    X(ADD_SRK,     VARK)     /* [] -> [r]            slot s + real constant #k */              \
    X(SUB_SRK,     VARK)     /* [] -> [r]            slot s - constant #k */                   \
    X(MUL_SRK,     VARK)     /* [] -> [r]            slot s * constant #k */                   \
    X(DIV_SRK,     VARK)     /* [] -> [r]            slot s / constant #k (not 0) */           \
    X(RSUB_SRK,    VARK)     /* [] -> [r]            constant #k - slot s */                   \
    X(RDIV_SRK,    VARK)     /* [] -> [r]            constant #k / slot s, error on division by 0 */ \
    X(ADD_SIK,     VARK)     /* [] -> [i]            slot s + integer constant #k, error on overflow */ \
    X(SUB_SIK,     VARK)     /* [] -> [i]            slot s - constant #k, error on overflow */ \
    X(LT_SIK,      VARK)     /* [] -> [b]            slot s < integer constant #k */           \
    X(LE_SIK,      VARK)     /* [] -> [b]            slot s <= constant #k */                  \
    X(GT_SIK,      VARK)     /* [] -> [b]            slot s > constant #k */                   \
    X(GE_SIK,      VARK)     /* [] -> [b]            slot s >= constant #k */                  \
    X(EQ_SIK,      VARK)     /* [] -> [b]            slot s == constant #k (one word) */       \
    X(NE_SIK,      VARK)     /* [] -> [b]            slot s != constant #k */

/* Operand shapes, with their number of u32 operands. */
#define FIX_SHAPES(X) \
    X(NONE, 0) X(CONST, 1) X(LAT, 1) X(SLOT, 2) X(WIDTH, 1) X(JUMP, 1) X(FN, 1) \
    X(LATIX, 2) X(LATSLOT, 2) X(LOOP, 4) X(VAR, 1) X(BOUNDS, 2) X(LATCONST, 2) X(WARM, 3) \
    X(VARK, 2) X(ENGINE, 3)

/* Each specialised instruction and the general one it stands for (with its constant pushed
 * first for the _IK and _RK forms and SET_HAS, the lattice's operand for the others; the
 * forms of FIX_CONSTANT_LEFT push their constant below the operand).  CONST_ELEM stands for
 * none: it is a constant. */
#define FIX_SPECIALISED(X) \
    X(TAIL_CALL, CALL) X(LOAD1, LOAD) X(STORE1, STORE) \
    X(ADD_IK, ADD_I) X(SUB_IK, SUB_I) X(MUL_IK, MUL_I) X(MOD_IK, MOD_I) \
    X(LT_IK, LT_I) X(LE_IK, LE_I) X(GT_IK, GT_I) X(GE_IK, GE_I) X(EQ_IK, EQ_I) X(NE_IK, NE_I) \
    X(CHECK_INT, CHECK_RANGE) X(CHECK_REALK, CHECK_REAL) X(SET_HAS, SET_IN) X(JOIN_BITS, JOIN) \
    X(MEET_BITS, MEET) X(LE_BITS, LAT_LE) X(EQ_WORDS, LAT_EQ) X(NE_WORDS, LAT_NE) \
    X(ADD_RK, ADD_R) X(SUB_RK, SUB_R) X(MUL_RK, MUL_R) X(DIV_RK, DIV_R) X(RSUB_RK, SUB_R) \
    X(RDIV_RK, DIV_R) X(LT_RK, LT_R) X(LE_RK, LE_R) X(GT_RK, GT_R) X(GE_RK, GE_R) X(EQ_RK, EQ_R) \
    X(NE_RK, NE_R)

/* Each instruction made of LOAD1 s and a _K form, and that form (run after the load, on
 * constant #k). */
#define FIX_LOADED(X) \
    X(ADD_SRK, ADD_RK) X(SUB_SRK, SUB_RK) X(MUL_SRK, MUL_RK) X(DIV_SRK, DIV_RK) \
    X(RSUB_SRK, RSUB_RK) X(RDIV_SRK, RDIV_RK) X(ADD_SIK, ADD_IK) X(SUB_SIK, SUB_IK) \
    X(LT_SIK, LT_IK) X(LE_SIK, LE_IK) X(GT_SIK, GT_IK) X(GE_SIK, GE_IK) X(EQ_SIK, EQ_IK) \
    X(NE_SIK, NE_IK)

/* The _RK forms whose constant is the general instruction's left operand (pushed below). */
#define FIX_CONSTANT_LEFT(X) X(RSUB_RK) X(RDIV_RK)

typedef enum {
#define FIX_OP_ENUM(name, shape) IR_##name,
    FIX_OPCODES(FIX_OP_ENUM)
#undef FIX_OP_ENUM
    IR_OPCODE_COUNT
} Opcode;

typedef enum {
#define FIX_SHAPE_ENUM(name, n) SHAPE_##name,
    FIX_SHAPES(FIX_SHAPE_ENUM)
#undef FIX_SHAPE_ENUM
    SHAPE_COUNT
} OperandShape;

#endif
