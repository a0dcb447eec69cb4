import { createContext, use, type ComponentProps, type ComponentType } from 'react';
import { ISLANDS, type IslandName } from './islands.ts';

/** True while the server renders a page sent as islands (entry-server.tsx). */
export const IslandsContext = createContext(false);

/**
 * An interactive part of a shop page, `part` its name in ISLANDS. Where the server renders a page sent as islands, it
 * is wrapped in an element naming it with its props (`display: contents`, so the layout does not see it), which
 * islands.tsx hydrates alone, parts placed inside it included; anywhere else it is the component itself, part of the
 * app.
 */
export function Island<N extends IslandName>({ part, ...props }: { part: N } & ComponentProps<(typeof ISLANDS)[N]>) {
  const Part = ISLANDS[part] as ComponentType<typeof props>;
  if (!use(IslandsContext)) return <Part {...props} />;
  return (
    <div data-island={part} data-props={JSON.stringify(props)} className="contents">
      <IslandsContext value={false}>
        <Part {...props} />
      </IslandsContext>
    </div>
  );
}
