import { forbidden } from '../../http/errors';
import type { TeachingCaller } from '../lessons/teaching-access';

// The calendar, the study guide and the homes: what each caller sees is what the teaching
// areas let them read (their lessons; published material for students and parents). This
// file adds who may use each view.

/** The study guide is a student's own plan. */
export function assertMayReadDuties(caller: TeachingCaller): void {
  if (caller.role !== 'student') throw forbidden('The study guide belongs to students.');
}
