import { type SVGProps, useEffect, useState } from 'react';
import type { MarkDrawing } from './provider-marks.js';

type MarkTable = typeof import('./provider-marks.js');

let marks: MarkTable | undefined;
let loading: Promise<MarkTable> | undefined;

/** Loads the drawings once per page; a failed load is tried again by the next mark. */
function loadMarks(): Promise<MarkTable> {
  loading ??= import('./provider-marks.js').then(
    (table) => {
      marks = table;
      return table;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Props of `ProviderMark`. */
export interface ProviderMarkProps extends Omit<SVGProps<SVGSVGElement>, 'children' | 'ref'> {
  /** The provider's name as shown on the button ("Google", "Apple", "Microsoft", "GitHub"…). */
  provider: string;
}

/**
 * The provider's mark beside an OAuth button's label: an inline `svg` with `data-provider-mark`,
 * decorative (`aria-hidden`, not focusable), since the label already names the provider. Google,
 * Apple, Microsoft and GitHub have their marks; other providers a neutral person mark. The
 * drawings arrive in a chunk of their own: until then the `svg` keeps its size, empty.
 */
export function ProviderMark({ provider, ...props }: ProviderMarkProps) {
  const [table, setTable] = useState(marks);
  useEffect(() => {
    if (table !== undefined) {
      return undefined;
    }
    let live = true;
    loadMarks().then(
      (loaded) => live && setTable(loaded),
      // A mark is decoration: without its chunk the button keeps its label and an empty box.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [table]);
  const key = provider.toLowerCase().replace(/\s+/g, '');
  const known = table !== undefined && Object.hasOwn(table.MARKS, key);
  const drawing: MarkDrawing | undefined = known ? table.MARKS[key] : table?.GENERIC;
  return (
    <svg
      viewBox={drawing?.[0] ?? '0 0 24 24'}
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      data-provider-mark={table === undefined ? '' : known ? key : 'generic'}
      {...props}
    >
      {drawing?.[1].map(([fill, d]) => (
        <path key={d} fill={fill} d={d} />
      ))}
    </svg>
  );
}
