import { UI } from '../text';

/** A page's whole body while what it shows is still loading: 'Loading…' unless told otherwise. */
export function LoadingPage({ text = UI.loading }: { text?: string }) {
  return (
    <div className="page" aria-busy="true">
      <p className="muted" role="status">
        {text}
      </p>
    </div>
  );
}
