/** The listing's own parts (app/islands.ts), in a chunk of their own that no other page loads. */
export { ListingResults } from './components/ListingResults.tsx';
