import { describe, expect, it } from 'vitest';
import {
  appPageContentSecurityPolicy,
  callPageContentSecurityPolicy,
} from '../../../src/main/security/content-security-policy';

const directives = (policy: string): Map<string, string[]> =>
  new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );

describe('the app page CSP', () => {
  const policy = directives(appPageContentSecurityPolicy('https://school.example.org'));

  it('runs scripts from the app bundle only: no inline, no eval, no remote', () => {
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it('talks to the configured server only, over HTTP and WebSocket', () => {
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://school.example.org',
      'wss://school.example.org',
    ]);
  });

  it('frames only server pages and allows no plugins, base changes or framing of itself', () => {
    expect(policy.get('frame-src')).toEqual(['https://school.example.org']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('frames nothing while no server is configured', () => {
    const unconfigured = directives(appPageContentSecurityPolicy(null));
    expect(unconfigured.get('frame-src')).toEqual(["'none'"]);
    expect(unconfigured.get('connect-src')).toEqual(["'self'"]);
  });

  it('uses ws:// for a plain-http development server', () => {
    expect(
      directives(appPageContentSecurityPolicy('http://127.0.0.1:8080')).get('connect-src'),
    ).toContain('ws://127.0.0.1:8080');
  });
});

describe('the call page CSP', () => {
  it("allows the call's Jitsi domain to provide external_api.js and the meeting frame", () => {
    const policy = directives(callPageContentSecurityPolicy('https://meet.example.org'));
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://meet.example.org']);
    expect(policy.get('frame-src')).toEqual(['https://meet.example.org']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });
});

describe('the call page CSP in development', () => {
  it('adds the dev server for the page script, and nothing else', () => {
    const policy = directives(
      callPageContentSecurityPolicy('https://meet.example.org', 'http://localhost:5173'),
    );
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'http://localhost:5173',
      'https://meet.example.org',
    ]);
    expect(policy.get('frame-src')).toEqual(['https://meet.example.org']);
  });
});
