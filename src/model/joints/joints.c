/* joint.c — the table of joint kinds. */
#include <string.h>

#include "model/joints/joint.h"

static const struct joint_kind *const kinds[] = {
    &joint_revolute,     &joint_translational,  &joint_rev_rev, &joint_rev_tran,
    &joint_rigid,        &joint_simple,         &joint_disc,    &joint_disc_disc,
    &joint_driver_angle, &joint_driver_distance};

const struct joint_kind *joint_kind_find(const char *name)
{
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kinds[i]->name, name) == 0)
			return kinds[i];
	return NULL;
}
