import { registerResourceHooks } from '../resources/hooks';
import { announcementHooks } from './announcements/resource';
import { pricingItemHooks } from './finance/resource';
import { withLessonRoom, withPersonLessonRooms } from './chat/resource';
import { lessonHooks, lessonScheduleHooks, lessonTemplateHooks } from './lessons/resource';
import { studentHooks, teacherHooks } from './people/resource';
import { permissionGroupHooks } from './permissions/resource';
import { periodHooks, schoolWideHooks } from './structure/resource';

/** Every area's rules for the resources it owns, registered with the engine at start-up. */
export function registerAreaResourceHooks(): void {
  registerResourceHooks('students', withPersonLessonRooms(studentHooks));
  registerResourceHooks('teachers', withPersonLessonRooms(teacherHooks));
  registerResourceHooks('lessons', withLessonRoom(lessonHooks));
  registerResourceHooks('lesson_schedules', lessonScheduleHooks);
  registerResourceHooks('lessons-templates', lessonTemplateHooks);
  registerResourceHooks('announcements', announcementHooks);
  registerResourceHooks('periods', periodHooks);
  registerResourceHooks('sub_periods', schoolWideHooks);
  registerResourceHooks('categories', schoolWideHooks);
  registerResourceHooks('courses', schoolWideHooks);
  registerResourceHooks('permissions', permissionGroupHooks);
  registerResourceHooks('permission_rules', permissionGroupHooks);
  registerResourceHooks('pricing_items', pricingItemHooks);
}
