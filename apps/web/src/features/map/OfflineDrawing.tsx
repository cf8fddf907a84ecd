/**
 * The offline map's drawing at a camera: the graticule, the lines from the participants to the
 * destination, the markers with their labels (placed so none covers another) and the scale bar.
 */
import { useMemo } from 'react';
import { graticule, latLabelFits, lonLabelFits, scaleBar } from './decorations';
import { estimateLabelWidth, placeLabelsAround } from './labels';
import type { DrawnMarker } from './markers';
import { project, type Camera, type ScreenPoint, type Viewport } from './projection';

const LABEL_HEIGHT = 15;

function formatDegrees(value: number, step: number, positive: string, negative: string): string {
  const decimals = Math.max(0, Math.ceil(-Math.log10(step)));
  const hemisphere = value > 0 ? positive : value < 0 ? negative : '';
  return `${Math.abs(value).toFixed(decimals)}°${hemisphere ? ` ${hemisphere}` : ''}`;
}

export function OfflineDrawing({
  camera,
  size,
  markers,
}: {
  camera: Camera;
  size: Viewport;
  markers: DrawnMarker[];
}) {
  const drawing = useMemo(() => {
    const at = (m: { lat: number; lon: number }) => project(m, camera, size);
    const placed = markers.map((m) => ({ marker: m, point: at(m) }));
    const destination = placed.find((p) => p.marker.kind === 'destination');
    const boxes = placed.map(({ marker, point }) => {
      const width = estimateLabelWidth(marker.shortLabel);
      // A label near an edge slides inwards rather than being cut off.
      const x = Math.min(Math.max(point.x, width / 2 + 2), size.width - width / 2 - 2);
      return { x, y: point.y + labelOffset(marker), width, height: LABEL_HEIGHT };
    });
    // Labels of markers drawn on top get first choice of place; no label covers a marker or
    // another label when any place around its marker (below, beside, above) is free.
    const shapes = placed.map(shapeBox);
    const items = boxes.map((box, i) => ({ box, anchor: shapes[i]! }));
    const shifts = placeLabelsAround([...items].reverse(), shapes, size, LABEL_HEIGHT).reverse();
    return {
      grid: graticule(camera, size),
      scale: scaleBar(camera.center.lat, camera.zoom),
      placed: placed.map((p, i) => ({
        ...p,
        labelX: boxes[i]!.x + shifts[i]!.dx,
        labelY: boxes[i]!.y + shifts[i]!.dy,
      })),
      destination,
    };
  }, [camera, size, markers]);
  const { destination } = drawing;

  return (
    <>
      <g className="smap-grid" aria-hidden="true">
        {drawing.grid.lons.map((lon) => {
          const x = project({ lat: camera.center.lat, lon }, camera, size).x;
          const label = formatDegrees(lon, drawing.grid.step, 'E', 'W');
          return (
            <g key={`lon${lon}`}>
              <line x1={x} x2={x} y1={0} y2={size.height} />
              {lonLabelFits(x, label, size.width) && (
                <text x={x + 3} y={size.height - 6}>
                  {label}
                </text>
              )}
            </g>
          );
        })}
        {drawing.grid.lats.map((lat) => {
          const y = project({ lat, lon: camera.center.lon }, camera, size).y;
          const labelled = latLabelFits(y, size.height);
          return (
            <g key={`lat${lat}`}>
              <line x1={0} x2={size.width} y1={y} y2={y} />
              {labelled && (
                <text x={4} y={y - 4}>
                  {formatDegrees(lat, drawing.grid.step, 'N', 'S')}
                </text>
              )}
            </g>
          );
        })}
      </g>
      {destination && (
        <g className="smap-links" aria-hidden="true">
          {drawing.placed
            .filter((p) => p.marker.kind === 'participant' || p.marker.kind === 'me')
            .map(({ marker, point }) => (
              <line
                key={marker.id}
                x1={point.x}
                y1={point.y}
                x2={destination.point.x}
                y2={destination.point.y}
              />
            ))}
        </g>
      )}
      {drawing.placed.map(({ marker, point, labelX, labelY }) => (
        <g
          key={`${marker.kind}:${marker.id}`}
          className="smap-marker"
          data-kind={marker.kind}
          data-marker-id={marker.id}
        >
          <title>{marker.label}</title>
          <MarkerShape marker={marker} x={point.x} y={point.y} />
          <text className="smap-label" x={labelX} y={labelY + LABEL_HEIGHT - 3}>
            {marker.shortLabel}
          </text>
        </g>
      ))}
      <g className="smap-scale" transform={`translate(12 ${size.height - 26})`}>
        <path d={`M0 -4 V2 H${drawing.scale.px} V-4`} />
        <text x={0} y={-8}>
          {drawing.scale.label}
        </text>
      </g>
    </>
  );
}

const isPin = (marker: DrawnMarker) => marker.kind === 'destination' || marker.kind === 'selected';

/** The box a marker's shape covers (a pin stands above its point, a dot is centred on it). */
function shapeBox({ marker, point }: { marker: DrawnMarker; point: ScreenPoint }) {
  if (isPin(marker)) return { x: point.x, y: point.y - 36, width: 24, height: 36 };
  const r = marker.kind === 'me' ? 17 : 11;
  return { x: point.x, y: point.y - r, width: 2 * r, height: 2 * r };
}

/** Where a marker's label box starts, relative to the marker's point: above pins, below dots. */
function labelOffset(marker: DrawnMarker): number {
  return isPin(marker) ? -52 : marker.kind === 'me' ? 18 : 13;
}

function MarkerShape({ marker, x, y }: { marker: DrawnMarker; x: number; y: number }) {
  if (isPin(marker)) {
    return (
      <g transform={`translate(${x} ${y})`}>
        <path
          className="smap-pin"
          d="M0 0 C-3 -9 -12 -14 -12 -23 A12 12 0 1 1 12 -23 C12 -14 3 -9 0 0 Z"
        />
        <circle className="smap-pin-dot" cx={0} cy={-23} r={4.5} />
      </g>
    );
  }
  const initial = Array.from(marker.label.trim())[0]?.toUpperCase() ?? '?';
  return (
    <g transform={`translate(${x} ${y})`}>
      {marker.kind === 'me' && <circle className="smap-halo" r={17} />}
      <circle className="smap-dot" r={11} />
      <text className="smap-initial" y={4}>
        {initial}
      </text>
    </g>
  );
}
