/* test_json.c: unit tests of util/json.c: strings (escapes, well-formed UTF-8 kept as it is,
 * every byte of ill-formed UTF-8 replaced by \ufffd, NUL bytes kept by length), the
 * writer's separators in nested objects and arrays, and JSON made safe for <script>. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "util/json.h"

static void assert_json(const char *in, size_t n, const char *want)
{
    Buf b;
    buf_init(&b);
    json_put_stringn(&b, in, n);
    assert_string_equal(buf_cstr(&b), want);
    buf_free(&b);
}

static void test_escapes(void **state)
{
    (void)state;
    assert_json("a\"b\\c\n\t\r\x01", 9, "\"a\\\"b\\\\c\\n\\t\\r\\u0001\"");
    assert_json("a\0b", 3, "\"a\\u0000b\"");
    assert_json("", 0, "\"\"");
    Buf b;
    buf_init(&b);
    json_put_string(&b, "x\0y");                       /* the C string stops at the NUL */
    assert_string_equal(buf_cstr(&b), "\"x\"");
    buf_free(&b);
}

static void test_valid_utf8_kept(void **state)
{
    (void)state;
    assert_json("\xc3\xa9", 2, "\"\xc3\xa9\"");                     /* U+00E9 */
    assert_json("\xe2\x82\xac", 3, "\"\xe2\x82\xac\"");             /* U+20AC */
    assert_json("\xf0\x9f\x98\x80", 4, "\"\xf0\x9f\x98\x80\"");     /* U+1F600 */
    assert_json("\xf4\x8f\xbf\xbf", 4, "\"\xf4\x8f\xbf\xbf\"");     /* U+10FFFF */
}

static void test_invalid_utf8_replaced(void **state)
{
    (void)state;
    assert_json("a\xff" "b", 3, "\"a\\ufffdb\"");
    assert_json("\x80", 1, "\"\\ufffd\"");                               /* lone continuation */
    assert_json("\xc0\xaf", 2, "\"\\ufffd\\ufffd\"");                     /* overlong '/' */
    assert_json("\xe0\x80\xaf", 3, "\"\\ufffd\\ufffd\\ufffd\"");          /* overlong */
    assert_json("\xed\xa0\x80", 3, "\"\\ufffd\\ufffd\\ufffd\"");          /* surrogate D800 */
    assert_json("\xf4\x90\x80\x80", 4, "\"\\ufffd\\ufffd\\ufffd\\ufffd\""); /* > U+10FFFF */
    assert_json("\xe2\x82", 2, "\"\\ufffd\\ufffd\"");                     /* cut short */
    assert_json("\xc3" "a", 2, "\"\\ufffda\"");
}

static void test_writer_nesting(void **state)
{
    (void)state;
    Buf b;
    buf_init(&b);
    JsonWriter w;
    json_init(&w, &b);
    json_begin_object(&w);
    json_key_string(&w, "s", "a, b");
    json_key(&w, "xs");
    json_begin_array(&w);
    json_int(&w, -3);
    json_begin_array(&w);
    json_end_array(&w);
    json_begin_object(&w);
    json_key_bool(&w, "t", true);
    json_end_object(&w);
    json_double(&w, 0.1);
    json_double(&w, NAN);
    json_null(&w);
    json_end_array(&w);
    json_key_uint(&w, "n", 42);
    json_key(&w, "f");
    json_fixed(&w, 1.5, 3);
    json_end_object(&w);
    assert_string_equal(buf_cstr(&b),
                        "{\"s\":\"a, b\",\"xs\":[-3,[],{\"t\":true},0.1,null,null],\"n\":42,"
                        "\"f\":1.500}");
    buf_free(&b);
}

/* JSON for a <script> element: '<', '>', '&', U+2028 and U+2029 escaped, the rest kept. */
static void test_script_safe(void **state)
{
    (void)state;
    Buf raw, b;
    buf_init(&raw);
    buf_init(&b);
    json_put_string(&raw, "a</script><!--&\xe2\x80\xa8\xe2\x80\xa9\xe2\x80\xaa\"");
    json_put_script_safe(&b, raw.data, raw.len);
    assert_string_equal(buf_cstr(&b), "\"a\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029"
                                      "\xe2\x80\xaa\\\"\"");
    assert_null(strstr(buf_cstr(&b), "</"));
    buf_clear(&b);
    json_put_script_safe(&b, "\xe2\x80", 2);      /* a cut sequence is left as it is */
    assert_string_equal(buf_cstr(&b), "\xe2\x80");
    buf_free(&raw);
    buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escapes),
        cmocka_unit_test(test_valid_utf8_kept),
        cmocka_unit_test(test_invalid_utf8_replaced),
        cmocka_unit_test(test_writer_nesting),
        cmocka_unit_test(test_script_safe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
