import { z } from 'zod';
import { EDITOR_CONTENT_MSG } from './messages';
import { sanitizeEditorState } from './sanitize';
import type { SerializedEditorContent } from './types';
import { validateEditorState, type EditorStateProblem } from './validate';

const PROBLEM_TEXT: Record<EditorStateProblem, string> = {
  not_json: EDITOR_CONTENT_MSG.invalid,
  not_an_object: EDITOR_CONTENT_MSG.invalid,
  bad_root: EDITOR_CONTENT_MSG.invalid,
  bad_node: EDITOR_CONTENT_MSG.invalid,
  too_large: EDITOR_CONTENT_MSG.tooLong,
  too_deep: EDITOR_CONTENT_MSG.tooDeep,
  too_many_nodes: EDITOR_CONTENT_MSG.tooLong,
};

/**
 * Editor content as an API field: JSON text or an object, validated, then sanitised, so that
 * what a handler receives is already safe to store. Output is the object form.
 */
export const editorContentSchema = z.unknown().transform((input, context) => {
  const check = validateEditorState(input);
  if (!check.ok) {
    context.addIssue({ code: 'custom', message: PROBLEM_TEXT[check.problem] });
    return z.NEVER;
  }
  return sanitizeEditorState(check.value);
});

/** Stored content made safe for another reader: sanitised again with the rules in force now. */
export function contentForReader(stored: unknown): SerializedEditorContent {
  return sanitizeEditorState(stored);
}
