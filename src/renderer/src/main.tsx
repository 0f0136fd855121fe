import { createRoot } from 'react-dom/client';
import { createBrowserRouter, createHashRouter } from 'react-router-dom';
import { configureApiClient } from './api/client';
import { createQueryClient } from './api/queryClient';
import { prefetchStartupQueries } from './api/startupQueries';
import { App } from './app/App';
import { appRoutes } from './app/routes';
import { createSession } from './app/session';
import {
  accountSwitchAtom,
  appStore,
  impersonationAtom,
  languageChoiceAtom,
  tokenAtom,
} from './app/state/atoms';
import { registerServiceWorker } from './app/serviceWorker';
import { createI18n, loadLanguage } from './i18n';
import { prepareDateFormats } from './i18n/formatDate';
import { loadPlatform } from './platform';

/** On the web a token in the address's query string is stored and used (spec §2). */
function takeTokenFromAddress(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return null;
  url.searchParams.delete('token');
  window.history.replaceState(null, '', url.toString());
  return token;
}

async function start(): Promise<void> {
  const platform = await loadPlatform();
  const config = await platform.getConfig();
  const addressToken = platform.kind === 'web' ? takeTokenFromAddress() : null;
  const current = await platform.getToken();
  if (addressToken && addressToken !== current) {
    // Someone is signed in here: a link must not replace them without a word (it may be a
    // link someone else sent). The app asks first (AccountSwitchPrompt).
    if (current) appStore.set(accountSwitchAtom, addressToken);
    else {
      await platform.clearQueryCache();
      await platform.setToken(addressToken);
    }
  }
  const token = await platform.getToken();
  // No session (a browser session that ended, a token never remembered): what the last one
  // cached for offline use goes. Nothing waits for it (IndexedDB took some 20 ms of the sign-in
  // page's start): without a session the cache is not restored (createPlatformPersister).
  if (!token) void platform.clearQueryCache().catch(() => undefined);
  appStore.set(tokenAtom, token);

  // Packaged desktop builds load from file://, where only hash routes work.
  const fromFile = window.location.protocol === 'file:';
  const router = (fromFile ? createHashRouter : createBrowserRouter)(appRoutes);
  const queryClient = createQueryClient();
  const i18n = createI18n();
  // A chosen language is in place before the first paint (Greek comes in its own chunk).
  const chosenLanguage = appStore.get(languageChoiceAtom);
  if (chosenLanguage) await loadLanguage(i18n, chosenLanguage);
  const session = createSession({
    platform,
    queryClient,
    navigate: (to) => router.navigate(to, { replace: true }),
    restart: (to = '/') =>
      window.location.replace(fromFile ? `${window.location.pathname}#${to}` : to),
  });

  configureApiClient({
    baseUrl: config?.serverUrl ? `${config.serverUrl.replace(/\/$/, '')}/api` : '/api',
    getToken: () => appStore.get(tokenAtom),
    getWhiteLabel: () => config?.whiteLabel ?? null,
    getMockedUserId: () => appStore.get(impersonationAtom)?.userId ?? null,
    onSessionEnd: () => void session.end(),
  });
  // Before the first render, so that the first screen's data is on its way with its chunks.
  if (appStore.get(tokenAtom) !== null) {
    prefetchStartupQueries(
      queryClient,
      fromFile ? window.location.hash.slice(1) : window.location.pathname,
      { languageChosen: chosenLanguage !== null },
    );
    // A task of its own, run while those requests are on their way: signed-in screens show dates.
    setTimeout(() => prepareDateFormats(i18n.language), 0);
  }
  platform.onNavigate((route) => void router.navigate(route));
  if (platform.kind === 'web') registerServiceWorker();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <App services={{ platform, queryClient, i18n, session }} router={router} />,
  );
}

void start();
