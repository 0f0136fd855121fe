// Preload of the main window: exposes the typed DesktopApi as window.mathema. Each method is a
// named function bound to one `area:verb` channel; the page never receives ipcRenderer.

import { contextBridge, ipcRenderer } from 'electron';
import { bindDesktopApi, type IpcContract, type IpcTransport } from '../shared/ipc';

const transport: IpcTransport<IpcContract> = {
  invoke: (channel, request) => ipcRenderer.invoke(channel, request),
};

const api = bindDesktopApi(transport, {
  subscribe: (event, listener) => {
    // Only the payload crosses to the page: the IPC event object would carry the sender.
    const forward = (_event: unknown, payload: Parameters<typeof listener>[0]) => listener(payload);
    ipcRenderer.on(event, forward);
    return () => {
      ipcRenderer.removeListener(event, forward);
    };
  },
});

contextBridge.exposeInMainWorld('mathema', api);
