import { FluentProvider } from '@fluentui/react-components';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import type { createBrowserRouter } from 'react-router-dom';
import { DEFAULT_LANGUAGE } from '../../../shared/constants';
import { useAccount, useWhiteLabel } from '../api/accountQueries';
import { LiveRegion } from '../components/LiveAnnouncer';
import { ensureLanguage } from '../i18n';
import { persistOptions } from '../api/queryClient';
import { type AppServices, ServicesProvider, useServices } from './services';
import {
  accountSwitchAtom,
  appStore,
  languageChoiceAtom,
  schoolLanguageAtom,
  schoolPaletteAtom,
  tokenAtom,
} from './state/atoms';
import { paletteToTheme, resolvePalette } from './theme/paletteTheme';
import { useRouteFocus } from './useRouteFocus';

// Only a link with another account's token needs it, so it is not in the sign-in download.
const AccountSwitchPrompt = lazy(() => import('./AccountSwitchPrompt'));

interface AppProps {
  services: AppServices;
  router: ReturnType<typeof createBrowserRouter>;
}

export function App({ services, router }: AppProps) {
  const options = useMemo(
    () => persistOptions(services.platform, () => appStore.get(tokenAtom) !== null),
    [services.platform],
  );
  useRouteFocus(router);
  return (
    <ServicesProvider services={services}>
      <JotaiProvider store={appStore}>
        <I18nextProvider i18n={services.i18n}>
          <PersistQueryClientProvider client={services.queryClient} persistOptions={options}>
            <ThemedApp>
              <LiveRegion />
              <RouterProvider router={router} />
              <PendingAccountSwitch />
            </ThemedApp>
          </PersistQueryClientProvider>
        </I18nextProvider>
      </JotaiProvider>
    </ServicesProvider>
  );
}

function PendingAccountSwitch() {
  const pending = useAtomValue(accountSwitchAtom);
  return pending ? (
    <Suspense fallback={null}>
      <AccountSwitchPrompt />
    </Suspense>
  ) : null;
}

/** Theme from the school's (or white-label) palette, and the language in force. */
function ThemedApp({ children }: { children: React.ReactNode }) {
  const { i18n } = useServices();
  const whiteLabel = useWhiteLabel().data;
  const account = useAccount().data;
  const schoolPalette = useAtomValue(schoolPaletteAtom);
  const choice = useAtomValue(languageChoiceAtom);
  const schoolLanguage = useAtomValue(schoolLanguageAtom);
  const language = choice ?? schoolLanguage ?? account?.language ?? DEFAULT_LANGUAGE;

  useEffect(() => {
    // Greek arrives in its own chunk; a quicker later choice must not be undone by it.
    let current = true;
    void ensureLanguage(i18n, language).then(() => {
      if (!current) return;
      if (i18n.language !== language) void i18n.changeLanguage(language);
      document.documentElement.lang = language;
    });
    return () => {
      current = false;
    };
  }, [i18n, language]);

  useEffect(() => {
    if (whiteLabel?.name) document.title = whiteLabel.name;
  }, [whiteLabel?.name]);

  const theme = useMemo(
    () => paletteToTheme(schoolPalette ?? resolvePalette(whiteLabel?.colors)),
    [schoolPalette, whiteLabel?.colors],
  );
  return (
    <FluentProvider
      theme={theme}
      style={{ height: '100%', background: theme.colorNeutralBackground2 }}
    >
      {children}
    </FluentProvider>
  );
}
