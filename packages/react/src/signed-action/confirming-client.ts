import { type StampSubject, type WalletAuthClient, WalletAuthError } from '@wallet-auth/core';

/**
 * Asks the person before the session key stamps `payloadToSign`; resolves to approve, rejects
 * (with anything) to refuse. `subject` is what the payload authorises as the core checked it
 * (a transfer's quote), when the action knows it.
 */
export type ConfirmStamp = (payloadToSign: string, subject?: StampSubject) => Promise<void>;

/**
 * Returns a client whose session stamper first asks `confirm`. Only `sessions.requireStamper` is
 * wrapped: every signed action of the core obtains its stamper there, so the confirmation comes
 * after the 202 challenge names the payload (and after the core checked it belongs to what the
 * action acts on) and before the stamp (docs/protocol.md §11.1). A refusal fails the action with
 * `ABORTED`; nothing is stamped or sent.
 *
 * @param client - The kit's client.
 * @param confirm - Shows the payload and settles when the person decides.
 */
export function withStampConfirmation(
  client: WalletAuthClient,
  confirm: ConfirmStamp,
): WalletAuthClient {
  const sessions = client.sessions;
  return {
    ...client,
    sessions: {
      ...sessions,
      requireStamper: async () => {
        const stamper = await sessions.requireStamper();
        return {
          ...stamper,
          stamp: async (payloadToSign: string, subject?: StampSubject) => {
            try {
              await confirm(payloadToSign, subject);
            } catch (error) {
              throw new WalletAuthError('ABORTED', 'The action was not approved.', {
                cause: error,
              });
            }
            return stamper.stamp(payloadToSign, subject);
          },
        };
      },
    },
  };
}
