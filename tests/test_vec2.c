/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test_vec2.c — the planar vector algebra against book Ch. 2 (oracles O-2.x). */
#include "check.h"
#include "util/vec2.h"

int main(void)
{
	vec2 a = v2(2, 3), b = v2(4, 5);

	/* O-2.L1: rot([2; 3]) = [-3; 2] */
	vec2 r = v2_perp(a);
	ENSURE(r.x == -3 && r.y == 2);
	ENSURE(v2_dot(v2_perp(a), a) == 0);

	/* O-2.3: ă'b = -2, b̆'a = 2 */
	ENSURE_NEAR(v2_cross(a, b), -2, 0);
	ENSURE_NEAR(v2_cross(b, a), 2, 0);
	ENSURE_NEAR(v2_dot(v2_perp(a), b), v2_cross(a, b), 0);

	/* Eq. 2.18: ă'b̆ = a'b */
	ENSURE_NEAR(v2_dot(v2_perp(a), v2_perp(b)), v2_dot(a, b), 0);

	/* O-2.L2: norm([4; 3]) = 5 */
	ENSURE_NEAR(v2_norm(v2(4, 3)), 5, 1e-15);

	/* O-2.1: the third-quadrant vector 30 degrees from +y is at 240 (= -120) */
	double theta = v2_angle(v2(-sin(M_PI / 6), -cos(M_PI / 6)));
	ENSURE_NEAR(theta, -2 * M_PI / 3, 1e-15);

	/* Ex 2.2 [derived]: 0.2 m at 120 degrees = (-0.1, 0.17321) */
	vec2 s = v2_rotate(2 * M_PI / 3, v2(0.2, 0));
	ENSURE_NEAR(s.x, -0.1, 1e-15);
	ENSURE_NEAR(s.y, 0.173205080757, 1e-12);

	/* A(φ) is orthonormal: rotating back recovers the vector (Eq. 2.44) */
	vec2 back = v2_unrotate(0.7, v2_rotate(0.7, a));
	ENSURE_NEAR(back.x, a.x, 1e-15);
	ENSURE_NEAR(back.y, a.y, 1e-15);
	ENSURE_NEAR(v2_norm(v2_rotate(1.3, a)), v2_norm(a), 1e-14);

	/* a point on a body: r + A s' with r = (1, 2), φ = 30°, s' = (0.5, 0.2) */
	vec2 p = v2_add(v2(1, 2), v2_rotate(M_PI / 6, v2(0.5, 0.2)));
	ENSURE_NEAR(p.x, 1.33301270189, 1e-10);
	ENSURE_NEAR(p.y, 2.42320508076, 1e-10);

	/* signed angle (Problem 2.19): atan2(-2, 23) */
	ENSURE_NEAR(v2_angle_between(a, b), atan2(-2, 23), 1e-15);
	ENSURE(v2_angle_between(b, a) > 0);

	return finish();
}
