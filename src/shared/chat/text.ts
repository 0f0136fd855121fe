// A chat message is plain text. What a person types is kept, but what no person types is
// removed before it is stored: control characters, direction overrides that disguise text, and
// markup tags (no client ever renders them, but the text also reaches notifications and
// e-mail digests, where a tag must not become markup). Comparisons such as "2 < 3" stay.

/** The longest message, in characters, after sanitising. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Messages one person may send per window, on every node together. */
export const CHAT_SEND_LIMIT = 20;
export const CHAT_SEND_WINDOW_MS = 10_000;
/** History pages and the catch-up after a reconnect. */
export const CHAT_PAGE_SIZE = 30;
export const CHAT_CATCH_UP_MAX = 200;
/** How long a typing indicator stays without another keystroke. */
export const CHAT_TYPING_TIMEOUT_MS = 4_000;
/** Files one message carries at most (each within the server's upload limit). */
export const CHAT_ATTACHMENTS_MAX = 5;
/** Files attached in one room's composer and not sent yet, per person. */
export const CHAT_UNSENT_FILES_MAX = 10;
/** Uploads one person may make to chat rooms per window. */
export const CHAT_UPLOAD_LIMIT = 20;
export const CHAT_UPLOAD_WINDOW_MS = 60_000;
/** An attachment's link works this long, while its reader may still read the room. */
export const CHAT_ATTACHMENT_LINK_TTL_SECONDS = 12 * 60 * 60;
/** Files attached and never sent are removed after this long. */
export const CHAT_UNSENT_FILE_TTL_MS = 24 * 60 * 60_000;

const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const DIRECTION_OVERRIDES = /[\u202a-\u202e\u2066-\u2069]/g;
const TAGS = /<\/?[a-zA-Z][a-zA-Z0-9-]*(\s[^<>]*)?\/?>/g;

export function sanitizeChatText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '')
    .replace(DIRECTION_OVERRIDES, '')
    .replace(TAGS, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
