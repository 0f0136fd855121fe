import { atom } from 'jotai';
import type { SessionRoom } from '../../../../shared/api/sessions';
import type { Role } from '../../../../shared/constants';

/** The call the web call window shows; null keeps it hidden (spec §2: until a room is set). */
export interface ActiveCall {
  sessionId: number;
  schoolId: number;
  role: Role;
  room: SessionRoom;
}

export const activeCallAtom = atom<ActiveCall | null>(null);

/**
 * The call the desktop app's own call window shows (src/main): it reports the meeting's events
 * over IPC, and DesktopCallReports tells the server. Null when no desktop call is open.
 */
export const desktopCallAtom = atom<ActiveCall | null>(null);

/** Floating (a quarter of the window's width, draggable) or covering the window (spec §4). */
export type CallWindowMode = 'floating' | 'fullscreen';

/** Query keys of everything about sessions start here; the call window refreshes them. */
export const sessionQueryRoot = (schoolId: number, role: Role) =>
  ['schools', schoolId, role, 'sessions'] as const;
