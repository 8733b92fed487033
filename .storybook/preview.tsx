import type { Decorator, Preview } from '@storybook/react-vite';
import { en, WalletAuthLocaleProvider } from '@wallet-auth/react';
import { WALLET_AUTH_LOCALES } from '@wallet-auth/react/locales';
import { de } from '@wallet-auth/react/locales/de';
import { es } from '@wallet-auth/react/locales/es';
import { fr } from '@wallet-auth/react/locales/fr';
import { ja } from '@wallet-auth/react/locales/ja';
import { ptBR } from '@wallet-auth/react/locales/pt-BR';
import type { ReactNode } from 'react';
import '@wallet-auth/react/styles.css';
import './preview.css';

/** The catalogues of the language toolbar. */
const CATALOGUES = { en, fr, es, de, 'pt-BR': ptBR, ja };

/** A theme of the toolbar; `side-by-side` renders the story in light and in dark. */
type StoryTheme = 'light' | 'dark' | 'system' | 'unstyled' | 'side-by-side';

/**
 * Language and theme for every story (toolbar globals). Parts get a `data-wallet-auth` scope so
 * the opt-in stylesheet applies; assembled components (`parameters.themeScope: false`) render
 * their own scope from `globals.theme`. `unstyled` leaves the stylesheet's scope out entirely.
 * The canvas around the story takes the theme's background, so a dark story sits on a dark page;
 * `side-by-side` renders the story twice, light then dark, each on its own canvas.
 */
const withLocaleAndTheme: Decorator = (Story, context) => {
  const messages = CATALOGUES[context.globals.locale as keyof typeof CATALOGUES] ?? en;
  const theme = ((context.globals.theme as string | undefined) ?? 'light') as StoryTheme;
  const view = context.viewMode === 'docs' ? 'docs' : 'story';
  const canvas = (canvasTheme: Exclude<StoryTheme, 'side-by-side'>, story: ReactNode) => {
    const scoped = context.parameters.themeScope !== false && canvasTheme !== 'unstyled';
    return (
      <div data-story-canvas={canvasTheme} data-story-view={view} lang={messages.locale}>
        {scoped ? (
          <div data-wallet-auth="" data-theme={canvasTheme}>
            {story}
          </div>
        ) : (
          story
        )}
      </div>
    );
  };
  return (
    <WalletAuthLocaleProvider messages={messages}>
      {theme === 'side-by-side' ? (
        <div data-story-pair="">
          {canvas('light', Story({ globals: { ...context.globals, theme: 'light' } }))}
          {canvas('dark', Story({ globals: { ...context.globals, theme: 'dark' } }))}
        </div>
      ) : (
        canvas(theme, <Story />)
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
          { value: 'side-by-side', title: 'Light and dark, side by side' },
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
        items: WALLET_AUTH_LOCALES.map(({ tag, name }) => ({ value: tag, title: name })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'en' },
  parameters: {
    // axe runs on every story; a violation fails the story's test (addon-a11y + addon-vitest).
    a11y: { test: 'error' },
    controls: { expanded: true },
    // The decorator's canvas pads the story and paints the theme's background edge to edge.
    layout: 'fullscreen',
  },
};

export default preview;
