import { ZOOM_STEP } from './constants';
import { CollapseIcon, ExpandIcon, FitIcon, MinusIcon, PlusIcon } from './icons';
import { MAP_SPEC, MAP_UI } from './texts';

/** The map's buttons (expand/collapse, zoom in and out, fit all) and the 'Following' badge with Stop. */
export function MapControls({
  expanded,
  onToggleExpanded,
  onZoom,
  onFitAll,
  following,
  onStopFollowing,
}: {
  expanded: boolean;
  onToggleExpanded: () => void;
  onZoom: (delta: number) => void;
  onFitAll: () => void;
  following: boolean;
  onStopFollowing: () => void;
}) {
  return (
    <>
      <div className="smap-controls">
        <button
          type="button"
          className="smap-control"
          aria-expanded={expanded}
          aria-label={expanded ? MAP_UI.collapse : MAP_UI.expand}
          title={expanded ? MAP_UI.collapse : MAP_UI.expand}
          onClick={onToggleExpanded}
        >
          {expanded ? <CollapseIcon /> : <ExpandIcon />}
        </button>
        <button
          type="button"
          className="smap-control"
          aria-label={MAP_UI.zoomIn}
          title={MAP_UI.zoomIn}
          onClick={() => onZoom(ZOOM_STEP)}
        >
          <PlusIcon />
        </button>
        <button
          type="button"
          className="smap-control"
          aria-label={MAP_UI.zoomOut}
          title={MAP_UI.zoomOut}
          onClick={() => onZoom(-ZOOM_STEP)}
        >
          <MinusIcon />
        </button>
        <button
          type="button"
          className="smap-control"
          aria-label={MAP_UI.fitAll}
          title={MAP_UI.fitAll}
          onClick={onFitAll}
        >
          <FitIcon />
        </button>
      </div>

      {following && (
        <div className="smap-follow" role="status">
          <span className="smap-follow-dot" aria-hidden="true" />
          <span>{MAP_SPEC.following}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={onStopFollowing}>
            {MAP_SPEC.stop}
          </button>
        </div>
      )}
    </>
  );
}
