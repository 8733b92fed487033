import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createWalletAuthClient } from '@wallet-auth/core';
import { WalletAuthProvider } from '@wallet-auth/react';
import { createWalletAuthDevtools } from '@wallet-auth/react/devtools';
import '@wallet-auth/react/devtools.css';
import { matchLocale } from '@wallet-auth/react/locales';
import '@wallet-auth/react/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getSandboxInfo } from './api.js';
import { App } from './app.js';
import './app.css';
import { DEMO_MESSAGES } from './i18n/index.js';

const container = document.getElementById('root');
if (container === null) {
  throw new Error('The demo page needs a #root element');
}
const root = createRoot(container);

async function start() {
  // The emulator's enclave key is public: the kit pins it, as it pins the production key.
  const info = await getSandboxInfo();
  const devtools = createWalletAuthDevtools();
  const client = createWalletAuthClient({
    baseUrl: '/api/2025-10-13',
    environment: 'sandbox',
    enclaveKeys: { otpSigner: info.enclavePublicKey },
    namespace: 'wallet-auth-demo',
    onExchange: devtools.onExchange,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 5_000 } } });
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <WalletAuthProvider client={client}>
          <App info={info} devtools={devtools} />
        </WalletAuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  root.render(
    <main className="demo">
      <p role="alert" className="banner banner-error">
        {DEMO_MESSAGES[matchLocale(navigator.languages)].startFailed(
          error instanceof Error ? error.message : 'unknown error',
        )}
      </p>
    </main>,
  );
});
