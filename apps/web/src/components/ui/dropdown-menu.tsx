import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

export type MenuItem =
  | { kind: 'action'; label: string; onSelect: () => void; icon?: ReactNode; danger?: boolean; disabled?: boolean }
  | { kind: 'link'; label: string; to: string; icon?: ReactNode }
  | { kind: 'external'; label: string; href: string; icon?: ReactNode };

interface DropdownMenuProps {
  /** The trigger's accessible name, e.g. 'Acciones de Clínica Dental'. */
  label: string;
  items: MenuItem[];
  /** Drawn inside the trigger button (an icon). */
  trigger: ReactNode;
  triggerClassName?: string;
}

const itemClass =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm outline-none focus-visible:bg-slate-100 hover:bg-slate-100 disabled:opacity-50';

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown open it on the first
 * item; arrows, Home and End move; Escape or Tab close it and return the focus; a click
 * outside closes it.
 */
export function DropdownMenu({ label, items, trigger, triggerClassName = '' }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const focusItem = (index: number) => {
    const all = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];
    if (all.length === 0) return;
    all[(index + all.length) % all.length]?.focus();
  };

  useEffect(() => {
    if (!open) return;
    requestAnimationFrame(() => focusItem(0));
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onMenuKey = (e: React.KeyboardEvent) => {
    const all = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];
    const current = all.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') focusItem(current + 1);
    else if (e.key === 'ArrowUp') focusItem(current - 1);
    else if (e.key === 'Home') focusItem(0);
    else if (e.key === 'End') focusItem(all.length - 1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') return setOpen(false);
    else return;
    e.preventDefault();
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className={`inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 ${triggerClassName}`}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-20 mt-1 w-52 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          {items.map((item) => {
            const content = (
              <>
                {item.icon}
                <span>{item.label}</span>
              </>
            );
            if (item.kind === 'link')
              return (
                <Link
                  key={item.label}
                  role="menuitem"
                  tabIndex={-1}
                  to={item.to}
                  className={`${itemClass} text-slate-700`}
                  onClick={() => setOpen(false)}
                >
                  {content}
                </Link>
              );
            if (item.kind === 'external')
              return (
                <a
                  key={item.label}
                  role="menuitem"
                  tabIndex={-1}
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${itemClass} text-slate-700`}
                  onClick={() => setOpen(false)}
                >
                  {content}
                </a>
              );
            return (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                disabled={item.disabled}
                aria-disabled={item.disabled || undefined}
                className={`${itemClass} ${item.danger ? 'text-red-700' : 'text-slate-700'}`}
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
              >
                {content}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
