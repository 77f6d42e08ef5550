import { z } from 'zod';
import { storableText } from './common.ts';

/** /api/v1/account/api-keys: keys for the public API. The secret appears once, in the create response. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('the start of the key, enough to tell keys apart; not a secret'),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable().describe('epoch ms, to the minute'),
});
export type ApiKeyInfo = z.infer<typeof apiKeySchema>;

export const createApiKeyRequestSchema = z.object({ name: storableText(200) });
export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().describe('the secret; shown this once, store it now'),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export const apiKeyParamsSchema = z.object({ id: storableText(64) });
