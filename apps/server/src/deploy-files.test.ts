import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VENUE_ENV_SUFFIXES } from '@spreadscope/feeds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { WS_PATH } from './app.ts';
import { isKnownEnvName, KNOWN_ENV_NAMES, loadConfig } from './config.ts';
import { startTestServer, type TestServer } from './test-support/test-server.ts';

/**
 * Docker cannot run here, so the deployment files are held to the code instead: compose.yaml's app services
 * against the configuration loader, the Dockerfile against `npm start`, the Caddyfile against the services and
 * routes, and .env.example against every variable the server reads.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

type Env = Record<string, string>;
interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string | number>;
  profiles?: string[];
  networks?: string[];
  healthcheck?: unknown;
}
interface Compose {
  services: Record<string, Service>;
  networks: Record<string, { ipam?: { config?: { subnet?: string }[] } }>;
}

/** Compose's interpolation, as an operator who sets nothing gets it: ${VAR:-default} and ${VAR} (empty). */
function interpolate<T>(value: T): T {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g, (_m, _name, fallback) => fallback ?? '') as T;
  }
  if (Array.isArray(value)) return value.map(interpolate) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v)])) as T;
  }
  return value;
}

const compose = interpolate(parse(read('compose.yaml'), { merge: true }) as Compose);
const appServices = Object.entries(compose.services).filter(([, s]) => s.image === 'spreadscope:local');
const envOf = (service: Service): Env =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, String(v)]));
const roleOf = (service: Service) => envOf(service).ROLE;
const apiServices = appServices.filter(([, s]) => roleOf(s) === 'api').map(([name]) => name);

/** The Dockerfile's stages, each its lines with continuations joined. */
function dockerStages(): { name: string; lines: string[] }[] {
  const lines = read('Dockerfile')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const stages: { name: string; lines: string[] }[] = [];
  for (const line of lines) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ name: from[1] ?? '', lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

/** `npm start`'s server entry: the file `node` runs after the build. */
function npmStartEntry(): string {
  const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start ?? '';
  return /node\s+(\S+)/.exec(start)?.[1] ?? '(none)';
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
});
afterAll(async () => {
  await server.close();
});

