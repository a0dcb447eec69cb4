import { WEEKDAYS, WEEKDAY_NAMES, rangesText, type OpeningHours } from '@shop/shared';

/** The week's opening hours, Monday first: 'Monday 09:00–13:00, 14:00–17:30', 'Sunday Closed'. */
export function WeekHours({ hours, className = '' }: { hours: OpeningHours; className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm ${className}`}>
      {WEEKDAYS.map((day) => (
        <div key={day} className="contents">
          <dt>{WEEKDAY_NAMES[day]}</dt>
          <dd className="tabular-nums">{rangesText(hours.week[day])}</dd>
        </div>
      ))}
    </dl>
  );
}
