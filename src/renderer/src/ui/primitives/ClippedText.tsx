import { Tooltip as T } from 'radix-ui';
import { useRef, useState } from 'react';

/**
 * One line of text cut with an ellipsis where it does not fit; a real tooltip (Radix) shows the whole text on
 * hover, and only when it is actually cut (the native `title` it replaces showed it always, after a delay).
 */
export function ClippedText({ text, className = '', testId }: { text: string; className?: string; testId?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const clipped = () => {
    const el = ref.current;
    return !!el && el.scrollWidth > el.clientWidth + 1;
  };
  return (
    <T.Root open={open} onOpenChange={(o) => setOpen(o && clipped())}>
      <T.Trigger asChild>
        <span ref={ref} className={`ui-clipped ${className}`} data-testid={testId}>
          {text}
        </span>
      </T.Trigger>
      <T.Portal>
        <T.Content className="ui-tooltip ui-tooltip-wide" side="top" sideOffset={6} collisionPadding={8} data-testid="tooltip">
          {text}
        </T.Content>
      </T.Portal>
    </T.Root>
  );
}
