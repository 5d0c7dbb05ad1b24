import { ImagePlus, RotateCcw, SlidersHorizontal } from 'lucide-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getOperation } from '../../../../shared/operations/catalog';
import type { FieldDef } from '../../../../shared/operations/fields';
import type { OperationId } from '../../../../shared/operations/ids';
import { isVisible, parseExtra, validateValues } from '../../../../shared/operations/validate';
import { draftOf, useDraftStore } from './drafts-store';
import { ExtraEditor } from './ExtraEditor';
import { FieldControl } from './FieldControl';
import { FieldRow } from './FieldRow';
import { MediaTargetsContext } from './form-context';
import { sectionOf } from './form-sections';
import { fieldLabel, issueText } from './form-text';
import { FormFooter } from './FormFooter';
import { FormNotice } from './FormNotice';
import { useDockPadding } from './use-dock-padding';
import { usePasteTargets } from './use-paste-targets';
import { useSubmit } from './use-submit';
import { useBridgeStatus } from '../../bridge/bridge-status';
import { useVendor } from './use-vendor';
import { useStudioForm } from '../studio';
import './styles/frame.css';
import './styles/text.css';
import './styles/media.css';
import './styles/dock.css';
import './layout/frame-pair.css';
import { Tip } from '../../ui/primitives';

const inputIdOf = (op: OperationId, name: string) => `fm-${op.replace('.', '-')}-${name}`;

