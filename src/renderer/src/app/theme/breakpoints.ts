import { BREAKPOINTS } from '../../../../shared/constants';

type Breakpoint = keyof typeof BREAKPOINTS;

/** A media query for widths at or above a breakpoint of spec §9. */
export const mediaAbove = (breakpoint: Breakpoint) =>
  `@media (min-width: ${BREAKPOINTS[breakpoint]}px)`;

/** A media query for widths below a breakpoint. */
export const mediaBelow = (breakpoint: Breakpoint) =>
  `@media (max-width: ${BREAKPOINTS[breakpoint] - 0.02}px)`;
