import { z } from 'zod';
import { dataSourceSchema } from './common.ts';

export const pingResponseSchema = z.object({ pong: z.literal(true), serverTime: z.number() });
export const timeResponseSchema = z.object({
  serverTime: z.number().describe('epoch ms UTC'),
  iso: z.string(),
  timeZone: z.string().describe('display zone of the product'),
  marketTime: z.number().describe('engine clock: wall time, or tape time during a replay'),
});
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  uptimeSec: z.number(),
  database: z.enum(['ok', 'down']),
  bus: z.enum(['memory', 'redis']),
  dataSource: dataSourceSchema,
  venuesConnected: z.number(),
  /** Jobs per state across the cluster; a growing `dead` count wants an operator (npm run admin -- jobs). */
  jobs: z
    .object({
      queued: z.number(),
      running: z.number(),
      done: z.number(),
      failed: z.number(),
      dead: z.number(),
    })
    .optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
