/**
 * s3rver in a process of its own (the bench, the chaos phase): prints its location as one JSON line, stops
 * on SIGTERM. In the test runner's process it would share an event loop with the simulator and the runner.
 */
import { startTestS3 } from './test-s3';

const s3 = await startTestS3({ ...(process.argv[2] ? { dir: process.argv[2] } : {}) });
process.stdout.write(`${JSON.stringify({ location: s3.location, dir: s3.dir })}\n`);
process.on('SIGTERM', () => void s3.stop().finally(() => process.exit(0)));
setInterval(() => undefined, 1_000);
