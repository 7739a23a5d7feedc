#!/bin/sh
# check-keywords.sh: the REPL completes every keyword of the language: the words of the
# lexer's keyword table (grammar/lexer.re) are those of keyword_words in src/cli/repl.c; and
# that table is in byte order, which the lexer's binary search assumes.
listed=$(sed -n '/static int keyword/,/^}/p' grammar/lexer.re | grep -o '{ "[a-z]*",' | sed 's/[{ ",]//g')
if [ -z "$listed" ] || [ "$listed" != "$(printf '%s\n' "$listed" | LC_ALL=C sort)" ]; then
    echo "FAIL: the lexer's keyword table (grammar/lexer.re) is not in byte order: its binary search would miss words"
    echo "keywords: 0 passed, 1 failed"; exit 1
fi
lexer=$(printf '%s\n' "$listed" | sort)
repl=$(sed -n '/keyword_words\[\] = {/,/^};/p' src/cli/repl.c | grep -o '"[a-z]*"' | tr -d '"' | sort)
if [ -z "$lexer" ] || [ "$lexer" != "$repl" ]; then
    echo "FAIL: the lexer's keywords and the REPL's completion differ:"
    printf '%s\n' "$lexer" >/tmp/kw-lexer.$$; printf '%s\n' "$repl" >/tmp/kw-repl.$$
    diff /tmp/kw-lexer.$$ /tmp/kw-repl.$$; rm -f /tmp/kw-lexer.$$ /tmp/kw-repl.$$
    echo "keywords: 0 passed, 1 failed"; exit 1
fi
echo "keywords: 1 passed, 0 failed"
