import type { WorkspaceRole } from '@rankmaps/shared/permissions';
import { useTranslation } from 'react-i18next';

/** The role's name as the interface says it (ROLE_LABELS in Spanish; the catalogues hold both languages). */
export function RoleLabel({ role, className = 'block text-xs text-slate-600' }: { role: WorkspaceRole; className?: string }) {
  const { t } = useTranslation();
  return <span className={className}>{t(`roles.${role}`)}</span>;
}
