import type { Category, Model } from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../lib/testing.tsx';
import { DesktopMenu } from './DesktopMenu.tsx';
import { buildMenu, mobileMenuLinks, subItemTarget, topItemTarget, type MenuItem } from './menu.ts';
import { MobileMenu } from './MobileMenu.tsx';

const stamp = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
const model = (id: string, name: string, status = true): Model => ({
  _id: id,
  model: name,
  slug: name.toLowerCase(),
  status,
  file: null,
  ...stamp,
});
const category = (id: string, name: string, status = true): Category => ({ _id: id, category: name, status, ...stamp });

const models = [
  model('m1', 'Apple'),
  model('m2', 'Samsung'),
  model('m3', 'Accessories'),
  model('m4', 'Nokia', false),
  model('m5', 'ACCESSORIES'),
];
const categories = [category('c1', 'Cases'), category('c2', 'Chargers'), category('c3', 'Old stock', false)];

describe('menu model', () => {
  const menu = buildMenu(models, categories);
  const [home, phones, accessories, repair] = menu as [MenuItem, MenuItem, MenuItem, MenuItem];

  it('has Home, Mobile Phone, Accessories and Phone Repair with active records only, never the Accessories model', () => {
    expect(menu.map((i) => i.label)).toEqual(['Home', 'Mobile Phone', 'Accessories', 'Phone Repair']);
    expect(phones.children?.map((c) => c.label)).toEqual(['Apple', 'Samsung']);
    expect(repair.children?.map((c) => c.label)).toEqual(['Apple', 'Samsung']);
    expect(accessories.children?.map((c) => c.label)).toEqual(['Cases', 'Chargers']);
    expect(home.children).toBeUndefined();
  });

  it('sends a top item to its path, adding its category when it has one', () => {
    expect(topItemTarget(home)).toBe('/shop/home');
    expect(topItemTarget(phones)).toBe('/shop/product?category=Smart+phones');
    expect(topItemTarget(accessories)).toBe('/shop/product?category=Accessories');
    expect(topItemTarget(repair)).toBe('/shop/phonerepair');
  });

  it('sends a Phone Repair submenu click to the repair prices of that model id', () => {
    expect(subItemTarget(repair, { id: 'm1', label: 'Apple' })).toBe('/shop/phonerepairdetail/m1');
    expect(subItemTarget(repair, { id: '', label: 'Apple' })).toBeNull();
  });

  it('sends any other submenu click to the path with category and filter, and ignores it when either is missing', () => {
    expect(subItemTarget(phones, { id: 'm2', label: 'Samsung' })).toBe('/shop/product?category=Smart+phones&filter=Samsung');
    expect(subItemTarget(accessories, { id: 'c1', label: 'Cases' })).toBe('/shop/product?category=Accessories&filter=Cases');
    expect(subItemTarget(phones, { id: 'm2', label: '' })).toBeNull();
    expect(subItemTarget({ label: 'Home', path: '/shop/home' }, { id: 'x', label: 'Apple' })).toBeNull();
  });

  it('gives the mobile menu its entries, Admin Dashboard for admins only', () => {
    expect(mobileMenuLinks({ signedIn: false, admin: false }).map((l) => l.label)).toEqual([
      'Home',
      'Blog',
      'Mobile Phone',
      'Accessories',
      'Phone Repair',
      'Sign In',
      'Sign Up',
    ]);
    const admin = mobileMenuLinks({ signedIn: true, admin: true }).map((l) => l.label);
    expect(admin).toContain('Admin Dashboard');
    expect(admin).not.toContain('Sign In');
    expect(mobileMenuLinks({ signedIn: true, admin: false }).map((l) => l.label)).not.toContain('Admin Dashboard');
  });
});

describe('DesktopMenu', () => {
  const items = buildMenu(models, categories);

  it('links its top items and submenu items to their pages', async () => {
    const user = userEvent.setup();
    renderRoute(<DesktopMenu items={items} />);
    expect(screen.getByRole('link', { name: 'Mobile Phone' })).toHaveAttribute('href', '/shop/product?category=Smart+phones');

    await user.click(screen.getByRole('button', { name: 'Accessories submenu' }));
    expect(screen.getByRole('link', { name: 'Chargers' })).toHaveAttribute(
      'href',
      '/shop/product?category=Accessories&filter=Chargers',
    );

    await user.click(screen.getByRole('button', { name: 'Phone Repair submenu' }));
    expect(screen.getByRole('link', { name: 'Samsung' })).toHaveAttribute('href', '/shop/phonerepairdetail/m2');
  });

  it('opens a submenu from the keyboard and closes it on Escape, returning focus to its toggle', async () => {
    const user = userEvent.setup();
    renderRoute(<DesktopMenu items={items} />);
    const toggle = screen.getByRole('button', { name: 'Mobile Phone submenu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Apple' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('opens on hover and closes when the pointer leaves', async () => {
    const user = userEvent.setup();
    renderRoute(<DesktopMenu items={items} />);
    const toggle = screen.getByRole('button', { name: 'Accessories submenu' });
    await user.hover(screen.getByRole('link', { name: 'Accessories' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.unhover(screen.getByRole('link', { name: 'Accessories' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('MobileMenu', () => {
  const links = mobileMenuLinks({ signedIn: false, admin: false });
  // Opening and light dismissal (a click outside, Escape) are the browser's own popover behaviour, which jsdom lacks:
  // the storefront journeys check them in Chromium, with and without the app. Here: the wiring, and what the app adds.
  const hidden: Element[] = [];
  beforeEach(() => {
    hidden.length = 0;
    HTMLElement.prototype.hidePopover = function (this: HTMLElement) {
      hidden.push(this);
    };
  });
  afterEach(() => {
    delete (HTMLElement.prototype as Partial<HTMLElement>).hidePopover;
  });

  it('is a popover that its button opens and its close button hides, with no script needed', () => {
    renderRoute(<MobileMenu links={links} shopName="Test Shop" />);
    const panel = screen.getByRole('dialog', { hidden: true });
    expect(panel).toHaveAttribute('aria-label', 'Menu');
    expect(panel).toHaveAttribute('popover', 'auto');
    expect(screen.getByRole('button', { name: 'Menu', hidden: true })).toHaveAttribute('popovertarget', panel.id);
    const closer = screen.getByRole('button', { name: 'Close menu', hidden: true });
    expect(closer).toHaveAttribute('popovertarget', panel.id);
    expect(closer).toHaveAttribute('popovertargetaction', 'hide');
  });

  it('puts focus on its close button as it opens, and links its items to their pages', () => {
    // The browser focuses a popover's autofocus element as it opens it: the attribute is in the server's HTML.
    expect(renderToString(<MobileMenu links={links} shopName="Test Shop" />)).toMatch(/<button type="button" autofocus=""/);
    renderRoute(<MobileMenu links={links} shopName="Test Shop" />);
    expect(screen.getByRole('link', { name: 'Blog', hidden: true })).toHaveAttribute('href', '/shop/blog');
  });

  it('offers Logout to signed-in visitors', async () => {
    const user = userEvent.setup();
    let loggedOut = false;
    renderRoute(
      <MobileMenu
        links={mobileMenuLinks({ signedIn: true, admin: true })}
        shopName="Test Shop"
        onLogout={() => (loggedOut = true)}
      />,
    );
    expect(screen.getByRole('link', { name: 'Admin Dashboard', hidden: true })).toHaveAttribute('href', '/admin/dashboard');
    await user.click(screen.getByRole('button', { name: 'Logout', hidden: true }));
    expect(loggedOut).toBe(true);
    expect(hidden).toHaveLength(1);
  });
});
