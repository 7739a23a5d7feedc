/* test_ir.c: the opcode tables, chunk building, locations and the disassembler. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "code/fuse.h"
#include "code/ir.h"
#include "check/context.h"

static void test_opcode_tables(void **state)
{
    (void)state;
    for (int op = 0; op < IR_OPCODE_COUNT; op++) {
        assert_non_null(ir_opcode_names[op]);
        assert_true(ir_opcode_shapes[op] < SHAPE_COUNT);
        for (int other = 0; other < op; other++)
            assert_true(strcmp(ir_opcode_names[op], ir_opcode_names[other]) != 0);
    }
    assert_string_equal(ir_opcode_names[IR_CALL], "CALL");
    assert_int_equal(ir_opcode_shapes[IR_LOAD], SHAPE_SLOT);
    assert_int_equal(ir_shape_operands[SHAPE_LOOP], 4);
    assert_int_equal(ir_shape_operands[SHAPE_NONE], 0);
    /* the fused forms and what they stand for */
    assert_int_equal(ir_general_op(IR_MUL_RK), IR_MUL_R);
    assert_int_equal(ir_loaded_op(IR_MUL_SRK), IR_MUL_RK);
    assert_int_equal(ir_general_op(IR_MUL_SRK), IR_MUL_R);
    assert_int_equal(ir_general_op(IR_EQ_SIK), IR_EQ_I);
    assert_int_equal(ir_general_op(IR_ADD_R), IR_ADD_R);
    assert_true(ir_constant_left(IR_RSUB_RK) && !ir_constant_left(IR_SUB_RK));
    assert_true(ir_real_constant(IR_RDIV_SRK) && !ir_real_constant(IR_SUB_SIK));
}

static void test_chunk_building(void **state)
{
    (void)state;
    Diag diag;
    diag_init(&diag, stderr);
    const char *text = "a + b\n  c";
    const Source *src = diag_add_source(&diag, "x.fix", text, strlen(text));
    Chunk *c = ir_chunk_new("test", NULL);
    Loc l1 = { src, 0, 5 }, l2 = { src, 8, 9 };
    uint32_t k = ir_const(c, word_from_int(42));
    assert_int_equal(ir_const(c, word_from_int(42)), k);        /* constants are shared */
    size_t a = ir_emit(c, l1, IR_CONST_INT, k, 0, 0, 0);
    size_t j = ir_emit(c, l1, IR_JUMP, 0, 0, 0, 0);
    size_t b = ir_emit(c, l2, IR_ADD_I, 0, 0, 0, 0);
    ir_patch(c, j, 0, (uint32_t)b);
    size_t r = ir_emit(c, l2, IR_RET, 1, 0, 0, 0);
    assert_int_equal(a, 0);
    assert_int_equal(j, 5);
    assert_int_equal(b, 10);
    assert_int_equal(r, 11);
    assert_int_equal(ir_offset(c), 16);
    assert_int_equal(ir_read_u32(c->code.items + j + 1), b);
    assert_int_equal(ir_loc_at(c, j).start, 0);
    assert_int_equal(ir_loc_at(c, r).start, 8);

    Buf out;
    buf_init(&out);
    size_t next = ir_disassemble_instruction(c, 0, &out);
    assert_int_equal(next, 5);
    assert_non_null(strstr(buf_cstr(&out), "CONST_INT"));
    assert_non_null(strstr(buf_cstr(&out), "#0 = 42"));
    assert_non_null(strstr(buf_cstr(&out), "1:1"));
    buf_clear(&out);
    assert_int_equal(ir_disassemble_instruction(c, j, &out), b);
    assert_non_null(strstr(buf_cstr(&out), "JUMP"));
    assert_non_null(strstr(buf_cstr(&out), "-> 0010"));
    buf_clear(&out);
    ir_disassemble_chunk(c, &out);
    assert_non_null(strstr(buf_cstr(&out), "== test =="));
    assert_non_null(strstr(buf_cstr(&out), "2:3"));
    assert_non_null(strstr(buf_cstr(&out), "RET"));
    buf_free(&out);
    ir_chunk_free(c);
    diag_free(&diag);
}

/* The peephole pass: runs fused, jumps moved, a run a jump lands inside left alone, and the
 * fused instruction located at the operator (where an error would be reported). */
