/**
 * The in-page half of the specs' locators, bundled into one script that every driver call sends
 * with it (no page state is assumed): elements by ARIA role and accessible name, as a person or a
 * screen reader finds them, in any engine. A simplified accessible-name computation (WAI-ARIA
 * accname 1.2: `aria-labelledby`, `aria-label`, `<label>`, then text content) that fits the kit's
 * components and the demo.
 */

/** A text to match exactly (after collapsing white space), or a regular expression. */
export type TextMatch = string | { regex: string; flags?: string };

/** Which element(s) to find. */
export interface Query {
  /** An ARIA role, explicit or implicit (button, heading, textbox, region, list, listitem…). */
  role?: string;
  /** The accessible name. */
  name?: TextMatch;
  /** Heading level. */
  level?: number;
  /** Only elements whose text content contains this (or matches it). */
  text?: TextMatch;
  /** A CSS selector instead of (or besides) a role. */
  css?: string;
  /** Search inside the first visible match of this query. */
  within?: Query;
}

const implicit: Record<string, string> = {
  button: 'button, input[type="button"], input[type="submit"], input[type="reset"]',
  link: 'a[href]',
  heading: 'h1, h2, h3, h4, h5, h6',
  textbox:
    'input:not([type]), input[type="text"], input[type="email"], input[type="tel"], input[type="url"], input[type="search"], textarea',
  checkbox: 'input[type="checkbox"]',
  combobox: 'select',
  region: 'section[aria-label], section[aria-labelledby]',
  list: 'ul, ol',
  listitem: 'li',
  status: 'output',
  complementary: 'aside',
  dialog: 'dialog',
};

function collapse(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function matches(text: string, match: TextMatch, exact: boolean): boolean {
  if (typeof match === 'string') {
    return exact ? text === collapse(match) : text.includes(collapse(match));
  }
  return new RegExp(match.regex, match.flags).test(text);
}

function textOf(element: Element): string {
  // Rendered text, as assistive technology reads it (no `display: none` content).
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point here
  return collapse((element as HTMLElement).innerText ?? element.textContent);
}

/** The accessible name (simplified accname: labelledby, label, `<label>`, content). */
export function accessibleName(element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    return collapse(
      labelledBy
        .split(/\s+/)
        .map((id) => {
          const label = document.getElementById(id);
          return label ? textOf(label) : '';
        })
        .join(' '),
    );
  }
  const label = element.getAttribute('aria-label');
  if (label) {
    return collapse(label);
  }
  const labels = (element as HTMLInputElement).labels;
  if (labels && labels.length > 0) {
    return collapse(Array.from(labels, (item) => textOf(item)).join(' '));
  }
  if (element instanceof HTMLInputElement) {
    return collapse(
      element.type === 'button' || element.type === 'submit' ? element.value : element.placeholder,
    );
  }
  const role = element.getAttribute('role') ?? '';
  if (
    element.tagName === 'SECTION' ||
    role === 'region' ||
    role === 'list' ||
    element.tagName === 'UL'
  ) {
    return '';
  }
  return textOf(element);
}

function visible(element: Element): boolean {
  if (element.closest('[hidden], [aria-hidden="true"]')) {
    return false;
  }
  const style = getComputedStyle(element);
  return (
    style.visibility !== 'hidden' && style.display !== 'none' && element.getClientRects().length > 0
  );
}

function candidates(root: ParentNode, query: Query): Element[] {
  const selectors: string[] = [];
  if (query.role !== undefined) {
    selectors.push(`[role="${query.role}"]`);
    const own = implicit[query.role];
    if (own !== undefined) {
      selectors.push(own);
    }
  }
  let found = Array.from(root.querySelectorAll(selectors.length > 0 ? selectors.join(', ') : '*'));
  if (query.role !== undefined) {
    // An explicit role wins over the implicit one (`<li role="presentation">` is no listitem).
    found = found.filter((element) => {
      const explicit = element.getAttribute('role');
      return explicit === null || explicit === query.role;
    });
  }
  if (query.css !== undefined) {
    const css = query.css;
    found = found.filter((element) => element.matches(css));
  }
  if (query.level !== undefined) {
    const level = String(query.level);
    found = found.filter(
      (element) => element.getAttribute('aria-level') === level || element.tagName === `H${level}`,
    );
  }
  if (query.name !== undefined) {
    const name = query.name;
    found = found.filter((element) => matches(accessibleName(element), name, true));
  }
  if (query.text !== undefined) {
    const text = query.text;
    found = found.filter((element) => matches(textOf(element), text, false));
  }
  return found;
}

/** Every visible element matching `query`, in document order. */
export function all(query: Query): Element[] {
  let root: ParentNode = document;
  if (query.within !== undefined) {
    const scope = all(query.within)[0];
    if (scope === undefined) {
      return [];
    }
    root = scope;
  }
  return candidates(root, query).filter(visible);
}

let marks = 0;

/** What a spec reads about the first visible match of a query. */
export interface ElementState {
  count: number;
  /** A selector the driver can click or type into (`[data-engines-target="…"]`), if found. */
  selector?: string;
  text?: string;
  name?: string;
  disabled?: boolean;
  focused?: boolean;
  checked?: boolean;
  /** The element's `aria-describedby` targets' text. */
  description?: string;
  attributes?: Record<string, string>;
}

/** Describes the first visible match and marks it for the driver. */
export function inspect(query: Query): ElementState {
  const found = all(query);
  const element = found[0];
  if (element === undefined) {
    return { count: 0 };
  }
  marks += 1;
  const mark = `${Date.now().toString(36)}-${marks}`;
  element.setAttribute('data-engines-target', mark);
  const describedBy = element.getAttribute('aria-describedby');
  return {
    count: found.length,
    selector: `[data-engines-target="${mark}"]`,
    text: textOf(element),
    name: accessibleName(element),
    disabled:
      (element as HTMLButtonElement).disabled === true ||
      element.getAttribute('aria-disabled') === 'true',
    focused: element === document.activeElement,
    checked: (element as HTMLInputElement).checked === true,
    description: describedBy
      ? collapse(
          describedBy
            .split(/\s+/)
            .map((id) => textOf(document.getElementById(id) ?? document.createElement('i')))
            .join(' '),
        )
      : '',
    attributes: Object.fromEntries(Array.from(element.attributes, (a) => [a.name, a.value])),
  };
}

/** The text of every visible match. */
export function texts(query: Query): string[] {
  return all(query).map(textOf);
}

/** Resource Timing entries whose URL matches `pattern` (every engine records fetches there). */
export function resourceCount(pattern: string): number {
  const expression = new RegExp(pattern);
  return performance.getEntriesByType('resource').filter((entry) => expression.test(entry.name))
    .length;
}

/**
 * The session id stored beside the kit's session key in IndexedDB (`<namespace>.keys`, record
 * `<namespace>:session`), read without the kit; `null` when there is none or no IndexedDB.
 */
export function storedSessionId(namespace: string): Promise<string | null> {
  if (typeof indexedDB === 'undefined') {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const request = indexedDB.open(`${namespace}.keys`);
    // No database yet: abort the creation, so the kit later creates it with its object store.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('keys')) {
        db.close();
        resolve(null);
        return;
      }
      const get = db
        .transaction('keys', 'readonly')
        .objectStore('keys')
        .get(`${namespace}:session`);
      get.onerror = () => {
        db.close();
        resolve(null);
      };
      get.onsuccess = () => {
        db.close();
        const id = (get.result as { metadata?: { sessionId?: unknown } } | undefined)?.metadata
          ?.sessionId;
        resolve(typeof id === 'string' ? id : null);
      };
    };
  });
}
