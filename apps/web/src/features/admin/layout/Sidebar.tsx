import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useNewEnquiryCount } from '../api/queries.ts';
import { ChevronIcon } from '../components/icons.tsx';
import { DASHBOARD, ENQUIRIES, NAV_GROUPS, groupOf } from './nav.ts';

const itemBase = 'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors';
const itemClass = ({ isActive }: { isActive: boolean }) =>
  `${itemBase} ${isActive ? 'bg-brand-600 text-white' : 'text-slate-200 hover:bg-white/10 hover:text-white'}`;

/**
 * The admin menu: Dashboard and three groups, one group open at a time (the one holding the
 * current page opens by itself). Collapsed, it shows the icons only; opening a group expands it.
 */
export function Sidebar({ collapsed, onExpand }: { collapsed: boolean; onExpand: () => void }) {
  const { pathname } = useLocation();
  const [openGroup, setOpenGroup] = useState<string | null>(() => groupOf(pathname));
  const newEnquiries = useNewEnquiryCount().data ?? 0;

  useEffect(() => {
    const current = groupOf(pathname);
    if (current) setOpenGroup(current);
  }, [pathname]);

  const label = collapsed ? 'md:sr-only' : '';
  return (
    <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        <li>
          <NavLink to={DASHBOARD.to} className={itemClass} title={collapsed ? DASHBOARD.label : undefined}>
            <DASHBOARD.icon className="h-5 w-5 shrink-0" />
            <span className={label}>{DASHBOARD.label}</span>
          </NavLink>
        </li>
        <li>
          <NavLink to={ENQUIRIES.to} className={itemClass} title={collapsed ? ENQUIRIES.label : undefined}>
            <span className="relative">
              <ENQUIRIES.icon className="h-5 w-5 shrink-0" />
              {collapsed && newEnquiries > 0 && (
                <span aria-hidden="true" className="absolute -top-1 -right-1 hidden h-2.5 w-2.5 rounded-full bg-red-500 md:block" />
              )}
            </span>
            <span className={`flex-1 ${label}`}>{ENQUIRIES.label}</span>
            {newEnquiries > 0 && (
              <span
                className={`rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white ${collapsed ? 'md:sr-only' : ''}`}
                data-testid="new-enquiries"
              >
                {newEnquiries}
                <span className="sr-only"> new</span>
              </span>
            )}
          </NavLink>
        </li>
        {NAV_GROUPS.map((group) => {
          const open = openGroup === group.id && !collapsed;
          const listId = `admin-nav-${group.id}`;
          const holdsCurrent = groupOf(pathname) === group.id;
          return (
            <li key={group.id}>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={listId}
                title={collapsed ? group.label : undefined}
                className={`${itemBase} w-full ${holdsCurrent ? 'text-white' : 'text-slate-200'} hover:bg-white/10 hover:text-white`}
                onClick={() => {
                  if (collapsed) {
                    onExpand();
                    setOpenGroup(group.id);
                  } else setOpenGroup(open ? null : group.id);
                }}
              >
                <group.icon className="h-5 w-5 shrink-0" />
                <span className={`flex-1 text-left ${label}`}>{group.label}</span>
                <ChevronIcon
                  className={`h-4 w-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''} ${collapsed ? 'md:hidden' : ''}`}
                />
              </button>
              <ul id={listId} hidden={!open} className="mt-1 space-y-1 border-l border-slate-600 pl-3 ml-5">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} className={itemClass}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
