/**
 * The window widths the layout changes at (SPEC section 9: breakpoints 1400, 1200 and 992 px):
 * below 1400 the side menu shows its icons only; below 1200 the top bar folds its buttons into one menu and
 * lists drop their creation date; below 992 titles get smaller and wide content scrolls in its card.
 */
export const BREAKPOINTS = { wide: 1400, desktop: 1200, tablet: 992 } as const;

/** `(min-width:1400px)`, for useMediaQuery. */
export const atLeast = (width: number) => `(min-width:${width}px)`;
/** `@media (max-width:1399.95px)`, for sx objects. */
export const below = (width: number) => `@media (max-width:${width - 0.05}px)`;
