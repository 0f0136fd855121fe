/** A small HTTP client for API tests: JSON in, status + parsed envelope out. */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: {
    status: 'ok' | 'error';
    data: T;
    totalCount?: number;
    error?: string;
    message?: string;
    fields?: Record<string, string>;
    issues?: { code: string; field?: string; params?: Record<string, string | number> }[];
  };
}

export function apiClient(baseUrl: string) {
  async function call<T = any>(
    method: string,
    path: string,
    options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Token = options.token;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : null,
    };
  }
  const api = {
    call,
    get: <T = any>(path: string, token?: string | null, headers?: Record<string, string>) =>
      call<T>('GET', path, { token, headers }),
    post: <T = any>(
      path: string,
      body?: unknown,
      token?: string | null,
      headers?: Record<string, string>,
    ) => call<T>('POST', path, { body: body ?? {}, token, headers }),
    /** Signs in and returns the token; fails the test when sign-in fails. */
    async login(username: string, password = 'demo-password', rememberMe = false): Promise<string> {
      const response = await call<{ token: string }>('POST', '/account/login', {
        body: { username, password, platform: 'test', remember_me: rememberMe },
      });
      if (response.status !== 200)
        throw new Error(`login ${username}: ${JSON.stringify(response.body)}`);
      return response.body.data.token;
    },
  };
  return api;
}
export type ApiClient = ReturnType<typeof apiClient>;
