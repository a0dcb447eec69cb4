import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useHead, type HeadTags } from './head.ts';

function Page(props: HeadTags) {
  useHead(props);
  return null;
}

const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content;

describe('useHead', () => {
  beforeEach(() => {
    document.head.innerHTML = '<link rel="canonical" href="https://www.myshop.co.uk/shop/home" /><meta property="og:title" content="Server title" />';
  });

  it('keeps title, description, canonical on the public origin, and the share tags in step as pages change', () => {
    const { rerender } = render(<Page title="Home | Shop" description="Welcome" canonicalPath="/shop/home" />);
    expect(document.title).toBe('Home | Shop');
    expect(meta('meta[property="og:title"]')).toBe('Home | Shop');
    rerender(<Page title="Phones | Shop" description="All phones" keywords="phones" canonicalPath="/shop/product?category=Smart+phones" />);
    expect(document.title).toBe('Phones | Shop');
    expect(meta('meta[name="description"]')).toBe('All phones');
    expect(meta('meta[name="twitter:description"]')).toBe('All phones');
    expect(meta('meta[name="keywords"]')).toBe('phones');
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe('https://www.myshop.co.uk/shop/product?category=Smart+phones');
    expect(meta('meta[property="og:url"]')).toBe('https://www.myshop.co.uk/shop/product?category=Smart+phones');
    expect(meta('meta[name="robots"]')).toBeUndefined();
    rerender(<Page title="Sign In" noindex />);
    expect(meta('meta[name="robots"]')).toBe('noindex, nofollow');
    expect(meta('meta[name="keywords"]')).toBeUndefined();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });
});
