/** 'Azure Usage' → 'azure-usage': the id a sidebar anchor points at. */
export function anchorOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
