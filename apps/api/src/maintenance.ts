import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { createRateLimiter } from './lib/rate-limit.ts';
import { purgeAudit } from './modules/audit/audit.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { purgeOldEnquiries } from './modules/enquiries/enquiries.service.ts';

/** How often the housekeeping runs while the server is up (and once at start-up). */
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Housekeeping that keeps tables from only growing: expired sessions, old sign-in attempts and rate-limit counters,
 * enquiries past their retention period (ENQUIRY_RETENTION_DAYS) with any mail of theirs still unsent, and history
 * entries past their two years.
 */
export async function runMaintenance(db: Db, config: Pick<Config, 'enquiryRetentionDays'>): Promise<void> {
  await createAuthService(db.db).purgeExpired();
  await createRateLimiter(db.db).purge();
  await purgeOldEnquiries(db.db, config.enquiryRetentionDays);
  await purgeAudit(db);
}

/**
 * Runs the housekeeping now and then every MAINTENANCE_INTERVAL_MS until the returned stop is called. Every process
 * may run it: each step is an idempotent delete. A failed run is logged and tried again at the next interval.
 */
export function startMaintenance(db: Db, config: Pick<Config, 'enquiryRetentionDays'>, log: FastifyBaseLogger): () => void {
  const run = () => runMaintenance(db, config).catch((err: unknown) => log.warn({ err }, 'housekeeping failed; trying again later'));
  void run();
  const timer = setInterval(run, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
