/**
 * The '→' after a text link ('Learn about paid plans →'). Decorative: aria-hidden keeps it out of
 * the link's accessible name (CSS ::after content would be part of the name in Chromium).
 */
export function LinkArrow() {
  return (
    <span className="link-arrow" aria-hidden="true">
      →
    </span>
  );
}
