import type { TokenRefusalReason, TokenStoreResult } from '../../shared/ipc';
import type { SafeStorageLike } from '../electron-api';
import type { MainTranslate } from '../i18n/main-messages';
import type { KeyValueStore } from '../preferences/key-value-store';

const TOKEN_KEY = 'sessionToken';

/** Why tokens cannot be stored safely right now, or null when the OS key store is usable. */
export function safeStorageRefusal(safeStorage: SafeStorageLike): TokenRefusalReason | null {
  if (!safeStorage.isEncryptionAvailable()) return 'encryption-unavailable';
  // On Linux without a secret service Chromium falls back to a hard-coded key: that is
  // obfuscation, not encryption, so a copied profile would leak the token.
  if (safeStorage.getSelectedStorageBackend?.() === 'basic_text') return 'plaintext-only';
  return null;
}

const MESSAGE_KEYS: Record<TokenRefusalReason, string> = {
  'plaintext-only': 'vault.plaintextOnly',
  'encryption-unavailable': 'vault.encryptionUnavailable',
};

/**
 * Keeps the session token encrypted by the OS key store (DPAPI, Keychain, libsecret). It never
 * writes a token it cannot encrypt properly: it refuses, tells the user once, and the renderer
 * keeps the session in memory only.
 */
export function createTokenVault(options: {
  safeStorage: SafeStorageLike;
  store: KeyValueStore;
  translate: () => MainTranslate;
  /** Shown once per run the first time a token is refused. */
  tellUser(message: string): void;
}) {
  const { safeStorage, store } = options;
  let userTold = false;

  return {
    getToken(): string | null {
      const stored = store.get(TOKEN_KEY);
      if (typeof stored !== 'string' || safeStorageRefusal(safeStorage) !== null) return null;
      try {
        return safeStorage.decryptString(Buffer.from(stored, 'base64'));
      } catch {
        // Encrypted under a key the OS no longer has (profile copied, keyring reset).
        store.delete(TOKEN_KEY);
        return null;
      }
    },

    setToken(token: string | null): TokenStoreResult {
      if (token === null) {
        store.delete(TOKEN_KEY);
        return { ok: true };
      }
      const refusal = safeStorageRefusal(safeStorage);
      if (refusal !== null) {
        // An older token must not outlive the session it belonged to.
        store.delete(TOKEN_KEY);
        const message = options.translate()(MESSAGE_KEYS[refusal]);
        if (!userTold) {
          userTold = true;
          options.tellUser(message);
        }
        return { ok: false, reason: refusal, message };
      }
      store.set(TOKEN_KEY, safeStorage.encryptString(token).toString('base64'));
      return { ok: true };
    },
  };
}
export type TokenVault = ReturnType<typeof createTokenVault>;
