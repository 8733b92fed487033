/**
 * Story harness (not exported, not built): every story gets its own emulator running in the
 * browser tab through its fetch handler — no server — a customer with an embedded wallet and a
 * kit client, prepared by `loadKit` from the story's `parameters.kit` scenario and the emulator
 * controls (`emulator*` args). Changing a control re-runs the loader, so a fresh emulator applies it.
 */

import { QueryClientProvider } from '@tanstack/react-query';
import {
  executeTransfer,
  type GetIdToken,
  setWalletPrivacy,
  type WebAuthnPort,
} from '@wallet-auth/core';
import { mintSandboxIdToken } from '@wallet-auth/sandbox';
import type { ReactNode } from 'react';
import {
  createWalletAuthDevtools,
  type WalletAuthDevtoolsStore,
} from '../devtools/devtools-store.js';
import { WalletAuthProvider } from '../provider/wallet-auth-provider.js';
import { createKit, type Kit } from '../test/kit.js';
import {
  createAutofillWebAuthn,
  createCancellingWebAuthn,
  createPendingWebAuthn,
  createSoftWebAuthn,
  createUnsupportedWebAuthn,
} from '../test/soft-webauthn.js';

/** Emulator controls shown in every story that talks to the emulator (docs/protocol.md §14). */
export interface EmulatorArgs {
  /** Signed retries and challenges answer PROCESSING this many times before settling. */
  emulatorProcessing?: number;
  /** Challenges allowed per credential in the window; more give 429 with Retry-After. */
  emulatorChallengesPerWindow?: number;
  /** Consecutive wrong codes before the credential locks (429). */
  emulatorVerifyFailuresBeforeLock?: number;
  /** Lifetime of new sessions in seconds. */
  emulatorSessionLifetimeSeconds?: number;
}

const category = { table: { category: 'Emulator' } };

/** The emulator controls, in their own "Emulator" group of the controls panel. */
export const emulatorArgTypes = {
  emulatorProcessing: {
    ...category,
    control: { type: 'number', min: 0, max: 5, step: 1 },
    description: 'PROCESSING answers before a signed retry settles (`processing`).',
  },
  emulatorChallengesPerWindow: {
    ...category,
    control: { type: 'number', min: 0, max: 10, step: 1 },
    description:
      'Code requests per credential per window before 429 (`rateLimits.challengesPerWindow`).',
  },
  emulatorVerifyFailuresBeforeLock: {
    ...category,
    control: { type: 'number', min: 0, max: 10, step: 1 },
    description: 'Wrong codes before a lock (`rateLimits.verifyFailuresBeforeLock`).',
  },
  emulatorSessionLifetimeSeconds: {
    ...category,
    control: { type: 'number', min: 10, max: 3600, step: 10 },
    description: 'Session lifetime in seconds (`sessionLifetimeSeconds`).',
  },
} as const;

/** Defaults of the emulator controls (the emulator's own, docs/protocol.md §14). */
export const emulatorArgs: Required<EmulatorArgs> = {
  emulatorProcessing: 0,
  emulatorChallengesPerWindow: 5,
  emulatorVerifyFailuresBeforeLock: 5,
  emulatorSessionLifetimeSeconds: 900,
};

/** What a story needs ready before it renders. */
export interface Scenario {
  /** Sign this device in by email code. */
  signedIn?: boolean;
  /** Register a passkey on this device (signed in meanwhile). */
  passkey?: boolean;
  /** Link a Google account (signed in meanwhile). */
  oauth?: boolean;
  /** Provision an SMS_OTP credential too. */
  phone?: boolean;
  /** Sign in this many other devices. */
  otherDevices?: number;
  /** Leave this device's session in one of its ended states. */
  session?: 'expired' | 'keyMissing' | 'revoked';
  /** Wallet balance and pending amount, in USDC's smallest unit. */
  fund?: { amount: number; pending?: number };
  /** Pay this much (USDC's smallest unit) from the funded wallet to the customer's USD account. */
  cashOut?: number;
  /** PENDING → ACTIVE delay of the wallet, in seconds. */
  activationSeconds?: number;
  /**
   * Which passkey prompt the components get; `autofill` also offers the passkey in autofill,
   * picked with `kit.autofill.pick()`. @defaultValue 'soft'
   */
  webauthn?: 'soft' | 'cancel' | 'unsupported' | 'pending' | 'autofill';
  /**
   * What the identity provider answers: `otherIdentity` a token for another person,
   * `popupBlocked` a blocked popup (then a redirect that never returns), `redirect` a redirect
   * that never returns. @defaultValue a token for the linked identity
   */
  identityProvider?: 'otherIdentity' | 'popupBlocked' | 'redirect';
  /** Requests held open (e.g. `/challenge$/`), to show a pending state. */
  hold?: RegExp[];
  /** The OTP lifetime in seconds. */
  otpLifetimeSeconds?: number;
  /** Every request of the kit fails as if the network were down (set after the setup). */
  networkDown?: boolean;
  /** Report the client's exchanges to a devtools store (`kit.devtools`). */
  devtools?: boolean;
}