/** The form of one operation, rendered from the catalog, validated as typed, its draft kept. */
export function OperationForm({ operationId }: { operationId: OperationId }) {
  const { t } = useTranslation();
  const op = getOperation(operationId);
  const stored = useDraftStore((s) => s.drafts[operationId]);
  const { values, extra } = useMemo(() => draftOf({ [operationId]: stored }, operationId), [stored, operationId]);
  const store = useDraftStore.getState();
  const vendor = useVendor();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [advancedOpen, setAdvancedOpen] = useState(() => extra.trim() !== '');
  const [pasteNote, setPasteNote] = useState<string | null>(null);
  const { submit, pending, notice, dismiss, serverIssues, clearServerIssue } = useSubmit(operationId);
  const dockRef = useDockPadding<HTMLDivElement>(notice ?? pasteNote);
  const paste = usePasteTargets((type) => setPasteNote(t('forms.media.noPasteTarget', { type })));

  const issues = useMemo(() => validateValues(op, values), [op, values]);
  const extraParsed = useMemo(() => parseExtra(extra, op), [extra, op]);
  const visible = op.fields.filter((f) => isVisible(f, values));
  const ignoredExtra = extraParsed.ok ? Object.keys(extraParsed.value).filter((k) => op.neverSend?.includes(k)) : [];

  // Everything that blocks Generate; the footer names only what the user touched (or all, once Generate was
  // pressed), like the fields themselves: a fresh form opens calm, not with a list of faults. Invalid extra
  // fields JSON was typed by the user, so it counts as touched.
  const blocking = [
    ...visible.filter((f) => issues[f.name]).map((f) => ({ name: f.name, label: fieldLabel(t, operationId, f) })),
    ...(extraParsed.ok ? [] : [{ name: 'extra', label: t('forms.extra.label') }]),
  ];

  const getValue = (name: string) => draftOf(useDraftStore.getState().drafts, operationId).values[name];
  const change = (name: string, value: unknown) => {
    store.setValue(operationId, name, value);
    setTouched((s) => (s.has(name) ? s : new Set(s).add(name)));
    clearServerIssue(name);
    setPasteNote(null);
  };
  const issueFor = (f: FieldDef): string | null => {
    const server = serverIssues[f.name];
    if (server) return server;
    const issue = issues[f.name];
    return issue && (attempted || touched.has(f.name)) ? issueText(t, issue, f) : null;
  };

  const jump = (name: string) => {
    const field = op.fields.find((f) => f.name === name);
    if (name === 'extra' || (field && sectionOf(field) === 'advanced')) setAdvancedOpen(true);
    requestAnimationFrame(() => {
      const el = document.querySelector<HTMLElement>(`[data-field="${name}"], [data-testid="field-${name}"]`);
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      el?.querySelector<HTMLElement>('input:not([hidden]), textarea, select, button')?.focus({ preventScroll: true });
    });
  };

  const studio = useStudioForm({ op: operationId, values, vendor, promptInputId: inputIdOf(operationId, 'prompt'), submit, getValue, change });

  const onSubmit = () => {
    if (blocking.length) {
      setAttempted(true);
      if (blocking[0]) jump(blocking[0].name);
      return;
    }
    const send = Object.fromEntries(visible.filter((f) => values[f.name] !== undefined && values[f.name] !== null).map((f) => [f.name, values[f.name]]));
    // Offline, nothing in between may wait on core: the plain submit says "Not connected" at once.
    if (!useBridgeStatus.getState().connected) return void submit(send, extraParsed.ok ? extraParsed.value : {});
    void studio.submit(send, extraParsed.ok ? extraParsed.value : {});
  };
  const onKeyDown = (e: KeyboardEvent) => {
    studio.onKeyDown(e);
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onSubmit();
    }
  };

  const render = (f: FieldDef) => {
    const inputId = inputIdOf(operationId, f.name);
    const issue = issueFor(f);
    return (
      <FieldRow key={f.name} op={operationId} field={f} inputId={inputId} issue={issue}>
        <FieldControl
          op={operationId}
          field={f}
          value={values[f.name]}
          values={values}
          vendor={vendor}
          onChange={(v) => change(f.name, v)}
          getValue={() => getValue(f.name)}
          setOther={change}
          invalid={!!issue}
          inputId={inputId}
          describedBy={`${inputId}-help ${inputId}-issue`}
        />
      </FieldRow>
    );
  };
  const of = (section: string) => visible.filter((f) => sectionOf(f) === section);
  const modelField = visible.find((f) => f.type === 'model');
  const modelIssue = modelField ? issueFor(modelField) : null;

  return (
    <MediaTargetsContext.Provider value={paste.context}>
      <form className="fm-form" noValidate tabIndex={-1} onSubmit={(e) => e.preventDefault()} onKeyDown={onKeyDown} onPaste={paste.onPaste} data-testid="operation-form" data-op={operationId}>
        {of('prompt').length > 0 && <section className="fm-section fm-section-prompt">{of('prompt').map(render)}{studio.promptTools}</section>}
        {of('inputs').length > 0 && (
          <section className="fm-section" aria-labelledby="fm-inputs-title">
            <h3 className="fm-section-title" id="fm-inputs-title">
              <ImagePlus size={15} /> {t('forms.sections.inputs')}
            </h3>
            {of('inputs').map(render)}
          </section>
        )}
        {of('settings').length > 0 && (
          <section className="fm-section fm-section-settings" aria-labelledby="fm-settings-title">
            <h3 className="fm-section-title" id="fm-settings-title">
              <SlidersHorizontal size={15} /> {t('forms.sections.settings')}
            </h3>
            <div className="fm-settings-grid">{of('settings').map(render)}</div>
          </section>
        )}
        <details className="fm-section fm-advanced" open={advancedOpen} onToggle={(e) => setAdvancedOpen(e.currentTarget.open)} data-testid="advanced">
          <summary>
            <span>{t('forms.sections.advanced')}</span>
            <span className="fm-advanced-hint">{of('advanced').length ? `${of('advanced').map((f) => fieldLabel(t, operationId, f)).join(' · ')} · ` : ''}{t('forms.extra.label')}</span>
          </summary>
          {of('advanced').map(render)}
          <ExtraEditor
            text={extra}
            onChange={(text) => store.setExtra(operationId, text)}
            issue={extraParsed.ok ? null : extraParsed.issue}
            ignored={ignoredExtra}
          />
          <div className="fm-reset-row">
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              data-testid="reset-form"
              onClick={() => {
                store.reset(operationId);
                setTouched(new Set());
                setAttempted(false);
              }}
            >
              <RotateCcw size={14} /> {t('forms.common.reset')}
            </button>
          </div>
        </details>
        <div className="fm-dock" ref={dockRef}>
          {notice && <FormNotice notice={notice} onDismiss={dismiss} />}
          {pasteNote && !notice && (
            <div className="fm-notice fm-notice-warn" role="alert">
              <span className="fm-notice-text">{pasteNote}</span>
            </div>
          )}
          {studio.dialogs}
          {studio.extras}
          <FormFooter
            model={
              modelField && (
                <Tip label={modelIssue ?? undefined}>
                  <div className="fm-footer-model" data-field={modelField.name}>
                    <FieldControl
                      op={operationId}
                      field={modelField}
                      value={values[modelField.name]}
                      values={values}
                      vendor={vendor}
                      onChange={(v) => change(modelField.name, v)}
                      getValue={() => getValue(modelField.name)}
                      setOther={change}
                      invalid={!!modelIssue}
                      inputId={inputIdOf(operationId, modelField.name)}
                      describedBy=""
                    />
                  </div>
                </Tip>
              )
            }
            estimate={studio.estimate}
            blocking={blocking.filter((b) => attempted || b.name === 'extra' || touched.has(b.name))}
            attempted={attempted}
            pending={pending}
            onSubmit={onSubmit}
            onJump={jump}
          />
        </div>
      </form>
    </MediaTargetsContext.Provider>
  );
}
