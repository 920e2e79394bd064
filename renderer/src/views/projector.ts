// Whether a view is drawn on a projector (presenter mode's slide): the views
// that draw their own pictures (the flame graph's canvas, the sweep's curve)
// then use the dark palette and type large enough for the back of the room.
import { createContext } from 'react';

export const ProjectorContext = createContext(false);

/** How much larger a flame graph's rows and labels are on a projector (11 px labels at 18). */
export const FLAME_PROJECTOR_SCALE = 1.65;

/** The smallest type a flame graph's canvas draws (its frame labels), in CSS px before the projector's scale. */
export const FLAME_LABEL_PX = 11;
