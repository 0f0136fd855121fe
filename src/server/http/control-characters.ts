// C0 controls other than tab, newline and carriage return: never typed by a person, and NUL
// cannot be stored by PostgreSQL at all, so they are refused wherever text enters.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

export const hasControlCharacters = (text: string) => CONTROL_CHARACTERS.test(text);
