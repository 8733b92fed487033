/**
 * The drawings of the provider marks, loaded on first use by `ProviderMark` so an app whose
 * sign-in offers no OAuth provider never downloads them (the sign-in first-load budget of
 * `scripts/size-report.mjs`).
 */

/** A mark as drawn: its view box and its paths (fill colour, path data). */
export type MarkDrawing = readonly [viewBox: string, paths: readonly (readonly [string, string])[]];

const CURRENT = 'currentColor';

/**
 * The marks of the common identity providers, keyed by the provider's name in lower case without
 * spaces. Brand colours where the provider's guidelines ask for them (Google, Microsoft), the
 * text colour for monochrome marks (Apple, GitHub), so they follow the theme.
 */
export const MARKS: Record<string, MarkDrawing> = {
  google: [
    '0 0 18 18',
    [
      [
        '#4285F4',
        'M17.64 9.2c0-.64-.06-1.25-.16-1.84H9v3.48h4.84a4.14 4.14 0 0 1-1.8 2.72v2.26h2.91c1.7-1.57 2.69-3.88 2.69-6.62z',
      ],
      [
        '#34A853',
        'M9 18c2.43 0 4.47-.8 5.96-2.18l-2.91-2.26c-.81.54-1.84.86-3.05.86-2.34 0-4.33-1.58-5.04-3.71H.96v2.33A9 9 0 0 0 9 18z',
      ],
      [
        '#FBBC05',
        'M3.96 10.71A5.41 5.41 0 0 1 3.68 9c0-.59.1-1.17.28-1.71V4.96H.96A9 9 0 0 0 0 9c0 1.45.35 2.83.96 4.04l3-2.33z',
      ],
      [
        '#EA4335',
        'M9 3.58c1.32 0 2.51.45 3.44 1.35l2.58-2.58C13.46.89 11.43 0 9 0A9 9 0 0 0 .96 4.96l3 2.33C4.67 5.16 6.66 3.58 9 3.58z',
      ],
    ],
  ],
  apple: [
    '0 0 24 24',
    [
      [
        CURRENT,
        'M12.15 6.9c-.95 0-2.42-1.08-3.96-1.04-2.04.03-3.91 1.18-4.96 3.01-2.12 3.68-.55 9.1 1.52 12.09 1.01 1.45 2.2 3.09 3.79 3.04 1.52-.07 2.09-.99 3.93-.99 1.83 0 2.35.99 3.96.95 1.64-.03 2.68-1.48 3.68-2.95 1.16-1.69 1.64-3.33 1.66-3.42-.04-.01-3.18-1.22-3.22-4.86-.03-3.04 2.48-4.49 2.6-4.56-1.43-2.09-3.62-2.32-4.39-2.38-2-.16-3.68 1.09-4.61 1.09zm3.38-3.07c.84-1.01 1.4-2.43 1.25-3.83-1.21.05-2.66.8-3.53 1.82-.78.9-1.46 2.34-1.27 3.71 1.34.1 2.71-.69 3.55-1.7',
      ],
    ],
  ],
  microsoft: [
    '0 0 24 24',
    [
      ['#F25022', 'M1 1h10.5v10.5H1z'],
      ['#7FBA00', 'M12.5 1H23v10.5H12.5z'],
      ['#00A4EF', 'M1 12.5h10.5V23H1z'],
      ['#FFB900', 'M12.5 12.5H23V23H12.5z'],
    ],
  ],
  github: [
    '0 0 24 24',
    [
      [
        CURRENT,
        'M12 .3a12 12 0 0 0-3.8 23.38c.6.12.83-.26.83-.57l-.02-2.04c-3.34.72-4.04-1.61-4.04-1.61-.55-1.39-1.34-1.76-1.34-1.76-1.08-.74.09-.73.09-.73 1.2.09 1.84 1.24 1.84 1.24 1.07 1.83 2.8 1.3 3.49 1 .1-.78.42-1.31.76-1.61-2.66-.3-5.47-1.33-5.47-5.93 0-1.31.47-2.38 1.24-3.22-.14-.3-.54-1.52.1-3.18 0 0 1.01-.32 3.3 1.23a11.5 11.5 0 0 1 6 0c2.28-1.55 3.29-1.23 3.29-1.23.64 1.66.24 2.88.12 3.18a4.65 4.65 0 0 1 1.23 3.22c0 4.61-2.8 5.63-5.48 5.92.42.36.81 1.1.81 2.22l-.01 3.29c0 .32.21.69.82.57A12 12 0 0 0 12 .3',
      ],
    ],
  ],
};

/** A neutral person-in-a-circle for providers without a known mark. */
export const GENERIC: MarkDrawing = [
  '0 0 24 24',
  [
    [
      CURRENT,
      'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 4a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 14a8 8 0 0 1-6.2-2.95c1.3-1.85 3.6-2.55 6.2-2.55s4.9.7 6.2 2.55A8 8 0 0 1 12 20z',
    ],
  ],
];
