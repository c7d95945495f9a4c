// Headless Neovim (Debian's `neovim`, 0.7) runs the minimize code action end to end
// against the real server (see nvim/init.lua): an empty didChangeConfiguration that
// keeps init_options, the command answered before the job ends, "Cancel
// minimization" offered while it runs, progress that only rises, the result, and
// "Open bug report".

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverBin, workspaceWith, compile, expectedIce, tempDir } from './client.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ICE = 'tests/ices/gce_bool_mul_const_eval.rs';

test('neovim: code action through vim.ui.select, progress, cancel and report actions, the result file, message fallback', () => {
  const which = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  assert.equal(which.status, 0, 'nvim is not installed: run scripts/install-test-deps.sh');
  const { dir, file } = workspaceWith(ICE, 'repro.rs');
  const original = fs.readFileSync(file);
  const logFile = path.join(dir, 'nvim.log');
  const cache = path.join(dir, 'cache');
  // A compiler 0.2 s slower per check, so that the job is still running when the
  // test asks for code actions after the command's answer.
  const bin = tempDir('cm-nvim-rustc-');
  const rustc = path.join(bin, 'rustc');
  fs.writeFileSync(rustc, '#!/bin/sh\nsleep 0.2\nexec rustc "$@"\n', { mode: 0o755 });
  const r = spawnSync('nvim', ['--headless', '-n', '-u', path.join(here, 'nvim', 'init.lua'), file], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 300000,
    env: {
      ...process.env,
      CARGO_MINIMIZE_BIN: serverBin,
      CM_NVIM_LOG: logFile,
      CM_NVIM_CACHE: cache,
      RUSTC: rustc,
      RUSTC_ICE: '0',
    },
  });
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '(no log)';
  assert.equal(r.status, 0, `nvim failed:\n${log}\n${r.stderr}`);
  assert.match(log, /offered: Minimize this ICE/);
  console.log(log);
  assert.match(log, /PASS/);
  const min = path.join(dir, 'repro_min.rs');
  assert.ok(fs.statSync(min).size < original.length);
  assert.ok(compile(min, ICE).includes(expectedIce(ICE)), 'the result shows the same ICE');
  assert.deepEqual(fs.readFileSync(file), original);
  assert.match(log, /offered during the job: Cancel minimization/);
  assert.ok(fs.existsSync(cache) && fs.readdirSync(cache).length > 0, 'cacheDir from init_options unused');
  assert.ok(fs.existsSync(path.join(dir, 'repro_min.report.md')));
});
