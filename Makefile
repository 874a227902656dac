# SPDX-License-Identifier: GPL-3.0-or-later
# mechbench — a terminal workbench for planar multibody dynamics.
#   make          build ./mechbench
#   make run      install what is missing, build, open the first lesson
#   make check    install what is missing, build, run every test
#   make check-all make check, then the tests that need large packages (the
#                 LaTeX of m:equations compiled: texlive-latex-base, ~100 MB)
#   make bench    measure speed (a benchmark, not a test)
#   make asan     a second build under AddressSanitizer and UBSan (build-asan/,
#                 ./mechbench-asan), and the Lua tests, examples and fuzz cases under it
#   make fuzz     many more generated scripts (FUZZ_CASES=5000 FUZZ_FIRST=100000
#                 FUZZ_MB=./mechbench-asan; the failures are kept in fuzz-failures/)
#   make install  PREFIX=/usr/local DESTDIR=  (files only: never the package step)

VERSION  := 0.1.0
# Where make install puts things (GNU names, upper case as PREFIX has always
# been). Everything the program reads at run time is under PKGDATADIR; the
# documentation under DOCDIR is for people only (Debian Policy 12.3).
PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
DATADIR  ?= $(PREFIX)/share
MANDIR   ?= $(DATADIR)/man
DOCDIR   ?= $(DATADIR)/doc/mechbench
PKGDATADIR = $(DATADIR)/mechbench

CC       ?= cc
PKGS      = lua5.4 gsl readline ncursesw cairo fontconfig libsixel
# Debian packages that provide the pkg-config modules above, and the test tools
# (lua5.4: tests/install.sh checks that a plain Lua finds no half a module).
DEB_BUILD = pkg-config liblua5.4-dev libgsl-dev libreadline-dev libncurses-dev \
            libcairo2-dev libfontconfig-dev libgif-dev libsixel-dev
DEB_TEST  = tmux mandoc man-db valgrind libsixel-bin poppler-utils libxml2-utils lua5.4 parallel
# make check-all's: too large to install for every make check
DEB_ALL   = texlive-latex-base

# CPPFLAGS, CFLAGS, LDFLAGS and LDLIBS are the user's (GNU conventions): what
# they give is added after the project's own flags, never in their place
# (Debian's hardening flags come in CPPFLAGS and CFLAGS). No contraction into
# fused multiply-adds, so the numbers do not change with -march.
# HAVE_INLINE: GSL's element access (gsl_matrix_get, _set) inline rather than
# a library call each, as GSL's manual advises.
CFLAGS   ?= -O2 -g
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
MB_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -DHAVE_INLINE -DMB_VERSION='"$(VERSION)"' \
              -Isrc $(PKG_CFLAGS)
MB_CFLAGS = -std=c11 -Wall -Wextra -ffp-contract=off
COMPILE   = $(CC) $(MB_CPPFLAGS) $(CPPFLAGS) $(MB_CFLAGS) $(CFLAGS)
# giflib has no pkg-config module on Debian 12
MB_LIBS   = $(PKG_LIBS) -lgif -lm

# The installed folders, compiled into paths.o alone (src/lua/paths.h): the
# program finds its files relative to where it runs, BINDIR to PKGDATADIR,
# and failing that at PKGDATADIR. build/install-dirs changes only when they
# do, so `make install PREFIX=/opt/x` after a plain `make` rebuilds paths.o
# and installs a program that looks where it was installed.
INSTALL_DIRS = -DMB_BINDIR='"$(BINDIR)"' -DMB_PKGDATADIR='"$(PKGDATADIR)"'

# src/ is in layers, one folder each (see README.md): every .c below it is built.
SRC  = $(wildcard src/*.c src/*/*.c src/*/*/*.c)
OBJ  = $(SRC:src/%.c=build/%.o)
LIB_OBJ = $(filter-out build/main.o,$(OBJ))
UNIT_TESTS = $(patsubst tests/%.c,build/tests/%,$(wildcard tests/test_*.c))

.PHONY: all run check check-all bench install uninstall clean deps deps-test asan fuzz FORCE

all: deps mechbench build/luac/stamp

# `make install` installs files only: it builds what is missing, but never
# runs the package step (which would install Debian packages as root).
ifeq ($(filter install uninstall,$(MAKECMDGOALS)),)
PACKAGE_STEP = deps
endif

# --- dependencies: install from Debian when we may, else say the one line to run
deps:
	@sh tests/deps.sh build $(DEB_BUILD) -- $(PKGS)
deps-test: deps
	@sh tests/deps.sh test $(DEB_TEST)

mechbench: $(OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJ) $(MB_LIBS) $(LDLIBS)

