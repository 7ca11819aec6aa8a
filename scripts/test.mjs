#!/usr/bin/env node
// `npm test`: every test. Grows into the full harness (content service + web + browser tests).
import { spawnSync } from 'node:child_process';

const result = spawnSync('vitest', ['run', '--project', 'domain', '--project', 'web'], { stdio: 'inherit', shell: false });
process.exit(result.status ?? 1);
