import { z } from 'zod';
import { LANGUAGES } from '../../shared/constants';
import { normalizeServerUrl } from './server-url';

/** Settings the machine file can lock against per-user changes. */
export const LOCKABLE_KEYS = ['serverUrl', 'whiteLabel', 'language', 'updatePolicy'] as const;
export type LockableKey = (typeof LOCKABLE_KEYS)[number];

const httpUrl = (label: string) =>
  z.string().transform((value, context) => {
    // The administrator decides about plain http on their own network.
    const normalized = normalizeServerUrl(value, { allowPlainHttp: true });
    if (normalized === null) {
      context.addIssue({ code: 'custom', message: `${label} must be an http(s) address` });
      return z.NEVER;
    }
    return normalized;
  });

const machineConfigSchema = z.looseObject({
  serverUrl: httpUrl('serverUrl').optional(),
  whiteLabel: z.string().trim().min(1).max(100).nullable().optional(),
  language: z.enum(LANGUAGES).optional(),
  updatePolicy: z.enum(['auto', 'notify', 'off']).optional(),
  /** A generic electron-updater feed, for schools that mirror updates internally. */
  updateFeedUrl: httpUrl('updateFeedUrl').optional(),
  /** Keys users may not change; when absent, every key the file sets is locked. */
  locked: z.array(z.enum(LOCKABLE_KEYS)).optional(),
});
export type MachineConfig = z.infer<typeof machineConfigSchema>;

const KNOWN_KEYS = new Set(['$schema', ...Object.keys(machineConfigSchema.shape)]);

export type MachineConfigReading =
  | { status: 'absent' }
  | { status: 'ok'; config: MachineConfig; unknownKeys: string[] }
  | { status: 'invalid'; reason: string };

/** Parses the text of a machine configuration file (JSON). */
export function parseMachineConfig(text: string): MachineConfigReading {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { status: 'invalid', reason: `not valid JSON: ${(error as Error).message}` };
  }
  const parsed = machineConfigSchema.safeParse(json);
  if (!parsed.success) {
    const reason = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`)
      .join('; ');
    return { status: 'invalid', reason };
  }
  // Unknown keys (often typos such as "serverURL") are reported, not fatal, so that a newer
  // file still configures an older app.
  const unknownKeys = Object.keys(parsed.data).filter((key) => !KNOWN_KEYS.has(key));
  return { status: 'ok', config: parsed.data, unknownKeys };
}

/** Reads the machine file; a missing file is the normal, unmanaged case. */
export function readMachineConfig(
  file: string,
  readText: (file: string) => string,
): MachineConfigReading {
  let text: string;
  try {
    text = readText(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'absent' };
    return { status: 'invalid', reason: (error as Error).message };
  }
  return parseMachineConfig(text);
}

/** The keys the machine file locks. */
export function lockedKeys(machine: MachineConfig | null): LockableKey[] {
  if (!machine) return [];
  if (machine.locked) return [...new Set(machine.locked)];
  return LOCKABLE_KEYS.filter((key) => machine[key] !== undefined);
}
