/* SPDX-License-Identifier: GPL-3.0-or-later */
/* geometry.h — the closed vocabulary in which a joint kind declares what it
 * relates, once, in its own file (as MuJoCo's joints are one of a closed
 * set, mjtJoint, that every algorithm interprets).
 *
 * A joint relates its point P_i on body i to its point P_j on body j (the
 * joint's points, or the bodies' mass centres for a kind that names
 * bodies) by a sum of terms, written from P_j to P_i, and ties the bodies'
 * angles:
 *     P_i - P_j = Σ terms,        tie(φ_i, φ_j, t) = 0.
 * A term is one of (book Sec. 5.1, vectors of fixed or variable length and
 * angle): a fixed offset on a body; a slide of free length along a body
 * vector; a link of fixed length with an angle of its own; a length tied
 * to a body's rolling; a link whose length a driver prescribes. The tie is
 * none, a fixed value of φ_i - φ_j (written as that difference, or as the
 * sine between two body vectors kept parallel), a driver's f(t), or two
 * rolling discs' angles geared. The kind also says which of its coordinates
 * it can offer as independent (its relative angle, its slide, or none),
 * and how its rows write Φ, so that Φ in body coordinates follows from the
 * declaration alone (joint_geometry_phi below; issue 28 derives D and γ
 * from it). Every formulation interprets this vocabulary and refuses, by
 * kind and formulation, what it cannot; none asks which kind it holds. */
#ifndef MB_JOINTS_GEOMETRY_H
#define MB_JOINTS_GEOMETRY_H

#include "model/model.h"

#define JOINT_ROWS 3 /* the most rows a kind has */

/* A parameter's slot as the declaration names it: GEO_PARAM(k) is
 * param[k]; 0 names none. */
#define GEO_PARAM(k) ((k) + 1)

/* A joint's two bodies. */
enum geo_side { GEO_I, GEO_J };

/* A body-fixed vector of the declaration on a side's body: scale x base. */
struct geo_vector {
	enum geo_base {
		GEO_AXIS,   /* the constant (x, y) */
		GEO_U,      /* the joint's unit vector on that side, u_i or u_j */
		GEO_U_PERP, /* that vector turned a quarter anticlockwise, ŭ */
		GEO_PAIR,   /* the pair of numbers at param[pair], param[pair + 1] */
	} base;
	double x, y;
	int pair;
	int scale; /* GEO_PARAM(k): times param[k]; 0: unscaled */
};

#define GEO_TERMS 3

struct geo_term {
	enum geo_term_kind {
		TERM_OFFSET, /* A_on w: a fixed offset on a body */
		TERM_SLIDE,  /* s A_on u: a slide of free length s along a body vector */
		TERM_LINK, /* ℓ e(ψ): a link of fixed length ℓ = param[slot], its own angle ψ */
		TERM_DRIVEN, /* f(t) e(ψ): a link whose length is the driver's f(t) */
		TERM_ROLL,   /* ℓ A_on u with ℓ = x0 - R (φ_i - φ0): a length tied to body i's
		              * rolling; R, x0, φ0 at param[slot], [slot + 1], [slot + 2] */
	} kind;
	enum geo_side on;      /* OFFSET, SLIDE, ROLL: the body it turns with */
	struct geo_vector vec; /* OFFSET: w; SLIDE, ROLL: the unit vector u */
	int slot;              /* LINK, ROLL: where its numbers are */
};

/* How Φ's rows are written, g being P_i - P_j less the terms known at a
 * state (offsets and rolled lengths). */
enum geo_row {
	ROW_GAP_X,  /* g's x */
	ROW_GAP_Y,  /* g's y */
	ROW_ACROSS, /* ŭ'g: across the slide's (or the roll's) vector u, turned */
	ROW_ALONG,  /* u'g: along the roll's vector */
	ROW_LENGTH, /* (g'g - ℓ²) / 2ℓ: a link's length ℓ or the driver's f(t), so that λ
	             * is the force along g / ℓ */
	ROW_TIE,    /* the angle tie, in its form */
};

struct geo_tie {
	enum geo_tie_kind {
		TIE_NONE,
		TIE_FIXED,  /* φ_i - φ_j = a constant */
		TIE_DRIVEN, /* φ_i - φ_j = f(t), the driver's */
		TIE_GEARED, /* R_i (φ_i - φ_i0) + R_j (φ_j - φ_j0) = 0: R_i, R_j at param[slot],
		             * [slot + 1], φ_i0, φ_j0 at [slot + 2], [slot + 3] */
	} kind;
	enum geo_tie_form {
		TIE_ANGLE,    /* its row is the difference: φ_i - φ_j - value */
		TIE_PARALLEL, /* fixed by keeping A_i u_i parallel to A_j u_j: its row is the
		               * sine between them, (A_j ŭ_j)'(A_i u_i), and its value φ_i - φ_j
		               * the one nearest the start (joint_slide_angle) */
	} form;
	int value; /* FIXED, TIE_ANGLE: GEO_PARAM(k), its value param[k]; 0: the value 0 */
	int slot;  /* GEARED: where its numbers are */
};

