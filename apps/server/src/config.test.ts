import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactUrl } from './config.ts';

describe('configuration', () => {
  it('runs on the embedded defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      market: { spec: 'auto' },
      HISTORY_RETENTION_DAYS: 180,
      ALLOWED_ORIGINS: [],
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('reads overrides and treats empty variables as unset', () => {
    const config = loadConfig({
      PORT: '9000',
      MARKET_SOURCE: 'replay:tapes/day.ndjson',
      DATABASE_URL: '',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(config.PORT).toBe(9000);
    expect(config.market.spec).toBe('replay:tapes/day.ndjson');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', MARKET_SOURCE: 'yahoo', REDIS_URL: 'localhost' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', MARKET_SOURCE: 'yahoo', REDIS_URL: 'localhost' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'MARKET_SOURCE', 'REDIS_URL']) expect(message).toContain(name);
    }
  });

  it('runs every role in one process by default and refuses a scaled-out role without its shared services', () => {
    expect(loadConfig({}).ROLE).toBe('all');
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(/ROLE/);
    for (const role of ['api', 'ingest']) {
      expect(() => loadConfig({ ROLE: role })).toThrow(/DATABASE_URL and REDIS_URL/);
      expect(() => loadConfig({ ROLE: role, DATABASE_URL: 'postgres://db/x' })).toThrow(/needs REDIS_URL/);
      const config = loadConfig({ ROLE: role, DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r:6379' });
      expect(config.ROLE).toBe(role);
    }
  });

  it('names the cluster settings it refuses: key prefix, lock TTL, log length', () => {
    const scaled = { ROLE: 'api', DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r:6379' };
    const config = loadConfig(scaled);
    expect([config.CLUSTER_KEY_PREFIX, config.INGEST_LOCK_TTL_MS, config.EVENT_LOG_MAX_ENTRIES]).toEqual([
      'spreadscope',
      5_000,
      1_200,
    ]);
    expect(() => loadConfig({ ...scaled, CLUSTER_KEY_PREFIX: 'a b}' })).toThrow(/CLUSTER_KEY_PREFIX/);
    expect(() => loadConfig({ ...scaled, INGEST_LOCK_TTL_MS: '10' })).toThrow(/INGEST_LOCK_TTL_MS/);
    expect(() => loadConfig({ ...scaled, EVENT_LOG_MAX_ENTRIES: 'many' })).toThrow(/EVENT_LOG_MAX_ENTRIES/);
  });

  it('trusts X-Forwarded-For only when the operator says a proxy is in front', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('never prints a database password', () => {
    expect(redactUrl('postgres://app:s3cret@db.internal:5432/spreadscope')).toBe(
      'postgres://app:***@db.internal:5432/spreadscope',
    );
    expect(redactUrl('not a url')).not.toContain('not a url');
  });
});
