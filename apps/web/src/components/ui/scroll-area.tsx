import { type HTMLAttributes, useEffect, useRef, useState } from 'react';

/**
 * A box whose content may scroll (set its `overflow-*` and size in `className`). While the content is larger than
 * the box it is a named region in the tab order, so keyboard users can scroll it with the arrow keys (WCAG 2.1.1);
 * when everything fits it adds no tab stop.
 */
export function ScrollArea({ label, ...rest }: HTMLAttributes<HTMLDivElement> & { label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [isScrollable, setIsScrollable] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () =>
      setIsScrollable(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      {...rest}
      {...(isScrollable ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    />
  );
}
