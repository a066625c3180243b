// Zod compiles fast validators with `new Function` when it may. Our CSP forbids eval, so the browser
// would report a violation on every page before zod falls back; tell zod up front not to try.
// Zod keeps its settings on globalThis (what `z.config` writes), so this is set before zod itself
// loads, without bringing zod into the app's first paint: it comes later with what validates.
// zod-without-eval.test.ts checks that zod reads this very object.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
