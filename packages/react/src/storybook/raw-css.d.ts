/** Vite's `?raw` imports: the file's text (Storybook reads the stylesheet's tokens this way). */
declare module '*.css?raw' {
  const text: string;
  export default text;
}

/** A stylesheet imported for its side effect in a story (Vite injects it). */
declare module '*.css';
