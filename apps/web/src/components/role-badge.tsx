import { ROLE_LABELS, type TMemberStatus, type TRole } from '@quantics/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const ROLE_TONES: Record<TRole, BadgeTone> = { admin: 'brand', operator: 'blue', member: 'slate' };

export function RoleBadge({ role }: { role: TRole }) {
  return <Badge tone={ROLE_TONES[role]}>{ROLE_LABELS[role]}</Badge>;
}

const STATUS: Record<TMemberStatus, { tone: BadgeTone; label: string }> = {
  active: { tone: 'green', label: 'Active' },
  pending: { tone: 'amber', label: 'Pending' },
  inactive: { tone: 'slate', label: 'Inactive' },
};

export function StatusBadge({ status }: { status: TMemberStatus }) {
  const { tone, label } = STATUS[status];
  return (
    <Badge tone={tone} hasDot>
      {label}
    </Badge>
  );
}
