export * from './access.ts';
export * from './entities.ts';
export * from './fields.ts';
export * from './ids.ts';
export * from './list.ts';
export * from './reference-data.ts';
export * from './session.ts';
export * from './validation.ts';
