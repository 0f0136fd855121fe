import type { IpcInvokeEventLike, IpcMainLike } from '../electron-api';
import { isSameOriginAsAny } from '../security/url-policy';
import type { WindowRole } from '../windows/window-registry';

export class UntrustedSenderError extends Error {
  constructor(channel: string) {
    super(`IPC call on ${channel} refused: the sender is not a window of this app`);
    this.name = 'UntrustedSenderError';
  }
}

export interface IpcRouterOptions {
  ipcMain: IpcMainLike;
  /** The role of the window a web contents belongs to, if the app created it. */
  roleOf(webContentsId: number): WindowRole | undefined;
  /** Origins the app's own pages are served from (app://mathema; the dev server in development). */
  appOrigins: readonly string[];
  log(message: string): void;
}

export interface IpcRoute<Request, Response> {
  /** Window roles allowed on this channel. */
  from: readonly WindowRole[];
  /** Checks and narrows the untrusted argument; throws when it does not fit the contract. */
  parse(input: unknown): Request;
  handle(
    request: Request,
    sender: { webContentsId: number; role: WindowRole },
  ): Response | Promise<Response>;
}

/**
 * Registers invoke handlers that first check who is calling: the top frame of one of the app's
 * own windows, of a role allowed on the channel, showing a page of the app's own origin. A
 * server page, a Jitsi frame or any other web contents is refused before the handler runs.
 */
export function createIpcRouter(options: IpcRouterOptions) {
  const trustedRole = (
    channel: string,
    event: IpcInvokeEventLike,
    allowed: readonly WindowRole[],
  ) => {
    const role = options.roleOf(event.sender.id);
    const frame = event.senderFrame;
    const trusted =
      role !== undefined &&
      allowed.includes(role) &&
      frame !== null &&
      frame.parent === null &&
      isSameOriginAsAny(frame.url, options.appOrigins);
    if (!trusted) {
      options.log(
        `Refused ${channel} from web contents ${event.sender.id} (${frame?.url ?? 'no frame'})`,
      );
      throw new UntrustedSenderError(channel);
    }
    return role;
  };

  return {
    handle<Request, Response>(channel: string, route: IpcRoute<Request, Response>): void {
      options.ipcMain.handle(channel, (event, input) => {
        const role = trustedRole(channel, event, route.from);
        return route.handle(route.parse(input), { webContentsId: event.sender.id, role });
      });
    },
  };
}
export type IpcRouter = ReturnType<typeof createIpcRouter>;
