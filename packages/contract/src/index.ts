export * from './access.ts';
export * from './entities.ts';
export * from './ids.ts';
export * from './list.ts';
export * from './session.ts';
export * from './validation.ts';
