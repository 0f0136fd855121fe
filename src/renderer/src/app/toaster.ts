/** The id of the app-wide toaster (start-up errors and other short notices). */
export const APP_TOASTER = 'app';
