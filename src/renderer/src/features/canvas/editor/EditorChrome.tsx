import {
  Blend,
  Brush,
  Contrast,
  Eraser,
  Lasso,
  PaintBucket,
  Palette,
  Redo2,
  SquareDashed,
  Trash2,
  Undo2,
  WandSparkles,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PopoverContent, PopoverRoot, PopoverTrigger, RadioChips, Tip } from '../../../ui/primitives';
import { SIZE_SLIDER_STEPS, sizeToSlider, sliderToSize } from '../../mask-painter';
import { usePainterToolStore } from '../../mask-painter';
import { useEditorStore } from './editor-store';
import { Slider } from './Slider';

const pct = (v: number) => `${Math.round(v * 100)}%`;
export const OVERLAY_SWATCHES = ['#ff2d55', '#8b7cff', '#22c55e', '#0ea5e9', '#f59e0b', '#ffffff'];

function ToolButton(props: {
  label: string;
  keyHint?: string;
  on?: boolean;
  onClick: () => void;
  children: ReactNode;
  testId: string;
  disabled?: boolean;
}) {
  const title = props.keyHint ? `${props.label} (${props.keyHint})` : props.label;
  return (
    <Tip label={title} side="right">
      <button
        type="button"
        className="cv-tool"
        aria-pressed={props.on}
        aria-label={props.label}
        onClick={props.onClick}
        data-testid={props.testId}
        disabled={props.disabled}
      >
        {props.children}
        {props.keyHint && <kbd>{props.keyHint}</kbd>}
      </button>
    </Tip>
  );
}

export interface ToolRailProps {
  canUndo: boolean;
  canRedo: boolean;
  onFill: () => void;
  onInvert: () => void;
  onClear: () => void;
  onFeather: (radius: number) => void;
  onUndo: () => void;
  onRedo: () => void;
  /** Picks a tool as its key does (the surface keeps every pick in a mode that paints). */
  onPickTool: (tool: 'brush' | 'eraser' | 'lasso' | 'rect' | 'colour') => void;
}

/** The vertical tool rail: paint and region tools, then whole-mask actions and history. */
export function ToolRail(p: ToolRailProps) {
  const { t } = useTranslation();
  const tool = useEditorStore((s) => s.tool);
  const paint = usePainterToolStore((s) => s.tool);
  const [featherOpen, setFeatherOpen] = useState(false);
  const radius = useEditorStore((s) => s.featherRadius);
  return (
    <div className="cv-rail" role="toolbar" aria-orientation="vertical" aria-label={t('canvas.editor.tools')}>
      <ToolButton
        label={t('canvas.editor.brush')}
        keyHint="B"
        on={tool === 'paint' && paint === 'brush'}
        onClick={() => p.onPickTool('brush')}
        testId="cv-tool-brush"
      >
        <Brush size={18} />
      </ToolButton>
      <ToolButton
        label={t('canvas.editor.eraser')}
        keyHint="E"
        on={tool === 'paint' && paint === 'eraser'}
        onClick={() => p.onPickTool('eraser')}
        testId="cv-tool-eraser"
      >
        <Eraser size={18} />
      </ToolButton>
      <ToolButton
        label={t('canvas.editor.lasso')}
        keyHint="L"
        on={tool === 'lasso'}
        onClick={() => p.onPickTool('lasso')}
        testId="cv-tool-lasso"
      >
        <Lasso size={18} />
      </ToolButton>
      <ToolButton
        label={t('canvas.editor.rect')}
        keyHint="R"
        on={tool === 'rect'}
        onClick={() => p.onPickTool('rect')}
        testId="cv-tool-rect"
      >
        <SquareDashed size={18} />
      </ToolButton>
      <ToolButton
        label={t('canvas.editor.colour')}
        keyHint="W"
        on={tool === 'colour'}
        onClick={() => p.onPickTool('colour')}
        testId="cv-tool-colour"
      >
        <WandSparkles size={18} />
      </ToolButton>
      <span className="cv-rail-sep" />
      <ToolButton label={t('canvas.editor.fill')} onClick={p.onFill} testId="cv-fill">
        <PaintBucket size={18} />
      </ToolButton>
      <ToolButton label={t('canvas.editor.invert')} onClick={p.onInvert} testId="cv-invert">
        <Contrast size={18} />
      </ToolButton>
      <PopoverRoot open={featherOpen} onOpenChange={setFeatherOpen}>
        <Tip label={t('canvas.editor.feather')} side="right">
          <PopoverTrigger asChild>
            <button
              type="button"
              className="cv-tool"
              aria-label={t('canvas.editor.feather')}
              data-testid="cv-feather"
            >
              <Blend size={18} />
            </button>
          </PopoverTrigger>
        </Tip>
        {featherOpen && (
          <PopoverContent className="cv-popover" label={t('canvas.editor.feather')} side="right">
            <p className="cv-pop-title">{t('canvas.editor.featherTitle')}</p>
            <Slider
              label={t('canvas.editor.radius')}
              value={radius}
              min={1}
              max={128}
              display={`${radius} px`}
              onChange={(v) => useEditorStore.getState().update({ featherRadius: v })}
              testId="cv-feather-radius"
            />
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={() => {
                p.onFeather(radius);
                setFeatherOpen(false);
              }}
              data-testid="cv-feather-apply"
            >
              {t('canvas.editor.featherApply')}
            </button>
          </PopoverContent>
        )}
      </PopoverRoot>
      <ToolButton label={t('canvas.editor.clear')} onClick={p.onClear} testId="cv-clear">
        <Trash2 size={18} />
      </ToolButton>
      <span className="cv-rail-sep" />
      <ToolButton
        label={`${t('canvas.editor.undo')} (Ctrl/⌘+Z)`}
        onClick={p.onUndo}
        disabled={!p.canUndo}
        testId="cv-undo"
      >
        <Undo2 size={18} />
      </ToolButton>
      <ToolButton
        label={`${t('canvas.editor.redo')} (Shift+Ctrl/⌘+Z)`}
        onClick={p.onRedo}
        disabled={!p.canRedo}
        testId="cv-redo"
      >
        <Redo2 size={18} />
      </ToolButton>
    </div>
  );
}

