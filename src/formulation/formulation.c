/* formulation.c — the table of formulations and the shared sample. */
#include "formulation/formulation.h"

#include <stdlib.h>
#include <string.h>

#include "model/contact.h"

static const struct formulation *const formulations[] = {&formulation_body, &formulation_joint,
                                                         &formulation_point};

const struct formulation *formulation_find(const char *name)
{
	for (size_t i = 0; i < sizeof formulations / sizeof formulations[0]; i++)
		if (strcmp(formulations[i]->name, name) == 0)
			return formulations[i];
	return NULL;
}

struct sample *sample_new(const struct model *m)
{
	struct sample *s = calloc(1, sizeof *s);
	size_t n = 3 * (size_t)m->nbodies + 1;
	s->q = calloc(n, sizeof(double));
	s->qd = calloc(n, sizeof(double));
	s->qdd = calloc(n, sizeof(double));
	s->reaction = calloc(REACTION_FIELDS * (size_t)m->njoints + 1, sizeof(double));
	s->lambda = calloc((size_t)m->nc + 1, sizeof(double));
	s->contact = calloc(CONTACT_FIELDS * (size_t)m->ncontacts + 1, sizeof(double));
	return s;
}

void sample_free(struct sample *s)
{
	if (!s)
		return;
	free(s->q), free(s->qd), free(s->qdd), free(s->reaction), free(s->lambda), free(s->contact);
	free(s);
}
