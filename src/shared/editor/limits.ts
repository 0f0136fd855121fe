import { EDITOR_MAX_LIST_INDENT } from '../constants';

/**
 * Bounds of a stored editor state. Content is typed by people, so these are far above what a
 * chapter needs, and low enough that a hostile body cannot make a server or a browser walk an
 * endless tree.
 */
export const EDITOR_STATE_MAX_CHARS = 1_000_000;
/** Nesting of nodes (root = 1). Seven nested lists inside a table cell need about 20. */
export const EDITOR_STATE_MAX_DEPTH = 40;
export const EDITOR_STATE_MAX_NODES = 50_000;
export const EDITOR_EQUATION_MAX_CHARS = 5_000;
export const EDITOR_LINK_MAX_CHARS = 2_048;
export const EDITOR_TABLE_MAX_ROWS = 100;
export const EDITOR_TABLE_MAX_COLUMNS = 20;

/**
 * Spec §5 allows seven levels of list indent. Lexical counts the first level as indent 0, so
 * the highest indent a block may carry is 6.
 */
export const EDITOR_MAX_INDENT_VALUE = EDITOR_MAX_LIST_INDENT - 1;
