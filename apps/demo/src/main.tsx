import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createWalletAuthClient } from '@wallet-auth/core';
import { WalletAuthProvider } from '@wallet-auth/react';
import '@wallet-auth/react/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getSandboxInfo } from './api.js';
import { App } from './app.js';
import './app.css';
import { createProtocolLog } from './protocol-log.js';

const container = document.getElementById('root');
if (container === null) {
  throw new Error('The demo page needs a #root element');
}
const root = createRoot(container);

async function start() {
  // The emulator's enclave key is public: the kit pins it, as it pins the production key.
  const info = await getSandboxInfo();
  const protocolLog = createProtocolLog();
  const client = createWalletAuthClient({
    baseUrl: '/api/2025-10-13',
    environment: 'sandbox',
    enclaveKeys: { otpSigner: info.enclavePublicKey },
    namespace: 'wallet-auth-demo',
    onExchange: (exchange) => protocolLog.record(exchange),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 5_000 } } });
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <WalletAuthProvider client={client}>
          <App info={info} protocolLog={protocolLog} />
        </WalletAuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  root.render(
    <main className="demo">
      <p role="alert" className="banner banner-error">
        The demo could not start: {error instanceof Error ? error.message : 'unknown error'}. Is the
        demo server running? Start it with <code>npm run demo</code>.
      </p>
    </main>,
  );
});
