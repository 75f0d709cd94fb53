import type { TTeamMember } from '@quantics/contracts';
import { RoleBadge, StatusBadge } from '@/components/role-badge';
import { MemberActions, type MemberHandlers } from './member-actions';
import { JoinedCell, MemberIdentity, SecurityCell } from './member-identity';

type ListProps = {
  rows: TTeamMember[];
  currentUserId: number;
  /** Only admins see the Actions column. */
  isAdmin: boolean;
  handlers: MemberHandlers;
};

const rowKey = (r: TTeamMember) => `${r.kind}-${r.id}`;
const isSelfRow = (r: TTeamMember, userId: number) => r.kind === 'member' && r.id === userId;

/** A table on large screens, cards on phones. */
export function MembersList(props: ListProps) {
  return (
    <>
      <MembersTable {...props} />
      <MemberCards {...props} />
    </>
  );
}

function MembersTable({ rows, currentUserId, isAdmin, handlers }: ListProps) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
          <tr>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="px-4 py-3">
              Email
            </th>
            <th scope="col" className="px-4 py-3">
              Role
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Security
            </th>
            <th scope="col" className="px-4 py-3">
              Joined
            </th>
            {isAdmin && (
              <th scope="col" className="px-4 py-3">
                Actions
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row) => {
            const isSelf = isSelfRow(row, currentUserId);
            return (
              <tr key={rowKey(row)} data-testid="member-row" className="align-middle hover:bg-slate-50/60">
                <td className="px-4 py-3">
                  <MemberIdentity row={row} isSelf={isSelf} />
                </td>
                <td
                  className="max-w-56 truncate px-4 py-3 text-slate-600 dark:text-slate-400"
                  title={row.email}
                >
                  {row.email}
                </td>
                <td className="px-4 py-3">
                  <RoleBadge role={row.role} />
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={row.status} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <SecurityCell row={row} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600 dark:text-slate-400">
                  <JoinedCell row={row} />
                </td>
                {isAdmin && (
                  <td className="px-3 py-2">
                    <MemberActions row={row} isSelf={isSelf} handlers={handlers} />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function MemberCards({ rows, currentUserId, isAdmin, handlers }: ListProps) {
  return (
    <ul className="divide-y divide-slate-100 md:hidden dark:divide-slate-800">
      {rows.map((row) => {
        const isSelf = isSelfRow(row, currentUserId);
        return (
          <li key={rowKey(row)} data-testid="member-card" className="space-y-3 p-4">
            <div className="flex items-start justify-between gap-3">
              <MemberIdentity row={row} isSelf={isSelf} />
              <RoleBadge role={row.role} />
            </div>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">{row.email}</p>
            {row.kind === 'member' && <SecurityCell row={row} />}
            <div className="flex items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
              <StatusBadge status={row.status} />
              <span className="text-right">
                <JoinedCell row={row} />
              </span>
            </div>
            {isAdmin && !isSelf && (
              <div className="-mx-2 border-t border-slate-100 pt-2 dark:border-slate-800">
                <MemberActions row={row} isSelf={isSelf} handlers={handlers} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
