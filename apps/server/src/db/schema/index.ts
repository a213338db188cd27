export * from './ads.ts';
export * from './auth.ts';
export * from './credits.ts';
export * from './idempotency.ts';
export * from './notifications.ts';
export * from './reference.ts';
export * from './services.ts';
export * from './users.ts';
