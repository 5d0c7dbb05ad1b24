import { Tooltip as T } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

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
