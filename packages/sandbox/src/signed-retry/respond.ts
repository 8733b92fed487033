/**
 * Rendering of signed-retry outcomes: the 202 challenge, PROCESSING (docs/protocol.md §11.4) and held
 * terminal responses.
 */
import type { Context } from 'hono';
import { PROCESSING_MESSAGE } from '../magic-values.js';
import type { TerminalResponse } from './request-store.js';

/** The 202 body `{type?, payloadToSign, requestId, expiresAt}` (§11.1). */
export function challengeResponse(
  c: Context,
  challenge: { type?: string; payloadToSign: string; requestId: string; expiresAt: number },
): Response {
  return c.json(
    {
      ...(challenge.type === undefined ? {} : { type: challenge.type }),
      payloadToSign: challenge.payloadToSign,
      requestId: challenge.requestId,
      expiresAt: new Date(challenge.expiresAt).toISOString(),
    },
    202,
  );
}

/** 200 `{status: "PROCESSING", message}` — for 201/204 endpoints any 200 means the same (§11.4). */
export function processingResponse(c: Context): Response {
  return c.json({ status: 'PROCESSING', message: PROCESSING_MESSAGE }, 200);
}

/** Sends a terminal response (204 has no body and no Content-Type, §1). */
export function terminalResponse(c: Context, terminal: TerminalResponse): Response {
  if (terminal.status === 204) {
    return c.body(null, 204);
  }
  return c.json(terminal.body as object, terminal.status);
}
