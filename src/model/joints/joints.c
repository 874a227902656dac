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

struct joint_points joint_points(const struct joint *j, const struct body_state *bi,
                                 const struct body_state *bj)
{
	struct joint_points p;
	p.si = v2_rotate(bi->phi, j->si), p.sj = v2_rotate(bj->phi, j->sj);
	p.d = v2_sub(v2_add(bi->r, p.si), v2_add(bj->r, p.sj));
	p.dd = v2_sub(v2_add(bi->rd, v2_scale(bi->phid, v2_perp(p.si))),
	              v2_add(bj->rd, v2_scale(bj->phid, v2_perp(p.sj))));
	return p;
}
