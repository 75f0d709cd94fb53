import { pageTitle } from '@quantics/contracts';
import { useEffect } from 'react';

/** Sets the tab title to 'Quantics | {page}'. */
export function usePageTitle(page?: string) {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
