import { useRef } from 'react';
import { Icon } from './Icon.tsx';
import type { MobileMenuLink } from './menu.ts';
import { SearchBox } from './SearchBox.tsx';

interface Props {
  links: MobileMenuLink[];
  shopName: string;
  onLogout?: (() => void) | undefined;
}

/**
 * The slide-out menu for phones and tablets: a native popover, so the hamburger button opens it before any script
 * has run, and a click outside it or Escape closes it (returning focus to the button) without any; opening it puts
 * focus on its close button (the browser focuses a popover's autofocus element as it opens), and its items are links
 * to other pages. It is not modal: Tab moves on past it, and it closes as focus leaves it, so the focus is never
 * hidden behind it.
 */
export function MobileMenu({ links, shopName, onLogout }: Props) {
  const panelId = 'mobile-menu';
  const panel = useRef<HTMLDivElement>(null);

  const close = () => panel.current?.hidePopover();
  const item = 'block rounded-lg px-4 py-3 text-base font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-700';

  return (
    <div className="lg:hidden">
      <button
        type="button"
        popoverTarget={panelId}
        className="inline-flex items-center gap-2 rounded-lg border border-slate-300 p-2 text-slate-800 hover:bg-slate-50"
      >
        <Icon name="menu" className="h-6 w-6" />
        <span className="sr-only">Menu</span>
      </button>
      <div
        ref={panel}
        id={panelId}
        popover="auto"
        role="dialog"
        aria-label="Menu"
        onBlur={(event) => {
          if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) close();
        }}
        className="fixed inset-y-0 right-auto left-0 m-0 h-full max-h-none w-72 max-w-[85vw] -translate-x-full flex-col border-0 bg-white p-0 text-ink shadow-2xl transition-[translate,display,overlay] transition-discrete duration-300 backdrop:bg-ink/50 open:flex open:translate-x-0 motion-reduce:transition-none starting:open:-translate-x-full"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <span className="min-w-0 font-bold break-words text-ink">{shopName}</span>
          <button
            type="button"
            autoFocus
            popoverTarget={panelId}
            popoverTargetAction="hide"
            className="rounded-lg p-2 text-slate-800 hover:bg-slate-100"
          >
            <Icon name="close" className="h-6 w-6" />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <SearchBox id="mobile-menu-search" className="px-3 pt-3 md:hidden" />
        <nav aria-label="Mobile" className="flex-1 overflow-y-auto p-3">
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.label}>
                <a href={link.to} className={item}>
                  {link.label}
                </a>
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
