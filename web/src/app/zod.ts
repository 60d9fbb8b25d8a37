/**
 * zod (through @zalik/contract's schemas, in a few lazy chunks) probes `new Function` once to
 * choose its fast parser; under our Content-Security-Policy (script-src 'self') that probe is
 * refused and reported as a violation even though zod catches it. Jitless: no probe, no report.
 *
 * Set through the object every copy of zod shares and creates the same way
 * (`globalThis.__zod_globalConfig ??= {}`, what `z.config()` writes), so the first screen's
 * bundle carries no zod code at all; zod.test.ts proves zod reads it. Imported first by App.tsx,
 * before any chunk that builds a schema can load.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
