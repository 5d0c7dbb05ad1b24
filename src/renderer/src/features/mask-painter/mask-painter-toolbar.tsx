import { RadioChips, Tip } from '../../ui/primitives';
import { sizeToSlider, sliderToSize, MAX_BRUSH_SIZE, MIN_BRUSH_SIZE, SIZE_SLIDER_STEPS } from './brush-size';
import type { MaskPainterLabels } from './labels';
import type { MaskFormat } from './mask-export';
import { usePainterToolStore } from './painter-tool-store';

export interface MaskPainterToolbarProps {
  labels: MaskPainterLabels;
  canUndo: boolean;
  canRedo: boolean;
  zoom: number;
  onFill: () => void;
  onInvert: () => void;
  onClear: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onFit: () => void;
  /** Brush or eraser, as B and E pick them. */
  onPickTool: (tool: 'brush' | 'eraser') => void;
}

/** Presentational: reads and writes tool settings in the shared store, calls back for mask actions. */
export function MaskPainterToolbar(props: MaskPainterToolbarProps): React.JSX.Element {
  const { labels } = props;
  const s = usePainterToolStore();
  const pct = (v: number): string => `${Math.round(v * 100)}%`;
  return (
    <div className="mp-toolbar" role="toolbar" aria-label={labels.toolbar}>
      <RadioChips
        className="mp-seg"
        chipClassName="mp-seg-item"
        label={`${labels.brush} / ${labels.eraser}`}
        value={s.tool}
        onChange={(v) => props.onPickTool(v === 'eraser' ? 'eraser' : 'brush')}
        chips={[
          { value: 'brush', label: labels.brush, hint: `${labels.brush} (B · X)`, testId: 'mp-tool-brush' },
          { value: 'eraser', label: labels.eraser, hint: `${labels.eraser} (E · X)`, testId: 'mp-tool-eraser' },
        ]}
      />
      <Tip label={`${labels.size} ([ ])`}>
        <label className="mp-field">
          <span>{labels.size}</span>
          <input
            type="range"
            min={0}
            max={SIZE_SLIDER_STEPS}
            value={sizeToSlider(s.size)}
            data-testid="mp-size-slider"
            onChange={(e) => s.update({ size: sliderToSize(Number(e.target.value)) })}
          />
          <input
            type="number"
            className="field-input mp-number"
            min={MIN_BRUSH_SIZE}
            max={MAX_BRUSH_SIZE}
            value={s.size}
            aria-label={labels.sizeValue}
            data-testid="mp-size-input"
            onChange={(e) => {
              const v = Number(e.target.value);
              if (Number.isFinite(v) && v >= MIN_BRUSH_SIZE)
                s.update({ size: Math.min(MAX_BRUSH_SIZE, Math.round(v)) });
            }}
          />
        </label>
      </Tip>
      <PercentSlider
        label={labels.hardness}
        value={s.hardness}
        testId="mp-hardness"
        onChange={(hardness) => s.update({ hardness })}
      />
      <PercentSlider
        label={labels.opacity}
        value={s.opacity}
        testId="mp-opacity"
        min={0.01}
        onChange={(opacity) => s.update({ opacity })}
      />
      <div className="mp-group">
        <button type="button" className="btn btn-sm mp-btn" data-testid="mp-fill" onClick={props.onFill}>
          {labels.fill}
        </button>
        <button type="button" className="btn btn-sm mp-btn" data-testid="mp-invert" onClick={props.onInvert}>
          {labels.invert}
        </button>
        <button type="button" className="btn btn-sm mp-btn" data-testid="mp-clear" onClick={props.onClear}>
          {labels.clear}
        </button>
      </div>
      <div className="mp-group">
        <Tip label={`${labels.undo} (Ctrl/Cmd+Z)`}>
          <button
            type="button"
            className="btn btn-sm mp-btn"
            data-testid="mp-undo"
            disabled={!props.canUndo}
            onClick={props.onUndo}
          >
            {labels.undo}
          </button>
        </Tip>
        <Tip label={`${labels.redo} (Shift+Ctrl/Cmd+Z)`}>
          <button
            type="button"
            className="btn btn-sm mp-btn"
            data-testid="mp-redo"
            disabled={!props.canRedo}
            onClick={props.onRedo}
          >
            {labels.redo}
          </button>
        </Tip>
        <Tip label={`${labels.fitToView} (F)`}>
          <button type="button" className="btn btn-sm mp-btn" data-testid="mp-fit" onClick={props.onFit}>
            {labels.fitToView}
          </button>
        </Tip>
        <span className="mp-zoom" data-testid="mp-zoom" aria-label={labels.zoom}>
          {pct(props.zoom)}
        </span>
      </div>
      <label className="mp-field">
        <span>{labels.overlayColor}</span>
        <input
          type="color"
          value={s.overlayColor}
          data-testid="mp-overlay-color"
          onChange={(e) => s.update({ overlayColor: e.target.value })}
        />
      </label>
      <PercentSlider
        label={labels.overlayOpacity}
        value={s.overlayOpacity}
        testId="mp-overlay-opacity"
        min={0.05}
        onChange={(overlayOpacity) => s.update({ overlayOpacity })}
      />
      <Tip label={labels.formatHelp}>
        <div className="mp-field">
          <span>{labels.maskFormat}</span>
          <RadioChips
            className="mp-seg"
            chipClassName="mp-seg-item"
            label={labels.maskFormat}
            testId="mp-format"
            value={s.format}
            onChange={(f) => s.update({ format: toFormat(f) })}
            chips={(['white-edit', 'alpha-edit'] as const).map((f) => ({
              value: f,
              label: f === 'white-edit' ? labels.formatWhiteEdit : labels.formatAlphaEdit,
            }))}
          />
        </div>
      </Tip>
    </div>
  );
}

interface PercentSliderProps {
  label: string;
  value: number;
  testId: string;
  min?: number;
  onChange: (value: number) => void;
}

function PercentSlider({ label, value, testId, min = 0, onChange }: PercentSliderProps): React.JSX.Element {
  return (
    <label className="mp-field">
      <span>{label}</span>
      <input
        type="range"
        min={Math.round(min * 100)}
        max={100}
        value={Math.round(value * 100)}
        data-testid={testId}
        onChange={(e) => onChange(Number(e.target.value) / 100)}
      />
      <span className="mp-value">{Math.round(value * 100)}%</span>
    </label>
  );
}

function toFormat(value: string): MaskFormat {
  return value === 'alpha-edit' ? 'alpha-edit' : 'white-edit';
}
