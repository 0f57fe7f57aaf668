/**
 * Schemas of the frames a client sends on the softphone socket (types and meaning in
 * protocol.ts). The server validates every frame with them; the light bundles use the types
 * only, so zod stays out of them.
 */
import { z } from 'zod';
import { isStorableText } from '../storable-text.js';
import { ctiLimits } from './protocol.js';

const token = z.string().min(1).max(4096);
const frameId = z.string().min(1).max(ctiLimits.requestId).refine(isStorableText);

export const authFrame = z.strictObject({
  type: z.literal('auth'),
  token: token.optional(),
  resume: z
    .strictObject({
      session: z.string().min(1).max(64),
      key: z.string().min(1).max(128),
      last_seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    })
    .optional(),
});

export const pingFrame = z.strictObject({
  type: z.literal('ping'),
  ts: z.number(),
});

export const requestFrame = z.strictObject({
  type: z.literal('req'),
  id: frameId,
  method: z.string().min(1).max(ctiLimits.methodName),
  // Checked against the method's definition, so a bad one is answered invalidParams, not badFrame.
  params: z.unknown().optional(),
  expires_at: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const clientFrame = z.discriminatedUnion('type', [authFrame, pingFrame, requestFrame]);
