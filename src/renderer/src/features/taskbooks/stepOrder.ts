import type { StepDraft } from './taskbooksApi';

/** The key of a step: a task and a chapter may share an id. */
export const stepKey = (step: { kind: 'task' | 'chapter'; id: number }) =>
  `${step.kind}:${step.id}`;

/** The list with the step at `index` moved by `delta` places; the same list when it cannot move. */
export function moveStep<T>(steps: T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= steps.length || target < 0 || target >= steps.length) return steps;
  const next = [...steps];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved!);
  return next;
}

/** The lesson's steps a book does not hold yet, chapters first, each in the lesson's order. */
export function stepsToAdd(lessonSteps: StepDraft[], chosen: StepDraft[]): StepDraft[] {
  const taken = new Set(chosen.map(stepKey));
  return lessonSteps.filter((step) => !taken.has(stepKey(step)));
}

/** Whole percent of done steps (0 for an empty book). */
export const percentDone = (done: number, total: number) =>
  total === 0 ? 0 : Math.round((done / total) * 100);
