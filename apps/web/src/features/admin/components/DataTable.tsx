import {
  Children,
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  useContext,
  type ReactElement,
  type ReactNode,
} from 'react';

const Columns = createContext<string[]>([]);

/**
 * A data table. On a wide screen it is a table (scrolling sideways if it must, in a region a
 * keyboard can scroll); under 768 px each row becomes a card whose cells carry their column's
 * name. Explicit roles keep the table semantics whichever way CSS lays it out.
 */
export function DataTable({
  caption,
  columns,
  busy = false,
  children,
}: {
  caption: string;
  columns: string[];
  /** The rows are the last answer's while another (a new page or filter) loads: dimmed, and marked busy. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Columns value={columns}>
      <div
        role="region"
        aria-label={caption}
        aria-busy={busy}
        tabIndex={0}
        className={`rounded-lg border border-slate-200 transition-opacity md:overflow-x-auto ${busy ? 'opacity-60' : ''}`}
      >
        <table role="table" className="w-full border-collapse text-left text-sm max-md:block md:min-w-[40rem]">
          <caption className="sr-only">{caption}</caption>
          <thead role="rowgroup" className="bg-slate-100 text-slate-800 max-md:sr-only">
            <tr role="row">
              {columns.map((c) => (
                <th key={c} role="columnheader" scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className="divide-y divide-slate-200 text-slate-800 max-md:block">
            {children}
          </tbody>
        </table>
      </div>
    </Columns>
  );
}

type CellProps = { children: ReactNode; className?: string; label?: string };

/** The cells of a row, those inside fragments too (a list's own cells come after its running number in one). */
function cellsOf(children: ReactNode): ReactNode[] {
  return Children.toArray(children).flatMap((child) =>
    isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment ? cellsOf(child.props.children) : [child],
  );
}

/** A row: hands each cell its column's name, shown beside the value on a phone. */
export function Row({ children }: { children: ReactNode }) {
  const columns = useContext(Columns);
  return (
    <tr role="row" className="hover:bg-slate-50 max-md:block max-md:px-1 max-md:py-2">
      {cellsOf(children).map((child, i) =>
        isValidElement(child) ? cloneElement(child as ReactElement<CellProps>, { label: columns[i] }) : child,
      )}
    </tr>
  );
}

export function Cell({ children, className = '', label }: CellProps) {
  return (
    <td
      role="cell"
      data-label={label}
      className={`px-4 py-3 align-middle max-md:flex max-md:min-h-11 max-md:items-center max-md:justify-between max-md:gap-4 max-md:py-1.5 max-md:text-right max-md:before:text-left max-md:before:font-semibold max-md:before:text-slate-600 max-md:before:content-[attr(data-label)] ${className}`}
    >
      {/* On a phone the value may shrink and break anywhere (a long email), so the page never scrolls sideways. */}
      <div className="max-md:min-w-0 max-md:wrap-anywhere">{children}</div>
    </td>
  );
}

/** A table's logo cell: the 50 px preview of spec section 9, or 'No logo'. */
export function LogoCell({
  src,
  srcSet,
  alt,
  label,
}: {
  src: string | undefined;
  srcSet?: string | undefined;
  alt: string;
  label?: string;
}) {
  return (
    <Cell label={label}>
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
