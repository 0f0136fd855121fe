import { registerResourceHooks } from '../resources/hooks';
import { announcementHooks } from './announcements/resource';
import {
  clientEnrolmentCharges,
  courseDeletionCharges,
  financeOnMembershipsEnding,
  lessonEnrolmentCharges,
  levelDeletionCharges,
  studentEnrolmentCharges,
} from './finance/enrolment-hooks';
import { categoryLedgerTotals, pricingItemHooks } from './finance/resource';
import { withLessonRoom, withPersonLessonRooms } from './chat/resource';
import { lessonHooks, lessonScheduleHooks, lessonTemplateHooks } from './lessons/resource';
import { onMembershipsEnding } from './people/accounts';
import { studentHooks, teacherHooks } from './people/resource';
import { permissionGroupHooks } from './permissions/resource';
import { periodHooks, schoolWideHooks } from './structure/resource';

/**
 * Every area's rules for the resources it owns, registered with the engine at start-up. The
 * school's time zone tells finance which day an enrolment changes on.
 */
export function registerAreaResourceHooks(timeZone: string): void {
  // Enrolment (a student's lessons, level, guardians; a lesson's students) charges in finance.
  registerResourceHooks(
    'students',
    studentEnrolmentCharges(withPersonLessonRooms(studentHooks), timeZone),
  );
  registerResourceHooks('teachers', withPersonLessonRooms(teacherHooks));
  registerResourceHooks('lessons', lessonEnrolmentCharges(withLessonRoom(lessonHooks), timeZone));
  registerResourceHooks('clients', clientEnrolmentCharges({}, timeZone));
  registerResourceHooks('lesson_schedules', lessonScheduleHooks);
  registerResourceHooks('lessons-templates', lessonTemplateHooks);
  registerResourceHooks('announcements', announcementHooks);
  registerResourceHooks('periods', periodHooks);
  registerResourceHooks('sub_periods', schoolWideHooks);
  // A category deleted takes its month totals in finance's ledger to "no category".
  registerResourceHooks('categories', categoryLedgerTotals(schoolWideHooks));
  // A course or level deleted withdraws the enrolment charges of the items it priced.
  registerResourceHooks('courses', courseDeletionCharges(schoolWideHooks, timeZone));
  registerResourceHooks('levels', levelDeletionCharges({}, timeZone));
  registerResourceHooks('permissions', permissionGroupHooks);
  registerResourceHooks('permission_rules', permissionGroupHooks);
  registerResourceHooks('pricing_items', pricingItemHooks);
  // However a student or a client leaves (the Users screen too), finance follows.
  onMembershipsEnding('finance', financeOnMembershipsEnding(timeZone));
}