/** The options of the current tool, plus the overlay look and the export format. */
export function OptionsBar() {
  const { t } = useTranslation();
  const s = usePainterToolStore();
  const e = useEditorStore();
  const [overlayOpen, setOverlayOpen] = useState(false);
  const region = e.tool !== 'paint';
  return (
    <div className="cv-options" data-testid="cv-options">
      {!region && (
        <>
          <Slider
            label={t('canvas.editor.size')}
            value={sizeToSlider(s.size)}
            min={0}
            max={SIZE_SLIDER_STEPS}
            display={`${s.size} px`}
            onChange={(v) => s.update({ size: sliderToSize(v) })}
            testId="cv-size"
          />
          <Slider
            label={t('canvas.editor.hardness')}
            value={Math.round(s.hardness * 100)}
            min={0}
            max={100}
            display={pct(s.hardness)}
            onChange={(v) => s.update({ hardness: v / 100 })}
          />
          <Slider
            label={t('canvas.editor.opacity')}
            value={Math.round(s.opacity * 100)}
            min={1}
            max={100}
            display={pct(s.opacity)}
            onChange={(v) => s.update({ opacity: v / 100 })}
          />
        </>
      )}
      {region && (
        <RadioChips
          className="cv-seg"
          chipClassName="cv-seg-item"
          label={t('canvas.editor.mode')}
          value={s.tool}
          onChange={(m) => s.update({ tool: m === 'eraser' ? 'eraser' : 'brush' })}
          chips={(['brush', 'eraser'] as const).map((m) => ({
            value: m,
            testId: `cv-mode-${m}`,
            label: t(m === 'brush' ? 'canvas.editor.add' : 'canvas.editor.subtract'),
          }))}
        />
      )}
      {e.tool === 'colour' && (
        <>
          <Slider
            label={t('canvas.editor.tolerance')}
            value={e.tolerance}
            min={0}
            max={100}
            display={`${e.tolerance}`}
            onChange={(v) => e.update({ tolerance: v })}
            testId="cv-tolerance"
          />
          <button
            type="button"
            className="cv-chip"
            aria-pressed={e.contiguous}
            onClick={() => e.update({ contiguous: !e.contiguous })}
            data-testid="cv-contiguous"
          >
            {t('canvas.editor.contiguous')}
          </button>
        </>
      )}
      {region && <span className="cv-hint">{t('canvas.editor.altHint')}</span>}
      <span className="cv-spacer" />
      <PopoverRoot open={overlayOpen} onOpenChange={setOverlayOpen}>
        <PopoverTrigger asChild>
          <button type="button" className="cv-chip" data-testid="cv-overlay">
            <span className="cv-swatch" style={{ background: s.overlayColor }} />
            <Palette size={14} /> {t('canvas.editor.overlay')}
          </button>
        </PopoverTrigger>
        {overlayOpen && (
          <PopoverContent className="cv-popover" label={t('canvas.editor.overlay')} align="end">
            <p className="cv-pop-title">{t('canvas.editor.overlayColour')}</p>
            <RadioChips
              className="cv-swatches"
              chipClassName="cv-swatch-btn"
              label={t('canvas.editor.overlayColour')}
              value={s.overlayColor}
              onChange={(c) => s.update({ overlayColor: c })}
              chips={OVERLAY_SWATCHES.map((c) => ({
                value: c,
                label: <span className="sr-only">{c}</span>,
                swatch: c,
              }))}
            />
            <Slider
              label={t('canvas.editor.overlayOpacity')}
              value={Math.round(s.overlayOpacity * 100)}
              min={10}
              max={100}
              display={pct(s.overlayOpacity)}
              onChange={(v) => s.update({ overlayOpacity: v / 100 })}
            />
            <p className="cv-pop-title">{t('canvas.editor.format')}</p>
            <RadioChips
              className="cv-seg"
              chipClassName="cv-seg-item"
              label={t('canvas.editor.format')}
              value={s.format}
              onChange={(f) => s.update({ format: f === 'alpha-edit' ? 'alpha-edit' : 'white-edit' })}
              chips={(['white-edit', 'alpha-edit'] as const).map((f) => ({
                value: f,
                label: t(f === 'white-edit' ? 'canvas.editor.formatWhite' : 'canvas.editor.formatAlpha'),
              }))}
            />
          </PopoverContent>
        )}
      </PopoverRoot>
    </div>
  );
}
