import { useEffect } from 'react';

export interface HeadTags {
  title: string;
  description?: string;
  keywords?: string;
  /** Path of the page's canonical URL, e.g. '/shop/product'. */
  canonicalPath?: string;
  noindex?: boolean;
}

function setMeta(name: string, content: string | undefined) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === undefined) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Keeps the document's title, description, keywords, canonical link and robots tag right as the visitor navigates. */
export function useHead({ title, description, keywords, canonicalPath, noindex }: HeadTags): void {
  useEffect(() => {
    document.title = title;
    if (description !== undefined) setMeta('description', description);
    setMeta('keywords', keywords);
    setMeta('robots', noindex ? 'noindex, nofollow' : undefined);
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonicalPath === undefined) link?.remove();
    else {
      if (!link) {
        link = document.createElement('link');
        link.rel = 'canonical';
        document.head.appendChild(link);
      }
      link.href = new URL(canonicalPath, window.location.origin).href;
    }
  }, [title, description, keywords, canonicalPath, noindex]);
}
