import { minifySync } from 'rolldown/utils';

/**
 * A script of public/ as the build writes it (the minify-boot plugin of vite.config.ts), minified by the minifier
 * the build uses for the app's own code. The source keeps its comments for whoever changes it; the browser needs
 * none of them.
 */
export function minifyScript(name: string, source: string): string {
  const { code, errors } = minifySync(name, source, { compress: true, mangle: true });
  if (errors.length > 0) throw new Error(`${name}: ${errors.map((e) => e.message).join('; ')}`);
  return code;
}
