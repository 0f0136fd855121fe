/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** package.json version, defined by the build; busts the persisted query cache. */
  readonly VITE_APP_VERSION?: string;
}

declare module '*.svg' {
  const url: string;
  export default url;
}