/** The kit a story renders with. */
export interface StoryKit extends Kit {
  /** The passkey prompt of the story (a software authenticator unless the scenario says). */
  webauthn: WebAuthnPort;
  /** Ids of what the scenario added: credentials (`AuthMethod:<uuid>`), a cash-out's transaction. */
  added: { passkey?: string; oauth?: string; transactionId?: string };
  /** The devtools store the client reports to, when the scenario asks for one. */
  devtools: WalletAuthDevtoolsStore | undefined;
  /** The autofill controls, when the scenario's `webauthn` is `autofill`. */
  autofill: ReturnType<typeof createAutofillWebAuthn> | undefined;
}

/** The identity provider of a scenario (the kit's own, or one answering otherwise). */
function identityProviderFor(kit: Kit, kind: Scenario['identityProvider']): GetIdToken {
  switch (kind) {
    case 'otherIdentity':
      return async ({ nonce }) =>
        mintSandboxIdToken({
          aud: 'wallet-auth-stories',
          sub: 'somebody-else',
          email: 'eve@gmail.com',
          nonce,
          now: kit.serverClock.now() / 1000,
        });
    case 'popupBlocked':
      return ({ mode }) =>
        mode === 'popup'
          ? Promise.reject(Object.assign(new Error('blocked'), { name: 'PopupBlockedError' }))
          : new Promise<never>(() => undefined);
    case 'redirect':
      return () => new Promise<never>(() => undefined);
    default:
      return kit.getIdToken;
  }
}

function portFor(kind: Scenario['webauthn'], soft: WebAuthnPort): WebAuthnPort {
  switch (kind) {
    case 'cancel':
      return createCancellingWebAuthn();
    case 'unsupported':
      return createUnsupportedWebAuthn();
    case 'pending':
      return createPendingWebAuthn();
    default:
      return soft;
  }
}

