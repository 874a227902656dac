/* SPDX-License-Identifier: GPL-3.0-or-later */
/* joints.c — the table of joint kinds and the geometry they share. */
#include "model/joints/joint.h"

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
