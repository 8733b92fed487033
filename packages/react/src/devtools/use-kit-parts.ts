/**
 * The kit's parts on the page and the state each one shows, read live from the DOM: every part
 * publishes its flow's state as `data-state` (docs/contributing.md "state in the DOM"), so the devtools
 * can follow flows started by any component without hooking into them. Only attribute values
 * are read, never text (a revealed recovery phrase stays unread).
 */
import { useEffect, useState } from 'react';

/** A part and the attributes that say what it is doing. */
export interface KitPart {
  readonly name: string;
  readonly state: string;
  /** Extra detail from a data attribute (`data-action`, `data-provider`, `data-type`). */
  readonly detail: string | undefined;
}

/** The parts the devtools follow: name, selector, and the attribute that adds detail. */
const PARTS: readonly (readonly [string, string, string | undefined])[] = [
  ['SignIn', '[data-sign-in]', undefined],
  ['Code step', '[data-otp-sign-in]', undefined],
  ['PasskeyButton', '[data-passkey-button]', undefined],
  ['OAuthButton', '[data-oauth-button]', 'data-provider'],
  ['SignedActionConfirm', '[data-signed-action-confirm]', 'data-action'],
  ['AccountSecurity', '[data-account-security]', undefined],
  ['CredentialManager', '[data-credential-manager]', undefined],
  ['SessionList', '[data-session-list]', undefined],
  ['ExportWallet', '[data-export-wallet]', undefined],
  ['WalletCard', '[data-wallet-card]', 'data-status'],
];

/** The parts under `root`, in document order, leaving out anything inside `exclude`. */
export function readKitParts(root: ParentNode, exclude?: Element | null): KitPart[] {
  const parts: KitPart[] = [];
  const selector = PARTS.map(([, part]) => part).join(',');
  for (const element of root.querySelectorAll(selector)) {
    if (exclude?.contains(element)) {
      continue;
    }
    const match = PARTS.find(([, part]) => element.matches(part));
    if (match === undefined) {
      continue;
    }
    const [name, , detailAttribute] = match;
    parts.push({
      name,
      // A part that shows a confirmation is waiting for the person, whatever else it says.
      state: element.getAttribute('data-state') ?? (name === 'SignedActionConfirm' ? 'open' : '—'),
      detail:
        detailAttribute === undefined
          ? undefined
          : (element.getAttribute(detailAttribute) ?? undefined),
    });
  }
  return parts;
}

function sameParts(a: readonly KitPart[], b: readonly KitPart[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (part, index) =>
        part.name === b[index]?.name &&
        part.state === b[index]?.state &&
        part.detail === b[index]?.detail,
    )
  );
}

/**
 * Follows the kit's parts in `document.body` (outside `exclude`), updating on every change of
 * the DOM or of a `data-*` attribute. Nothing runs during server rendering.
 *
 * @param exclude - The devtools' own element, left out of the list.
 */
export function useKitParts(exclude: { readonly current: Element | null }): readonly KitPart[] {
  const [parts, setParts] = useState<readonly KitPart[]>([]);
  useEffect(() => {
    const read = () => {
      const next = readKitParts(document.body, exclude.current);
      setParts((previous) => (sameParts(previous, next) ? previous : next));
    };
    read();
    const observer = new MutationObserver(read);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state', 'data-action', 'data-provider', 'data-status'],
    });
    return () => observer.disconnect();
  }, [exclude]);
  return parts;
}
