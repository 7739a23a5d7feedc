# Makefile for fix: builds build/fix, the tests, the demo and the benchmarks.
# `make` builds; `make demo` runs the tour; `make test` runs every test, `make check` the fast
# ones, `make test T=NAME` one suite or one golden test (see "running the tests" below).

CC      ?= cc
CSTD    := -std=c17 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter \
           -Wconversion -Wsign-conversion
INC     := -Isrc -Ibuild/gen
CFLAGS  ?= -O2 -g
SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
# The sanitizer build's library also checks the ASP solver's invariants (src/asp/propcheck.c).
CHECKDEFS := -DASP_CHECK
LDLIBS  := -lm -ledit -lpthread
RE2C    ?= re2c
BISON   ?= bison

# the library is every file but the command line's (src/cli: the program `fix`, above the API)
LIB_SRC := $(sort $(shell find src -name '*.c' ! -path 'src/cli/*'))
CLI_SRC := $(sort $(wildcard src/cli/*.c))
GEN_SRC := build/gen/lexer.c build/gen/parser.c build/gen/html_assets.c
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
PROP_SRC := $(sort $(wildcard tests/prop/prop_*.c))

OBJ      := $(LIB_SRC:%.c=build/obj/%.o) $(GEN_SRC:build/gen/%.c=build/obj/gen/%.o)
# the shared library's objects: position independent, in a build directory of their own
PIC_OBJ  := $(LIB_SRC:%.c=build/pic/%.o) $(GEN_SRC:build/gen/%.c=build/pic/gen/%.o)
# the thread sanitizer's build of the library, for the C API's test of sessions in threads
TSANFLAGS := -O1 -g -fsanitize=thread -fno-omit-frame-pointer
TSAN_OBJ := $(LIB_SRC:%.c=build/tsan/%.o) $(GEN_SRC:build/gen/%.c=build/tsan/gen/%.o)
ASAN_OBJ := $(LIB_SRC:%.c=build/asan/%.o) $(GEN_SRC:build/gen/%.c=build/asan/gen/%.o)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=build/tests/%)
PROP_BIN := $(PROP_SRC:tests/prop/%.c=build/tests/%)

.PHONY: all deps demo test tsan unit golden prop asp-test doctest bench fuzz clean install uninstall api-test
all: build/fix build/libfix.so

# `make install`: the binary to $(PREFIX)/bin/fix and the standard library (the files of
# `import "analysis";` and `import "domains";`) to $(PREFIX)/share/fix/stdlib, where the binary
# looks for it; the C API's header to $(PREFIX)/include/fix.h, the shared library to
# $(PREFIX)/lib/libfix.so and its pkg-config file to $(PREFIX)/lib/pkgconfig/fix.pc
# (docs/api.md); DESTDIR is prepended to all (staged installs, packages).
PREFIX  ?= /usr/local
DESTDIR ?=
install: build/fix build/libfix.so
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/fix/stdlib"
	install -d "$(DESTDIR)$(PREFIX)/include" "$(DESTDIR)$(PREFIX)/lib/pkgconfig"
	install -m 755 build/fix "$(DESTDIR)$(PREFIX)/bin/fix"
	install -m 644 stdlib/*.fix "$(DESTDIR)$(PREFIX)/share/fix/stdlib/"
	install -m 644 src/api/fix.h "$(DESTDIR)$(PREFIX)/include/fix.h"
	install -m 755 build/libfix.so "$(DESTDIR)$(PREFIX)/lib/libfix.so"
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(FIX_VERSION)|g' src/api/fix.pc.in \
	    > "$(DESTDIR)$(PREFIX)/lib/pkgconfig/fix.pc"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/fix"
	rm -f "$(DESTDIR)$(PREFIX)/include/fix.h" "$(DESTDIR)$(PREFIX)/lib/libfix.so" \
	    "$(DESTDIR)$(PREFIX)/lib/pkgconfig/fix.pc"
	-rmdir "$(DESTDIR)$(PREFIX)/lib/pkgconfig" 2>/dev/null
	rm -f $(patsubst stdlib/%,"$(DESTDIR)$(PREFIX)/share/fix/stdlib/%",$(wildcard stdlib/*.fix))
	-rmdir "$(DESTDIR)$(PREFIX)/share/fix/stdlib" "$(DESTDIR)$(PREFIX)/share/fix" 2>/dev/null

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

build/gen/html_assets.c: src/report/html_page.js src/report/html_page.css scripts/embed.sh
	@mkdir -p build/gen
	sh scripts/embed.sh $@ html_page_script src/report/html_page.js html_page_style src/report/html_page.css

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
	$(CC) $(CSTD) $(SANFLAGS) $(CHECKDEFS) $(WARN) $(INC) -MMD -MP -c $< -o $@

build/libfix-tsan.a: $(TSAN_OBJ)
	@rm -f $@
	ar rcs $@ $^

# $(call objrules,DIR,FLAGS): the rules of a build of the library's objects in build/DIR
# with FLAGS (the shared library's, position independent; the thread sanitizer's)
define objrules
build/$(1)/gen/%.o: build/gen/%.c
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CSTD) $(2) $$(INC) -Wno-unused-function -MMD -MP -c $$< -o $$@

build/$(1)/%.o: %.c | build/gen/parser.c
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CSTD) $(2) $$(WARN) $$(INC) -MMD -MP -c $$< -o $$@
endef
$(eval $(call objrules,pic,$(CFLAGS) -fPIC))
$(eval $(call objrules,tsan,$(TSANFLAGS)))

build/libfix.a: $(OBJ)
	@rm -f $@
	ar rcs $@ $^

build/libfix-asan.a: $(ASAN_OBJ)
	@rm -f $@
	ar rcs $@ $^

# the shared library of the C API (src/api/fix.h): only the fix_ names are exported
# (src/api/libfix.map), so nothing else of fix can clash with a program's own names
FIX_VERSION := $(shell sed -n 's/^\#define FIX_VERSION "\(.*\)"/\1/p' src/common.h)
build/libfix.so: $(PIC_OBJ) src/api/libfix.map
	$(CC) $(CFLAGS) -shared -Wl,-soname,libfix.so -Wl,--version-script=src/api/libfix.map \
	    -o $@ $(PIC_OBJ) $(LDLIBS)

build/fix: $(CLI_SRC:%.c=build/obj/%.o) build/libfix.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

build/asan/fix: $(CLI_SRC:%.c=build/asan/%.o) build/libfix-asan.a
	$(CC) $(SANFLAGS) -o $@ $^ $(LDLIBS)

# the ThreadSanitizer build of the binary (`make tsan`; the threads of --jobs N run under it
# in the suite's parallel checks)
build/tsan/fix: $(CLI_SRC:%.c=build/tsan/%.o) build/libfix-tsan.a
	$(CC) $(TSANFLAGS) -o $@ $^ $(LDLIBS)
tsan: build/tsan/fix

# (-MMD: build/tests/NAME.d lists the headers a test includes, its fixtures among them, so
# that the test is rebuilt when one changes)
build/tests/%: tests/unit/%.c build/libfix-asan.a
	@mkdir -p build/tests
	$(CC) $(CSTD) $(SANFLAGS) $(WARN) $(INC) -Wno-missing-prototypes -MMD -MP -o $@ $< build/libfix-asan.a -lcmocka $(LDLIBS)

build/tests/%: tests/prop/%.c build/libfix-asan.a
	@mkdir -p build/tests
	$(CC) $(CSTD) $(SANFLAGS) $(WARN) $(INC) -Wno-missing-prototypes -MMD -MP -o $@ $< build/libfix-asan.a -lcmocka $(LDLIBS)

# the C API's test under the sanitizers (tests/api/test_api.c: it sees only src/api/fix.h)
build/tests/api_test: tests/api/test_api.c src/api/fix.h build/libfix-asan.a
	@mkdir -p build/tests
	$(CC) $(CSTD) $(SANFLAGS) $(WARN) -Isrc/api -o $@ $< build/libfix-asan.a $(LDLIBS)

build/tests/api_test-tsan: tests/api/test_api.c src/api/fix.h build/libfix-tsan.a
	@mkdir -p build/tests
	$(CC) $(CSTD) $(TSANFLAGS) $(WARN) -Isrc/api -o $@ $< build/libfix-tsan.a $(LDLIBS)

# the API suite alone: the C test and the Python package's tests (also in `make test`: T=api)
api-test: build/tests/api_test build/tests/api_test-tsan build/libfix.so
	@sh tests/run-api.sh

demo: build/fix
	./build/fix run examples/tour.fix
	@if command -v dot >/dev/null 2>&1; then \
	    ./build/fix run --dot examples/bnb-tree.fix > build/bnb-tree.dot && \
	    dot -Tsvg build/bnb-tree.dot -o build/bnb-tree.svg && \
	    echo "demo: the branch-and-bound tree of examples/bnb-tree.fix is in build/bnb-tree.svg"; \
	else echo "demo: install graphviz to draw build/bnb-tree.svg"; fi

unit: $(UNIT_BIN)
	@sh tests/run-unit.sh $(UNIT_BIN)

prop: $(PROP_BIN)
	@sh tests/run-unit.sh $(PROP_BIN)

golden: build/asan/fix
	@sh tests/run-golden.sh build/asan/fix

asp-test: build/fix build/tsan/fix
	@sh tests/asp/run.sh build/fix

test: build/fix build/asan/fix $(UNIT_BIN) $(PROP_BIN) build/tests/fixgen build/tests/difftest build/tests/difftest-asan \
      build/libfix.so build/tests/api_test build/tests/api_test-tsan build/tsan/fix
	@sh tests/run-all.sh $(T)

# ---- running the tests (tests/run-all.sh, docs/testing.md "Running the tests") ----
# `make test` every suite, two at a time, the random cross-checks on fixed seeds in budgeted
# counts; `make test-long` the same with the long counts; `make check` the fast suites (unit,
# prop with small budgets, layers, size, keywords, targets, golden, a short ASP cross-check).
# T picks suites or tests, for all three: `make test T=golden`, `make test T=golden/NAME`
# (tests/golden/NAME.fix; golden/examples/NAME for examples/NAME.fix), `make test T="asp diff"`,
# `make test T=asp-golden/NAME`.  TEST_JOBS=1 runs one suite at a time.
.PHONY: check test-long
check: build/fix build/asan/fix $(UNIT_BIN) $(PROP_BIN)
	@sh tests/run-all.sh --check $(T)

test-long: build/fix build/asan/fix $(UNIT_BIN) $(PROP_BIN) build/tests/fixgen build/tests/difftest build/tests/difftest-asan \
           build/libfix.so build/tests/api_test build/tests/api_test-tsan build/tsan/fix
	@sh tests/run-all.sh --long $(T)

# the snippets of the documentation (also a suite of `make test`: T=doc)
doctest: build/fix
	@sh tests/run-doc.sh build/fix

bench: build/fix build/libfix.so build/bench/pairtime
	@sh scripts/deps.sh bench
	@sh bench/run.sh
	@sh bench/jobs_asp.sh
	@sh bench/eval/run.sh
	@sh bench/api.sh
	@sh bench/jobs.sh

# the alternating-pairs timer of bench/run.sh and bench/asp/suite.sh
build/bench/pairtime: bench/asp/pairtime.c
	@mkdir -p build/bench
	$(CC) -std=c17 -D_POSIX_C_SOURCE=200809L -O2 -Wall -Wextra -o $@ $<

clean:
	rm -rf build

-include $(shell find build -name '*.d' 2>/dev/null)

# ---- the page: fix in the browser (make web, web/README.md, docs/tutorial.md) ----
# `make web` builds build/web/fix.html, one self-contained page (the wasm embedded) that runs
# fix in a worker.  It needs emscripten (Debian package emscripten) and binaryen, which only
# this target and tests/run-web.sh use: `make` and `make check` never do.  The files that
# start processes or threads, catch signals, cap memory or read a terminal are replaced by the browser's
# versions in web/ (WEB_SWAPPED); the limits poll the clock on every poll (LIMITS_ALWAYS_CLOCK),
# where the page's Stop comes in (web/stop_web.c).
EMCC        ?= emcc
WEB_SWAPPED := src/util/limits_os.c src/util/sigint.c src/proc/sandbox.c src/proc/sysfilter.c \
               src/proc/race.c src/cli/repl.c src/util/workpool.c
WEB_SRC     := $(filter-out $(WEB_SWAPPED),$(LIB_SRC) $(CLI_SRC)) web/stop_web.c web/proc_web.c \
               web/workpool_web.c
WEB_OBJ     := $(WEB_SRC:%.c=build/web/obj/%.o) $(GEN_SRC:build/gen/%.c=build/web/obj/gen/%.o)
WEB_CFLAGS  := -O2 -DLIMITS_ALWAYS_CLOCK=1
WEB_LDFLAGS := -O2 -sMODULARIZE=1 -sEXPORT_NAME=createFix -sENVIRONMENT=worker -sASYNCIFY=1 \
               -sASYNCIFY_STACK_SIZE=4194304 -sEXIT_RUNTIME=1 -sINVOKE_RUN=0 \
               -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2147483648 -sTOTAL_STACK=16777216 \
               -sINITIAL_MEMORY=33554432 \
               -sEXPORTED_RUNTIME_METHODS=ccall,FS,ENV,stringToUTF8,lengthBytesUTF8 \
               -sEXPORTED_FUNCTIONS=_main,_malloc,_fflush -sFORCE_FILESYSTEM=1 \
               --embed-file stdlib@/stdlib
WEB_PAGE    := web/page.html web/page.css web/page.js web/worker.js web/page.sh
.PHONY: web bench-web
web: build/web/fix.html

# how soon Stop answers in the page (bench/web-stop.sh; its table goes to bench/RESULTS.md)
bench-web: build/web/fix.html
	@sh bench/web-stop.sh

build/web/.emcc-ok:
	@mkdir -p build/web
	@command -v $(EMCC) >/dev/null 2>&1 || { echo "web: $(EMCC) not found; on Debian: apt-get install -y emscripten binaryen (scripts/deps.sh web)"; exit 1; }
	@touch $@

build/web/obj/gen/%.o: build/gen/%.c | build/web/.emcc-ok
	@mkdir -p $(dir $@)
	$(EMCC) $(CSTD) $(WEB_CFLAGS) $(INC) -Wno-unused-function -MMD -MP -c $< -o $@

build/web/obj/%.o: %.c | build/gen/parser.c build/web/.emcc-ok
	@mkdir -p $(dir $@)
	$(EMCC) $(CSTD) $(WEB_CFLAGS) $(WARN) $(INC) -MMD -MP -c $< -o $@

# (Debian's emscripten runs its JS optimiser on node, which needs Debian's node-acorn)
build/web/fix.js: export NODE_PATH := /usr/share/nodejs$(if $(NODE_PATH),:$(NODE_PATH))
build/web/fix.js: $(WEB_OBJ) $(wildcard stdlib/*.fix)
	$(EMCC) $(WEB_LDFLAGS) -o $@ $(WEB_OBJ) -lm

build/web/fix.html: build/web/fix.js $(WEB_PAGE) $(wildcard examples/*.fix) docs/tutorial.md
	sh web/page.sh build/web/fix.js build/web/fix.wasm $@

# ---- fuzzing ----
# `make fuzz`: a campaign of FUZZ_SECONDS per name of FUZZ_NAMES (one at a time): diff is the
# generated programs against the reference evaluator under ASan+UBSan (build/fuzz/difftest: the
# differential test built with clang, from seed DIFF_FROM on); the others are the libFuzzer harnesses tests/fuzz/fuzz_NAME.c, built
# with clang (ASan+UBSan) into build/fuzz/ and run on their seed corpora tests/fuzz/corpus/NAME:
# frontend (parse and type-check, also after syntax errors), run (parse, check and run every
# query under small limits), aspif (read and write back), asp (the whole ASP path, with the
# partial-evaluation oracle).  New inputs go to build/fuzz/corpus/NAME, crashing ones to
# build/fuzz/crashes/NAME/; each prints its count of runs.  `FUZZ_SECONDS=600 FUZZ_NAMES=run
# make fuzz` is one ten-minute campaign.  `make fuzz-short` (in `make test`: tests/run-fuzz.sh)
# runs each harness for a fixed number of runs from a fixed seed; `make fuzz-replay` replays
# the saved corpora with cc, without libFuzzer (also in `make test`).
# FUZZ_EXTRA adds compiler flags (e.g. -fno-sanitize=nonnull-attribute to fuzz past a known
# finding; `rm -rf build/fuzz` first so the library is rebuilt with them).
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 600
FUZZ_NAMES   ?= diff frontend run aspif asp
FUZZ_EXTRA   ?=
FUZZ_FLAGS   := -O1 -g -fno-omit-frame-pointer -fno-sanitize-recover=undefined
FUZZ_OBJSAN  := -fsanitize=fuzzer-no-link,address,undefined $(FUZZ_EXTRA)
FUZZ_BINSAN  := -fsanitize=fuzzer,address,undefined $(FUZZ_EXTRA)
FUZZ_RUNARGS := -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
FUZZ_OBJ     := $(LIB_SRC:%.c=build/fuzz/obj/%.o) $(GEN_SRC:build/gen/%.c=build/fuzz/obj/gen/%.o)
FUZZ_HARNESS := $(filter-out diff,$(FUZZ_NAMES))
FUZZ_BIN     := $(FUZZ_HARNESS:%=build/fuzz/fuzz_%) $(if $(filter diff,$(FUZZ_NAMES)),build/fuzz/difftest)
FUZZ_MISSING := fuzz: $(FUZZ_CC) cannot link libFuzzer; on Debian: apt-get install -y clang-14 libclang-rt-14-dev (or set FUZZ_CC=clang-NN)

fuzz: $(FUZZ_BIN)
	@status=0; mkdir -p build/fuzz; for t in $(FUZZ_NAMES); do \
	    echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
	    if [ $$t = diff ]; then \
	        ./build/fuzz/difftest --seeds $(DIFF_FROM) 0 --seconds $(FUZZ_SECONDS) >build/fuzz/diff.log 2>&1 \
	            || { status=1; echo "fuzz: diff FOUND A PROBLEM: see build/fuzz/diff.log"; }; \
	        grep -E '^(FAIL|checked:|diff:)' build/fuzz/diff.log | tail -n 12; continue; \
	    fi; \
	    mkdir -p build/fuzz/corpus/$$t build/fuzz/crashes/$$t; \
	    ./build/fuzz/fuzz_$$t build/fuzz/corpus/$$t tests/fuzz/corpus/$$t $(FUZZ_RUNARGS) \
	        -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=build/fuzz/crashes/$$t/ \
	        >build/fuzz/$$t.log 2>&1 || { status=1; echo "fuzz: $$t FOUND A PROBLEM: see build/fuzz/$$t.log"; }; \
	    tail -n 12 build/fuzz/$$t.log | grep -E '^(stat::|Done|SUMMARY|==)' ; \
	done; ls build/fuzz/crashes/*/* 2>/dev/null; exit $$status

.PHONY: fuzz-short
fuzz-short:
	@sh tests/run-fuzz.sh

build/fuzz/.libfuzzer-ok:
	@mkdir -p build/fuzz
	@printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >build/fuzz/check.c
	@$(FUZZ_CC) -fsanitize=fuzzer,address,undefined build/fuzz/check.c -o build/fuzz/check >/dev/null 2>&1 \
	    || { echo "$(FUZZ_MISSING)"; exit 1; }
	@touch $@

build/fuzz/obj/gen/%.o: build/gen/%.c | build/fuzz/.libfuzzer-ok
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CSTD) $(FUZZ_FLAGS) $(FUZZ_OBJSAN) $(INC) -Wno-unused-function -MMD -MP -c $< -o $@

build/fuzz/obj/%.o: %.c | build/gen/parser.c build/fuzz/.libfuzzer-ok
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CSTD) $(FUZZ_FLAGS) $(FUZZ_OBJSAN) $(WARN) $(INC) -MMD -MP -c $< -o $@

