import { DropdownMenu as M } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

export const MenuRoot = M.Root;
export const MenuTrigger = M.Trigger;
export const MenuGroup = M.Group;
export const MenuSeparator = M.Separator;
export const MenuSub = M.Sub;

/** A menu (Radix DropdownMenu): arrow keys, type-ahead, Escape, outside press; it never leaves the window. */
export function MenuContent({
  className = '',
  children,
  ...rest
}: { className?: string; children: ReactNode } & Omit<
  ComponentProps<typeof M.Content>,
  'className' | 'children'
>) {
  return (
    <M.Portal>
      <M.Content className={`ui-menu ${className}`} sideOffset={4} collisionPadding={8} align="end" {...rest}>
        {children}
      </M.Content>
    </M.Portal>
  );
}

export function MenuItem({
  className = '',
  danger,
  ...rest
}: { danger?: boolean } & ComponentProps<typeof M.Item>) {
  return <M.Item className={`ui-menu-item${danger ? ' danger' : ''} ${className}`} {...rest} />;
}

export function MenuSubTrigger({ className = '', ...rest }: ComponentProps<typeof M.SubTrigger>) {
  return <M.SubTrigger className={`ui-menu-item ${className}`} {...rest} />;
}

export function MenuSubContent({
  className = '',
  children,
  ...rest
}: { className?: string; children: ReactNode } & Omit<
  ComponentProps<typeof M.SubContent>,
  'className' | 'children'
>) {
  return (
    <M.Portal>
      <M.SubContent className={`ui-menu ${className}`} sideOffset={2} collisionPadding={8} {...rest}>
        {children}
      </M.SubContent>
    </M.Portal>
  );
}
