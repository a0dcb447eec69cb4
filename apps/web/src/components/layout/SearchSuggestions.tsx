import { formatGBP, type SearchKind, type SearchResult } from '@shop/shared';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { KIND_LABELS, SEARCH_MIN_LENGTH, repairPrice, searchQuery, useSearch } from '../../lib/search.ts';
import type { ComboHandlers, ComboState } from './SearchBox.tsx';

/** Time after the last key before suggestions are asked for. */
const DEBOUNCE_MS = 150;
const SUGGESTIONS = 8;

interface Props {
  input: RefObject<HTMLInputElement | null>;
  handlers: RefObject<ComboHandlers | null>;
  listId: string;
  kind: SearchKind | undefined;
  onState: (state: ComboState) => void;
  go: (to: string) => void;
}

interface Option {
  to: string;
  result?: SearchResult;
}

const detail = (r: SearchResult) => {
  if (r.kind === 'repair') return r.price === undefined ? KIND_LABELS.repair : repairPrice(r, r.price);
  if (r.kind === 'brand') return `${KIND_LABELS.brand} · repair prices`;
  return r.price === undefined ? KIND_LABELS.product : `Buy for ${formatGBP(r.price)}`;
};

/**
 * The suggestions' answers, kept for the page's life and shared by its search boxes: a box is an island of its own on
 * a server-rendered page (islands.tsx), outside any app, so the data library comes with this chunk.
 */
const answers = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });

export default function SearchSuggestions(props: Props) {
  return (
    <QueryClientProvider client={answers}>
      <Suggestions {...props} />
    </QueryClientProvider>
  );
}

/**
 * The search box's suggestions (the ARIA combobox pattern, list autocomplete): asked for once typing pauses, chosen
 * with the arrow keys and Enter or a click, closed with Escape; the last one leads to every result. With a `kind`,
 * Enter opens the best suggestion when none is chosen.
 */
function Suggestions({ input, handlers, listId, kind, onState, go }: Props) {
  const client = useQueryClient();
  const [text, setText] = useState(() => input.current?.value ?? '');
  const [asked, setAsked] = useState(text);
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);

  // What was typed while this chunk loaded and React revealed it: the keys before this first commit reached no handler.
  useLayoutEffect(() => {
    const typed = input.current?.value ?? '';
    setText(typed);
    setAsked(typed);
  }, [input]);

  useEffect(() => {
    const timer = setTimeout(() => setAsked(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const q = asked.trim();
  const search = useSearch(asked, { kind, limit: SUGGESTIONS });
  const typed = text.trim().length >= SEARCH_MIN_LENGTH;
  const results = typed && q.length >= SEARCH_MIN_LENGTH ? (search.data ?? []) : [];
  const allFor = (typed: string) => `/search?${new URLSearchParams({ q: typed.trim(), ...(kind ? { kind } : {}) })}`;
  const all = allFor(q);
  const options: Option[] = results.length ? [...results.map((result) => ({ to: result.url, result })), { to: all }] : [];
  const shown = open && options.length > 0;
  const none =
    open && typed && q.length >= SEARCH_MIN_LENGTH && search.isSuccess && !search.isPlaceholderData && results.length === 0;
  const optionId = (i: number) => `${listId}-${i}`;
  const activeId = shown && active >= 0 ? optionId(active) : undefined;

  const choose = (option: Option) => {
    setOpen(false);
    setActive(-1);
    if (input.current) {
      input.current.value = '';
      input.current.blur();
    }
    setText('');
    go(option.to);
  };

  // The box calls these on its own events; they always see this render's suggestions (set before the browser can send
  // the next key).
  useLayoutEffect(() => {
    handlers.current = {
      input() {
        setText(input.current?.value ?? '');
        setOpen(true);
        setActive(-1);
      },
      blur() {
        setOpen(false);
        setActive(-1);
      },
      keyDown(e) {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          if (!shown) {
            setOpen(true);
            return;
          }
          const n = options.length;
          setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
        } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
          if (shown && active >= 0) {
            e.preventDefault();
            choose(options[active]!);
          } else if (kind && text.trim().length >= SEARCH_MIN_LENGTH) {
            // With a kind, Enter opens the best match for what was typed (asked for now if the suggestions are not
            // yet those) when it names one phone: the only match, or a model with its number ('pixel 8', 'a54').
            // A brand or a family alone ('samsung', 'iphone') matches many equally: every result is shown.
            e.preventDefault();
            const everything = allFor(text);
            client.fetchQuery(searchQuery(text, { kind, limit: SUGGESTIONS })).then(
              (found) => choose({ to: found.length === 1 || (found[0] && /\d/.test(text)) ? found[0]!.url : everything }),
              () => choose({ to: everything }),
            );
          }
        } else if (e.key === 'Escape') {
          if (shown || none) {
            e.preventDefault();
            setOpen(false);
            setActive(-1);
          } else if (input.current?.value) {
            e.preventDefault();
            input.current.value = '';
            setText('');
          }
        }
      },
    };
  });

  useEffect(() => {
    onState({ expanded: shown, controls: listId, ...(activeId ? { active: activeId } : {}) });
  }, [onState, shown, listId, activeId]);

  return (
    <>
      <div
        hidden={!shown && !none}
        className="absolute top-full right-0 left-0 z-50 mt-1 overflow-hidden md:min-w-72 rounded-xl border border-slate-200 bg-white text-left shadow-xl"
      >
        <ul
          role="listbox"
          id={listId}
          aria-label={`Suggestions for ${q}`}
          hidden={!shown}
          className="max-h-[70vh] overflow-y-auto py-1"
        >
          {options.map((option, i) => (
            <li
              key={option.to}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => choose(option)}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? 'bg-brand-50 text-brand-800' : 'text-ink'} ${
                option.result ? '' : 'border-t border-slate-200 font-semibold text-brand-700'
              }`}
            >
              {option.result ? (
                <>
                  {option.result.image ? (
                    <img
                      src={option.result.image}
                      alt=""
                      width={36}
                      height={36}
                      className="h-9 w-9 shrink-0 rounded object-contain"
                    />
                  ) : (
                    <span className="h-9 w-9 shrink-0 rounded bg-slate-100" />
                  )}
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{option.result.title}</span>
                    <span className="block text-sm text-slate-600">{detail(option.result)}</span>
                  </span>
                </>
              ) : (
                <span>{kind === 'repair' ? `All phones matching “${q}”` : `See all results for “${q}”`}</span>
              )}
            </li>
          ))}
        </ul>
        {none && (
          <p className="px-3 py-3 text-slate-600">{kind === 'repair' ? `No phone matches “${q}”.` : `Nothing matches “${q}”.`}</p>
        )}
      </div>
      <p role="status" className="sr-only">
        {shown ? `${results.length} suggestions. Use the up and down arrows to choose.` : none ? 'No suggestions.' : ''}
      </p>
    </>
  );
}
