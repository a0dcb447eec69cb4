import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * The one rendering of a blog post's Markdown, used by the server for the shop's pages and the feed, and by the
 * admin console's live preview: Markdown with raw HTML off, then an allow-list sanitiser over the result.
 */

/** The shop's own stored images: `/media/<sha256>.webp`, the only pictures a post's body may show. */
export const OWN_IMAGE = /^\/media\/[a-f0-9]{64}\.webp$/;

/** Every `/media` image a body's Markdown names, in order of first appearance. */
export function mediaUrlsIn(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(/\/media\/[a-f0-9]{64}\.webp/g)].map((m) => m[0]))];
}

export interface ImageSize {
  width: number;
  height: number;
  /** 'url 400w, url 800w, ...' */
  srcset: string;
}

export interface RenderOptions {
  /** The shop's origin (https://www.example.co.uk): the body's own links and images become absolute, for feed readers. */
  origin?: string;
  /** Widths and sizes of the shop's images, by their `/media` URL, so the page can ask for the width it needs. */
  imageSize?: (src: string) => ImageSize | undefined;
}

/** How wide a body image is drawn: the article column is at most 720 px. */
const BODY_IMAGE_SIZES = '(min-width: 800px) 720px, calc(100vw - 2rem)';

const SAFE_LINK = /^(?:https?:|mailto:|tel:)/i;
/** A path of this shop, or a fragment of the page: not '//host', which is another site. */
const LOCAL_LINK = /^(?:\/(?!\/)|#)/;
const WEB_LINK = /^https?:/i;

const md = new MarkdownIt({ html: false, linkify: true, typographer: true });
// CommonMark accepts any scheme; the shop accepts web, mail and phone links and its own paths.
md.validateLink = (url) => SAFE_LINK.test(url) || LOCAL_LINK.test(url);
// Table alignment arrives as a style attribute, which the sanitiser drops: a class carries it instead.
md.core.ruler.push('align_class', (state) => {
  for (const token of state.tokens) {
    const style = token.attrGet('style');
    const align = typeof style === 'string' ? /^text-align:(left|center|right)$/.exec(style)?.[1] : undefined;
    if (token.attrs) token.attrs = token.attrs.filter(([name]) => name !== 'style');
    if (align) token.attrSet('class', `align-${align}`);
  }
});

const ALIGN = ['align-left', 'align-center', 'align-right'];

function sanitiserOptions({ origin, imageSize }: RenderOptions): sanitizeHtml.IOptions {
  const absolute = (url: string) => (origin && url.startsWith('/') ? `${origin}${url}` : url);
  return {
    allowedTags: [
      'p',
      'br',
      'hr',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'strong',
      'em',
      's',
      'code',
      'pre',
      'blockquote',
      'ul',
      'ol',
      'li',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'width', 'height', 'srcset', 'sizes', 'loading', 'decoding'],
      ol: ['start'],
      pre: ['tabindex'],
      table: ['tabindex'],
    },
    allowedClasses: { th: ALIGN, td: ALIGN },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    // Images only by path (the shop's own /media files), never from another site or a data: URL.
    allowedSchemesByTag: { img: origin ? ['https', 'http'] : [] },
    allowProtocolRelative: false,
    parseStyleAttributes: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      // The page's title is its only h1.
      h1: 'h2',
      // Code and tables scroll sideways inside themselves on a phone: reachable with the keyboard too.
      pre: () => ({ tagName: 'pre', attribs: { tabindex: '0' } }),
      table: () => ({ tagName: 'table', attribs: { tabindex: '0' } }),
      a: (_tag, attribs) => {
        const href = attribs.href ?? '';
        // Another site opens in a new tab; a mail or phone link opens its app, leaving no empty tab behind.
        const out: sanitizeHtml.Attributes = LOCAL_LINK.test(href)
          ? { href: absolute(href) }
          : WEB_LINK.test(href)
            ? { href, target: '_blank', rel: 'noopener noreferrer' }
            : { href };
        if (attribs.title) out.title = attribs.title;
        return { tagName: 'a', attribs: out };
      },
      img: (_tag, attribs) => {
        const src = attribs.src ?? '';
        if (!OWN_IMAGE.test(src)) return { tagName: 'img', attribs: {} };
        const size = imageSize?.(src);
        const out: sanitizeHtml.Attributes = { src: absolute(src), alt: attribs.alt ?? '' };
        if (attribs.title) out.title = attribs.title;
        if (size) {
          out.width = String(size.width);
          out.height = String(size.height);
          out.srcset = size.srcset
            .split(', ')
            .map((entry) => absolute(entry))
            .join(', ');
          out.sizes = BODY_IMAGE_SIZES;
        }
        out.loading = 'lazy';
        out.decoding = 'async';
        return { tagName: 'img', attribs: out };
      },
    },
    // An image that is not the shop's own is left out altogether.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

/** A post's body as safe HTML: the same on the server and in the editor's preview. */
export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  return sanitizeHtml(md.render(markdown), sanitiserOptions(options));
}

/** Words a reader reads per minute, for a post's reading time. */
const WORDS_PER_MINUTE = 200;

/** Minutes to read a post's body (at least 1), counted on its rendered text. */
export function readingMinutes(markdown: string): number {
  const text = sanitizeHtml(md.render(markdown), { allowedTags: [], allowedAttributes: {} });
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