/** Builds the emulator and the kit for a scenario and the emulator controls. */
export async function setUpKit(args: EmulatorArgs, scenario: Scenario = {}): Promise<StoryKit> {
  const controls = { ...emulatorArgs, ...args };
  const processing = controls.emulatorProcessing;
  const devtools = scenario.devtools ? createWalletAuthDevtools() : undefined;
  const kit = createKit({
    ...(devtools ? { client: { onExchange: devtools.onExchange } } : {}),
    ...(scenario.phone ? { phoneNumber: '+14155550123' } : {}),
    sandbox: {
      sessionLifetimeSeconds: controls.emulatorSessionLifetimeSeconds,
      ...(scenario.otpLifetimeSeconds ? { otpLifetimeSeconds: scenario.otpLifetimeSeconds } : {}),
      rateLimits: {
        challengesPerWindow: controls.emulatorChallengesPerWindow,
        verifyFailuresBeforeLock: controls.emulatorVerifyFailuresBeforeLock,
      },
      ...(scenario.activationSeconds
        ? { platform: { accountActivationSeconds: scenario.activationSeconds } }
        : {}),
      ...(processing > 0
        ? {
            processing: {
              'POST /auth/credentials/{id}/verify': processing,
              'POST /auth/credentials': processing,
              'DELETE /auth/credentials/{id}': processing,
              'DELETE /auth/sessions/{id}': processing,
              'POST /internal-accounts/{id}/export': processing,
              'PATCH /internal-accounts/{id}': processing,
            },
          }
        : {}),
    },
  });
  const soft = createSoftWebAuthn(globalThis.location?.origin ?? 'http://localhost:6006');
  for (let device = 0; device < (scenario.otherDevices ?? 0); device++) {
    await kit.otherDevice();
  }
  if (
    scenario.passkey ||
    scenario.oauth ||
    scenario.signedIn ||
    scenario.session ||
    scenario.fund
  ) {
    await kit.signIn();
  }
  const added: StoryKit['added'] = {};
  if (scenario.passkey) {
    added.passkey = (await kit.registerPasskey(soft)).id;
  }
  if (scenario.oauth) {
    added.oauth = (await kit.addOAuth()).id;
  }
  if (scenario.fund) {
    await kit.fund(scenario.fund.amount, scenario.fund.pending ?? 0);
  }
  if (scenario.cashOut !== undefined) {
    const { data } = await kit.client.api.listInternalAccounts({ customerId: kit.customerId });
    const usd = data.find((account) => account.type === 'INTERNAL_FIAT');
    if (usd !== undefined) {
      const quote = await executeTransfer(kit.client, {
        sourceAccountId: kit.accountId,
        destinationAccountId: usd.id,
        amount: scenario.cashOut,
      });
      added.transactionId = quote.transactionId;
    }
  }
  if (scenario.session === 'expired') {
    // Time passes for both sides, then the page is opened again.
    kit.clientClock.offset = controls.emulatorSessionLifetimeSeconds * 1000 + 1000;
    kit.serverClock.offset = kit.clientClock.offset;
    kit.reload();
  } else if (scenario.session === 'keyMissing') {
    await kit.keyStore.delete('session');
    await kit.client.sessions.refresh().catch(() => undefined);
  } else if (scenario.session === 'revoked') {
    const state = kit.client.sessions.getSnapshot();
    const other = await kit.otherDevice();
    if (state.status === 'active') {
      await other.sessions.revokeSession(state.session.id);
    }
    // The next signed action meets the revocation; the device signs itself out (SES-06).
    await setWalletPrivacy(kit.client, kit.accountId, true).catch(() => undefined);
  } else if ((scenario.passkey || scenario.oauth) && !scenario.signedIn) {
    await kit.client.sessions.signOut();
  }
  kit.network.hold = scenario.hold ?? [];
  kit.network.offline = scenario.networkDown ?? false;
  const autofill =
    scenario.webauthn === 'autofill'
      ? createAutofillWebAuthn(globalThis.location?.origin ?? 'http://localhost:6006', soft)
      : undefined;
  return Object.assign(kit, {
    webauthn: autofill?.port ?? portFor(scenario.webauthn, soft),
    getIdToken: identityProviderFor(kit, scenario.identityProvider),
    added,
    devtools,
    autofill,
  });
}

/** The loader of every emulator story: reads `parameters.kit` and the emulator controls. */
export async function loadKit(context: {
  args: object;
  parameters: Record<string, unknown>;
}): Promise<{ kit: StoryKit }> {
  return {
    kit: await setUpKit(
      context.args as EmulatorArgs,
      context.parameters.kit as Scenario | undefined,
    ),
  };
}

/** The providers around a story: the app's QueryClient and the kit's client. */
export function KitProviders({ kit, children }: { kit: StoryKit; children: ReactNode }) {
  return (
    <QueryClientProvider client={kit.queryClient}>
      <WalletAuthProvider client={kit.client}>{children}</WalletAuthProvider>
    </QueryClientProvider>
  );
}

/** Reads the kit of a story from its loaded data. */
export function storyKit(context: { loaded: Record<string, unknown> }): StoryKit {
  return context.loaded.kit as StoryKit;
}

/** Cuts the network for a story: the kit's fetch fails and the browser reports offline. */
export function goOffline(kit: StoryKit): () => void {
  kit.network.offline = true;
  const descriptor = Object.getOwnPropertyDescriptor(navigator, 'onLine');
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  window.dispatchEvent(new Event('offline'));
  return () => {
    kit.network.offline = false;
    if (descriptor) {
      Object.defineProperty(navigator, 'onLine', descriptor);
    } else {
      delete (navigator as { onLine?: boolean }).onLine;
    }
    window.dispatchEvent(new Event('online'));
  };
}
