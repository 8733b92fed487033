import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  tags: ['autodocs'],
  parameters: {
    // axe runs on every story; a violation fails the story's test (addon-a11y + addon-vitest).
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
};

export default preview;
