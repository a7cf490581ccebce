/** The accounts feature's query and mutation hooks, for its own screens and for other features. */
export * from './hooks.ts';
