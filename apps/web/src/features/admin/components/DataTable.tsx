import type { ReactNode } from 'react';

/**
 * A data table that scrolls sideways on a phone instead of squeezing its columns; the scrolling
 * region is focusable so keyboard users can scroll it too.
 */
export function DataTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-800">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

export function Cell({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <td className={`px-4 py-3 align-middle ${className}`}>{children}</td>;
}

/** A table's logo cell: the 50 px preview of spec section 9, or a dash when there is none. */
export function LogoCell({ src, srcSet, alt }: { src: string | undefined; srcSet?: string | undefined; alt: string }) {
  return (
    <Cell>
      {src ? (
        <img
          src={src}
          srcSet={srcSet}
          sizes="50px"
          alt={alt}
          width={50}
          height={50}
          loading="lazy"
          className="h-[50px] w-[50px] rounded-md border border-slate-200 bg-white object-contain"
        />
      ) : (
        <span className="text-slate-600">No logo</span>
      )}
    </Cell>
  );
}
