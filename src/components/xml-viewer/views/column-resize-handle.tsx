import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { MAX_COLUMN_PX, MIN_COLUMN_PX, clampColumnWidth } from './column-widths.ts';

/** Pixels one arrow key press moves the edge; with Shift, four times as far. */
const KEY_STEP_PX = 16;

/**
 * The right edge of a Table column header: drag it, or focus it and press the arrow keys, to
 * make the column narrower or wider (a focusable ARIA separator, as a splitter is).
 */
export function ColumnResizeHandle({
  label,
  width,
  onResize,
}: {
  label: string;
  width: number;
  onResize: (width: number) => void;
}) {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    onResize(clampColumnWidth(drag.current.startWidth + event.clientX - drag.current.startX));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP_PX * 4 : KEY_STEP_PX;
    const next: Record<string, number> = {
      ArrowLeft: width - step,
      ArrowRight: width + step,
      Home: MIN_COLUMN_PX,
      End: MAX_COLUMN_PX,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onResize(clampColumnWidth(target));
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize column ${label}`}
      aria-valuemin={MIN_COLUMN_PX}
      aria-valuemax={MAX_COLUMN_PX}
      aria-valuenow={width}
      aria-valuetext={`${width} pixels`}
      tabIndex={0}
      className="xv-col-resize"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
    />
  );
}