# mechbench's own Lua modules compiled ahead, by the program itself (so by
# the Lua it runs), for its bytecode searcher (src/lua/luaenv.c): compiling
# them is most of a short run's time. Each under the name the standard
# searcher gives its source, and with its source's time: a module whose
# time has changed since is compiled from its source again until the next
# make. A module that does not compile leaves the build as it was.
LUA_MODULES = $(wildcard lua/mechbench/*.lua)
LUA_DUMP = for _, f in ipairs(mb.core.files("lua/mechbench")) do \
  local stem = f:match("^(.+)%.lua$$"); \
  if stem then \
    local source = package.searchpath(stem == "init" and "mechbench" or "mechbench." .. stem, package.path); \
    local out = assert(io.open("build/luac/mechbench/" .. stem .. ".luac", "wb")); \
    out:write(string.dump(assert(loadfile(source)))); out:close() \
  end \
end
build/luac/stamp: mechbench $(LUA_MODULES)
	@mkdir -p build/luac/mechbench
	@if MECHBENCH_HOME=$(CURDIR) ./mechbench --batch -e '$(LUA_DUMP)'; then \
	  for f in $(LUA_MODULES); do touch -r $$f build/luac/mechbench/$$(basename $$f .lua).luac; done; \
	  touch $@; \
	else echo "mechbench: the Lua modules are compiled at each start (no bytecode written)"; fi

# | deps: under -j no compile starts before the packages are in place (the
# pkg-config flags are read when a compile runs, so after deps has run)
build/%.o: src/%.c | $(PACKAGE_STEP)
	@mkdir -p $(@D)
	$(COMPILE) -MMD -MP -c -o $@ $<

build/install-dirs: FORCE
	@mkdir -p $(@D)
	@echo '$(INSTALL_DIRS)' | cmp -s - $@ || echo '$(INSTALL_DIRS)' > $@
build/lua/paths.o build-asan/lua/paths.o: build/install-dirs
build/lua/paths.o build-asan/lua/paths.o: MB_CPPFLAGS += $(INSTALL_DIRS)

build/tests/test_%: tests/test_%.c tests/check.h $(LIB_OBJ)
	@mkdir -p $(@D)
	$(COMPILE) $(LDFLAGS) -MMD -MP -o $@ $< $(LIB_OBJ) $(MB_LIBS) $(LDLIBS)

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
	$(COMPILE) $(ASAN_FLAGS) -MMD -MP -c -o $@ $<

mechbench-asan: $(ASAN_OBJ)
	$(CC) $(CFLAGS) $(ASAN_FLAGS) $(LDFLAGS) -o $@ $(ASAN_OBJ) $(MB_LIBS) $(LDLIBS)

build-asan/tests/test_%: tests/test_%.c tests/check.h $(ASAN_LIB_OBJ)
	@mkdir -p $(@D)
	$(COMPILE) $(ASAN_FLAGS) $(LDFLAGS) -MMD -MP -o $@ $< $(ASAN_LIB_OBJ) $(MB_LIBS) $(LDLIBS)

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

check-all: check
	@sh tests/deps.sh check-all $(DEB_ALL)
	@bash tests/latex.sh

bench: all
	@bash bench/run.sh

# The Lua half goes to a folder of mechbench's own, not Lua's public path: it
# needs the program around it (the limits' hook, Ctrl-C in long runs, the
# sandbox, the terminal views), so a plain lua5.4 must find nothing there.
# An earlier install put it on Lua's path and the examples under DOCDIR:
# both are removed.
install: mechbench
	rm -rf $(DESTDIR)$(DATADIR)/lua/5.4/mechbench $(DESTDIR)$(DOCDIR)/examples
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(PKGDATADIR)/lua/mechbench $(DESTDIR)$(PKGDATADIR)/lessons \
	           $(DESTDIR)$(PKGDATADIR)/problems \
	           $(DESTDIR)$(PKGDATADIR)/examples $(DESTDIR)$(DOCDIR) $(DESTDIR)$(MANDIR)/man1 \
	           $(DESTDIR)$(MANDIR)/man7
	install -m 755 mechbench $(DESTDIR)$(BINDIR)/mechbench
	install -m 644 lua/mechbench/*.lua $(DESTDIR)$(PKGDATADIR)/lua/mechbench/
	install -m 644 lessons/*.lua $(DESTDIR)$(PKGDATADIR)/lessons/
	install -m 644 problems/*.lua problems/README.md $(DESTDIR)$(PKGDATADIR)/problems/
	install -m 644 examples/*.lua $(DESTDIR)$(PKGDATADIR)/examples/
	install -m 644 README.md $(DESTDIR)$(DOCDIR)/
	install -m 644 COPYRIGHT $(DESTDIR)$(DOCDIR)/copyright
	install -m 644 man/mechbench.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 man/mechbench.7 $(DESTDIR)$(MANDIR)/man7/

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/mechbench $(DESTDIR)$(MANDIR)/man1/mechbench.1 \
	      $(DESTDIR)$(MANDIR)/man7/mechbench.7
	rm -rf $(DESTDIR)$(PKGDATADIR) $(DESTDIR)$(DOCDIR) $(DESTDIR)$(DATADIR)/lua/5.4/mechbench

clean:
	rm -rf build mechbench build-asan mechbench-asan
