// Preload of the call window: the Jitsi SDK's bridge (screen sharing) and window.mathemaCall,
// the two calls the call page needs. Nothing of the main window's API is exposed here.

import { install as installJitsiBridge } from '@jitsi/electron-sdk/preload';
import { contextBridge, ipcRenderer } from 'electron';
import { bindCallPageApi, type CallPageContract, type IpcTransport } from '../shared/ipc';

const transport: IpcTransport<CallPageContract> = {
  invoke: (channel, request) => ipcRenderer.invoke(channel, request),
};

installJitsiBridge();
contextBridge.exposeInMainWorld('mathemaCall', bindCallPageApi(transport));
