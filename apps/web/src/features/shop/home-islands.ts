/** The home page's parts (app/islands.ts), in a chunk of their own that no other page loads. */
export { ProductCarousel } from './components/ProductCarousel.tsx';
export { ProductTabs } from './components/ProductTabs.tsx';
