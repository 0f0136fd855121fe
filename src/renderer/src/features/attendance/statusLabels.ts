import type { AttendanceStatusName } from '../../../../shared/api/attendance';
import { msg } from '../../i18n/msg';

/** How each attendance status reads (translated where shown). */
export const STATUS_LABELS: Record<AttendanceStatusName, string> = {
  present: msg('Present'),
  absent: msg('Absent'),
  late: msg('Late arrival'),
  excused: msg('Excused'),
};
