export * from './constants.ts';
export * from './money.ts';
export * from './schemas.ts';
export type * from './types.ts';
export * from './page-heads.ts';
export * from './routes.ts';
export * from './hours.ts';
export * from './open-status.ts';
export * from './booking.ts';
