import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { z } from 'zod';
import { Providers } from './app/providers';
import { router } from './app/router';
import './index.css';

// Zod probes for `new Function` (its faster, compiled validators); the Content-Security-Policy forbids eval, so
// the probe would only log a CSP violation. Say up front that it may not.
z.config({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
