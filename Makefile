# Makefile for fix: builds build/fix, the tests, the demo and the benchmarks.
# `make` builds; `make demo` runs the tour; `make test` runs every test.

CC      ?= cc
CSTD    := -std=c17 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter
INC     := -Isrc -Ibuild/gen
CFLAGS  ?= -O2 -g
SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDLIBS  := -lm -ledit
RE2C    ?= re2c
BISON   ?= bison

LIB_SRC := $(sort $(shell find src -name '*.c' ! -name main.c))
GEN_SRC := build/gen/lexer.c build/gen/parser.c
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
PROP_SRC := $(sort $(wildcard tests/prop/prop_*.c))

OBJ      := $(LIB_SRC:%.c=build/obj/%.o) $(GEN_SRC:build/gen/%.c=build/obj/gen/%.o)
ASAN_OBJ := $(LIB_SRC:%.c=build/asan/%.o) $(GEN_SRC:build/gen/%.c=build/asan/gen/%.o)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=build/tests/%)
PROP_BIN := $(PROP_SRC:tests/prop/%.c=build/tests/%)

.PHONY: all deps demo test unit golden prop asp-test doctest bench fuzz clean
all: build/fix

build/.deps-ok: scripts/deps.sh
	@mkdir -p build
	@sh scripts/deps.sh
	@touch $@

deps: build/.deps-ok

build/gen/lexer.c: grammar/lexer.re build/gen/parser.c build/.deps-ok
	@mkdir -p build/gen
	$(RE2C) -W --no-generation-date --no-version -o $@ $<

build/gen/parser.c: grammar/parser.y build/.deps-ok
	@mkdir -p build/gen
	$(BISON) -Wall -Werror --header=build/gen/parser.h -o $@ $<

build/obj/gen/%.o: build/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(CFLAGS) $(INC) -Wno-unused-function -MMD -MP -c $< -o $@

build/asan/gen/%.o: build/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(SANFLAGS) $(INC) -Wno-unused-function -MMD -MP -c $< -o $@

build/obj/%.o: %.c | build/gen/parser.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(CFLAGS) $(WARN) $(INC) -MMD -MP -c $< -o $@

build/asan/%.o: %.c | build/gen/parser.c
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(SANFLAGS) $(WARN) $(INC) -MMD -MP -c $< -o $@

build/libfix.a: $(OBJ)
	@rm -f $@
	ar rcs $@ $^

build/libfix-asan.a: $(ASAN_OBJ)
	@rm -f $@
	ar rcs $@ $^

build/fix: build/obj/src/main.o build/libfix.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

build/asan/fix: build/asan/src/main.o build/libfix-asan.a
	$(CC) $(SANFLAGS) -o $@ $^ $(LDLIBS)

build/tests/%: tests/unit/%.c build/libfix-asan.a
	@mkdir -p build/tests
	$(CC) $(CSTD) $(SANFLAGS) $(WARN) $(INC) -Wno-missing-prototypes -o $@ $^ -lcmocka $(LDLIBS)

build/tests/%: tests/prop/%.c build/libfix-asan.a
	@mkdir -p build/tests
	$(CC) $(CSTD) $(SANFLAGS) $(WARN) $(INC) -Wno-missing-prototypes -o $@ $^ -lcmocka $(LDLIBS)

demo: build/fix
	./build/fix run examples/tour.fix

unit: $(UNIT_BIN)
	@sh tests/run-unit.sh $(UNIT_BIN)

prop: $(PROP_BIN)
	@sh tests/run-unit.sh $(PROP_BIN)

golden: build/asan/fix
	@sh tests/run-golden.sh build/asan/fix

asp-test: build/fix
	@sh tests/asp/run.sh build/fix

test: build/fix build/asan/fix $(UNIT_BIN) $(PROP_BIN)
	@sh tests/run-all.sh

bench: build/fix
	@sh bench/run.sh

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)
