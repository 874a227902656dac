/* SPDX-License-Identifier: GPL-3.0-or-later */
/* laws.c — the table of contact laws. */
#include "model/laws/law.h"

#include <string.h>

const struct contact_law *const contact_laws[] = {
#define X(law) &law_##law,
    CONTACT_LAWS
#undef X
        NULL};

const struct contact_law *contact_law_find(const char *name)
{
	for (int i = 0; contact_laws[i]; i++)
		if (strcmp(contact_laws[i]->name, name) == 0)
			return contact_laws[i];
	return NULL;
}
