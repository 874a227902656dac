# SPDX-License-Identifier: GPL-3.0-or-later
# mechbench — a terminal workbench for planar multibody dynamics.
#   make          build ./mechbench
#   make run      install what is missing, build, open the first lesson
#   make check    install what is missing, build, run every test
#   make bench    measure speed (a benchmark, not a test)
#   make asan     a second build under AddressSanitizer and UBSan (build-asan/,
#                 ./mechbench-asan), and the Lua tests, examples and fuzz cases under it
#   make fuzz     many more generated scripts (FUZZ_CASES=5000 FUZZ_FIRST=100000
#                 FUZZ_MB=./mechbench-asan; the failures are kept in fuzz-failures/)
#   make install  PREFIX=/usr/local DESTDIR=

VERSION  := 0.1.0
PREFIX   ?= /usr/local
BINDIR    = $(PREFIX)/bin
LUADIR    = $(PREFIX)/share/lua/5.4
DATADIR   = $(PREFIX)/share/mechbench
DOCDIR    = $(PREFIX)/share/doc/mechbench
MANDIR    = $(PREFIX)/share/man

CC       ?= cc
PKGS      = lua5.4 gsl readline ncursesw cairo libsixel
# Debian packages that provide the pkg-config modules above, and the test tools.
DEB_BUILD = pkg-config liblua5.4-dev libgsl-dev libreadline-dev libncurses-dev \
            libcairo2-dev libgif-dev libsixel-dev
DEB_TEST  = tmux mandoc man-db valgrind libsixel-bin poppler-utils libxml2-utils parallel

# CFLAGS, LDFLAGS and LDLIBS are the user's (GNU conventions): what they give
# is added to the project's own flags, never in their place. No contraction
# into fused multiply-adds, so the numbers do not change with -march.
# HAVE_INLINE: GSL's element access (gsl_matrix_get, _set) inline rather than
# a library call each, as GSL's manual advises.
CFLAGS   ?= -O2 -g
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
MB_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -DHAVE_INLINE -Wall -Wextra -ffp-contract=off \
            -DMB_VERSION='"$(VERSION)"' -DMB_PREFIX='"$(PREFIX)"' -Isrc $(PKG_CFLAGS)
# giflib has no pkg-config module on Debian 12
MB_LIBS   = $(PKG_LIBS) -lgif -lm

# src/ is in layers, one folder each (see README.md): every .c below it is built.
SRC  = $(wildcard src/*.c src/*/*.c src/*/*/*.c)
OBJ  = $(SRC:src/%.c=build/%.o)
LIB_OBJ = $(filter-out build/main.o,$(OBJ))
UNIT_TESTS = $(patsubst tests/%.c,build/tests/%,$(wildcard tests/test_*.c))

.PHONY: all run check bench install uninstall clean deps deps-test asan fuzz

all: deps mechbench

# --- dependencies: install from Debian when we may, else say the one line to run
deps:
	@sh tests/deps.sh build $(DEB_BUILD) -- $(PKGS)
deps-test: deps
	@sh tests/deps.sh test $(DEB_TEST)

mechbench: $(OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJ) $(MB_LIBS) $(LDLIBS)

# | deps: under -j no compile starts before the packages are in place (the
# pkg-config flags are read when a compile runs, so after deps has run)
build/%.o: src/%.c | deps
	@mkdir -p $(@D)
	$(CC) $(MB_CFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

build/tests/test_%: tests/test_%.c tests/check.h $(LIB_OBJ)
	@mkdir -p $(@D)
	$(CC) $(MB_CFLAGS) $(CFLAGS) $(LDFLAGS) -MMD -MP -o $@ $< $(LIB_OBJ) $(MB_LIBS) $(LDLIBS)

-include $(OBJ:.o=.d) $(UNIT_TESTS:=.d)

# --- make asan: the same sources in their own folder and binary, under
# AddressSanitizer and UndefinedBehaviorSanitizer (float-cast-overflow is not
# part of GCC's "undefined"); the normal build is left alone.
ASAN_FLAGS = -fsanitize=address,undefined,float-cast-overflow -fno-omit-frame-pointer
ASAN_OBJ   = $(SRC:src/%.c=build-asan/%.o)
ASAN_LIB_OBJ = $(filter-out build-asan/main.o,$(ASAN_OBJ))
ASAN_UNIT_TESTS = $(patsubst tests/%.c,build-asan/tests/%,$(wildcard tests/test_*.c))

build-asan/%.o: src/%.c | deps
	@mkdir -p $(@D)
	$(CC) $(MB_CFLAGS) $(CFLAGS) $(ASAN_FLAGS) -MMD -MP -c -o $@ $<

mechbench-asan: $(ASAN_OBJ)
	$(CC) $(CFLAGS) $(ASAN_FLAGS) $(LDFLAGS) -o $@ $(ASAN_OBJ) $(MB_LIBS) $(LDLIBS)

build-asan/tests/test_%: tests/test_%.c tests/check.h $(ASAN_LIB_OBJ)
	@mkdir -p $(@D)
	$(CC) $(MB_CFLAGS) $(CFLAGS) $(ASAN_FLAGS) $(LDFLAGS) -MMD -MP -o $@ $< $(ASAN_LIB_OBJ) $(MB_LIBS) $(LDLIBS)

-include $(ASAN_OBJ:.o=.d) $(ASAN_UNIT_TESTS:=.d)

asan: all mechbench-asan $(ASAN_UNIT_TESTS)
	@bash tests/asan.sh

# --- make fuzz: a longer campaign of generated scripts (tests/fuzz.sh), the
# seeds FUZZ_FIRST on (past make check's 1-300); FUZZ_MB=./mechbench-asan runs
# it under the sanitizers. The failing scripts are kept in fuzz-failures/.
FUZZ_CASES ?= 5000
FUZZ_FIRST ?= 100000
FUZZ_MB    ?= ./mechbench
fuzz: all $(FUZZ_MB)
	@MB=$(FUZZ_MB) FUZZ_CASES=$(FUZZ_CASES) FUZZ_FIRST=$(FUZZ_FIRST) bash tests/fuzz.sh

run: all
	./mechbench --lesson 1

check: all deps-test $(UNIT_TESTS)
	@bash tests/run.sh

bench: all
	@bash bench/run.sh

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LUADIR)/mechbench $(DESTDIR)$(DATADIR)/lessons \
	           $(DESTDIR)$(DATADIR)/problems \
	           $(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man7
	install -m 755 mechbench $(DESTDIR)$(BINDIR)/mechbench
	install -m 644 lua/mechbench/*.lua $(DESTDIR)$(LUADIR)/mechbench/
	install -m 644 lessons/*.lua $(DESTDIR)$(DATADIR)/lessons/
	install -m 644 problems/*.lua problems/README.md $(DESTDIR)$(DATADIR)/problems/
	install -m 644 examples/*.lua $(DESTDIR)$(DOCDIR)/examples/
	install -m 644 README.md $(DESTDIR)$(DOCDIR)/
	install -m 644 man/mechbench.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 man/mechbench.7 $(DESTDIR)$(MANDIR)/man7/

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/mechbench $(DESTDIR)$(MANDIR)/man1/mechbench.1 \
	      $(DESTDIR)$(MANDIR)/man7/mechbench.7
	rm -rf $(DESTDIR)$(LUADIR)/mechbench $(DESTDIR)$(DATADIR) $(DESTDIR)$(DOCDIR)

clean:
	rm -rf build mechbench build-asan mechbench-asan
