// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script of the workspace, without type declarations
import { buildIfStale } from '../../../scripts/build-if-stale.mjs';
import { iconSprite } from '../src/components/layout/icon-paths.ts';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

beforeAll(() => buildIfStale(), 120_000);

describe('the built icon sprite', () => {
  it('is written once into the page shell, at the top of its body and outside the app’s root', () => {
    const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const at = shell.indexOf(iconSprite());
    expect(at).toBeGreaterThan(shell.search(/<body[^>]*>/));
    expect(shell.indexOf(iconSprite(), at + 1)).toBe(-1);
    expect(at).toBeLessThan(shell.indexOf('<div id="root">'));
  });

  it('is no file of its own, which would cost the browser a separate document', () => {
    expect(fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.svg'))).toEqual([]);
  });
});
