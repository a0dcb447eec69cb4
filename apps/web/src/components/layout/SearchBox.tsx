import type { SearchKind } from '@shop/shared';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { openPage } from '../../lib/pages.ts';
import { Icon } from './Icon.tsx';

/** The suggestions, in a chunk of their own loaded when the box is first used (docs/decisions/0024-shop-search.md). */
const Suggestions = lazy(() => import('./SearchSuggestions.tsx'));

/** What the suggestions tell the box about its popup, for the combobox's ARIA attributes. */
export interface ComboState {
  expanded: boolean;
  controls?: string;
  active?: string;
}

/** The suggestions' handlers of the box's own events, set on each of their renders. */
export interface ComboHandlers {
  keyDown(e: KeyboardEvent<HTMLInputElement>): void;
  input(): void;
  blur(): void;
}

interface Props {
  /** The input's id, unique on the page (the box is an island of its own on a server-rendered page: islands.tsx). */
  id: string;
  label?: string;
  placeholder?: string;
  /** Suggest only this kind, and let Enter open the best one. */
  kind?: SearchKind;
  defaultValue?: string;
  showLabel?: boolean;
  className?: string;
}

/**
 * A search box: a plain GET form to /search that works before (and without) the app's code, which becomes an ARIA
 * combobox with suggestions as soon as it is used. A search or a suggestion loads the page it leads to.
 */
export function SearchBox({
  id,
  label = 'Search the shop',
  placeholder = label,
  kind,
  defaultValue,
  showLabel = false,
  className = '',
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const handlers = useRef<ComboHandlers>(null);
  const [used, setUsed] = useState(false);
  const [combo, setCombo] = useState<ComboState>({ expanded: false });
  // Focus and keys that came before the app was live (public/boot.js starts it at the first touch) reached no handler:
  // a box the visitor is in once it is gets its suggestions for what they typed, without waiting for another key.
  useEffect(() => {
    if (document.activeElement === input.current) setUsed(true);
  }, []);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = input.current?.value.trim();
    if (q) openPage(`/search?${new URLSearchParams({ q, ...(kind ? { kind } : {}) })}`);
  };

  return (
    <form role="search" action="/search" method="get" onSubmit={submit} className={className}>
      <label htmlFor={id} className={showLabel ? 'mb-2 block font-semibold text-ink' : 'sr-only'}>
        {label}
      </label>
      {/* The suggestions line up with the box, whatever room the form keeps around it (the mobile menu's). */}
      <div className="relative">
        <div className="flex rounded-lg border border-slate-300 bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30">
          <input
            ref={input}
            id={id}
            type="search"
            name="q"
            defaultValue={defaultValue}
            placeholder={placeholder}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={combo.expanded}
            aria-controls={combo.controls}
            aria-activedescendant={combo.active}
            onFocus={() => setUsed(true)}
            onInput={() => {
              setUsed(true);
              handlers.current?.input();
            }}
            onKeyDown={(e) => handlers.current?.keyDown(e)}
            onBlur={() => handlers.current?.blur()}
            className="min-w-0 flex-1 rounded-l-lg bg-transparent px-3 py-2 text-base text-ink placeholder:text-slate-500 focus:outline-none"
          />
          {kind && <input type="hidden" name="kind" value={kind} />}
          <button type="submit" className="rounded-r-lg px-3 text-slate-700 hover:bg-brand-50 hover:text-brand-700">
            <Icon name="search" className="h-5 w-5" />
            <span className="sr-only">Search</span>
          </button>
        </div>
        {used && (
          <Suspense fallback={null}>
            <Suggestions input={input} handlers={handlers} listId={`${id}list`} kind={kind} onState={setCombo} go={openPage} />
          </Suspense>
        )}
      </div>
    </form>
  );
}

/**
 * The header's search where the desktop menu leaves no room for the box (1024 to 1279 px): a disclosure that works
 * without the app's code, opening the same box under the header. Escape or a click elsewhere closes it.
 */
export function SearchDisclosure({ id, className = '' }: { id: string; className?: string }) {
  const details = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => {
    if (details.current) details.current.open = false;
  };
  useEffect(() => {
    if (!open) return;
    details.current?.querySelector('input')?.focus();
    const outside = (e: PointerEvent) => {
      if (!details.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  return (
    <details
      ref={details}
      className={`relative ${className}`}
      onToggle={() => setOpen(Boolean(details.current?.open))}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented && open) {
          close();
          details.current?.querySelector('summary')?.focus();
        }
      }}
    >
      <summary className="flex cursor-pointer list-none rounded-md p-2 text-slate-800 hover:bg-brand-50 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
        <Icon name="search" className="h-5 w-5" />
        <span className="sr-only">Search</span>
      </summary>
      <div className="absolute top-full right-0 z-40 mt-3 w-80 rounded-xl border border-slate-200 bg-white p-3 shadow-xl">
        <SearchBox id={id} />
      </div>
    </details>
  );
}
