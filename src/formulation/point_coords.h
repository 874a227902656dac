/* point_coords.h — the two point-coordinate formulations, book Ch. 10
 * (formulation_point) and Attia's recursive one (formulation_point_recursive),
 * with their pieces open for teaching. */
#ifndef MB_POINT_COORDS_H
#define MB_POINT_COORDS_H

#include "formulation/point_layout.h"

/* ws: the workspace of a point-coordinate run (constrained_workspace). */
const struct layout *pc_layout(void *ws);

#endif
