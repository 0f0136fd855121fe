import type { ComponentType } from 'react';
import type { ResourceDefinition } from '../../../shared/resources';
import type { DetailRecord } from './resourceApi';
import { RESOURCES } from '../../../shared/resources';

/** A part of a record listed on its screen and edited in a dialog (the rooms of a building). */
export interface ResourcePart {
  resource: string;
  /** The part's field pointing at the record. */
  parentField: string;
  /** Opens the part's own screen instead of a dialog: `${base}/${parentId}/${partId}`. */
  route?: string;
}

/** How a declared resource is reached in one role area. */
export interface ResourceScreen {
  resource: string;
  /** The list's route inside the area: `students`. */
  listPath: string;
  /** A record's route prefix (`students` → students/12, `student` → student/12); none: no screen. */
  detailPath?: string;
  /** The route parameter holding the id on the record's screen. */
  idParam?: string;
  selectable?: boolean;
  narrowLayout?: 'cards' | 'scroll';
  transfer?: boolean;
  parts?: ResourcePart[];
  /** Screens of their own under the form, given the record's id (a timetable, a grid of rules). */
  sections?: ComponentType<{ parentId: number }>[];
  /** Buttons beside Save on a record's screen (invite a user). */
  actions?: ComponentType<{ record: DetailRecord }>;
  /**
   * A hook naming form fields this caller is not offered, from the server's answer (full access
   * to an admin who may not grant it). They keep their values and are not sent unless changed.
   */
  withheldFields?: () => readonly string[];
}

export function definitionOf(name: string): ResourceDefinition {
  const resource = RESOURCES[name];
  if (!resource) throw new Error(`No resource named ${name}`);
  return resource;
}
