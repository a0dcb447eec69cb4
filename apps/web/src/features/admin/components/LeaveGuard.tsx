import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { holdSteps } from '../../../app/history-steps.ts';
import { ConfirmDialog, openDialog } from './ConfirmButton.tsx';

/** The history entry's place, which React Router's BrowserRouter keeps in its state. */
const placeOf = (state: unknown) => (state as { idx?: unknown } | null)?.idx;

/** The link a click follows in this tab from the page at `pathname` to another page of the site, if it does. */
function followedLink(event: MouseEvent, pathname: string): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || link.dataset.discard !== undefined) return null;
  if (link.closest('[data-links-stay]')) return null;
  if ((link.target && link.target !== '_self') || link.origin !== window.location.origin) return null;
  return link.pathname === pathname ? null : link;
}

/**
 * Asks before the admin leaves a form whose changes are not saved (`unsaved`): a link to another page, or Back and
 * Forward, asks with the console's dialog; closing the tab, reloading or a link to another site, with the browser's own
 * question. A link marked `data-discard` (a form's Cancel) goes without asking, as does a move the page makes itself
 * (back to the list once saved, or after a deletion); links inside `data-links-stay` (a post's preview) do not leave,
 * so they do not ask.
 *
 * The app's router (BrowserRouter) cannot hold a navigation back; the one that can (a data router, with useBlocker)
 * would add 18 KB gzipped to every page the app draws (docs/decisions/0048-leaving-unsaved-forms.md). So the question
 * is asked before the router hears of the click (a listener on the document, ahead of React's) or of the step
 * (app/history-steps.ts).
 */
export function LeaveGuard({ unsaved }: { unsaved: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const proceed = useRef<(() => void) | null>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!unsaved) return;
    // Once the admin chose to leave, nothing asks again (the browser's question included).
    let leaving = false;
    const ask = (go: () => void) => {
      proceed.current = () => {
        leaving = true;
        go();
      };
      openDialog(dialog.current);
    };
    const onClick = (event: MouseEvent) => {
      const link = leaving ? null : followedLink(event, pathname);
      if (!link) return;
      event.preventDefault();
      event.stopPropagation();
      ask(() => link.click());
    };
    // Back or Forward has already moved the address when the step is heard, before the router hears of it: the step
    // is undone, unheard by the router, until the admin answers.
    const here = placeOf(window.history.state);
    const onStep = (event: PopStateEvent) => {
      const to = placeOf(event.state);
      if (leaving || typeof here !== 'number' || typeof to !== 'number') return false;
      if (to !== here) {
        window.history.go(here - to);
        ask(() => window.history.go(to - here));
      }
      return true;
    };
    const onUnload = (event: BeforeUnloadEvent) => {
      if (!leaving) event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    const letGo = holdSteps(onStep);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      letGo();
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [unsaved, pathname]);
  return (
    <ConfirmDialog
      ref={dialog}
      title="Discard your changes?"
      message="What you typed in the form has not been saved, and will be lost if you leave this page."
      confirmLabel="Discard changes"
      onConfirm={() => proceed.current?.()}
      onCancel={() => (proceed.current = null)}
    />
  );
}
