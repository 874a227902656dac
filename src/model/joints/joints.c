/* SPDX-License-Identifier: GPL-3.0-or-later */
/* joints.c — the table of joint kinds and the geometry they share. */
#include "model/joints/joint.h"

#include <stdio.h>
#include <string.h>

const struct joint_kind *const joint_kinds[] = {
#define X(kind) &joint_##kind,
    JOINT_KINDS
#undef X
        NULL};

const struct joint_kind *joint_kind_find(const char *name)
{
	for (int i = 0; joint_kinds[i]; i++)
		if (strcmp(joint_kinds[i]->name, name) == 0)
			return joint_kinds[i];
	return NULL;
}

const char *joint_kinds_taken(int (*takes)(const struct geometry *g), char *out, size_t len)
{
	const char *taken[sizeof joint_kinds / sizeof *joint_kinds];
	int n = 0, drivers = 0;
	for (int i = 0; joint_kinds[i]; i++) {
		const struct joint_kind *k = joint_kinds[i];
		int ok = 0;
		for (int c = 0; !ok && k->geometry && c < joint_kind_choices(k); c++) {
			struct geometry g;
			ok = joint_geometry_shape(&k->geometry[c], &g) == 0 && takes(&g);
		}
		if (ok && k->internal)
			drivers = drivers || joint_kind_driven(k);
		else if (ok)
			taken[n++] = k->name;
	}
	size_t used = 0;
	out[0] = '\0';
	for (int i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%s",
		                         i == 0      ? ""
		                         : i < n - 1 ? ", "
		                                     : " and ",
		                         taken[i]);
	if (used < len)
		snprintf(out + used, len - used, "%s%s", n ? " joints" : "no joints",
		         drivers ? ", and drivers" : "");
	return out;
}
