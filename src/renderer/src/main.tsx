import { createRoot } from 'react-dom/client';
import './app/global.css';
import { createBrowserRouter, createHashRouter } from 'react-router-dom';
import { configureApiClient } from './api/client';
import { createQueryClient } from './api/queryClient';
import { App } from './app/App';
import { appRoutes } from './app/routes';
import { createSession } from './app/session';
import { appStore, impersonationAtom, languageChoiceAtom, tokenAtom } from './app/state/atoms';
import { registerServiceWorker } from './app/serviceWorker';
import { createI18n, loadLanguage } from './i18n';
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
  if (addressToken && addressToken !== (await platform.getToken())) {
    await platform.clearQueryCache();
    await platform.setToken(addressToken);
  }
  appStore.set(tokenAtom, await platform.getToken());

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
    restart: () => window.location.replace(fromFile ? `${window.location.pathname}#/` : '/'),
  });

  configureApiClient({
    baseUrl: config?.serverUrl ? `${config.serverUrl.replace(/\/$/, '')}/api` : '/api',
    getToken: () => appStore.get(tokenAtom),
    getWhiteLabel: () => config?.whiteLabel ?? null,
    getMockedUserId: () => appStore.get(impersonationAtom)?.userId ?? null,
    onSessionEnd: () => void session.end(),
  });
  platform.onNavigate((route) => void router.navigate(route));
  if (platform.kind === 'web') registerServiceWorker();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <App services={{ platform, queryClient, i18n, session }} router={router} />,
  );
}

void start();