/* The coordinate a joint can offer as independent. */
enum geo_offer {
	OFFER_NONE,
	OFFER_ANGLE, /* φ_i - φ_j */
	OFFER_SLIDE, /* its slide's free length, u'(P_i - P_j) with u its vector turned */
};

/* A kind's declaration. A kind with a choice among its parameters (simple:
 * coord) declares one per choice, in the choices' order. */
struct joint_geometry {
	enum geo_side on; /* the body the relation is written on (where its terms turn) */
	int nterms;
	struct geo_term term[GEO_TERMS];
	struct geo_tie tie;
	enum geo_offer offers;
	int nrows; /* the kind's rows; 0: nothing declared */
	enum geo_row row[JOINT_ROWS];
};

/* ------------------------------------------------------------ one joint's geometry */

/* A term in numbers: body-fixed on body `body` (-1: the ground). */
struct geometry_term {
	enum geo_term_kind kind;
	int side, body;         /* side 0: body i, 1: body j */
	vec2 w;                 /* OFFSET: the offset; SLIDE, ROLL: the unit vector */
	int along_joint_vector; /* SLIDE: w is the joint's u_i or u_j (a body's axis), not a
	                         * constant; OFFSET: w lies along (1) or across (2) that
	                         * side's u (0: neither) */
	double length;          /* LINK: ℓ; ROLL: R; OFFSET: its length along or across u */
	double value;           /* ROLL: x0 + R φ0, so that ℓ = value - R φ_i */
};

/* The declaration of joint j read with its numbers, its choice made. */
struct geometry {
	const struct joint_geometry *decl; /* NULL: its kind declares none */
	int relates;                       /* P_i - P_j is related: a row reads g */
	vec2 si, sj; /* P_i and P_j on their bodies: the joint's points, or the mass
	              * centres for a kind that names bodies */
	int on;      /* side the relation is written on */
	int nterms;
	struct geometry_term term[GEO_TERMS];
	enum geo_tie_kind tie;
	enum geo_tie_form tie_form;
	double tie_value;      /* FIXED: φ_i - φ_j */
	double gear[4];        /* GEARED: R_i, R_j, φ_i0, φ_j0 */
	int driven;            /* a driver: a DRIVEN term or a DRIVEN tie */
	int points_meet;       /* P_i - P_j = 0 and nothing more: a pin */
	int welded;            /* every term an offset and the tie a fixed angle: a weld */
	enum geo_offer offers; /* OFFER_SLIDE: the slide is term[slide] */
	int slide;             /* the SLIDE term, or -1 */
};

/* The declaration that holds for a joint of `kind` with numbers param (its
 * choice picks one when the kind has a choice; param NULL: the first), or
 * NULL when the kind declares none. */
const struct joint_geometry *joint_kind_geometry(const struct joint_kind *kind,
                                                 const double *param);

/* How many declarations a kind has: one, or one per choice. */
int joint_kind_choices(const struct joint_kind *kind);

/* Readings of a kind's declaration: a driver (a driven length or tie, whose
 * multiplier is the driving force or torque itself), one that drives a
 * length (a force), and the coordinate it offers. */
int joint_kind_driven(const struct joint_kind *kind);
int joint_kind_drives_length(const struct joint_kind *kind);
enum geo_offer joint_kind_offers(const struct joint_kind *kind);

/* φ_i - φ_j that makes a slider's u_i parallel to its u_j (Eq. 7.19), on
 * the branch nearest the bodies' initial angles: a TIE_PARALLEL's value. */
double joint_slide_angle(const struct model *m, const struct joint *j);

/* A declaration's shape without a joint's numbers: its terms' kinds and
 * sides, its tie, what it offers and the readings made of them (driven,
 * points_meet, welded); enough for a formulation to say whether it takes
 * it. 0, or -1 when d is NULL or declares no rows (g->decl NULL). */
int joint_geometry_shape(const struct joint_geometry *d, struct geometry *g);

/* Joint j's geometry: 0, or -1 when its kind declares none (g->decl NULL). */
int joint_geometry_read(const struct model *m, const struct joint *j, struct geometry *g);

/* Φ of joint j from its declaration alone, by one routine for every kind,
 * at the bodies' states and the driver's f = fn(t) (f[0]; read only when it
 * is driven): the rows into phi. 0, or -1 when it declares none. */
int joint_geometry_phi(const struct model *m, const struct joint *j, const struct body_state *bi,
                       const struct body_state *bj, const double f[3], double *phi);

/* The vocabulary's words, NULL-terminated in each enum's order, for
 * messages and for the Lua side. */
extern const char *const geo_term_names[];     /* "offset", "slide", ... */
extern const char *const geo_row_names[];      /* "gap x", ..., "tie" */
extern const char *const geo_tie_names[];      /* "none", "fixed", "driven", "geared" */
extern const char *const geo_tie_form_names[]; /* "angle", "parallel" */
extern const char *const geo_offer_names[];    /* "none", "angle", "slide" */
extern const char *const geo_base_names[];     /* "axis", "u", "u_perp", "pair" */

#endif
