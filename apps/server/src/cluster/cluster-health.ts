import { loopDelayMetrics } from './loop-delay.ts';

/** What /healthz says about this process's place in the cluster (absent for ROLE=all). */
export interface ClusterHealth {
  readonly role: 'ingest' | 'api';
  /** ingest: holds the lock and feeds the log (false: hot standby). */
  readonly active?: boolean;
  /** ingest: entries appended since it became active. */
  readonly appended?: number;
  /** api: sequence number of the last entry applied (null: waiting for the first snapshot). */
  readonly logSeq?: number | null;
  /** api: how long since the last entry was applied (ms); past 2 s prices are shown stale. */
  readonly logSilentMs?: number;
  /** api: entry published by the ingest → applied here (ms) over the recent entries. */
  readonly lagMs?: { readonly last: number | null; readonly p50: number | null; readonly p99: number | null };
  readonly snapshotsLoaded?: number;
  /** This process cannot do its part now (api: no entry for a while; ingest: neither active nor standby). */
  readonly degraded: boolean;
}

export interface Metric {
  readonly name: string;
  readonly help: string;
  readonly type: 'gauge' | 'counter';
  readonly samples: ReadonlyArray<{
    readonly labels?: Readonly<Record<string, string>>;
    readonly value: number;
  }>;
}

/** Prometheus text exposition (version 0.0.4) of the given metrics. */
export function prometheusText(metrics: readonly Metric[]): string {
  const lines: string[] = [];
  for (const metric of metrics) {
    lines.push(`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${metric.type}`);
    for (const sample of metric.samples) {
      const labels = Object.entries(sample.labels ?? {})
        .map(([k, v]) => `${k}="${v.replace(/["\\\n]/g, '')}"`)
        .join(',');
      const value = Number.isFinite(sample.value) ? String(sample.value) : 'NaN';
      lines.push(`${metric.name}${labels ? `{${labels}}` : ''} ${value}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Metrics every process exposes whatever its role. */
export function processMetrics(role: string): Metric[] {
  return [
    {
      name: 'spreadscope_role_info',
      help: 'The role this process runs (all, ingest or api).',
      type: 'gauge',
      samples: [{ labels: { role }, value: 1 }],
    },
    {
      name: 'process_resident_memory_bytes',
      help: 'Resident set size of this process.',
      type: 'gauge',
      samples: [{ value: process.memoryUsage.rss() }],
    },
    ...loopDelayMetrics(),
  ];
}
