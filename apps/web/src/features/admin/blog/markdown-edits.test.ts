import { describe, expect, it } from 'vitest';
import { applied, insertBlock, toggleEmphasis, toggleLinePrefix, toggleLink, type Edit } from './markdown-edits.ts';

type Tool = (value: string, start: number, end: number) => Edit;

/**
 * A tool pressed on `marked`, a body whose selection is between '{' and '}': the body it leaves, its selection
 * marked the same way.
 */
function press(tool: Tool, marked: string): string {
  const start = marked.indexOf('{');
  const end = marked.indexOf('}') - 1;
  const value = marked.replace('{', '').replace('}', '');
  const edit = tool(value, start, end);
  const next = applied(value, edit);
  return `${next.slice(0, edit.start)}{${next.slice(edit.start, edit.end)}}${next.slice(edit.end)}`;
}

const bold: Tool = (v, s, e) => toggleEmphasis(v, s, e, 'bold');
const italic: Tool = (v, s, e) => toggleEmphasis(v, s, e, 'italic');
const heading: Tool = (v, s, e) => toggleLinePrefix(v, s, e, () => '## ', /^## /);
const numbered: Tool = (v, s, e) => toggleLinePrefix(v, s, e, (n) => `${n}. `, /^\d+\. /);
const quote: Tool = (v, s, e) => toggleLinePrefix(v, s, e, () => '> ', /^> /);

describe('the Markdown toolbar', () => {
  it('makes the selection bold or italic, and a second press takes it off again', () => {
    expect(press(bold, 'alpha {beta} gamma')).toBe('alpha **{beta}** gamma');
    expect(press(bold, 'alpha **{beta}** gamma')).toBe('alpha {beta} gamma');
    expect(press(italic, 'alpha {beta} gamma')).toBe('alpha *{beta}* gamma');
    expect(press(italic, 'alpha *{beta}* gamma')).toBe('alpha {beta} gamma');
  });

  it('reads bold and italic apart, though they share their star', () => {
    expect(press(italic, '**{beta}**')).toBe('***{beta}***');
    expect(press(bold, '*{beta}*')).toBe('***{beta}***');
    expect(press(italic, '***{beta}***')).toBe('**{beta}**');
    expect(press(bold, '***{beta}***')).toBe('*{beta}*');
  });

  it('writes a placeholder, selected, when nothing is selected', () => {
    expect(press(bold, 'alpha {}')).toBe('alpha **{bold text}**');
    expect(press(italic, '{}')).toBe('*{italic text}*');
    expect(press(toggleLink, 'see {}')).toBe('see [{link text}](https://)');
  });

  it('makes the selection a link, and a link’s text again when pressed on it', () => {
    expect(press(toggleLink, 'see {our prices}')).toBe('see [{our prices}](https://)');
    expect(press(toggleLink, 'see [{our prices}](https://example.com) now')).toBe('see {our prices} now');
  });

  it('starts each line selected with a heading, list or quote mark, and takes it off when each has it', () => {
    expect(press(heading, 'alpha b{et}a')).toBe('{## alpha bet}a');
    expect(press(heading, '## alpha b{et}a')).toBe('{alpha bet}a');
    expect(press(numbered, 'intro\non{e\ntw}o')).toBe('intro\n{1. one\n2. tw}o');
    expect(press(numbered, 'intro\n1. on{e\n2. tw}o')).toBe('intro\n{one\ntw}o');
    // Lines only some of which have it: each gets it. The selection is left from the first line's start.
    expect(press(quote, '> on{e\ntw}o')).toBe('{> > one\n> tw}o');
  });

  it('puts a block in a paragraph of its own', () => {
    const image = (v: string, s: number) => insertBlock(v, s, '![x](/media/a)');
    expect(press(image, 'Intro{}')).toBe('Intro\n\n{![x](/media/a)}');
    expect(press(image, 'Intro\n\n{}More')).toBe('Intro\n\n{![x](/media/a)}\n\nMore');
  });
});
