import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLogout } from '../../../lib/account.ts';
import { useSession } from '../../../lib/session.ts';

/** The avatar and the user's name; a click opens a small menu with Dashboard and Logout. */
export function UserMenu() {
  const { data: user } = useSession();
  const { logout, busy } = useLogout();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();
  const name = user?.name?.trim() || 'admin';

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      // Focus moving on past the menu (Tab after Logout) closes it, as a click elsewhere does.
      onBlur={(e) => {
        if (e.relatedTarget && !root.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        <span
          aria-hidden="true"
          className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-base font-bold text-white uppercase"
        >
          {name.charAt(0)}
        </span>
        <span className="max-w-40 truncate">{name}</span>
        <span className="sr-only">account menu</span>
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-30 mt-2 w-44 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        <li>
          <Link to="/admin/dashboard" className="block px-4 py-2 text-sm text-slate-800 hover:bg-slate-100">
            Dashboard
          </Link>
        </li>
        <li>
          <button
            type="button"
            disabled={busy}
            onClick={logout}
            className="block w-full px-4 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 disabled:opacity-60"
          >
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
