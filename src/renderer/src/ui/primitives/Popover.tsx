import { Popover as P } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

export const PopoverRoot = P.Root;
export const PopoverTrigger = P.Trigger;
export const PopoverAnchor = P.Anchor;
export const PopoverClose = P.Close;

/**
 * An anchored panel (Radix Popover) in a portal: it closes on Escape and on a press outside, stays inside the
 * window, and returns focus to its trigger.
 */
export function PopoverContent({
  label,
  className = '',
  children,
  ...rest
}: { label: string; className?: string; children: ReactNode } & Omit<
  ComponentProps<typeof P.Content>,
  'className' | 'children'
>) {
  return (
    <P.Portal>
      <P.Content
        className={`ui-popover ${className}`}
        aria-label={label}
        sideOffset={6}
        collisionPadding={8}
        align="start"
        {...rest}
      >
        {children}
      </P.Content>
    </P.Portal>
  );
}
