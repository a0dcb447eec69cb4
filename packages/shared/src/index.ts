export * from './blog.ts';
export * from './constants.ts';
export * from './dates.ts';
export * from './money.ts';
export * from './schemas.ts';
export type * from './types.ts';
export * from './page-heads.ts';
export * from './routes.ts';
