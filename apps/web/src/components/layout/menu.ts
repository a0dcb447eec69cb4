import { ACCESSORIES_CATEGORY, SMART_PHONES_CATEGORY, shopPath, type Category, type Model, phoneBrands } from '@shop/shared';
import { query } from '../../lib/api.ts';

export interface MenuChild {
  id: string;
  label: string;
}

export interface MenuItem {
  label: string;
  path: string;
  /** The listing category a click adds to the path. */
  category?: string;
  /** Repair submenus go to a model's repair prices instead of the listing. */
  repair?: boolean;
  children?: MenuChild[];
}

/** Desktop menu: Home, Mobile Phone, Accessories and Phone Repair with their submenus of active records. */
export function buildMenu(models: Model[] | undefined, categories: Category[] | undefined): MenuItem[] {
  const brands = phoneBrands(models).map((m) => ({ id: m._id, label: m.model }));
  const accessoryCategories = (categories ?? []).filter((c) => c.status).map((c) => ({ id: c._id, label: c.category }));
  return [
    { label: 'Home', path: '/shop/home' },
    { label: 'Mobile Phone', path: '/shop/product', category: SMART_PHONES_CATEGORY, children: brands },
    { label: 'Accessories', path: '/shop/product', category: ACCESSORIES_CATEGORY, children: accessoryCategories },
    { label: 'Phone Repair', path: '/shop/phonerepair', repair: true, children: brands },
  ];
}

/** Where a click on a top item goes: its path, with its category when it has one. */
export function topItemTarget(item: MenuItem): string {
  return `${item.path}${query({ category: item.category })}`;
}

/**
 * Where a click on a submenu item goes: a Phone Repair child opens that model's repair prices;
 * any other child opens the item's path with category and filter, and is ignored (null) when
 * either is missing.
 */
export function subItemTarget(item: MenuItem, child: MenuChild): string | null {
  if (item.repair) return child.id ? shopPath('repairTable', { id: child.id }) : null;
  if (!item.category || !child.label) return null;
  return `${item.path}${query({ category: item.category, filter: child.label })}`;
}

export interface MobileMenuLink {
  label: string;
  to: string;
}

/** The slide-out menu's entries (spec section 2); signed-in visitors get Logout instead of Sign In and Sign Up. */
export function mobileMenuLinks({ signedIn, admin }: { signedIn: boolean; admin: boolean }): MobileMenuLink[] {
  return [
    { label: 'Home', to: '/shop/home' },
    { label: 'Blog', to: '/shop/blog' },
    { label: 'Mobile Phone', to: `/shop/product${query({ category: SMART_PHONES_CATEGORY })}` },
    { label: 'Accessories', to: `/shop/product${query({ category: ACCESSORIES_CATEGORY })}` },
    { label: 'Phone Repair', to: '/shop/phonerepair' },
    ...(signedIn
      ? []
      : [
          { label: 'Sign In', to: '/auth/login' },
          { label: 'Sign Up', to: '/auth/register' },
        ]),
    ...(admin ? [{ label: 'Admin Dashboard', to: '/admin/dashboard' }] : []),
  ];
}
