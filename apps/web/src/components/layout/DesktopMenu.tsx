import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Icon } from './Icon.tsx';
import { subItemTarget, topItemTarget, type MenuItem } from './menu.ts';

const topLink =
  'whitespace-nowrap rounded-md px-2 py-2 xl:px-3 text-[0.95rem] font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-700';

function MenuEntry({ item, submenuId }: { item: MenuItem; submenuId: string }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const children = (item.children ?? []).flatMap((child) => {
    const to = subItemTarget(item, child);
    return to ? [{ child, to }] : [];
  });
  const hasSubmenu = children.length > 0;

  const onBlur = (e: FocusEvent<HTMLLIElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.key === 'Escape' && open) {
      setOpen(false);
      toggle.current?.focus();
    }
  };

  return (
    <li
      className="relative flex items-center"
      onMouseEnter={hasSubmenu ? () => setOpen(true) : undefined}
      onMouseLeave={hasSubmenu ? () => setOpen(false) : undefined}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <a href={topItemTarget(item)} className={topLink}>
        {item.label}
      </a>
      {hasSubmenu && (
        <>
          <button
            ref={toggle}
            type="button"
            aria-expanded={open}
            aria-controls={submenuId}
            aria-label={`${item.label} submenu`}
            className="-ml-2 rounded-md p-1.5 text-slate-700 hover:bg-brand-50 hover:text-brand-700"
            onClick={(e) => setOpen((o) => (e.detail === 0 ? !o : true))}
          >
            <Icon name="chevronDown" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
          </button>
          <ul
            id={submenuId}
            hidden={!open}
            className="absolute top-full left-0 z-40 max-h-[70vh] min-w-56 overflow-y-auto rounded-xl border border-slate-200 bg-white py-2 shadow-xl"
          >
            {children.map(({ child, to }) => (
              <li key={child.id}>
                <a
                  href={to}
                  className="block px-4 py-2 text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-700 focus-visible:bg-brand-50"
                >
                  {child.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

/**
 * The desktop menu: top items go to their page; a submenu opens on hover or on its toggle (a
 * pointer click keeps a hover-opened submenu open, Enter or Space toggles it) and closes when the
 * pointer or focus leaves, or on Escape.
 */
export function DesktopMenu({ items }: { items: MenuItem[] }) {
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {items.map((item, i) => (
          <MenuEntry key={item.label} item={item} submenuId={`submenu-${i}`} />
        ))}
      </ul>
    </nav>
  );
}