static void test_fuse(void **state)
{
    (void)state;
    Diag diag;
    diag_init(&diag, stderr);
    const char *text = "2.5 - y";
    const Source *src = diag_add_source(&diag, "x.fix", text, strlen(text));
    Loc lit = { src, 0, 3 }, op = { src, 4, 5 };
    Chunk *c = ir_chunk_new("fused", NULL);
    uint32_t one = ir_const(c, word_from_int(1)), k = ir_const(c, word_from_double(2.5));
    size_t j = ir_emit(c, lit, IR_JUMP, 0, 0, 0, 0);
    ir_emit(c, lit, IR_CONST_INT, one, 0, 0, 0);
    size_t to_i2r = ir_emit(c, lit, IR_I2R, 0, 0, 0, 0);     /* a jump lands here: not folded */
    ir_patch(c, j, 0, (uint32_t)to_i2r);
    ir_emit(c, lit, IR_CONST_REAL, k, 0, 0, 0);
    ir_emit(c, lit, IR_LOAD1, 0, 0, 0, 0);
    ir_emit(c, op, IR_SUB_R, 0, 0, 0, 0);                   /* 2.5 - y: RSUB_SRK */
    size_t j2 = ir_emit(c, op, IR_JUMP, 0, 0, 0, 0);
    ir_patch(c, j2, 0, (uint32_t)ir_emit(c, op, IR_RET, 1, 0, 0, 0));
    fuse_chunk(c);

    Buf out;
    buf_init(&out);
    ir_disassemble_chunk(c, &out);
    assert_string_equal(buf_cstr(&out),
        "== fused == (params 0 words, frame 0 words, result 0 words)\n"
        "  0000    1:1    JUMP               -> 0010\n"
        "  0005         | CONST_INT          #0 = 1\n"
        "  0010         | I2R\n"
        "  0011    1:5    RSUB_SRK           slot 0 #1 = 2.5\n"
        "  0020         | JUMP               -> 0025\n"
        "  0025         | RET                width 1\n");
    assert_int_equal(ir_offset(c), 30);
    assert_int_equal(ir_loc_at(c, 11).start, 4);
    buf_free(&out);
    ir_chunk_free(c);
    diag_free(&diag);
}

/* Compiles a file and returns the context's disassembly (caller frees). */
static char *dump(const char *text, bool *ok)
{
    Diag diag;
    diag_init(&diag, stderr);
    Arena arena;
    arena_init(&arena);
    Context *m = context_new(&diag);
    const Source *src = diag_add_source(&diag, "t.fix", text, strlen(text));
    *ok = context_add_file(m, parse_source(&diag, &arena, src), NULL);
    Buf b;
    buf_init(&b);
    context_dump_ir(m, &b);
    char *s = strdup(buf_cstr(&b));
    buf_free(&b);
    context_free(m);
    arena_free(&arena);
    diag_free(&diag);
    return s;
}

static void test_compiled_functions(void **state)
{
    (void)state;
    bool ok;
    char *s = dump("lattice Cnt = range 0..16;\n"
                   "lattice U = real [0, 1];\n"
                   "lattice A = powerset {p, q};\n"
                   "lattice P2 = U * U;\n"
                   "fn inc(x: Cnt): Cnt = x + 1;\n"
                   "fn half(y: U): U = y / 2;\n"
                   "fn swap(x: P2): P2 = (x.2, x.1);\n"
                   "fn call(x: Cnt): Cnt = inc(inc(x));\n"
                   "fn sets(m: A): A = { a in m | a == p } union {q};\n"
                   "fn fix(m: A): A = lfp(x: A => x union m);\n"
                   "fn both(m: A): Bool = p in m and q in m;\n", &ok);
    assert_true(ok);
    if (!strstr(s, "CALL               inc")) fprintf(stderr, "%s", s);
    assert_non_null(strstr(s, "fn inc(x: Cnt): Cnt"));
    assert_non_null(strstr(s, "ADD_SIK            slot 0 #0 = 1")); /* x + 1: the load and the constant in
                                                                          the instruction */
    assert_non_null(strstr(s, "CHECK_INT          Cnt #1 = 0..16"));
    assert_non_null(strstr(s, "DIV_SRK            slot 0 #0 = 2")); /* y / 2: the literal made real once,
                                                                          the load and the constant in one */
    assert_non_null(strstr(s, "CHECK_REAL"));
    assert_non_null(strstr(s, "CALL               inc"));
    assert_non_null(strstr(s, "TAIL_CALL          inc"));           /* the outer call of inc(inc(x)) */
    assert_non_null(strstr(s, "EQ_SIK"));                            /* a == p: the atom variable loaded and tested */
    assert_non_null(strstr(s, "SET_NEXT"));
    assert_non_null(strstr(s, "SET_ADD"));
    assert_non_null(strstr(s, "JOIN_BITS          A"));
    assert_non_null(strstr(s, "KLEENE"));
    assert_non_null(strstr(s, "SET_HAS            A [p]"));          /* p in m */
    assert_non_null(strstr(s, "JUMP_IF_FALSE_KEEP"));
    assert_non_null(strstr(s, "RET"));
    /* projections of a parameter load the component directly */
    assert_non_null(strstr(s, "LOAD1              slot 1"));
    assert_null(strstr(s, "PROJ"));
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_opcode_tables),
        cmocka_unit_test(test_chunk_building),
        cmocka_unit_test(test_fuse),
        cmocka_unit_test(test_compiled_functions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
