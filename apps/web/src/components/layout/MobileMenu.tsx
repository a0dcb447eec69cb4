import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from './Icon.tsx';
import type { MobileMenuLink } from './menu.ts';
import { SearchBox } from './SearchBox.tsx';

interface Props {
  links: MobileMenuLink[];
  shopName: string;
  onLogout?: (() => void) | undefined;
}

/**
 * The slide-out menu for phones and tablets: opens from the hamburger button, closes on an item
 * click, a click outside it, Escape or its close button, and keeps keyboard focus inside while open.
 */
export function MobileMenu({ links, shopName, onLogout }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) closeButton.current?.focus();
    else if (wasOpen.current && panel.current?.contains(document.activeElement)) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !opener.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // An Escape the search box used (to close its suggestions or clear itself) leaves the menu open.
    if (e.key === 'Escape' && !e.defaultPrevented) {
      setOpen(false);
      opener.current?.focus();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const focusable = panel.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([type="hidden"])');
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  const close = () => setOpen(false);
  const item = 'block rounded-lg px-4 py-3 text-base font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-700';

  return (
    <div className="lg:hidden">
      <button
        ref={opener}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        className="inline-flex items-center gap-2 rounded-lg border border-slate-300 p-2 text-slate-800 hover:bg-slate-50"
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="menu" className="h-6 w-6" />
        <span className="sr-only">Menu</span>
      </button>
      <div
        aria-hidden="true"
        className={`fixed inset-0 z-40 bg-ink/50 transition-opacity duration-300 ${open ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
      />
      <div
        ref={panel}
        id={panelId}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={onKeyDown}
        className={`fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-2xl transition-[translate,visibility] duration-300 ${
          open ? 'visible translate-x-0' : 'invisible -translate-x-full'
        }`}
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <span className="truncate font-bold text-ink">{shopName}</span>
          <button ref={closeButton} type="button" onClick={close} className="rounded-lg p-2 text-slate-800 hover:bg-slate-100">
            <Icon name="close" className="h-6 w-6" />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <SearchBox onDone={close} className="px-3 pt-3 md:hidden" />
        <nav aria-label="Mobile" className="flex-1 overflow-y-auto p-3">
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.label}>
                <Link to={link.to} onClick={close} className={item}>
                  {link.label}
                </Link>
              </li>
            ))}
            {onLogout && (
              <li>
                <button
                  type="button"
                  className={`${item} w-full text-left`}
                  onClick={() => {
                    close();
                    onLogout();
                  }}
                >
                  Logout
                </button>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </div>
  );
}
