/* formulation.c — the table of formulations. */
#include "formulation/formulation.h"

#include <string.h>

const struct formulation *const formulations[] = {
#define X(name) &formulation_##name,
    FORMULATIONS
#undef X
        NULL};

const struct formulation *formulation_find(const char *name)
{
	for (int i = 0; formulations[i]; i++)
		if (strcmp(formulations[i]->name, name) == 0)
			return formulations[i];
	return NULL;
}
