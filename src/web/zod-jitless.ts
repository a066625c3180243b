// Zod compiles fast validators with `new Function` when it may, and probes for that the first
// time a schema is built. Our content security policy forbids eval, so the probe alone makes the
// browser report a violation, even though zod falls back. This switches the probe off before any
// schema exists: main.tsx imports it first, ahead of every module that builds one (some do so as
// they load). It writes zod's global settings object, the one z.config() changes, without loading
// zod, so the landing page's first script does not grow by it.
type ZodGlobals = { __zod_globalConfig?: { jitless?: boolean } };

const globals = globalThis as ZodGlobals;
globals.__zod_globalConfig ??= {};
globals.__zod_globalConfig.jitless = true;

export {};
