/**
 * Stripe's request bodies: application/x-www-form-urlencoded with bracketed keys
 * (`metadata[userId]=…`, `line_items[0][price]=…`), read into nested objects and arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const [head = '', ...rest] = rawKey
      .split('[')
      .map((part, i) => (i === 0 ? part : part.replace(/\]$/, '')));
    const path = [head, ...rest];
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((key, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, FormValue>;
      if (last) {
        container[key === '' ? String((node as FormValue[]).length) : key] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[i + 1] ?? '');
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Record<string, FormValue> | FormValue[];
    });
  }
  return root;
}

export const str = (value: FormValue | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

export const obj = (value: FormValue | undefined): Record<string, FormValue> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? value
    : Array.isArray(value)
      ? Object.fromEntries(value.map((v, i) => [String(i), v]))
      : {};

export const strings = (value: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(obj(value)).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
