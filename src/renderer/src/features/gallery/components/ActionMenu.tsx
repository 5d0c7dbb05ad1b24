import { ChevronRight, MoreHorizontal } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { TaskSummary } from '../../../../../shared/domain/task';
import { isNotSent } from '../../../../../shared/domain/not-sent';
import { useBridge } from '../../../bridge/bridge-context';
import { mediaUrl } from '../../../bridge/media';
import {
  MenuContent,
  MenuGroup,
  MenuItem,
  MenuRoot,
  MenuSeparator,
  MenuTrigger,
} from '../../../ui/primitives';
import { actionsFor, hasFile, inputTargetsFor, type ActionId } from '../model/actions';
import type { TaskActions } from '../hooks/use-task-actions';
import { ACTION_ICONS } from './action-items';
import { CurrentFormItem } from './CurrentFormItem';
import { useGalleryText } from '../hooks/use-gallery-text';

interface Props {
  task: TaskSummary;
  index: number;
  actions: TaskActions;
  /** Extra class for the trigger (tiles show it on hover). */
  className?: string;
  /** Build the Radix menu now (its tile has been hovered or focused); else at the trigger's own first hover or focus. */
  live?: boolean;
  /** In the Tab order (false in a gallery tile that is not the grid's Tab stop). */
  tabbable?: boolean;
}

/**
 * The per-state job menu (anchors §0.8): a Radix menu in a portal, so scrolling containers never clip it and
 * it never leaves the window; arrow keys, type-ahead and Escape work, and focus returns to the trigger.
 *
 * Issue 31: a screen of tiles or rows mounts at every search and during a fling, so the Radix root and trigger
 * are built only when wanted: `live`, or when the pointer or the focus reaches the plain button standing in for
 * the trigger. That swap is synchronous (the pointer's press lands on the real trigger), and a focus that came
 * to the stand-in moves to the real trigger.
 */
export function ActionMenu({ task, index, actions, className = '', live = false, tabbable = true }: Props) {
  const { t } = useGalleryText();
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const button = {
    className: `icon-btn gl-menu-trigger ${className}`,
    'aria-label': t('gallery.action.menu'),
    'data-testid': 'task-menu',
    tabIndex: tabbable ? 0 : -1,
    onClick: (e: { stopPropagation(): void }) => e.stopPropagation(),
  };
  if (!live && !armed) {
    const arm = (focus: boolean) => {
      flushSync(() => setArmed(true));
      if (focus) trigger.current?.focus();
    };
    return (
      <button
        {...button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        onPointerEnter={() => arm(false)}
        onFocus={() => arm(true)}
      >
        <MoreHorizontal size={16} />
      </button>
    );
  }
  return (
    <MenuRoot open={open} onOpenChange={setOpen}>
      <MenuTrigger asChild>
        <button ref={trigger} {...button}>
          <MoreHorizontal size={16} />
        </button>
      </MenuTrigger>
      {open && <Menu task={task} index={index} actions={actions} close={() => setOpen(false)} />}
    </MenuRoot>
  );
}

function Menu({
  task,
  index,
  actions,
  close,
}: {
  task: TaskSummary;
  index: number;
  actions: TaskActions;
  close: () => void;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [inputsOpen, setInputsOpen] = useState(false);
  const result = task.results[index];

  const act = (id: ActionId): unknown => {
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
    const label = t(
      id === 'checkAgain' && isNotSent(task) ? 'gallery.action.sendNow' : `gallery.action.${id}`,
    );
    if (id === 'saveAs' && bridge.transport === 'web' && hasFile(result)) {
      // Web mode: the browser saves the file itself (the media route answers with Content-Disposition).
      return (
        <MenuItem key={id} asChild>
          <a
            href={mediaUrl('library', result.file, { download: true })}
            download={result.file.split('/').pop()}
            data-testid="action-saveAs"
          >
            {ACTION_ICONS[id]} {label}
          </a>
        </MenuItem>
      );
    }
    if (id === 'useAsInput' && result) {
      const targets = inputTargetsFor(result.kind, task.remoteId);
      return (
        <div key={id}>
          <MenuItem
            data-testid="action-useAsInput"
            aria-expanded={inputsOpen}
            onSelect={(e) => {
              // Opens the targets in place: the menu stays open.
              e.preventDefault();
              setInputsOpen((o) => !o);
            }}
          >
            {ACTION_ICONS[id]} {label}
            <ChevronRight
              size={14}
              className={`ui-menu-chevron gl-menu-chevron${inputsOpen ? ' open' : ''}`}
            />
          </MenuItem>
          {inputsOpen && <CurrentFormItem task={task} index={index} actions={actions} />}
          {inputsOpen &&
            targets.map((target) => (
              <MenuItem
                key={target.id}
                className="sub"
                data-testid={`use-as-${target.id}`}
                onSelect={() => actions.useAsInput(task, index, target)}
              >
                {t(`library.slot.${target.id}`)}{' '}
                <span className="muted">· {t(`op.${target.operationId}.label`)}</span>
              </MenuItem>
            ))}
        </div>
      );
    }
    return (
      <MenuItem key={id} danger={id === 'delete'} data-testid={`action-${id}`} onSelect={() => act(id)}>
        {ACTION_ICONS[id]} {label}
      </MenuItem>
    );
  };

  return (
    <MenuContent
      className="gl-menu"
      onClick={(e) => e.stopPropagation()}
      data-testid="task-menu-popup"
      onCloseAutoFocus={() => close()}
    >
      {actionsFor(task, index, bridge.transport).map((group, i) => (
        <MenuGroup key={i}>
          {i > 0 && <MenuSeparator className="ui-menu-sep" />}
          {group.map(item)}
        </MenuGroup>
      ))}
    </MenuContent>
  );
}
