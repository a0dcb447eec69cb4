/** What the server writes into index.html's head for one page. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  keywords?: string;
  noindex?: boolean;
  /** Absolute URL of the page's share image. */
  image?: string;
  ogType: 'website' | 'product' | 'article';
  siteName: string;
  /** An article's publish and last change times (ISO). */
  article?: { publishedTime: string; modifiedTime: string };
  /** The shop's blog feed, linked from every page for feed readers. */
  feed?: { title: string; href: string };
  jsonLd: object[];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** JSON for a <script type="application/ld+json"> block: nothing in it can close the script or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The head tags of a page, every value escaped. */
export function headTags(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, content: string | undefined) =>
    content === undefined ? '' : `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'keywords', head.keywords),
    head.noindex ? meta('name', 'robots', 'noindex, nofollow') : '',
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image),
    meta('property', 'og:locale', 'en_GB'),
    meta('property', 'article:published_time', head.article?.publishedTime),
    meta('property', 'article:modified_time', head.article?.modifiedTime),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    head.feed
      ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(head.feed.title)}" href="${escapeHtml(head.feed.href)}" />`
      : '',
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** index.html with its static title and description replaced by the page's own head. */
export function renderIndex(indexHtml: string, head: PageHead): string {
  const stripped = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  // A function replacement, so a "$&" in shop data is never read as a replacement pattern.
  return stripped.replace(/<\/head>/i, () => `  ${headTags(head)}\n  </head>`);
}
