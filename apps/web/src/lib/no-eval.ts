import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to, and decides when each schema is built:
// this module is main.tsx's first import, so it runs before the contracts' schemas exist. The page's CSP
// allows no eval (apps/server/src/http/security-headers.ts); zod's probe for it would be reported as a
// violation. The server keeps the compiled parsers.
z.config({ jitless: true });
