import { WEEKDAYS, WEEKDAY_NAMES, closingMinutesOf, type OpeningHours, type TimeRange, type Weekday } from '@shop/shared';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Button } from '../../../components/Button.tsx';
import { InputField } from '../../../components/Fields.tsx';
import { PlusIcon, TrashIcon } from '../components/icons.tsx';
import { keepFocusOnRemove } from '../components/panel-focus.ts';

/** The part of the settings form the editor fills in. */
export interface HoursValues {
  showHours: boolean;
  hours: OpeningHours;
}

/** A new shop's week, to adjust: Monday to Saturday 9 to 5:30, Sunday closed. */
export const DEFAULT_HOURS: OpeningHours = {
  week: Object.fromEntries(
    WEEKDAYS.map((d) => [d, d === 'sun' ? [] : [{ open: '09:00', close: '17:30' }]]),
  ) as OpeningHours['week'],
  closures: [],
};

interface Props {
  control: Control<HoursValues>;
  register: UseFormRegister<HoursValues>;
  errors: FieldErrors<HoursValues>;
}

const small = 'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold';
const removeClass = `${small} border border-red-200 bg-white text-red-700 hover:bg-red-50`;
const addClass = `${small} border border-brand-600 text-brand-700 hover:bg-brand-50`;

/**
 * The opening "Add more hours" adds after the day's last, as typed: on from its close to 17:30, or to 20:00; blank
 * to fill in when the last closes at 20:00 or later (midnight included).
 */
function nextOpening(last: TimeRange | undefined): TimeRange {
  if (!last) return { open: '09:00', close: '17:30' };
  const close = closingMinutesOf(last.close);
  if (close < 17 * 60 + 30) return { open: last.close, close: '17:30' };
  if (close < 20 * 60) return { open: last.close, close: '20:00' };
  return { open: '', close: '' };
}

