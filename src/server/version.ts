declare const __MATHEMA_VERSION__: string | undefined;

/** The app version: injected by the server build, read from package.json in development. */
export const APP_VERSION: string =
  typeof __MATHEMA_VERSION__ === 'string'
    ? __MATHEMA_VERSION__
    : (process.env.npm_package_version ?? '0.0.0-dev');
