import { z } from 'zod';

/**
 * The shop's Content-Security-Policy forbids eval, so zod's compiled object parsers can never run in the browser; its
 * probe for them (`new Function`) is still blocked and reported as a policy violation on every page. Jitless skips
 * the probe. zod probes when the first object schema is built, so this runs before any: it is the first import of
 * main.tsx and of session-context.tsx, whose shared chunk (with zod and the session's schemas) the bundler evaluates
 * before the entry's own modules.
 */
z.config({ jitless: true });
