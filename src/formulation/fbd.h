/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fbd.h — free-body diagrams, book Ch. 6.
 *
 * Each body is cut free: on it act its weight, the force elements' forces
 * at their points, and each joint's reaction, whose components are
 * unknowns (λ1, λ2 of a pin are x and y of the force on its first body,
 * Ex. 6.3-6.5). Newton-Euler per body, m r̈ = Σ f and J φ̈ = Σ moments
 * about the mass centre (Eqs. 6.4-6.5), with the joints' acceleration
 * constraints D c̈ = γ, make one square system in the accelerations and
 * the reaction components, solved whole by LU: the book's ten equations of
 * Eqs. 1.4-1.5, for any model. Inverse dynamics solves Eq. 6.7,
 * [D' e] {λ; x} = M c̈ - h, square, where the drivers' columns are e and x
 * their torques or forces. It registers as formulation_fbd; the diagram of
 * one body is open for r:fbd. */
#ifndef MB_FBD_H
#define MB_FBD_H

#include "model/model.h"

/* One force on a body, as its free-body diagram shows it. */
struct fbd_force {
	enum fbd_kind { FBD_WEIGHT, FBD_ELEMENT, FBD_CONTACTS, FBD_REACTION, FBD_DRIVER } kind;
	int index;     /* the force element or joint (model index); -1 otherwise */
	vec2 arm;      /* where it acts, from the mass centre, global frame */
	vec2 force;    /* global frame */
	double couple; /* a couple besides the force */
	int row, rows; /* reactions: its first multiplier (0-based over all joints) and how many */
};

/* The forces on body b at (t, c, ċ) with the joints' multipliers λ (one per
 * constraint row, body coordinates) into out: how many, or -1 with the
 * run's error set. ws: the workspace of an fbd run (constrained_workspace);
 * out has room for fbd_room(ws). Their forces sum to m r̈ and their moments
 * about the mass centre (arm × force + couple) to J φ̈. */
int fbd_diagram(void *ws, int b, double t, const double *c, const double *cd, const double *lambda,
                struct fbd_force *out);
int fbd_room(void *ws);

#endif
