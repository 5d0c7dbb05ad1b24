import { Tooltip as T } from 'radix-ui';
import { cloneElement, type ReactElement, type ReactNode } from 'react';

/** One provider at the root: tooltips share a delay, and moving between triggers shows the next at once. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <T.Provider delayDuration={350} skipDelayDuration={250}>
      {children}
    </T.Provider>
  );
}

/**
 * A real tooltip (Radix): shown on hover and on keyboard focus, read by screen readers, Escape hides it.
 * With no label it renders the child alone.
 */
export function Tip({
  label,
  side = 'top',
  children,
}: {
  label: ReactNode;
  side?: 'top' | 'bottom' | 'left' | 'right';
  children: ReactElement;
}) {
  if (label === undefined || label === null || label === '' || label === false) return children;
  return (
    <T.Root>
      {/* data-tip: the label is in the DOM before hover, so the zh-CN walk (e2e) reads every tooltip. */}
      <T.Trigger asChild data-tip={typeof label === 'string' ? label : undefined}>
        {children}
      </T.Trigger>
      <T.Portal>
        <T.Content
          className="ui-tooltip"
          side={side}
          sideOffset={6}
          collisionPadding={8}
          data-testid="tooltip"
        >
          {label}
        </T.Content>
      </T.Portal>
    </T.Root>
  );
}

/**
 * A {@link Tip} built only once `live` (a gallery tile: when the pointer or the focus first comes to it). Until
 * then the child is rendered alone with its label in `data-tip`, as the real one has it: a screen of tiles does
 * not mount a Radix tooltip per badge (issue 31).
 */
export function LazyTip({ live, ...props }: Parameters<typeof Tip>[0] & { live: boolean }) {
  if (live) return <Tip {...props} />;
  const { label, children } = props;
  return typeof label === 'string' && label !== '' ? cloneElement(children, { 'data-tip': label } as object) : children;
}
