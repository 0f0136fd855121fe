import { z } from 'zod';
import { LANGUAGES } from '../../shared/constants';
import type { CallPageChannel, CallPageContract, IpcChannel, IpcContract } from '../../shared/ipc';
import { SAVE_FILE_MAX_BYTES } from '../files/save-file';
import { QUERY_CACHE_MAX_BYTES } from '../query-cache/query-cache-store';

// What each channel accepts. The page is treated as untrusted input: a compromised renderer
// must not be able to push arbitrary shapes into the vault, the cache or a window.

const noRequest = z.undefined();
const language = z.enum(LANGUAGES);
const appVersion = z.string().min(1).max(100);

export const callWindowOptionsSchema = z.object({
  domain: z.string().min(1).max(253),
  roomName: z.string().min(1).max(200),
  jwt: z.string().min(1).max(8192),
  subject: z.string().max(300),
  language,
  configOverwrite: z.record(z.string(), z.unknown()),
  canRecord: z.boolean(),
});

export const desktopRequestSchemas = {
  'vault:get-token': noRequest,
  'vault:set-token': z.string().min(1).max(4096).nullable(),
  'cache:load': z.object({ appVersion }),
  'cache:save': z.object({ appVersion, value: z.string().max(QUERY_CACHE_MAX_BYTES) }),
  'cache:clear': noRequest,
  'notify:show': z.object({
    title: z.string().max(300),
    body: z.string().max(2000),
    route: z.string().max(2048).optional(),
  }),
  'call:open': callWindowOptionsSchema,
  'call:close': noRequest,
  'update:check': noRequest,
  'update:install': noRequest,
  'file:save': z.object({
    name: z.string().min(1).max(255),
    data: z.union([z.string().max(SAVE_FILE_MAX_BYTES), z.instanceof(Uint8Array)]),
  }),
  'config:get': noRequest,
  'config:set': z.strictObject({
    serverUrl: z.string().max(2048).nullable().optional(),
    whiteLabel: z.string().max(100).nullable().optional(),
    language: language.nullable().optional(),
  }),
} satisfies { [K in IpcChannel]: z.ZodType<IpcContract[K]['request']> };

/** A meeting event from the call page; a recording's link only as an http(s) address. */
export const callMeetingEventSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('joined') }),
  z.strictObject({ kind: z.literal('left') }),
  z.strictObject({ kind: z.literal('recording-status'), on: z.boolean(), error: z.boolean() }),
  z.strictObject({
    kind: z.literal('recording-link'),
    link: z.url({ protocol: /^https?$/ }).max(2000),
  }),
]);

export const callPageRequestSchemas = {
  'call:get-options': noRequest,
  'call:ready-to-close': noRequest,
  'call:report': callMeetingEventSchema,
} satisfies { [K in CallPageChannel]: z.ZodType<CallPageContract[K]['request']> };
