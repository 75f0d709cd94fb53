// The web tier's setup (vitest.config.ts, project `web`): jsdom is the DOM; these add what a browser has and jsdom
// lacks, and Testing Library's matchers.
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts by itself only with Vitest's globals on; they are off here.
afterEach(() => cleanup());
