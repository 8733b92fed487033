import type { Decorator, Preview } from '@storybook/react-vite';
import { en, fr, WalletAuthLocaleProvider } from '@wallet-auth/react';
import '@wallet-auth/react/styles.css';

/**
 * Language and theme for every story (toolbar globals). Parts get a `data-wallet-auth` scope so
 * the opt-in stylesheet applies; assembled components (`parameters.themeScope: false`) render
 * their own scope from `globals.theme`. `unstyled` leaves the stylesheet's scope out entirely.
 */
const withLocaleAndTheme: Decorator = (Story, context) => {
  const messages = context.globals.locale === 'fr' ? fr : en;
  const theme = (context.globals.theme as string | undefined) ?? 'light';
  const scoped = context.parameters.themeScope !== false && theme !== 'unstyled';
  return (
    <WalletAuthLocaleProvider messages={messages}>
      {scoped ? (
        <div data-wallet-auth="" data-theme={theme}>
          <Story />
        </div>
      ) : (
        <Story />
      )}
    </WalletAuthLocaleProvider>
  );
};

const preview: Preview = {
  tags: ['autodocs'],
  decorators: [withLocaleAndTheme],
  globalTypes: {
    theme: {
      description: 'The kit’s theme (opt-in stylesheet)',
      toolbar: {
        title: 'Theme',
        icon: 'paintbrush',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
          { value: 'system', title: 'Follow the system' },
          { value: 'unstyled', title: 'Unstyled' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'The message catalogue',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'fr', title: 'Français' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'en' },
  parameters: {
    // axe runs on every story; a violation fails the story's test (addon-a11y + addon-vitest).
    a11y: { test: 'error' },
    controls: { expanded: true },
    layout: 'padded',
  },
};

export default preview;
