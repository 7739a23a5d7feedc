/* test_buf.c: unit tests of util/buf.c's JSON strings: escapes, well-formed UTF-8 kept as it
 * is, every byte of ill-formed UTF-8 replaced by \ufffd, and NUL bytes kept by length. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "util/buf.h"

static void assert_json(const char *in, size_t n, const char *want)
{
    Buf b;
    buf_init(&b);
    buf_put_json_strn(&b, in, n);
    assert_string_equal(buf_cstr(&b), want);
    buf_free(&b);
}

static void test_escapes(void **state)
{
    (void)state;
    assert_json("a\"b\\c\n\t\r\x01", 9, "\"a\\\"b\\\\c\\n\\t\\r\\u0001\"");
    assert_json("a\0b", 3, "\"a\\u0000b\"");
    Buf b;
    buf_init(&b);
    buf_put_json_string(&b, "x\0y");                  /* the C string stops at the NUL */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escapes),
        cmocka_unit_test(test_valid_utf8_kept),
        cmocka_unit_test(test_invalid_utf8_replaced),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
