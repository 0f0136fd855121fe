export * from './limits';
export * from './types';
export * from './style';
export * from './url';
export * from './validate';
export * from './sanitize';
export * from './plainText';
// content.ts (the zod field for API schemas) is imported by its path: the renderer's editor
// chunk needs none of zod.
export * from './messages';
