import { z } from "zod";

/**
 * zod for the contracts, which the browser imports too. In a browser zod runs without its JIT:
 * our CSP forbids eval there anyway, and the probe zod makes for it (`new Function("")`, caught)
 * is still reported as a CSP violation on every page with a form, which Lighthouse counts against
 * best practices (issue 16). The server keeps the JIT. Every contract imports `z` from here, so this
 * runs before any schema is made.
 */
if ("document" in globalThis) z.config({ jitless: true });

export { z };
