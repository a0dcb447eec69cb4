import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1 or 0' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'yes'].includes(v)));

/** An address, or an address range in CIDR form (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the shop are believed about the client's address (X-Forwarded-For): none (unset or 0),
 * the nearest N hops, or the listed addresses and ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    if (v === undefined || v === '' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v.split(',').map((a) => a.trim());
    if (list.every(isAddressOrRange)) return list;
    ctx.addIssue({ code: 'custom', message: 'must be a number of proxy hops, or a comma-separated list of addresses or CIDR ranges' });
    return z.NEVER;
  });

/** A whole number from `min` to `max`, `fallback` when unset; `unit` names what it counts in its messages. */
const wholeNumber = (min: number, max: number, fallback: number, unit?: [one: string, many: string]) => {
  const count = (n: number) => (unit ? `${n} ${n === 1 ? unit[0] : unit[1]}` : String(n));
  const whole = { error: `must be a whole number${unit ? ` of ${unit[1]}` : ''}` };
  return z.coerce
    .number(whole)
    .int(whole)
    .min(min, { error: `must be at least ${count(min)}` })
    .max(max, { error: `must be at most ${count(max)}` })
    .default(fallback);
};

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
      // As the browser writes it ('HTTPS://Shop.Example/' is 'https://shop.example'), without a trailing slash.
      .transform((u) => {
        const url = new URL(u);
        return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
      })
      .optional(),
    ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).max(128).optional(),
    SEED_DEMO: flag(true),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: trustProxy,
    AUTH_RATE_LIMIT: wholeNumber(1, 100_000, 30),
    ENQUIRY_RATE_LIMIT: wholeNumber(1, 100_000, 5),
    ENQUIRY_RETENTION_DAYS: wholeNumber(1, 3650, 365, ['day', 'days']),
    REQUEST_TIMEOUT_SECONDS: wholeNumber(1, 3600, 120, ['second', 'seconds']),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587' })
      .optional(),
    MAIL_FROM: z
      .string()
      .trim()
      .min(3)
      .max(200)
      .regex(/^[^\r\n]*@[^\r\n]*$/, { error: 'must be an email address, e.g. Shop <shop@example.com>' })
      .optional(),
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
  /** Fastify's trustProxy: whose X-Forwarded-For names the client (false: nobody's; the socket's address is the client). */
  trustProxy: false | number | string[];
  /** Sign-ups and sign-ins allowed per client address in ten minutes. */
  authRateLimit: number;
  /** Enquiries and bookings allowed per client address in an hour. */
  enquiryRateLimit: number;
  /** Enquiries older than this many days are deleted by the housekeeping. */
  enquiryRetentionDays: number;
  /** A request (headers and body) not fully arrived after this many seconds is answered 408 and its connection closed. */
  requestTimeoutSeconds: number;
  /** Mail to the shop: the SMTP server (smtp:// or smtps://), and the sender's address. Undefined: no mail is sent. */
  mail: { smtpUrl: string; from: string } | undefined;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** The reader of the shop's settings in process.env (NODE_ENV aside): parses them once and refuses to start, naming every bad variable. */
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
    secureCookies: new URL(publicUrl).protocol === 'https:',
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaults.webDist,
    trustProxy: e.TRUST_PROXY,
    authRateLimit: e.AUTH_RATE_LIMIT,
    enquiryRateLimit: e.ENQUIRY_RATE_LIMIT,
    enquiryRetentionDays: e.ENQUIRY_RETENTION_DAYS,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}` } : undefined,
  };
}
