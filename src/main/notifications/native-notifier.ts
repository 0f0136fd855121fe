import type { DesktopNotification } from '../../shared/ipc';
import type { NotificationConstructorLike, NotificationLike } from '../electron-api';
import { isAppRoute } from './app-route';

/**
 * Shows the OS notifications the renderer asks for (new notifications and chat messages from
 * the socket). Clicking one brings the app to the front and opens the notification's route.
 */
export function createNativeNotifier(options: {
  Notification: NotificationConstructorLike;
  /** Shows, restores and focuses the main window. */
  focusApp(): void;
  /** Tells the renderer to open a route. */
  navigate(route: string): void;
}) {
  // Electron drops the click handler of a notification that is garbage-collected while still
  // on screen, so each one is held until it is clicked or closed.
  const onScreen = new Set<NotificationLike>();

  return {
    show(request: DesktopNotification): void {
      if (!options.Notification.isSupported()) return;
      const route = request.route !== undefined && isAppRoute(request.route) ? request.route : null;
      const notification = new options.Notification({ title: request.title, body: request.body });
      onScreen.add(notification);
      notification.on('click', () => {
        onScreen.delete(notification);
        options.focusApp();
        if (route) options.navigate(route);
      });
      notification.on('close', () => onScreen.delete(notification));
      notification.show();
    },
    /** How many notifications are waiting for a click; for tests and diagnostics. */
    pendingCount(): number {
      return onScreen.size;
    },
  };
}
export type NativeNotifier = ReturnType<typeof createNativeNotifier>;