build/fuzz/libfix-fuzz.a: $(FUZZ_OBJ)
	@rm -f $@
	ar rcs $@ $^

build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c build/fuzz/libfix-fuzz.a $(wildcard tests/fuzz/*.h)
	$(FUZZ_CC) $(CSTD) $(FUZZ_FLAGS) $(FUZZ_BINSAN) $(WARN) $(INC) \
	    -o $@ $< build/fuzz/libfix-fuzz.a $(LDLIBS)

.PHONY: fuzz-replay
fuzz-replay:
	@sh tests/fuzz/run-replay.sh

# a harness replayed without libFuzzer (tests/fuzz/run-replay.sh): cc, ASan+UBSan, the main
# build's warnings
build/fuzz/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c $(wildcard tests/fuzz/*.h) build/libfix-asan.a
	@mkdir -p build/fuzz
	$(CC) $(CSTD) $(SANFLAGS) $(WARN) $(INC) -o $@ $< tests/fuzz/replay.c build/libfix-asan.a $(LDLIBS)

# ---- the generator of random programs (differential tests) ----
# build/tests/fixgen SEED [COUNT] prints random well-typed programs; a test driver links
# FIXGEN_OBJ (or FIXGEN_ASAN_OBJ) and calls fixgen_program (tests/gen/fixgen.h).
FIXGEN_SRC      := tests/gen/fixgen.c tests/gen/fixgen_lat.c tests/gen/fixgen_expr.c tests/gen/fixgen_coll.c tests/gen/fixgen_galois.c
FIXGEN_OBJ      := $(FIXGEN_SRC:%.c=build/obj/%.o)
FIXGEN_ASAN_OBJ := $(FIXGEN_SRC:%.c=build/asan/%.o)

build/tests/fixgen: build/obj/tests/gen/fixgen_main.o $(FIXGEN_OBJ) build/libfix.a
	@mkdir -p build/tests
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# ---- differential tests against the reference evaluator (src/ref, docs/testing.md) ----
# build/tests/difftest --seeds A B checks generated programs A..B (and FILE.fix arguments):
# the VM fused and not, the interval evaluator, derived envelopes and the engine against the
# reference and brute force.  `make test` runs a fixed range of seeds (tests/run-diff.sh);
# `make fuzz-diff` goes on for DIFF_SECONDS from DIFF_FROM (a campaign).
DIFF_SRC := tests/diff/difftest.c tests/diff/difftest_engine.c
build/tests/difftest: $(DIFF_SRC) tests/diff/difftest.h tests/gen/fixgen.h $(FIXGEN_OBJ) build/libfix.a
	@mkdir -p build/tests
	$(CC) $(CSTD) $(CFLAGS) $(WARN) $(INC) -Itests/gen -Wno-missing-prototypes -o $@ $(DIFF_SRC) $(FIXGEN_OBJ) build/libfix.a $(LDLIBS)

build/tests/difftest-asan: $(DIFF_SRC) tests/diff/difftest.h tests/gen/fixgen.h $(FIXGEN_ASAN_OBJ) build/libfix-asan.a
	@mkdir -p build/tests
	$(CC) $(CSTD) $(SANFLAGS) $(WARN) $(INC) -Itests/gen -Wno-missing-prototypes -o $@ $(DIFF_SRC) $(FIXGEN_ASAN_OBJ) build/libfix-asan.a $(LDLIBS)

# the differential test on the clang sanitizer library, for `make fuzz`'s diff
build/fuzz/difftest: $(DIFF_SRC) tests/diff/difftest.h tests/gen/fixgen.h $(FIXGEN_OBJ) build/fuzz/libfix-fuzz.a
	$(FUZZ_CC) $(CSTD) $(FUZZ_FLAGS) $(FUZZ_OBJSAN) $(WARN) $(INC) -Itests/gen -Wno-missing-prototypes \
	    -o $@ $(DIFF_SRC) $(FIXGEN_OBJ) build/fuzz/libfix-fuzz.a $(LDLIBS)

DIFF_SECONDS ?= 3600
DIFF_FROM ?= 1000000
.PHONY: fuzz-diff
fuzz-diff: build/tests/difftest build/tests/fixgen
	./build/tests/difftest --seeds $(DIFF_FROM) 0 --seconds $(DIFF_SECONDS)
