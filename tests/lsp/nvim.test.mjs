// Headless Neovim (Debian's `neovim`, 0.7) runs the minimize code action end to end
// against the real server (see nvim/init.lua).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverBin, workspaceWith, compile, expectedIce } from './client.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ICE = 'tests/ices/gce_bool_mul_const_eval.rs';

test('neovim: code action through vim.ui.select, progress, the result file, message fallback', () => {
  const which = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  assert.equal(which.status, 0, 'nvim is not installed: run scripts/install-test-deps.sh');
  const { dir, file } = workspaceWith(ICE, 'repro.rs');
  const original = fs.readFileSync(file);
  const logFile = path.join(dir, 'nvim.log');
  const r = spawnSync('nvim', ['--headless', '-n', '-u', path.join(here, 'nvim', 'init.lua'), file], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 300000,
    env: { ...process.env, CARGO_MINIMIZE_BIN: serverBin, CM_NVIM_LOG: logFile, RUSTC_ICE: '0' },
  });
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '(no log)';
  assert.equal(r.status, 0, `nvim failed:\n${log}\n${r.stderr}`);
  assert.match(log, /offered: Minimize this ICE/);
  assert.match(log, /PASS/);
  const min = path.join(dir, 'repro_min.rs');
  assert.ok(fs.statSync(min).size < original.length);
  assert.ok(compile(min, ICE).includes(expectedIce(ICE)), 'the result shows the same ICE');
  assert.deepEqual(fs.readFileSync(file), original);
});
