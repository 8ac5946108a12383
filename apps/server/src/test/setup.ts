import { afterAll } from 'vitest';
import { closeTestApps } from './harness.js';

// Every test file: the apps and databases it made are closed and dropped when its tests end.
afterAll(closeTestApps);
