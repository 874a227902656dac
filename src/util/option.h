/* SPDX-License-Identifier: GPL-3.0-or-later */
/* option.h — an option a user gives an analysis (m:simulate{ tol = 1e-8 }),
 * declared once, beside the code that reads it, as MuJoCo declares
 * mjOption and a joint kind its numbers (struct kind_param): its name, its
 * type, its default, its range and the analyses that take it. The run's
 * options are declared in analysis/, the remedies' and the shared ones in
 * formulation/formulation.c, each formulation's own in its table entry.
 *
 * The Lua layer reads every declaration (mechbench.kinds), checks what a
 * user gives against them in one routine (args.check_options) and says it
 * at the user's line; the bindings read the options through the same
 * declarations (src/lua/lua_options.c), so a range is written once and
 * both layers give the same verdict in the same words (option_refusal). */
#ifndef MB_OPTION_H
#define MB_OPTION_H

#include <stddef.h>

enum option_type {
	OPTION_NUMBER,      /* a finite number from lo to hi */
	OPTION_WHOLE,       /* a whole number from lo to hi */
	OPTION_FLAG,        /* true or false */
	OPTION_CHOICE,      /* one of its choices; the code reads its index */
	OPTION_NAMES,       /* a list of names, or a list of such lists (sets of names) */
	OPTION_JOINTS,      /* a list of the model's joints by name; the code reads indices */
	OPTION_COORDINATES, /* a list of body coordinates, "crank.angle"; the code reads
	                     * indices 3 b + (0 x, 1 y, 2 angle) */
	OPTION_NUMBERS,     /* a list of finite numbers (a state) */
	OPTION_TIME,        /* any finite number: a time */
};

/* The analyses, as a set of bits in `taken_by`; their names in
 * option_analysis_names, in the bits' order (the Lua names of the methods). */
enum option_analysis {
	TAKEN_BY_SIMULATE = 1,
	TAKEN_BY_KINEMATICS = 2, /* and inverse dynamics, which is a kinematic run */
	TAKEN_BY_PIECES = 4,
	TAKEN_BY_EXPLAIN = 8,
	TAKEN_BY_JOINT_COORDS = 16,
	TAKEN_BY_POINT_COORDS = 32,
	TAKEN_BY_MINIMAL_COORDS = 64,
	TAKEN_BY_EQUILIBRIUM = 128,
	TAKEN_BY_MODES = 256,
};
extern const char *const option_analysis_names[]; /* NULL-terminated */

struct option {
	const char *name; /* as the user writes it */
	enum option_type type;
	double lo, hi;              /* OPTION_NUMBER, OPTION_WHOLE: the range, both ends taken */
	double fallback;            /* the default; NaN when the code sets it (default_said) */
	const char *said;           /* the default in words when it is not a number: "tol" */
	const char *const *choices; /* OPTION_CHOICE: NULL-terminated */
	/* or the names a table holds (the integrators, the formulations) */
	const char *const *(*choices_of)(void);
	unsigned taken_by;   /* the analyses that take it (enum option_analysis) */
	const char *summary; /* what it is, in a few words, for help and the man page */
};

/* The value of an option as the code reads it. */
struct option_value {
	double number;            /* a number, a flag (0 or 1), a choice's index */
	const int *indices;       /* OPTION_JOINTS, OPTION_COORDINATES */
	const char *const *names; /* OPTION_NAMES: every name, set after set */
	int count;                /* how many indices or names */
	int group;                /* OPTION_NAMES: names per set (count when one list) */
	int given;                /* the user gave it; else number is the fallback */
};

/* The number an option holds: the user's, or its declared fallback (a
 * value left zero, as a config made in C is, is not given). */
static inline double option_number(const struct option *o, const struct option_value *v)
{
	return v->given ? v->number : o->fallback;
}

/* An OPTION_CHOICE's choices, NULL-terminated; the index of name among
 * them, or -1. */
const char *const *option_choices(const struct option *o);
int option_choice_index(const struct option *o, const char *name);

/* The index of the option called name in a NULL-terminated list of
 * declarations, or -1. */
int option_index(const struct option *const *list, const char *name);

/* Why the number v is not one o takes (an OPTION_NUMBER, OPTION_WHOLE or
 * OPTION_TIME), in the words both layers use ("tol must be a number from
 * 1e-14 to 1 (got 1e-15)"), into why: 0 when
 * it is taken, -1 when not. got_text, when not NULL, is how a value that
 * is no number reads ("a string", "NaN"); else v is shown. */
int option_refusal(const struct option *o, double v, const char *got_text, char *why, size_t len);

#endif
