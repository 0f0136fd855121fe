import { Toast, ToastBody, ToastTitle } from '@fluentui/react-components';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { createElement, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Role, STARTUP_ERROR_MS } from '../../../../shared/constants';
import { useAccount, useSchoolEntries, useWhiteLabel } from '../../api/accountQueries';
import { signInMessages } from '../../api/accountRoutes';
import { areaOpened, areaOpening } from '../../api/areaOpening';
import {
  useCategories,
  usePeriods,
  usePermissions,
  useSchoolSettings,
} from '../../api/schoolQueries';
import { useAppToaster } from '../toaster';
import { useServices } from '../services';
import {
  impersonationAtom,
  schoolLanguageAtom,
  schoolPaletteAtom,
  selectedPeriodAtom,
} from '../state/atoms';
import { resolvePalette } from '../theme/paletteTheme';
import { applySchoolTranslations } from '../../i18n';
import { areaEntry } from './areaEntry';
import { parseSchoolSettings } from './schoolSettings';

export type AreaLoadState = 'loading' | 'not-member' | 'open';

/**
 * Opening a role area (spec §4): schools and account, and the school's settings, categories,
 * periods and permissions (all at once when the start prefetched them, see
 * api/startupQueries.ts); then its translations, language and colours. A failure shows
 * 'Network Error' for 10 seconds and the area opens all the same (with whatever is cached).
 */
export function useAreaLoader(role: Role, schoolId: number) {
  const { t } = useTranslation();
  const { i18n } = useServices();
  const { dispatchToast } = useAppToaster();
  // What was fetched since this opening began (by the start's prefetch) is not asked for again.
  const [openedAt] = useState(() => areaOpening(role, schoolId, Date.now()));
  useEffect(() => areaOpened(role, schoolId), [role, schoolId]);
  const account = useAccount(openedAt);
  const schools = useSchoolEntries(openedAt);
  const whiteLabel = useWhiteLabel().data;
  const impersonation = useAtomValue(impersonationAtom);
  const entry = areaEntry(schools.data, role, schoolId, impersonation);
  const member = entry !== undefined;
  const settings = useSchoolSettings(schoolId, member, openedAt);
  const categories = useCategories(schoolId, member, openedAt);
  const periods = usePeriods(schoolId, role, member, openedAt);
  const permissions = usePermissions(schoolId, role, member, openedAt);
  const [selectedPeriods, setSelectedPeriods] = useAtom(selectedPeriodAtom);
  const setSchoolLanguage = useSetAtom(schoolLanguageAtom);
  const setSchoolPalette = useSetAtom(schoolPaletteAtom);

  const queries = [account, schools, settings, categories, periods, permissions];
  const failed = queries.some((query) => query.isError);
  const waiting = queries.some((query) => query.isPending && query.fetchStatus === 'fetching');
  const state: AreaLoadState =
    waiting || (!schools.data && !schools.isError)
      ? 'loading'
      : schools.data && !member && !schools.isError
        ? 'not-member'
        : 'open';

  const parsed = useMemo(
    () => parseSchoolSettings(settings.data, resolvePalette(whiteLabel?.colors)),
    [settings.data, whiteLabel?.colors],
  );

  useLayoutEffect(() => {
    applySchoolTranslations(i18n, parsed.translations);
    setSchoolLanguage(parsed.language);
    setSchoolPalette(parsed.palette);
  }, [i18n, parsed, setSchoolLanguage, setSchoolPalette]);

  useEffect(
    () => () => {
      applySchoolTranslations(i18n, null);
      setSchoolLanguage(null);
      setSchoolPalette(null);
    },
    [i18n, setSchoolLanguage, setSchoolPalette],
  );

  const toldFailure = useRef(false);
  useEffect(() => {
    if (!failed || toldFailure.current) return;
    toldFailure.current = true;
    dispatchToast(
      createElement(
        Toast,
        null,
        createElement(ToastTitle, null, t('Error')),
        createElement(ToastBody, null, t(signInMessages.networkError)),
      ),
      { intent: 'error', timeout: STARTUP_ERROR_MS },
    );
  }, [failed, dispatchToast, t]);

  const periodKey = `${schoolId}/${role}`;
  const periodList = periods.data ?? [];
  const selectedId = selectedPeriods[periodKey];
  const period =
    periodList.find((p) => p.id === selectedId) ??
    periodList.find((p) => p.iscurrent) ??
    periodList[0];

  return {
    state,
    account: account.data,
    entries: schools.data ?? [],
    entry,
    settings: parsed,
    categories: categories.data ?? [],
    periods: periodList,
    period,
    selectPeriod: (periodId: number) =>
      setSelectedPeriods((all) => ({ ...all, [periodKey]: periodId })),
    permissions: permissions.data,
  };
}
