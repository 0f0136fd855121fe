import type { QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { createContext, useContext, type ReactNode } from 'react';
import type { Platform } from '../platform';
import type { Session } from './session';

/** What the app is assembled from at start-up; tests can hand in their own. */
export interface AppServices {
  platform: Platform;
  queryClient: QueryClient;
  i18n: i18n;
  session: Session;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}

export const useSession = () => useServices().session;
