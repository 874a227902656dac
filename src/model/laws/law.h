/* SPDX-License-Identifier: GPL-3.0-or-later */
/* law.h — contact laws, book Ch. 11, one per file: the impulse law of the
 * piecewise method (Sec. 11.1) and the force laws of the continuous method
 * (Sec. 11.2). An entry (struct contact_law, model.h) names the numbers a
 * law takes and gives its normal force; model/contact.c applies them.
 * Adding a law is one file and one line in CONTACT_LAWS below. */
#ifndef MB_LAW_H
#define MB_LAW_H

#include "model/model.h"

#define CONTACT_LAWS                                                                               \
	X(impulse)                                                                                 \
	X(spring)                                                                                  \
	X(hunt_crossley)                                                                           \
	X(lankarani_nikravesh)                                                                     \
	X(flores)

#define X(law) extern const struct contact_law law_##law;
CONTACT_LAWS
#undef X

/* The law called name, or NULL; and every law, NULL-terminated. */
const struct contact_law *contact_law_find(const char *name);
extern const struct contact_law *const contact_laws[];

#endif
