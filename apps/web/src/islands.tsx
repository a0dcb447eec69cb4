/**
 * The browser's entry for a shop page the server sent as islands (app/islands.ts): each interactive part is hydrated
 * alone, with the props the server rendered it from, and the rest of the page stays the server's HTML. No router and
 * no data library: links load pages, and what a part shows comes with it. public/boot.js loads this at the visitor's
 * first touch and replays a tap made before the page is live, which it is once every part has been hydrated, but for
 * those hydrated when used (the contact form), which work as the server drew them until then.
 */
import { StrictMode, startTransition, Suspense, useEffect, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HYDRATED_WHEN_USED, ISLANDS, type IslandName } from './app/islands.ts';
import { RENDER_STATE_ID, type RenderState } from './app/render-hints.ts';
import { RenderedAtContext } from './lib/now.ts';
import { ShopInfoContext } from './lib/shop-info.ts';
import { Toaster, useToastsWanted } from './lib/toast.ts';

const rendered = document.getElementById(RENDER_STATE_ID)?.textContent;
const state = (rendered ? JSON.parse(rendered) : {}) as RenderState;
const parts = [...document.querySelectorAll<HTMLElement>('[data-island]')];
const nameOf = (part: HTMLElement) => part.dataset.island as IslandName;
let waiting = parts.filter((part) => !HYDRATED_WHEN_USED.has(nameOf(part))).length;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Typed = Map<Field, { value: string; checked: boolean }>;

/**
 * What is in the fields of `part` from now on (what the browser restored or filled in, what the visitor types), kept
 * until `stop` is called.
 */
function recordTyped(part: HTMLElement): { typed: Typed; stop: () => void } {
  const typed: Typed = new Map();
  const note = (field: Field) =>
    typed.set(field, { value: field.value, checked: field instanceof HTMLInputElement && field.checked });
  const onEvent = (event: Event) => {
    if (event.target instanceof HTMLElement && event.target.matches('input, textarea, select')) note(event.target as Field);
  };
  part.querySelectorAll<Field>('input, textarea, select').forEach(note);
  part.addEventListener('input', onEvent, true);
  part.addEventListener('change', onEvent, true);
  return {
    typed,
    stop: () => {
      part.removeEventListener('input', onEvent, true);
      part.removeEventListener('change', onEvent, true);
    },
  };
}

/**
 * Once `part` has committed: marks it hydrated (`data-hydrated`), and, for a part hydrated when used, puts back what
 * the visitor typed or chose in it meanwhile, which hydrating may have set back to the page's values, as events its
 * handlers see. Counts a part hydrated at once: the page is live once every one of those is.
 */
function Hydrated({ part, typing }: { part: HTMLElement; typing?: ReturnType<typeof recordTyped> }) {
  useEffect(() => {
    part.dataset.hydrated = '';
    if (!typing) {
      if (--waiting === 0) document.documentElement.dataset.app = 'live';
      return;
    }
    typing.stop();
    for (const [field, { value, checked }] of typing.typed) {
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
        if (field.checked !== checked) field.click();
      } else if (field.value !== value) {
        // The prototype's setter, so that React sees the value change.
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!.call(field, value);
        field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
      }
    }
  }, [part, typing]);
  return null;
}

/** The toasts' container, in a root of its own, mounted at the first toast (lib/toast.ts). */
function Toasts() {
  return useToastsWanted() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

createRoot(document.body.appendChild(document.createElement('div'))).render(<Toasts />);

function hydrate(part: HTMLElement, typing?: ReturnType<typeof recordTyped>) {
  const Part = ISLANDS[nameOf(part)] as ComponentType<object>;
  const props = JSON.parse(part.dataset.props ?? '{}') as object;
  hydrateRoot(
    part,
    <StrictMode>
      <ShopInfoContext value={state.shop!}>
        <RenderedAtContext value={state.at ?? null}>
          <Part {...props} />
          <Hydrated part={part} typing={typing} />
        </RenderedAtContext>
      </ShopInfoContext>
    </StrictMode>,
  );
}

/** Hydrates `part` at the first touch inside it, or at once if focus is already there. */
function whenUsed(part: HTMLElement) {
  const TOUCHES = ['pointerdown', 'touchstart', 'focusin', 'keydown'];
  const used = () => {
    for (const type of TOUCHES) part.removeEventListener(type, used, true);
    const typing = recordTyped(part);
    startTransition(() => hydrate(part, typing));
  };
  if (part.contains(document.activeElement)) used();
  else for (const type of TOUCHES) part.addEventListener(type, used, { capture: true, passive: true });
}

// As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread until
// every part is live.
startTransition(() => {
  for (const part of parts) if (!HYDRATED_WHEN_USED.has(nameOf(part))) hydrate(part);
});
for (const part of parts) if (HYDRATED_WHEN_USED.has(nameOf(part))) whenUsed(part);
