/**
 * zod compiles fast parsers with `new Function` when it may, and first tries whether it may. The app's
 * Content-Security-Policy allows no eval, so that try was reported as a violation on every page that
 * loaded zod (Lighthouse's best practices: 'Issues were logged'). Its jitless setting skips the try;
 * zod reads its settings from this global, so it is set before any chunk that holds zod loads,
 * without bringing zod into the entry script. The server keeps the compiled parsers.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
