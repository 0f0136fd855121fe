import { describe, expect, it, vi } from 'vitest';
import { createMainTranslator } from '../../src/main/i18n/main-messages';
import { createMemoryStore } from '../../src/main/preferences/key-value-store';
import { createTokenVault } from '../../src/main/vault/token-vault';
import { fakeSafeStorage } from './fakes/electron-fakes';

function vaultOn(mode: 'keychain' | 'basic_text' | 'unavailable', language: 'en' | 'el' = 'en') {
  const store = createMemoryStore();
  const safeStorage = fakeSafeStorage(mode);
  const tellUser = vi.fn();
  const t = createMainTranslator(language);
  const vault = createTokenVault({ safeStorage, store, translate: () => t, tellUser });
  return { vault, store, safeStorage, tellUser };
}

describe('the token vault', () => {
  it('keeps the token encrypted by the OS key store and reads it back', () => {
    const { vault, store } = vaultOn('keychain');
    expect(vault.setToken('secret-token-123')).toEqual({ ok: true });
    expect(JSON.stringify(store.get('sessionToken'))).not.toContain('secret-token-123');
    expect(vault.getToken()).toBe('secret-token-123');
  });

  it('refuses to store the token when only the plaintext fallback exists, and tells the user', () => {
    const { vault, store, safeStorage, tellUser } = vaultOn('basic_text');
    const result = vault.setToken('secret-token-123');
    expect(result).toMatchObject({ ok: false, reason: 'plaintext-only' });
    expect(result.ok === false && result.message).toMatch(/plain text/);
    expect(safeStorage.encryptCalls).toBe(0);
    expect(store.get('sessionToken')).toBeUndefined();
    expect(tellUser).toHaveBeenCalledOnce();
  });

  it('tells the user once per run, not at every refused write', () => {
    const { vault, tellUser } = vaultOn('basic_text');
    vault.setToken('a');
    vault.setToken('b');
    expect(tellUser).toHaveBeenCalledOnce();
  });

  it('refuses when no encryption is available at all', () => {
    const { vault, store } = vaultOn('unavailable');
    expect(vault.setToken('secret')).toMatchObject({ ok: false, reason: 'encryption-unavailable' });
    expect(store.get('sessionToken')).toBeUndefined();
  });

  it('says it in Greek for a Greek user', () => {
    const { vault } = vaultOn('basic_text', 'el');
    const result = vault.setToken('secret');
    expect(result.ok === false && result.message).toMatch(/απλό κείμενο/);
  });

  it('drops an older token when a new one is refused', () => {
    const store = createMemoryStore();
    const t = createMainTranslator('en');
    createTokenVault({
      safeStorage: fakeSafeStorage('keychain'),
      store,
      translate: () => t,
      tellUser: vi.fn(),
    }).setToken('old');
    const degraded = createTokenVault({
      safeStorage: fakeSafeStorage('basic_text'),
      store,
      translate: () => t,
      tellUser: vi.fn(),
    });
    degraded.setToken('new');
    expect(store.get('sessionToken')).toBeUndefined();
    expect(degraded.getToken()).toBeNull();
  });

  it('forgets the token on sign-out (null)', () => {
    const { vault, store } = vaultOn('keychain');
    vault.setToken('secret');
    expect(vault.setToken(null)).toEqual({ ok: true });
    expect(store.get('sessionToken')).toBeUndefined();
    expect(vault.getToken()).toBeNull();
  });

  it('discards a token it can no longer decrypt', () => {
    const { vault, store } = vaultOn('keychain');
    store.set('sessionToken', Buffer.from('garbage').toString('base64'));
    expect(vault.getToken()).toBeNull();
    expect(store.get('sessionToken')).toBeUndefined();
  });
});
