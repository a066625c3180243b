import { z } from 'zod';

// Zod compiles fast validators with `new Function` when it may. Our CSP forbids eval, so the browser
// would report a violation on every page before zod falls back; tell zod up front not to try.
z.config({ jitless: true });
