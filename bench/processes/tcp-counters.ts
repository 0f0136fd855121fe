// Linux's TCP counters for the whole machine (/proc/net/netstat). A sign-in storm opens
// thousands of connections at once: when the server cannot accept them fast enough, its listen
// queue overflows and clients see resets; these counters tell that apart from a server error.
import fs from 'node:fs';

const NAMES = ['ListenOverflows', 'ListenDrops', 'TCPAbortOnData'] as const;
export type TcpCounters = Record<(typeof NAMES)[number], number>;

/** The counters now, or null where /proc/net/netstat is missing (not Linux). */
export function tcpCounters(): TcpCounters | null {
  let text: string;
  try {
    text = fs.readFileSync('/proc/net/netstat', 'utf8');
  } catch {
    return null;
  }
  // Lines come in pairs: "TcpExt: <names…>" then "TcpExt: <values…>".
  const lines = text.split('\n').filter((line) => line.startsWith('TcpExt:'));
  const names = lines[0]?.split(/\s+/).slice(1) ?? [];
  const values = lines[1]?.split(/\s+/).slice(1).map(Number) ?? [];
  return Object.fromEntries(
    NAMES.map((name) => [name, values[names.indexOf(name)] ?? 0]),
  ) as TcpCounters;
}

export const countersSince = (before: TcpCounters, after: TcpCounters): TcpCounters =>
  Object.fromEntries(NAMES.map((name) => [name, after[name] - before[name]])) as TcpCounters;