describe('compose.yaml', () => {
  it('runs one ingest (a standby only on request) and at least two API replicas, all from the built image', () => {
    const ingests = appServices.filter(([, s]) => roleOf(s) === 'ingest');
    expect(ingests.filter(([, s]) => !s.profiles?.length).map(([n]) => n)).toEqual(['ingest']);
    expect(apiServices.length).toBeGreaterThanOrEqual(2);
    expect(appServices.map(([, s]) => roleOf(s)).every((r) => r === 'ingest' || r === 'api')).toBe(true);
    for (const name of ['postgres', 'redis', 'caddy']) expect(compose.services[name], name).toBeDefined();
  });

  it("gives every app service an environment the server's configuration loader accepts for its role", () => {
    for (const [name, service] of appServices) {
      const env = envOf(service);
      const unknown = Object.keys(env).filter((key) => !isKnownEnvName(key));
      expect(unknown, `${name} names variables the server does not read`).toEqual([]);
      const config = loadConfig(env);
      expect(config.ROLE, name).toBe(env.ROLE);
      // Scaled out, every process shares the compose PostgreSQL and Redis.
      expect(config.DATABASE_URL, name).toMatch(/@postgres:5432\//);
      expect(config.REDIS_URL, name).toBe('redis://redis:6379');
    }
  });

  it('starts the built server the way npm start does, the Dockerfile CMD too', () => {
    const entry = npmStartEntry();
    expect(entry).toBe('apps/server/dist/main.js');
    for (const [name, service] of appServices) expect(service.command, name).toEqual(['node', entry]);
    const cmd = dockerStages()
      .at(-1)
      ?.lines.find((l) => l.startsWith('CMD '));
    expect(JSON.parse(cmd?.slice(4) ?? '[]')).toEqual(['node', entry]);
  });

  it('trusts X-Forwarded-* on the API replicas from the proxy network only', () => {
    const subnets = Object.values(compose.networks).flatMap(
      (n) => n.ipam?.config?.map((c) => c.subnet) ?? [],
    );
    for (const name of apiServices) {
      const service = compose.services[name] as Service;
      expect(subnets, name).toContain(envOf(service).TRUST_PROXY);
      expect(compose.services.caddy?.networks).toEqual(service.networks);
    }
  });
});

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile');
  const upstreamLines = [...caddyfile.matchAll(/^\s*reverse_proxy\s+([^{\n]+)\{/gm)].map((m) =>
    (m[1] ?? '').trim().split(/\s+/),
  );

  it('balances across exactly the API services, on the port they listen on', () => {
    expect(upstreamLines.length).toBeGreaterThan(0);
    for (const upstreams of upstreamLines) {
      const targets = upstreams.map((u) => u.split(':'));
      expect(targets.map(([host]) => host).sort()).toEqual([...apiServices].sort());
      for (const [host, port] of targets) {
        expect(port, host).toBe(envOf(compose.services[host ?? ''] as Service).PORT);
      }
    }
    expect(caddyfile).toMatch(/lb_policy\s+\w+/);
  });

  it('proxies the WebSocket path (upgrades) to the replicas, and checks them on a real health route', () => {
    const ws = new RegExp(`handle\\s+${WS_PATH.replaceAll('/', '\\/')}\\s*\\{[^}]*reverse_proxy\\s+api`);
    expect(caddyfile).toMatch(ws);
    const healthUris = [...caddyfile.matchAll(/health_uri\s+(\S+)/g)].map((m) => m[1] ?? '');
    expect(healthUris.length).toBeGreaterThan(0);
    for (const uri of healthUris) expect(server.app.hasRoute({ method: 'GET', url: uri }), uri).toBe(true);
  });
});

describe('Dockerfile', () => {
  const stages = dockerStages();
  const runtime = stages.at(-1) ?? { name: '', lines: [] };

  it('builds with dev dependencies, then runs on production dependencies only as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const build = stages[0]?.lines ?? [];
    expect(build).toContain('RUN npm run build');
    expect(build.some((l) => /^RUN npm ci\b(?!.*--omit=dev)/.test(l))).toBe(true);
    expect(runtime.lines.some((l) => /^RUN npm ci .*--omit=dev/.test(l))).toBe(true);
    const user = runtime.lines.filter((l) => l.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(['USER root', 'USER 0']).not.toContain(user);
  });

  it('copies the outputs npm start runs (server bundle, web app) from the build stage', () => {
    const builder = stages[0]?.name;
    const copied = runtime.lines
      .filter((l) => l.startsWith(`COPY --from=${builder} `))
      .map((l) => l.split(/\s+/)[2] ?? '');
    const entryDir = npmStartEntry().replace(/\/[^/]+$/, '');
    expect(copied).toContain(`/app/${entryDir}`);
    expect(copied).toContain('/app/apps/web/dist');
  });

  it('checks health on /healthz and keeps DATA_DIR on a volume', () => {
    const health = runtime.lines.find((l) => l.startsWith('HEALTHCHECK '));
    const path = /\/healthz/.exec(health ?? '')?.[0];
    expect(path).toBe('/healthz');
    expect(server.app.hasRoute({ method: 'GET', url: path ?? '' })).toBe(true);
    const dataDir = /DATA_DIR=(\S+)/.exec(runtime.lines.join('\n'))?.[1];
    expect(dataDir).toBeDefined();
    expect(runtime.lines).toContain(`VOLUME ["${dataDir}"]`);
  });
});

describe('.env.example', () => {
  const names = [...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? '');

  it('lists exactly the variables the server reads, each once', () => {
    const fixed = names.filter((n) => !n.startsWith('VENUE_') || n === 'VENUES_DISABLED');
    expect([...fixed].sort()).toEqual([...KNOWN_ENV_NAMES].sort());
    expect(new Set(names).size).toBe(names.length);
    const perVenue = names.filter((n) => !fixed.includes(n));
    expect(perVenue.filter((n) => !isKnownEnvName(n))).toEqual([]);
    // Each kind of per-venue variable has an example.
    for (const suffix of VENUE_ENV_SUFFIXES) {
      expect(
        perVenue.some((n) => new RegExp(`^VENUE_[A-Z0-9]+_${suffix}$`).test(n)),
        suffix,
      ).toBe(true);
    }
  });

  it('is complete: the configuration loader reads no variable outside the known list', () => {
    const asked = new Set<string>();
    const env = new Proxy({} as NodeJS.ProcessEnv, {
      get(_target, name) {
        if (typeof name === 'string') asked.add(name);
        return undefined;
      },
    });
    loadConfig(env);
    expect(asked.size).toBeGreaterThan(0);
    expect([...asked].filter((name) => !isKnownEnvName(name))).toEqual([]);
  });
});
