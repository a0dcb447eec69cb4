import { ACCEPTED_IMAGE_TYPES } from '@shop/shared';
import {
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type MouseEvent,
} from 'react';
import { errorMessage } from '../../../lib/api.ts';
import { uploadBodyImage } from './blog-mutations.ts';
import {
  applied,
  insertBlock,
  outsideImagesAndLinks,
  toggleEmphasis,
  toggleLinePrefix,
  toggleLink,
  type Edit,
} from './markdown-edits.ts';

type Render = (markdown: string) => string;

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: string;
  /** Told whether pictures are being uploaded into the text (the form waits for them before it is sent). */
  onUploading?: (uploading: boolean) => void;
}

const IMAGE_ALT = 'Describe the image';

/**
 * A Markdown editor: a formatting toolbar, images uploaded from a button, a paste or a drop (through the shop's
 * image pipeline, written in as `/media/...` URLs), and a live preview drawn by the very renderer the server uses
 * (packages/markdown, loaded with the editor: the shop's pages never download it). Side by side from 1024 px;
 * on a phone, Write and Preview take turns.
 */
export function MarkdownEditor({ id, label, value, onChange, onBlur, error, hint, onUploading }: Props) {
  const area = useRef<HTMLTextAreaElement>(null);
  const latest = useRef(value);
  latest.current = value;
  const [view, setView] = useState<'write' | 'preview'>('write');
  const [render, setRender] = useState<Render | null>(null);
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState('');
  const busy = uploading > 0;
  useEffect(() => onUploading?.(busy), [busy, onUploading]);

  useEffect(() => {
    let live = true;
    void import('@shop/markdown').then((m) => {
      if (live) setRender(() => m.renderMarkdown);
    });
    return () => {
      live = false;
    };
  }, []);
  const shown = useDeferredValue(value);
  const html = useMemo(() => (render ? render(shown) : null), [render, shown]);

  // The selection an edit leaves when the text area could not make it itself, set once it shows the edited text.
  const pending = useRef<(Edit & { value: string }) | null>(null);
  useLayoutEffect(() => {
    const edit = pending.current;
    const el = area.current;
    if (!edit || !el || el.value !== edit.value) return;
    pending.current = null;
    el.focus();
    el.setSelectionRange(edit.start, edit.end);
  }, [value]);
  // An edit is made by the text area as typing would be (its input event tells the form), so that its undo (Ctrl+Z)
  // takes it back; only where the browser cannot (the text area hidden behind the preview), the text is set whole.
  const apply = (edit: Edit) => {
    const el = area.current;
    el?.focus();
    if (el && document.activeElement === el && typeof document.execCommand === 'function') {
      el.setSelectionRange(edit.from, edit.to);
      if (document.execCommand('insertText', false, edit.text)) {
        latest.current = el.value;
        el.setSelectionRange(edit.start, edit.end);
        return;
      }
    }
    const next = applied(latest.current, edit);
    pending.current = { ...edit, value: next };
    latest.current = next;
    onChange(next);
  };
  // Where the caret is, or will be once the text area shows an edit still to be drawn (pictures uploaded together).
  const caret = () => pending.current?.end ?? area.current?.selectionEnd ?? latest.current.length;

  const tools: { label: string; text: string; run: (start: number, end: number) => Edit }[] = [
    { label: 'Bold', text: 'B', run: (start, end) => toggleEmphasis(value, start, end, 'bold') },
    { label: 'Italic', text: 'I', run: (start, end) => toggleEmphasis(value, start, end, 'italic') },
    { label: 'Heading', text: 'H', run: (start, end) => toggleLinePrefix(value, start, end, () => '## ', /^## /) },
    { label: 'Link', text: 'Link', run: (start, end) => toggleLink(value, start, end) },
    { label: 'Bulleted list', text: 'List', run: (start, end) => toggleLinePrefix(value, start, end, () => '- ', /^- /) },
    {
      label: 'Numbered list',
      text: 'Numbered',
      run: (start, end) => toggleLinePrefix(value, start, end, (n) => `${n}. `, /^\d+\. /),
    },
    { label: 'Quote', text: 'Quote', run: (start, end) => toggleLinePrefix(value, start, end, () => '> ', /^> /) },
  ];

  const upload = async (files: File[]) => {
    const images = files.filter((f) => f.type.startsWith('image/'));
    if (images.length === 0) return;
    setUploadError('');
    setUploading((n) => n + images.length);
    for (const file of images) {
      try {
        const asset = await uploadBodyImage(file);
        const at = outsideImagesAndLinks(latest.current, caret());
        const edit = insertBlock(latest.current, at, `![${IMAGE_ALT}](${asset.secure_url})`);
        // The alt text is selected, ready to be typed over.
        apply({ ...edit, start: edit.start + 2, end: edit.start + 2 + IMAGE_ALT.length });
      } catch (err) {
        setUploadError(errorMessage(err, 'The image could not be uploaded'));
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  // Text copied from a document (Word, Excel) comes as text and as HTML, with a picture of itself: the text is
  // what is meant. A picture copied alone, or a file, is uploaded.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData.files);
    const copiedText = event.clipboardData.getData('text/plain') !== '' && event.clipboardData.getData('text/html') !== '';
    if (!copiedText && files.some((f) => f.type.startsWith('image/'))) {
      event.preventDefault();
      void upload(files);
    }
  };
  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.dataTransfer.files);
    if (files.some((f) => f.type.startsWith('image/'))) {
      event.preventDefault();
      void upload(files);
    }
  };
  // The preview is to look at: its links do not leave the editor.
  const stayInEditor = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a')) event.preventDefault();
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const status = busy ? 'Uploading image…' : '';
  const toggle = (which: 'write' | 'preview') =>
    `rounded-md px-3 py-1.5 text-sm font-semibold ${view === which ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`;

  return (
    <div>
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <div role="group" aria-label="Editor view" className="flex gap-1 rounded-lg border border-slate-300 p-0.5 lg:hidden">
          <button type="button" aria-pressed={view === 'write'} className={toggle('write')} onClick={() => setView('write')}>
            Write
          </button>
          <button
            type="button"
            aria-pressed={view === 'preview'}
            className={toggle('preview')}
            onClick={() => setView('preview')}
          >
            Preview
          </button>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className={`flex flex-col lg:h-[42rem] ${view === 'preview' ? 'max-lg:hidden' : ''}`}>
          <div role="toolbar" aria-label="Formatting" aria-controls={id} className="mb-2 flex flex-wrap gap-1">
            {tools.map((tool) => (
              <button
                key={tool.label}
                type="button"
                aria-label={tool.label}
                title={tool.label}
                onClick={() =>
                  apply(tool.run(area.current?.selectionStart ?? value.length, area.current?.selectionEnd ?? value.length))
                }
                className="min-h-9 min-w-9 rounded-md border border-slate-300 bg-white px-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              >
                {tool.text}
              </button>
            ))}
            <input
              id={`${id}-image`}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(',')}
              className="peer sr-only"
              onChange={(e) => {
                const files = Array.from(e.target.files ?? []);
                e.target.value = '';
                void upload(files);
              }}
            />
            <label
              htmlFor={`${id}-image`}
              className="inline-flex min-h-9 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-2 text-sm font-semibold text-slate-800 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 hover:bg-slate-50"
            >
              Insert image
            </label>
          </div>
          <textarea
            ref={area}
            id={id}
            name={id}
            rows={18}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
            onPaste={onPaste}
            onDrop={onDrop}
            spellCheck
            aria-invalid={error ? true : undefined}
            aria-describedby={[hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
            className="min-h-80 w-full flex-1 rounded-lg border border-slate-500 bg-white px-3 py-2 font-mono text-sm leading-relaxed text-ink focus:border-brand-500 aria-invalid:border-red-600"
          />
        </div>
        <section
          aria-label="Preview"
          // Scrolls on a desktop: reachable with the keyboard.
          tabIndex={0}
          className={`min-h-80 min-w-0 rounded-lg border border-slate-200 bg-white p-4 lg:h-[42rem] lg:overflow-y-auto ${view === 'write' ? 'max-lg:hidden' : ''}`}
        >
          <p className="mb-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">Preview</p>
          {html === null ? (
            <p className="text-slate-600">Loading preview…</p>
          ) : html.trim() === '' ? (
            <p className="text-slate-600">Nothing to preview yet.</p>
          ) : (
            <div className="post-body" data-links-stay onClick={stayInEditor} dangerouslySetInnerHTML={{ __html: html }} />
          )}
        </section>
      </div>
      <p role="status" className="mt-1 text-sm text-slate-700">
        {status}
      </p>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {uploadError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {uploadError}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
