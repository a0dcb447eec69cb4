/** A product page's own parts (app/islands.ts), in a chunk of their own that no other page loads. */
export { ProductGallery } from './components/ProductGallery.tsx';
