import { users } from './accounts';
import { funds, pricingItems, suppliers } from './finance';
import { clients, students, teachers } from './people';
import {
  announcements,
  categories,
  courses,
  lessonSchedules,
  lessonTemplates,
  lessons,
  levels,
  periods,
  permissionGroups,
  permissionRules,
  rooms,
  sites,
  subPeriods,
  tags,
} from './structure';
import type { ResourceDefinition } from './types';

export * from './types';
export * from './fields';
export * from './schemas';
export * from './endpoints';
export * from './visibility';

/** Every declared resource, by its route name. */
export const RESOURCES: Record<string, ResourceDefinition> = Object.fromEntries(
  [
    students,
    teachers,
    clients,
    users,
    levels,
    tags,
    sites,
    rooms,
    categories,
    periods,
    subPeriods,
    courses,
    lessons,
    lessonSchedules,
    lessonTemplates,
    announcements,
    permissionGroups,
    permissionRules,
    suppliers,
    funds,
    pricingItems,
  ].map((r) => [r.name, r]),
);

export const resourceNamed = (name: string): ResourceDefinition | undefined => RESOURCES[name];
export * from './list-query';
export * from './record-schema';
