import {
  APP_DETAIL_TEXT_FIELDS,
  WEEKDAYS,
  WEEKDAY_NAMES,
  closureDays,
  messages,
  rangesText,
  type AppDetail,
  type AppDetailFields,
  type OpeningHours,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { serialise } from '../../db/locks.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { changedSince, isId, newId, now } from '../../lib/ids.ts';
import { recordAudit, type Actor, type Snapshot } from '../audit/audit.service.ts';
import { encodeImage, imagesByOwner, setImages, toAsset, type ImageSource } from '../media/media.service.ts';
import * as repo from './app-details.repository.ts';

export const appDetailMessages = {
  notFound: 'Shop settings not found',
  changedSince: 'These shop settings were changed since you opened them: edit them again to see the change, then make yours',
} as const;

export type AppDetailInput = AppDetailFields;

/**
 * Held by every edit and deletion of the settings from its transaction's start: an edit reads them as nothing else
 * can change them.
 */
const SETTINGS_LOCK = 'shop settings';

/** Stored hours that no longer read (never written so: every write is checked) count as none set. */
function hoursOf(json: string | null): OpeningHours | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as OpeningHours;
  } catch {
    return null;
  }
}

/** The settings as the shop reads them: every field, the hours null when none are set. */
export type ShopIdentity = Omit<AppDetailFields, 'hours'> & { hours: OpeningHours | null };

/** A row's fields: the text columns as they are, the structured ones from their JSON. */
const fieldsOf = (r: repo.AppDetailRow): ShopIdentity => ({
  ...(Object.fromEntries(APP_DETAIL_TEXT_FIELDS.map((f) => [f, r[f]])) as Omit<AppDetailFields, 'hours'>),
  hours: hoursOf(r.hours),
});

/** The columns of the fields: the text ones as they are, the hours as JSON (left out: `kept`, the record's own). */
const columnsOf = (input: AppDetailInput, kept: string | null = null) => ({
  ...input,
  hours: input.hours === undefined ? kept : input.hours ? JSON.stringify(input.hours) : null,
});

/** The hours as the history shows them: a line per day ('Monday: 09:00–17:30'), then each closure. */
const hoursLines = (hours: OpeningHours | null): string[] =>
  hours
    ? [
        ...WEEKDAYS.map((d) => `${WEEKDAY_NAMES[d]}: ${rangesText(hours.week[d])}`),
        ...hours.closures.map((c) => `Closed ${closureDays(c)}: ${c.label}`),
      ]
    : [];

/**
 * Shop settings as the history shows them: the text fields, the hours when known (a stored record's, or those an
 * update sends), and the logo's address when it changes.
 */
const snapshot = (fields: Omit<AppDetailFields, 'hours'> & { hours?: OpeningHours | null | undefined }, logo?: ImageSource): Snapshot => ({
  ...(Object.fromEntries(APP_DETAIL_TEXT_FIELDS.map((f) => [f, fields[f]])) as Omit<AppDetailFields, 'hours'>),
  ...(fields.hours !== undefined ? { hours: hoursLines(fields.hours) } : {}),
  ...(logo ? { logo: toAsset(logo).secure_url } : {}),
});

export function createAppDetailsService(db: Kysely<Database>) {
  const logoOf = async (id: string) => (await imagesByOwner(db, 'app_detail', [id])).get(id)?.[0];

  async function toAppDetails(rows: repo.AppDetailRow[]): Promise<AppDetail[]> {
    const images = await imagesByOwner(
      db,
      'app_detail',
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const logo = images.get(r.id)?.[0];
      return {
        _id: r.id,
        ...fieldsOf(r),
        file: logo ? toAsset(logo) : null,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      };
    });
  }

  async function get(id: string): Promise<AppDetail> {
    const row = isId(id) ? await repo.findAppDetailById(db, id) : undefined;
    if (!row) throw notFound(appDetailMessages.notFound);
    return (await toAppDetails([row]))[0]!;
  }

  return {
    /** Oldest first: the first record is the shop's identity. */
    async list(): Promise<AppDetail[]> {
      return toAppDetails(await repo.findAppDetails(db));
    },

    /** What the shop shows of itself (the first record's name, email and hours), without its logo; undefined before any settings exist. */
    async identity(): Promise<ShopIdentity | undefined> {
      const first = await repo.findFirstAppDetail(db);
      return first ? fieldsOf(first) : undefined;
    },

    /** The logo is required; it is encoded before the record and its logo are written together. */
    async create(input: AppDetailInput, file: Buffer | undefined, actor: Actor): Promise<AppDetail> {
      if (!file) throw fieldError('file', messages.appLogoRequired);
      const logo = await encodeImage(file);
      const id = newId();
      const at = now();
      await db.transaction().execute(async (trx) => {
        await repo.insertAppDetail(trx, { ...columnsOf(input), id, created_at: at, updated_at: at });
        await setImages(trx, 'app_detail', id, [logo]);
        await recordAudit(trx, actor, {
          action: 'settings',
          entity: 'app_detail',
          entityId: id,
          label: input.shopname,
          after: snapshot(input, logo),
        });
      });
      return get(id);
    },

    /**
     * Same fields as create; the logo is replaced only when a new one is sent, the hours only when sent. With
     * `input.updatedAt` (the settings' as the form loaded them), refused when they were changed since.
     */
    async update(id: string, edit: AppDetailInput & { updatedAt?: string }, file: Buffer | undefined, actor: Actor): Promise<AppDetail> {
      const { updatedAt: seen, ...input } = edit;
      if (!isId(id) || !(await repo.findAppDetailById(db, id))) throw notFound(appDetailMessages.notFound);
      const logo = file ? await encodeImage(file) : undefined;
      const previousLogo = logo ? await logoOf(id) : undefined;
      await db.transaction().execute(async (trx) => {
        await serialise(trx, SETTINGS_LOCK);
        // The settings as no other edit can change them now; deleted while this one waited: nothing to save them over.
        const current = await repo.findAppDetailById(trx, id);
        if (!current) throw notFound(appDetailMessages.notFound);
        if (changedSince(current, seen)) throw new AppError(409, appDetailMessages.changedSince);
        const before = snapshot(fieldsOf(current), previousLogo);
        await repo.updateAppDetail(trx, id, { ...columnsOf(input, current.hours), updated_at: now() });
        if (logo) await setImages(trx, 'app_detail', id, [logo]);
        await recordAudit(trx, actor, {
          action: 'settings',
          entity: 'app_detail',
          entityId: id,
          label: input.shopname,
          before,
          after: snapshot(input, logo),
        });
      });
      return get(id);
    },

    async remove(id: string, actor: Actor): Promise<void> {
      if (!isId(id)) throw notFound(appDetailMessages.notFound);
      await db.transaction().execute(async (trx) => {
        // After an edit under way, never between its check and its write.
        await serialise(trx, SETTINGS_LOCK);
        const current = await repo.findAppDetailById(trx, id);
        if (!current) throw notFound(appDetailMessages.notFound);
        await setImages(trx, 'app_detail', id, []);
        await repo.deleteAppDetail(trx, id);
        await recordAudit(trx, actor, {
          action: 'settings',
          entity: 'app_detail',
          entityId: id,
          label: current.shopname,
          before: snapshot(fieldsOf(current)),
        });
      });
    },
  };
}

export type AppDetailsService = ReturnType<typeof createAppDetailsService>;
