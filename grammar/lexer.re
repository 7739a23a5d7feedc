/* placeholder until the real lexer lands */
/*!re2c re2c:yyfill:enable = 0; */
