// Kills the test run's process groups when the driver that started them is gone (killed with SIGKILL,
// crashed, or its terminal closed). Without it the VS Code extension host lingers for hours.
// Usage: node watchdog.mjs <driver pid> <file listing one process-group id per line> <temp dir to remove>
import * as fs from 'node:fs';

const [driverPid, groupsFile, tempDir] = process.argv.slice(2);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

function killGroups() {
  let groups = [];
  try {
    groups = fs.readFileSync(groupsFile, 'utf8').split('\n').map(Number).filter((n) => n > 1);
  } catch {
    // No group started yet.
  }
  for (const pgid of groups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

process.on('SIGTERM', () => process.exit(0)); // the driver tore down by itself
setInterval(() => {
  if (alive(Number(driverPid))) return;
  killGroups();
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  process.exit(0);
}, 1000);
