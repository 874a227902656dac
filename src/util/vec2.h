/* SPDX-License-Identifier: GPL-3.0-or-later */
/* vec2.h — planar vectors, the algebra of book Ch. 2.
 *
 * A vector is two doubles. Everything here is small enough to inline, and
 * every formulation uses it in its inner loops. */
#ifndef MB_VEC2_H
#define MB_VEC2_H

#include <math.h>

typedef struct {
	double x, y;
} vec2;

static inline vec2 v2(double x, double y) { return (vec2){x, y}; }
static inline vec2 v2_add(vec2 a, vec2 b) { return v2(a.x + b.x, a.y + b.y); }
static inline vec2 v2_sub(vec2 a, vec2 b) { return v2(a.x - b.x, a.y - b.y); }
static inline vec2 v2_scale(double k, vec2 a) { return v2(k * a.x, k * a.y); }
static inline double v2_dot(vec2 a, vec2 b) { return a.x * b.x + a.y * b.y; }
static inline double v2_norm(vec2 a) { return hypot(a.x, a.y); }

/* s̆: s turned +90 degrees (Eq. 2.12). */
static inline vec2 v2_perp(vec2 a) { return v2(-a.y, a.x); }

/* planar cross product a × b = ă'b (Eq. 2.14) */
static inline double v2_cross(vec2 a, vec2 b) { return a.x * b.y - a.y * b.x; }

/* A(φ) s: rotation of a body-fixed vector into the global frame (Eq. 2.68). */
static inline vec2 v2_rotate(double phi, vec2 s)
{
	double c = cos(phi), sn = sin(phi);
	return v2(c * s.x - sn * s.y, sn * s.x + c * s.y);
}

/* A(φ)' s: a global vector seen in the body frame. */
static inline vec2 v2_unrotate(double phi, vec2 s)
{
	double c = cos(phi), sn = sin(phi);
	return v2(c * s.x + sn * s.y, -sn * s.x + c * s.y);
}

/* angle of a vector, CCW from +x, in (-π, π] */
static inline double v2_angle(vec2 a) { return atan2(a.y, a.x); }

/* signed angle from a to b: atan2(ă'b, a'b) (Problem 2.19) */
static inline double v2_angle_between(vec2 a, vec2 b)
{
	return atan2(v2_cross(a, b), v2_dot(a, b));
}

#endif
