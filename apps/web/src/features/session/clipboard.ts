/** Copies text; false when the browser refuses (no permission, insecure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The link of a quick session: {origin}/s/{id}. */
export function sessionLinkOf(id: string): string {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return `${origin}/s/${encodeURIComponent(id)}`;
}
