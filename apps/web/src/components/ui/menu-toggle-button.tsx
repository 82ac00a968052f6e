import { MenuIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { useMenu } from '@/lib/use-menu';

/** The ☰ / × button that opens and closes a phone menu (the public header's and the app's). */
export function MenuToggleButton({ menu, controls }: { menu: ReturnType<typeof useMenu>; controls: string }) {
  const { t } = useTranslation();
  return (
    <button
      ref={menu.triggerRef}
      type="button"
      onClick={menu.toggle}
      aria-expanded={menu.open}
      aria-controls={controls}
      aria-label={menu.open ? t('nav.closeMenu') : t('nav.openMenu')}
      className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
    >
      {menu.open ? <XIcon className="h-5 w-5 shrink-0" /> : <MenuIcon className="h-5 w-5 shrink-0" />}
    </button>
  );
}
