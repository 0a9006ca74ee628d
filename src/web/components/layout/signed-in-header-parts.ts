import { preloadable } from './preloadable';

/** The signed-in header's chunk (signed-in-header.tsx); the sign-in form asks for it early, so it is there on arrival. */
export const signedInHeader = preloadable(() => import('./signed-in-header'));
