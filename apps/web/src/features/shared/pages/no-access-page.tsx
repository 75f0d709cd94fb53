import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { usePageTitle } from '@/lib/page-title';

/** Shown when a signed-in user opens a page their role does not include. */
export function NoAccessPage() {
  usePageTitle('No access');
  return (
    <Card className="flex flex-col items-center px-6 py-16 text-center">
      <ShieldAlert className="size-10 text-amber-500" aria-hidden />
      <h1 className="mt-4 text-lg font-semibold text-slate-900 dark:text-slate-100">
        You don&apos;t have access to this page
      </h1>
      <p className="mt-2 max-w-md text-sm text-slate-600 dark:text-slate-400">
        Your role in this company doesn&apos;t include it. Ask an admin if you need it.
      </p>
      <Link
        to="/dashboard"
        className="mt-6 text-sm font-medium text-brand-600 hover:text-brand-700 dark:text-brand-400 dark:hover:text-brand-300"
      >
        Back to the dashboard
      </Link>
    </Card>
  );
}
