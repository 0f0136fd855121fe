import type { useToastController } from '@fluentui/react-components';

/** The id of the app-wide toaster (start-up errors and other short notices). */
export const APP_TOASTER = 'app';

type DispatchToast = ReturnType<typeof useToastController>['dispatchToast'];
type RaisedToast = Parameters<DispatchToast>;

// Fluent's toaster brings tabster, its focus manager, the biggest part of a first download after
// React itself (bench W5), and once mounted tabster watches every change of the page. So the
// toaster is fetched and mounted only when the app first needs it: at the user's first press or
// key, or at the first toast, which waits here meanwhile (a failed start can raise one before
// anyone has touched the page).
const waiting: RaisedToast[] = [];
let deliver: DispatchToast | null = null;
let wanted = false;
const wantedListeners = new Set<() => void>();

/** From now on the toaster is to be on the page (ToasterHost fetches and mounts it). */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of wantedListeners) listener();
}

/** Shows a toast in the app-wide toaster, as soon as it is there. */
const showToast: DispatchToast = (...toast) => {
  if (deliver) {
    deliver(...toast);
    return;
  }
  waiting.push(toast);
  wantToaster();
};

const controller = { dispatchToast: showToast };

/** The app-wide toaster's controller, as Fluent's useToastController(APP_TOASTER) gives it. */
export const useAppToaster = () => controller;

/** For AppToaster, once mounted: toasts go to it, those that waited first; returns the undo. */
export function toasterMounted(dispatch: DispatchToast): () => void {
  deliver = dispatch;
  for (const toast of waiting.splice(0)) dispatch(...toast);
  return () => {
    if (deliver === dispatch) deliver = null;
  };
}

/** For useSyncExternalStore in ToasterHost. */
export const toasterWanted = {
  subscribe(listener: () => void): () => void {
    wantedListeners.add(listener);
    return () => wantedListeners.delete(listener);
  },
  get: () => wanted,
};
