import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountEndpoints, schoolEndpoints } from '../../src/shared/api';
import { READ_TIMEOUT_MS } from '../../src/shared/constants';
import { ApiError } from '../../src/renderer/src/api/apiError';
import { callEndpoint, configureApiClient } from '../../src/renderer/src/api/client';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let sessionEnded: number;

beforeEach(() => {
  vi.stubGlobal('window', { location: { origin: 'http://app.test' } });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  sessionEnded = 0;
  configureApiClient({
    baseUrl: '/api',
    getToken: () => 'tok',
    getWhiteLabel: () => 'acme',
    getMockedUserId: () => 42,
    onSessionEnd: () => sessionEnded++,
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('API client', () => {
  it('sends Token and whitelabel, mockinguserid only on school calls, and unwraps the envelope', async () => {
    fetchMock.mockResolvedValue(reply(200, { status: 'ok', data: [{ name: 'colors' }] }));
    const result = await callEndpoint(schoolEndpoints.settings, { params: { school_id: 3 } });
    expect(result.data).toEqual([{ name: 'colors' }]);
    const [url, init] = fetchMock.mock.calls[0] as [URL, RequestInit];
    expect(url.toString()).toBe('http://app.test/api/schools/3/settings');
    expect(init.headers).toMatchObject({ Token: 'tok', whitelabel: 'acme', mockinguserid: '42' });

    fetchMock.mockResolvedValue(reply(200, { status: 'ok', data: { id: 1 } }));
    await callEndpoint(accountEndpoints.account);
    const [, accountInit] = fetchMock.mock.calls[1] as [URL, RequestInit];
    expect(accountInit.headers).not.toHaveProperty('mockinguserid');
  });

  it('times out reads after 60 s and leaves writes without a time-out', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    fetchMock.mockImplementation(async () => reply(200, { status: 'ok', data: null }));
    await callEndpoint(accountEndpoints.account);
    expect(timeout).toHaveBeenCalledWith(READ_TIMEOUT_MS);
    timeout.mockClear();
    await callEndpoint(accountEndpoints.logout);
    expect(timeout).not.toHaveBeenCalled();
  });

  it('ends the session on 401 or login_required, not on wrong credentials', async () => {
    fetchMock.mockResolvedValue(
      reply(401, { status: 'error', error: 'login_required', message: 'Sign in' }),
    );
    await expect(callEndpoint(accountEndpoints.account)).rejects.toBeInstanceOf(ApiError);
    expect(sessionEnded).toBe(1);

    fetchMock.mockResolvedValue(
      reply(200, { status: 'error', error: 'login_required', message: 'Sign in' }),
    );
    await expect(callEndpoint(accountEndpoints.account)).rejects.toMatchObject({
      code: 'login_required',
    });
    expect(sessionEnded).toBe(2);

    fetchMock.mockResolvedValue(
      reply(401, {
        status: 'error',
        error: 'invalid_credentials',
        message: 'Wrong password Or Email',
      }),
    );
    await expect(
      callEndpoint(accountEndpoints.login, { body: { username: 'a@b.gr', password: 'x' } }),
    ).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(sessionEnded).toBe(2);

    fetchMock.mockResolvedValue(reply(403, { status: 'error', error: 'forbidden', message: 'No' }));
    await expect(callEndpoint(accountEndpoints.account)).rejects.toMatchObject({
      code: 'forbidden',
      message: 'No',
    });
    expect(sessionEnded).toBe(2);
  });

  it("turns a failed call into 'Network Error'", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callEndpoint(accountEndpoints.account)).rejects.toMatchObject({
      code: 'network',
      message: 'Network Error',
    });
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(callEndpoint(accountEndpoints.account)).rejects.toMatchObject({ code: 'network' });
    expect(sessionEnded).toBe(0);
  });
});
