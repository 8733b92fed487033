import '@wallet-auth/react/styles.css';
import type { ReactNode } from 'react';
import { Providers } from './providers';

export const metadata = { title: 'Wallet Auth Kit · Next.js' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <main>
          <h1>Example app</h1>
          <Providers>{children}</Providers>
        </main>
      </body>
    </html>
  );
}
