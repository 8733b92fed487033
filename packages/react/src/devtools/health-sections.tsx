/**
 * The devtools' session and key sections: what this device's session is, and whether its
 * signing key is where the session needs it. Only non-secret facts are shown: the key's
 * presence, where it is stored, that it cannot be exported, its curve and the first bytes of
 * its public half; never the key, the stamp or any token.
 */
import type { KeyHealth, SessionState, WalletAuthClient } from '@wallet-auth/core';
import { useCallback, useEffect, useId, useState } from 'react';
import { useSession } from '../hooks/use-session.js';

/** The key slot the session manager uses for the session's signing key. */
export const SESSION_KEY_SLOT = 'session';

function short(value: string, keep = 14): string {
  return value.length > keep ? `${value.slice(0, keep)}…` : value;
}

function time(epochMs: number): string {
  return new Date(epochMs)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
}

/** A definition list of facts; `undefined` values are left out. */
function Facts({ facts }: { facts: readonly (readonly [string, string | undefined])[] }) {
  return (
    <dl data-devtools-facts="">
      {facts
        .filter((fact): fact is readonly [string, string] => fact[1] !== undefined)
        .map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** This device's session: status, type, id, expiry, and why it ended. */
export function SessionSection({ client }: { client: WalletAuthClient }) {
  const session: SessionState = useSession(undefined, { client });
  const titleId = useId();
  const active = session.status === 'active' || session.status === 'expired';
  return (
    <section aria-labelledby={titleId} data-devtools-section="session">
      <h3 id={titleId}>Session</h3>
      <Facts
        facts={[
          [
            'Status',
            session.status === 'active' && session.refreshing
              ? 'active (refreshing)'
              : session.status,
          ],
          [
            'Reason',
            session.status === 'signedOut' ? (session.reason ?? 'not signed in') : undefined,
          ],
          ['Type', active ? session.session.type : undefined],
          ['Id', active ? short(session.session.id, 22) : undefined],
          ['Expires', active ? time(session.session.expiresAt) : undefined],
          ['Key stored in', 'persistence' in session ? session.persistence : undefined],
        ]}
      />
    </section>
  );
}

/** The facts of a key slot's health that may be shown. */
export function describeKeyHealth(health: KeyHealth): (readonly [string, string | undefined])[] {
  switch (health.status) {
    case 'present':
    case 'mismatched': {
      const { privateKey, compressedPublicKeyHex } = health.key.keyPair;
      const algorithm = privateKey.algorithm as EcKeyAlgorithm;
      return [
        [
          'Status',
          health.status === 'present'
            ? 'present, matches the session'
            : 'mismatched: not the session’s key',
        ],
        ['Stored in', health.status === 'present' ? health.persistence : undefined],
        ['Private key', privateKey.extractable ? 'EXTRACTABLE (unsafe)' : 'non-extractable'],
        ['Curve', `${algorithm.name} ${algorithm.namedCurve ?? ''}`.trim()],
        ['Public key', short(compressedPublicKeyHex, 16)],
        ['Created', time(health.key.createdAt)],
      ];
    }
    case 'missing':
      return [['Status', `missing (${health.reason})`]];
    case 'unsupported':
      return [['Status', `unsupported: ${health.error.code}`]];
    default:
      return health satisfies never;
  }
}

/** The session key's health, checked on mount, when the session changes and on demand. */
export function KeySection({ client }: { client: WalletAuthClient }) {
  const session = useSession(undefined, { client });
  const publicKey =
    session.status === 'active' || session.status === 'expired'
      ? session.session.publicKey
      : undefined;
  const [health, setHealth] = useState<KeyHealth | undefined>(undefined);
  const check = useCallback(() => {
    let live = true;
    client.keys
      .checkHealth(
        SESSION_KEY_SLOT,
        publicKey === undefined ? {} : { expectedPublicKey: publicKey },
      )
      .then((next) => live && setHealth(next));
    return () => {
      live = false;
    };
  }, [client, publicKey]);
  useEffect(check, [check]);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-devtools-section="key">
      <h3 id={titleId}>Session key</h3>
      {health === undefined ? <p>Checking…</p> : <Facts facts={describeKeyHealth(health)} />}
      <button type="button" onClick={check}>
        Check again
      </button>
    </section>
  );
}
