import { useEffect } from 'react';

export interface HeadTags {
  /** Left as it is when undefined (a page whose record is still loading). */
  title?: string;
  description?: string;
  keywords?: string;
  /** Path of the page's canonical URL, e.g. '/shop/product'. */
  canonicalPath?: string;
  noindex?: boolean;
}

function setMeta(attr: 'name' | 'property', key: string, content: string | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === undefined) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/**
 * Keeps the head tags the server rendered right as the visitor navigates: title, description,
 * keywords, canonical link, robots, and the Open Graph and Twitter title, description and URL.
 */
export function useHead({ title, description, keywords, canonicalPath, noindex }: HeadTags): void {
  useEffect(() => {
    if (title !== undefined) {
      document.title = title;
      setMeta('property', 'og:title', title);
      setMeta('name', 'twitter:title', title);
    }
    if (description !== undefined) {
      setMeta('name', 'description', description);
      setMeta('property', 'og:description', description);
      setMeta('name', 'twitter:description', description);
    }
    setMeta('name', 'keywords', keywords);
    setMeta('name', 'robots', noindex ? 'noindex, nofollow' : undefined);
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonicalPath === undefined) link?.remove();
    else {
      const href = new URL(canonicalPath, link?.href ?? window.location.origin).href;
      if (!link) {
        link = document.createElement('link');
        link.rel = 'canonical';
        document.head.appendChild(link);
      }
      link.href = href;
      setMeta('property', 'og:url', href);
    }
  }, [title, description, keywords, canonicalPath, noindex]);
}
