import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1 or 0' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'yes'].includes(v)));

const envSchema = z
  .object({
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL (leave unset for SQLite)' })
      .optional(),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
    ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).max(128).optional(),
    SEED_DEMO: flag(true),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    WEB_DIST: z.string().optional(),
  })
  .refine((e) => (e.ADMIN_EMAIL === undefined) === (e.ADMIN_PASSWORD === undefined), {
    error: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... or undefined for SQLite at dataDir/shop.db. */
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Cookies are Secure when the shop is served over https. */
  secureCookies: boolean;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  /** The built web app (index.html and assets); undefined serves no web app. */
  webDist: string | undefined;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** The only reader of process.env: parses it once and refuses to start, naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: { webDist?: string } = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaults.webDist,
  };
}
