import { describe, expect, it } from 'vitest';
import { mediaUrlsIn, readingMinutes, renderMarkdown } from './markdown.ts';

const IMAGE = `/media/${'a'.repeat(64)}.webp`;

describe('renderMarkdown', () => {
  it('renders headings (the page keeps the only h1), emphasis, lists, quotes, code and tables', () => {
    const html = renderMarkdown(
      '# Top\n\n### Small\n\n- **one**\n- *two*\n\n1. first\n\n> quoted\n\n`code`\n\n| a | b |\n|:-:|--|\n| 1 | 2 |',
    );
    expect(html).toContain('<h2>Top</h2>');
    expect(html).toContain('<h3>Small</h3>');
    expect(html).toContain('<ul>\n<li><strong>one</strong></li>\n<li><em>two</em></li>\n</ul>');
    expect(html).toContain('<ol>\n<li>first</li>\n</ol>');
    expect(html).toContain('<blockquote>\n<p>quoted</p>\n</blockquote>');
    expect(html).toContain('<code>code</code>');
    expect(renderMarkdown('```\nlong line\n```')).toBe('<pre tabindex="0"><code>long line\n</code></pre>\n');
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain('<th class="align-center">a</th>');
    expect(html).toContain('<th>b</th>');
  });

  it('keeps the shop’s own links and images, making them absolute for a feed', () => {
    const md = `[Repairs](/shop/phonerepair) ![Photo](${IMAGE}) [Elsewhere](https://example.com)`;
    expect(renderMarkdown(md)).toBe(
      `<p><a href="/shop/phonerepair">Repairs</a> <img src="${IMAGE}" alt="Photo" loading="lazy" decoding="async" /> ` +
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">Elsewhere</a></p>\n',
    );
    const feed = renderMarkdown(md, { origin: 'https://shop.example' });
    expect(feed).toContain('<a href="https://shop.example/shop/phonerepair">Repairs</a>');
    expect(feed).toContain(`<img src="https://shop.example${IMAGE}"`);
  });

  it('gives the shop’s images their widths when it knows them', () => {
    const html = renderMarkdown(`![Photo](${IMAGE})`, {
      imageSize: (src) => (src === IMAGE ? { width: 800, height: 600, srcset: `${IMAGE} 800w` } : undefined),
    });
    expect(html).toContain(
      `width="800" height="600" srcset="${IMAGE} 800w" sizes="(min-width: 800px) 720px, calc(100vw - 2rem)"`,
    );
  });

  it('drops images from anywhere else and shows HTML as text', () => {
    expect(renderMarkdown('![x](https://tracker.example/p.gif)')).toBe('<p></p>\n');
    expect(renderMarkdown('<b onclick="x()">bold?</b>')).toBe('<p>&lt;b onclick=“x()”&gt;bold?&lt;/b&gt;</p>\n');
    expect(renderMarkdown('[x](javascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>\n');
    expect(renderMarkdown('[mail](mailto:hi@example.com) [call](tel:+447700900123)')).toBe(
      '<p><a href="mailto:hi@example.com">mail</a> <a href="tel:+447700900123">call</a></p>\n',
    );
  });
});

describe('mediaUrlsIn and readingMinutes', () => {
  it('finds each /media image once, in order', () => {
    const other = `/media/${'b'.repeat(64)}.webp`;
    expect(mediaUrlsIn(`![1](${IMAGE}) ![2](${other}) ![3](${IMAGE}) /media/short.webp`)).toEqual([IMAGE, other]);
  });

  it('counts about 200 words a minute, and at least one minute', () => {
    expect(readingMinutes('Short.')).toBe(1);
    expect(readingMinutes('word '.repeat(1000))).toBe(5);
    expect(readingMinutes(`# Title\n\n${'**word** '.repeat(600)}`)).toBe(3);
  });
});