function DayRow({ day, control, register, errors }: Props & { day: Weekday }) {
  const ranges = useFieldArray({ control, name: `hours.week.${day}` });
  // What the owner has typed: the field array's own list keeps the values it was given.
  const typed = useWatch({ control, name: `hours.week.${day}` });
  const dayErrors = errors.hours?.week?.[day];
  const name = WEEKDAY_NAMES[day];
  return (
    <li className="border-b border-slate-200 py-3 last:border-b-0">
      {/* A group named by its day: a screen reader says which day an 'Opens' or 'Closes' field is of. */}
      <div role="group" aria-labelledby={`hours-${day}`} className="grid gap-2 sm:grid-cols-[8rem_1fr] sm:items-start">
        <p className="pt-2 font-medium text-ink" id={`hours-${day}`}>
          {name}
        </p>
        <div className="space-y-2" data-removable>
          {ranges.fields.length === 0 && <p className="pt-2 text-slate-700">Closed</p>}
          {ranges.fields.map((field, i) => (
            <div key={field.id} className="flex flex-wrap items-end gap-2">
              <InputField
                id={`hours-${day}-${i}-open`}
                label={`Opens${i ? ` (${i + 1})` : ''}`}
                type="time"
                className="w-40"
                error={dayErrors?.[i]?.open}
                {...register(`hours.week.${day}.${i}.open`)}
              />
              <InputField
                id={`hours-${day}-${i}-close`}
                label={`Closes${i ? ` (${i + 1})` : ''}`}
                type="time"
                className="w-40"
                error={dayErrors?.[i]?.close}
                {...register(`hours.week.${day}.${i}.close`)}
              />
              <button
                type="button"
                className={`${removeClass} mb-1`}
                aria-label={`Remove ${name} opening ${i + 1}`}
                data-remove
                onClick={(e) => {
                  keepFocusOnRemove(e.currentTarget, () => document.getElementById(`hours-${day}-add`));
                  ranges.remove(i);
                }}
              >
                <TrashIcon className="h-4 w-4" />
                Remove
              </button>
            </div>
          ))}
          {dayErrors?.root?.message || dayErrors?.message ? (
            // A day's own error ('Opening times of a day must not overlap') belongs to no one field: announced as it comes.
            <p role="alert" className="text-sm text-red-700">
              {dayErrors.root?.message ?? dayErrors.message}
            </p>
          ) : null}
          {ranges.fields.length < 4 && (
            <button
              type="button"
              id={`hours-${day}-add`}
              className={addClass}
              aria-label={`${ranges.fields.length ? 'Add more hours' : 'Open this day'} on ${name}`}
              onClick={() => ranges.append(nextOpening(typed.at(-1)))}
            >
              <PlusIcon className="h-4 w-4" />
              {ranges.fields.length ? 'Add more hours' : 'Open this day'}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * Opening hours in the settings form: each weekday's openings (none is a closed day, up to four a day, e.g. a lunch
 * break), and closures for holidays as dated ranges with a name. The same schema as the server checks them.
 */
export function HoursEditor({ control, register, errors, show }: Props & { show: boolean }) {
  const closures = useFieldArray({ control, name: 'hours.closures' });
  return (
    <fieldset className="md:col-span-2">
      <legend className="mb-2 text-sm font-semibold text-slate-800">Opening hours (UK time)</legend>
      <label className="inline-flex min-h-11 items-center gap-2 text-slate-800">
        <input type="checkbox" className="h-5 w-5 accent-brand-600" {...register('showHours')} />
        Show the opening hours in the shop, say whether it is open now, and take repair bookings only when open
      </label>
      {show && (
        <div className="mt-2 grid gap-6">
          <p className="text-sm text-slate-700">
            To close at midnight, enter 00:00 (12:00 AM) as the closing time. Open past midnight? Close at 00:00, then open the
            next day at 00:00.
          </p>
          <ul aria-label="Weekly opening hours" className="rounded-lg border border-slate-200 px-4">
            {WEEKDAYS.map((day) => (
              <DayRow key={day} day={day} control={control} register={register} errors={errors} />
            ))}
          </ul>
          <div>
            <h3 className="text-sm font-semibold text-slate-800">Closures (bank holidays, Christmas…)</h3>
            {closures.fields.length === 0 && <p className="mt-2 text-sm text-slate-700">No closures.</p>}
            <ul className="mt-2 space-y-3" data-removable>
              {closures.fields.map((field, i) => {
                const e = errors.hours?.closures?.[i];
                return (
                  <li key={field.id} className="rounded-lg border border-slate-200 p-3">
                    <div role="group" aria-label={`Closure ${i + 1}`}>
                      <div className="grid gap-3 sm:grid-cols-3">
                        <InputField
                          id={`closure-${i}-label`}
                          label="Name"
                          placeholder="Christmas"
                          maxLength={60}
                          error={e?.label}
                          {...register(`hours.closures.${i}.label`)}
                        />
                        <InputField
                          id={`closure-${i}-from`}
                          label="From"
                          type="date"
                          error={e?.from}
                          {...register(`hours.closures.${i}.from`)}
                        />
                        <InputField
                          id={`closure-${i}-to`}
                          label="To"
                          type="date"
                          error={e?.to}
                          {...register(`hours.closures.${i}.to`)}
                        />
                      </div>
                      <button
                        type="button"
                        className={`${removeClass} mt-3`}
                        aria-label={`Remove closure ${i + 1}`}
                        data-remove
                        onClick={(e) => {
                          keepFocusOnRemove(e.currentTarget, () => document.getElementById('closure-add'));
                          closures.remove(i);
                        }}
                      >
                        <TrashIcon className="h-4 w-4" />
                        Remove
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
            {closures.fields.length < 30 && (
              <Button
                id="closure-add"
                variant="secondary"
                className="mt-3 gap-1.5"
                onClick={() => closures.append({ label: '', from: '', to: '' })}
              >
                <PlusIcon className="h-4 w-4" />
                Add a closure
              </Button>
            )}
          </div>
        </div>
      )}
    </fieldset>
  );
}
