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
  /** Scaled-out roles (ROLE=ingest|api): this process's place in the cluster. */
  cluster: z
    .object({
      role: z.enum(['ingest', 'api']),
      active: z.boolean().optional().describe('ingest: holds the lock and feeds the event log'),
      appended: z.number().optional().describe('ingest: log entries appended'),
      logSeq: z.number().nullable().optional().describe('api: sequence number of the last log entry applied'),
      logSilentMs: z
        .number()
        .optional()
        .describe('api: ms since the last log entry; past 2 s prices show stale'),
      lagMs: z
        .object({ last: z.number().nullable(), p50: z.number().nullable(), p99: z.number().nullable() })
        .optional()
        .describe('api: log entry published by the ingest → applied here, recent entries'),
      snapshotsLoaded: z.number().optional(),
      degraded: z.boolean(),
    })
    .optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
