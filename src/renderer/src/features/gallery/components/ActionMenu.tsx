import { ChevronRight, MoreHorizontal } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { isNotSent } from '../../../../../shared/domain/not-sent';
import { useBridge } from '../../../bridge/bridge-context';
import { mediaUrl } from '../../../bridge/media';
import { actionsFor, hasFile, inputTargetsFor, type ActionId } from '../model/actions';
import type { TaskActions } from '../hooks/use-task-actions';
import { ACTION_ICONS } from './action-items';
import { CurrentFormItem } from './CurrentFormItem';

interface Props {
  task: TaskSummary;
  index: number;
  actions: TaskActions;
  /** Extra class for the trigger (tiles show it on hover). */
  className?: string;
}

/** The per-state job menu (anchors §0.8), in a portal so scrolling containers never clip it. */
export function ActionMenu({ task, index, actions, className = '' }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        className={`icon-btn gl-menu-trigger ${className}`}
        aria-label={t('gallery.action.menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="task-menu"
        onClick={(e) => {
          e.stopPropagation();
          setOpen((o) => !o);
        }}
      >
        <MoreHorizontal size={16} />
      </button>
      {open &&
        trigger.current &&
        createPortal(
          <Menu
            anchor={trigger.current}
            task={task}
            index={index}
            actions={actions}
            close={() => setOpen(false)}
          />,
          document.body,
        )}
    </>
  );
}

function Menu({
  anchor,
  task,
  index,
  actions,
  close,
}: {
  anchor: HTMLElement;
  task: TaskSummary;
  index: number;
  actions: TaskActions;
  close: () => void;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState({ left: -9999, top: -9999 });
  const [inputsOpen, setInputsOpen] = useState(false);
  const result = task.results[index];

  useLayoutEffect(() => {
    const a = anchor.getBoundingClientRect();
    const m = ref.current?.getBoundingClientRect();
    const w = m?.width ?? 220;
    const h = m?.height ?? 300;
    const left = Math.max(8, Math.min(a.right - w, window.innerWidth - w - 8));
    const below = a.bottom + 4;
    const top = below + h > window.innerHeight - 8 ? Math.max(8, a.top - h - 4) : below;
    setPos({ left, top });
  }, [anchor, inputsOpen]);

  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node) && !anchor.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close();
      }
    };
    window.addEventListener('mousedown', onDown, true);
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('mousedown', onDown, true);
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('resize', close);
    };
  }, [anchor, close]);

  const act = (id: ActionId): unknown => {
    close();
    switch (id) {
      case 'open':
        return actions.open(task, index);
      case 'saveAs':
        return actions.saveAs(task, index);
      case 'reveal':
        return actions.reveal(task, index);
      case 'reuse':
        return actions.reuse(task);
      case 'rerun':
        return actions.rerun(task);
      case 'copyPrompt':
        return actions.copyPrompt(task);
      case 'copyId':
        return actions.copyId(task);
      case 'copyError':
        return actions.copyError(task);
      case 'retryDownload':
        return actions.retryDownload(task);
      case 'checkAgain':
        return actions.checkAgain(task);
      case 'stopTracking':
        return actions.stopTracking(task);
      case 'delete':
        return actions.askDelete(task);
      case 'useAsInput':
        return;
    }
  };

  const item = (id: ActionId) => {
    // A draft never sent (Atelier stopped first): "Check again" sends it, so it says so.
    const label = t(id === 'checkAgain' && isNotSent(task) ? 'gallery.action.sendNow' : `gallery.action.${id}`);
    const cls = `gl-menu-item${id === 'delete' ? ' danger' : ''}`;
    if (id === 'saveAs' && bridge.transport === 'web' && hasFile(result)) {
      // Web mode: the browser saves the file itself (the media route answers with Content-Disposition).
      return (
        <a
          key={id}
          role="menuitem"
          className={cls}
          href={mediaUrl('library', result.file, { download: true })}
          download={result.file.split('/').pop()}
          data-testid="action-saveAs"
          onClick={close}
        >
          {ACTION_ICONS[id]} {label}
        </a>
      );
    }
    if (id === 'useAsInput' && result) {
      const targets = inputTargetsFor(result.kind, task.remoteId);
      return (
        <div key={id}>
          <button
            role="menuitem"
            className={cls}
            data-testid="action-useAsInput"
            onClick={() => setInputsOpen((o) => !o)}
          >
            {ACTION_ICONS[id]} {label}
            <ChevronRight size={14} className={`gl-menu-chevron${inputsOpen ? ' open' : ''}`} />
          </button>
          {inputsOpen && <CurrentFormItem task={task} index={index} actions={actions} close={close} />}
          {inputsOpen &&
            targets.map((target) => (
              <button
                key={target.id}
                role="menuitem"
                className="gl-menu-item sub"
                data-testid={`use-as-${target.id}`}
                onClick={() => {
                  close();
                  actions.useAsInput(task, index, target);
                }}
              >
                {t(`library.slot.${target.id}`)}{' '}
                <span className="muted">· {t(`op.${target.operationId}.label`)}</span>
              </button>
            ))}
        </div>
      );
    }
    return (
      <button key={id} role="menuitem" className={cls} data-testid={`action-${id}`} onClick={() => act(id)}>
        {ACTION_ICONS[id]} {label}
      </button>
    );
  };

  return (
    <div
      ref={ref}
      className="gl-menu"
      role="menu"
      style={{ left: pos.left, top: pos.top }}
      onClick={(e) => e.stopPropagation()}
      data-testid="task-menu-popup"
    >
      {actionsFor(task, index, bridge.transport).map((group, i) => (
        <div key={i} className="gl-menu-group">
          {group.map(item)}
        </div>
      ))}
    </div>
  );
}
