import type { ComponentType, SVGProps } from 'react';
import { BlogIcon, DashboardIcon, InboxIcon, PhoneIcon, SettingsIcon, WrenchIcon } from '../components/icons.tsx';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

export interface NavLinkItem {
  to: string;
  label: string;
}

export interface NavGroup {
  id: string;
  label: string;
  icon: Icon;
  items: NavLinkItem[];
  /** Other paths that belong to the group (edit pages), so it opens there too. */
  also: string[];
}

export const DASHBOARD: NavLinkItem & { icon: Icon } = { to: '/admin/dashboard', label: 'Dashboard', icon: DashboardIcon };
/** The inbox of enquiries and repair bookings; the sidebar shows how many are new. */
export const ENQUIRIES: NavLinkItem & { icon: Icon } = { to: '/admin/enquiries', label: 'Enquiries', icon: InboxIcon };

/** The sidebar groups of spec section 2, in order, and the blog's. */
export const NAV_GROUPS: NavGroup[] = [
  {
    id: 'product',
    label: 'Product',
    icon: PhoneIcon,
    items: [
      { to: '/admin/addproduct', label: 'Add Product' },
      { to: '/admin/productlist', label: 'Product List' },
    ],
    also: ['/admin/updateproduct/'],
  },
  {
    id: 'repair',
    label: 'Phone Repair',
    icon: WrenchIcon,
    items: [
      { to: '/admin/addphonerepair', label: 'Add Phone Repair' },
      { to: '/admin/phonerepairlist', label: 'Phone Repair List' },
    ],
    also: ['/admin/updatephonerepair/'],
  },
  {
    id: 'blog',
    label: 'Blog',
    icon: BlogIcon,
    items: [
      { to: '/admin/addblog', label: 'Add Post' },
      { to: '/admin/bloglist', label: 'Blog List' },
    ],
    also: ['/admin/updateblog/'],
  },
  {
    id: 'settings',
    label: 'App Setting',
    icon: SettingsIcon,
    items: [
      { to: '/admin/appdetail', label: 'App Detail' },
      { to: '/admin/userdetail', label: 'User Detail' },
      { to: '/admin/addmodel', label: 'Add Model' },
      { to: '/admin/repaircategory', label: 'Add Repair Category' },
      { to: '/admin/acccategory', label: 'Add Acc Category' },
      { to: '/admin/activity', label: 'Activity' },
    ],
    also: [],
  },
];

/** The group holding the page at `pathname`, if any. */
export function groupOf(pathname: string): string | null {
  const group = NAV_GROUPS.find((g) => g.items.some((i) => i.to === pathname) || g.also.some((p) => pathname.startsWith(p)));
  return group?.id ?? null;
}
