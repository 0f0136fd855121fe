import { atom, createStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { Language, Palette, Role } from '../../../../shared/constants';

/** The one jotai store, shared with code outside React (the API client, session end). */
export const appStore = createStore();

/** The session token; filled from the platform at start-up. */
export const tokenAtom = atom<string | null>(null);

/** Another account's token from the address, waiting for the user to say whether to switch. */
export const accountSwitchAtom = atom<string | null>(null);

/** An admin acting as a member of their school, inside that member's role area. */
export interface Impersonation {
  userId: number;
  name: string;
  schoolId: number;
  role: Role;
}

const local = <T>() => createJSONStorage<T>(() => localStorage);

/** The mocked user (spec §1); kept across reloads, cleared by the dashboard and close. */
export const impersonationAtom = atomWithStorage<Impersonation | null>(
  'mathema.impersonation',
  null,
  local<Impersonation | null>(),
  { getOnInit: true },
);

export type DrawerSize = 'big' | 'small';
export const drawerSizeAtom = atomWithStorage<DrawerSize>(
  'mathema.drawer',
  'big',
  local<DrawerSize>(),
  {
    getOnInit: true,
  },
);

/** A language the user picked explicitly; beats the school's default language. */
export const languageChoiceAtom = atomWithStorage<Language | null>(
  'mathema.language',
  null,
  local<Language | null>(),
  { getOnInit: true },
);

/** The school's own default language while inside one of its areas (setting school_language). */
export const schoolLanguageAtom = atom<Language | null>(null);

/** The palette of the school being shown, or null outside a school (white-label colours then). */
export const schoolPaletteAtom = atom<Palette | null>(null);

/** Period chosen per school and role ("<school>/<role>" -> period id). */
export const selectedPeriodAtom = atom<Record<string, number>>({});
