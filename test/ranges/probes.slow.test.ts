// probes.test.ts at its full size: the slow suite sets the full counts of its `quickOrFull` calls
// (test/support/slowSuite.ts).
import './probes.test'
