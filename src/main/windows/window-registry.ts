// Which web contents belong to which of the app's windows. IPC handlers and the guard for
// foreign web contents consult it; a web contents missing here is not trusted.

export type WindowRole = 'main' | 'call';

export function createWindowRegistry() {
  const roles = new Map<number, WindowRole>();
  return {
    register(webContentsId: number, role: WindowRole): void {
      roles.set(webContentsId, role);
    },
    unregister(webContentsId: number): void {
      roles.delete(webContentsId);
    },
    roleOf(webContentsId: number): WindowRole | undefined {
      return roles.get(webContentsId);
    },
    isManaged(webContentsId: number): boolean {
      return roles.has(webContentsId);
    },
  };
}
export type WindowRegistry = ReturnType<typeof createWindowRegistry>;
