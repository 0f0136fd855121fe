import { atom } from 'jotai';

// Apart from atoms.ts, whose stored atoms read localStorage when loaded: the inbox queries use
// this one, and they are loaded by unit tests that run without a DOM.

/** Whether the real-time socket of the open role area is connected (polling slows down then). */
export const realtimeConnectedAtom = atom(false);
