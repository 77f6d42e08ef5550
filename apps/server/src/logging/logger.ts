import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';

/**
 * Where secrets could sit in a logged object: request/response headers (Fastify's serializers), and fields of
 * anything a module logs (a user, a mail, an SMTP or OAuth option bag), at the top level or one level down.
 * The value is replaced, never the key dropped, so a line still says that a credential was there.
 */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  '["set-cookie"]',
  '["x-api-key"]',
  'password',
  'passwordHash',
  'currentPassword',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'apiKey',
  'apiSecret',
  'apiPassword',
  'secret',
  'clientSecret',
  'authToken',
  'privateKey',
];

export const REDACT_PATHS: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => (field.startsWith('[') ? `*${field}` : `*.${field}`)),
];

export type ServerLogger = PinoLogger;

/** The process's one logger: feeds, accounts, mail, the runtime and Fastify all write through it. */
export function createServerLogger(level: string, destination?: DestinationStream): ServerLogger {
  const options = { level, redact: { paths: [...REDACT_PATHS], censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
