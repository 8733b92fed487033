import { setWalletPrivacy } from '@wallet-auth/core';
import { ErrorNotice, SignedActionConfirm, useSignedAction } from '@wallet-auth/react';
import { useId } from 'react';
import { useDemoMessages } from '../i18n/context.js';

/**
 * The wallet's privacy switch, a signed action. A change that failed because the session ended
 * (revoked elsewhere, expired) is kept and offered again once signed in (issue 21, defect 5).
 */
export function PrivacyCard({
  accountId,
  privateEnabled,
  theme,
}: {
  accountId: string;
  /** The wallet's current privacy, `undefined` while loading. */
  privateEnabled: boolean | undefined;
  theme: 'light' | 'dark';
}) {
  const t = useDemoMessages().wallet;
  const titleId = useId();
  const privacy = useSignedAction({
    action: (enabled: boolean, { client, signal, onProgress }) =>
      setWalletPrivacy(client, accountId, enabled, { signal, onProgress }),
    intentKey: 'demo-wallet-privacy',
  });
  const kept = privacy.pendingIntent;
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {t.privacyTitle}
      </h2>
      <label className="switch">
        <input
          type="checkbox"
          checked={privateEnabled ?? false}
          disabled={privateEnabled === undefined || privacy.isPending}
          onChange={(event) => privacy.mutate(event.target.checked)}
        />
        <span>{t.privacySwitch}</span>
      </label>
      {kept ? (
        <div role="note" className="hint stack">
          <p>{t.privacyKept(kept.variables)}</p>
          <div className="row">
            <button type="button" className="primary" onClick={privacy.repeatIntent}>
              {t.privacyRepeat(kept.variables)}
            </button>
            <button type="button" className="ghost" onClick={privacy.discardIntent}>
              {t.dismiss}
            </button>
          </div>
        </div>
      ) : null}
      <SignedActionConfirm.Root
        confirmation={privacy.confirmation}
        data-wallet-auth=""
        data-theme={theme}
      />
      <p role="status" className="muted">
        {privacy.isPending && privacy.progress ? t.progress[privacy.progress.kind] : ''}
      </p>
      {privacy.error && !kept && (
        <ErrorNotice
          error={privacy.error}
          className="banner banner-error"
          handles={['retry']}
          onAction={() => {
            const last = privacy.variables;
            privacy.reset();
            if (last !== undefined) {
              privacy.mutate(last);
            }
          }}
        />
      )}
    </section>
  );
}
