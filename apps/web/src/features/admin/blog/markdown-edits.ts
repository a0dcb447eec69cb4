/**
 * The Markdown editor's toolbar edits, each as the text it puts in place of a range of the body, so the text box can
 * make it as typing would (and its undo can take it back), and the selection it leaves. A button pressed again on
 * text it has marked up takes its markup off.
 */
export interface Edit {
  /** The range replaced, and what replaces it. */
  from: number;
  to: number;
  text: string;
  /** The selection left afterwards. */
  start: number;
  end: number;
}

/** The body once `edit` is made. */
export const applied = (value: string, edit: Edit) => value.slice(0, edit.from) + edit.text + value.slice(edit.to);

const run = (text: string, at: number, step: 1 | -1, char: string) => {
  let n = 0;
  while (text[step === 1 ? at + n : at - 1 - n] === char) n++;
  return n;
};

/**
 * Bold (`**`) or italic (`*`) on the selection, or on a placeholder word, selected. Bold and italic share their
 * character: an odd run of stars around the selection is italic (with bold too at three), two or more is bold.
 */
export function toggleEmphasis(value: string, start: number, end: number, kind: 'bold' | 'italic'): Edit {
  const picked = value.slice(start, end);
  const stars = Math.min(run(value, start, -1, '*'), run(value, end, 1, '*'));
  const on = kind === 'bold' ? stars >= 2 : stars % 2 === 1;
  const mark = kind === 'bold' ? '**' : '*';
  if (on && picked) {
    return { from: start - mark.length, to: end + mark.length, text: picked, start: start - mark.length, end: end - mark.length };
  }
  return wrap(value, start, end, mark, mark, kind === 'bold' ? 'bold text' : 'italic text');
}

/** A link on the selection, or on a placeholder, selected; pressed on a link's text, the text alone. */
export function toggleLink(value: string, start: number, end: number): Edit {
  const picked = value.slice(start, end);
  const target = /^\]\([^)\n]*\)/.exec(value.slice(end));
  if (picked && value[start - 1] === '[' && target) {
    return { from: start - 1, to: end + target[0].length, text: picked, start: start - 1, end: end - 1 };
  }
  return wrap(value, start, end, '[', '](https://)', 'link text');
}

function wrap(value: string, start: number, end: number, before: string, after: string, placeholder: string): Edit {
  const picked = value.slice(start, end) || placeholder;
  return {
    from: start,
    to: end,
    text: before + picked + after,
    start: start + before.length,
    end: start + before.length + picked.length,
  };
}

/**
 * Starts every line the selection touches with `prefix` (numbered lines count up), or, when each already starts
 * with what `marked` matches, takes that off.
 */
export function toggleLinePrefix(value: string, start: number, end: number, prefix: (n: number) => string, marked: RegExp): Edit {
  const from = value.lastIndexOf('\n', start - 1) + 1;
  const lines = value.slice(from, end).split('\n');
  const off = lines.every((line) => marked.test(line));
  const block = lines.map((line, i) => (off ? line.replace(marked, '') : prefix(i + 1) + line)).join('\n');
  return { from, to: end, text: block, start: from, end: from + block.length };
}

/** Puts `text` in a paragraph of its own at the caret (a blank line before and after it). */
export function insertBlock(value: string, at: number, text: string): Edit {
  const head = value.slice(0, at);
  const before = head === '' || head.endsWith('\n\n') ? '' : head.endsWith('\n') ? '\n' : '\n\n';
  const tail = value.slice(at);
  const after = tail === '' || tail.startsWith('\n\n') ? '' : tail.startsWith('\n') ? '\n' : '\n\n';
  return { from: at, to: at, text: before + text + after, start: at + before.length, end: at + before.length + text.length };
}

/**
 * Where a block goes for a caret at `at`: after the image or link the caret is in ('![A crac|ked screen](/media/x)',
 * as an upload leaves its alt text selected), never inside it.
 */
export function outsideImagesAndLinks(value: string, at: number): number {
  for (const m of value.matchAll(/!?\[[^\n]*?\]\([^)\n]*\)/g)) {
    if (m.index < at && at < m.index + m[0].length) return m.index + m[0].length;
  }
  return at;
}
