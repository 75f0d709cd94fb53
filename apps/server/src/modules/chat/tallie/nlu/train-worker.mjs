// Trains Tallie's intent model off the main thread (recognizer.ts, trainAhead) and posts it back, exported. A
// worker's entry does not get the parent's `--import tsx`, so it registers tsx itself before loading TypeScript.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { trainedModel } = await import('./recognizer.ts');
parentPort?.postMessage(await trainedModel());
