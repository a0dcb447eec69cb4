/**
 * A document built from many records (the sitemap, the blog's feed), kept until the shop's public data may have
 * changed: until `generation()` moves (the read cache's, which a write that changes public reads moves,
 * plugins/etag.ts) or `maxAgeMs` passes (what no write here marks: a scheduled post coming out, another server
 * process's write). Requests that arrive while it is built wait for that one build; a failed build is not kept.
 */
export function keptDocument<T>(
  build: () => Promise<T>,
  opts: { generation: () => number; maxAgeMs: number; now?: () => number },
): () => Promise<T> {
  const now = opts.now ?? (() => performance.now());
  let kept: { generation: number; at: number; value: Promise<T> } | undefined;
  return () => {
    const generation = opts.generation();
    const at = now();
    if (kept && kept.generation === generation && at - kept.at < opts.maxAgeMs) return kept.value;
    const entry = { generation, at, value: build() };
    kept = entry;
    entry.value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return entry.value;
  };
}
