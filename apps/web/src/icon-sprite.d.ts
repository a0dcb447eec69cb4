/** The address of the icon sprite in the build (the icon-sprite plugin, vite.config.ts). */
declare module 'virtual:icon-sprite' {
  const url: string;
  export default url;
}
