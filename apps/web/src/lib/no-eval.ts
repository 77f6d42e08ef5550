// zod compiles object parsers with `new Function` unless told not to. The page's CSP allows no eval
// (apps/server/src/http/security-headers.ts), and zod's probe for it would be reported as a violation. zod
// reads its settings from this global object, creating it only when absent, and keeps a reference to it: set
// in place here (main.tsx's first import), the setting holds for every schema whichever loads first, and the
// first screen (which builds none) loads no zod at all. The server keeps the compiled parsers.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
