// Every limit and constant of spec §9, in one place for both ends.

export const ROLES = ['admin', 'teacher', 'student', 'client'] as const;
export type Role = (typeof ROLES)[number];

export const LANGUAGES = ['en', 'el'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** GET requests time out after this; other methods have no client time-out. */
export const READ_TIMEOUT_MS = 60_000;
/** Header value the spec sends on generic POSTs. */
export const WRITE_TIMEOUT_HEADER_MS = 240_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const LIST_PAGE_SIZE = 20;
export const LIST_MAX_PAGE_SIZE = 100;
export const PAGINATION_MAX_ITEMS = 10;

export const QUERY_CACHE_MAX_AGE_MS = 604_800_000;
export const QUERY_CACHE_STORAGE_KEY = 'offline_cache';

export const DRAWER_WIDTH_BIG = 300;
export const DRAWER_WIDTH_SMALL = 100;
export const DRAWER_TOGGLE_MIN_WIDTH = 992;
export const DRAWER_PERMANENT_MIN_WIDTH = 1200;
export const BREAKPOINTS = {
  xs: 0,
  sm: 576,
  md: 768,
  lg: 992,
  xl: 1200,
  xxl: 2000,
  xxxl: 4000,
} as const;
export const TOP_BAR_SWITCH_WIDTH = 768;
export const TOOLS_MENU_MIN_WIDTH = 400;
export const CARD_LAYOUT_MAX_WIDTH = 768;

export const BADGE_CAP = 9;
export const MESSAGE_CLEAR_MS = 4_000;
export const STARTUP_ERROR_MS = 10_000;
export const PASSWORD_MIN_LENGTH = 8;
export const EMAIL_MAX_LENGTH = 320;

export const EDITOR_FONT_SIZE_MIN = 8;
export const EDITOR_FONT_SIZE_MAX = 72;
export const EDITOR_FONT_SIZE_DEFAULT = 15;
export const EDITOR_MAX_LIST_INDENT = 7;
export const EDITOR_MAX_HEIGHT = 500;

export const WEATHER_MAX_DAYS = 8;
/** Athens, at the four decimals MET Norway accepts. */
export const WEATHER_LOCATION = { latitude: 37.9838, longitude: 23.7275 } as const;
export const CALL_WINDOW_WIDTH_FRACTION = 0.25;
export const DEFAULT_CALL_LANGUAGE: Language = 'el';
export const LOGIN_FORM_WIDTH = 450;
export const CHAT_MODAL_MAX_WIDTH = 1000;
export const CHAT_MODAL_MAX_HEIGHT_FRACTION = 0.8;
export const SCROLL_HELPER_MS = 2_300;
export const ROW_BUTTON_RADIUS = 10;
export const SPLASH_WAIT_MS = 3_800;

/** Session lifetimes: a normal sign-in, and one with remember_me. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const SESSION_REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Reset and create-password links are short-lived and single-use. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const CREATE_PASSWORD_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Failed sign-ins allowed per window, per account and per address (a school shares one). */
export const LOGIN_RATE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 100;
/** Password-link mails allowed per window, per address and per account. */
export const PASSWORD_MAIL_MAX_PER_ADDRESS = 30;
export const PASSWORD_MAIL_MAX_PER_ACCOUNT = 5;

export const DEFAULT_PALETTE = {
  primaryBackground: '#f2f2f2',
  primaryBackgroundLight: '#fafafa',
  primaryText: '#1f1f1f',
  secondaryText: '#34495e',
  secondaryBackground: '#f28c28',
  thirdBackground: '#2f6fd6',
} as const;
export type Palette = { [K in keyof typeof DEFAULT_PALETTE]: string };
export const PALETTE_KEYS = Object.keys(DEFAULT_PALETTE) as (keyof Palette)[];

/** The largest upload the server takes unless FILES_MAX_BYTES says otherwise (the screens say it). */
export const FILES_DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
