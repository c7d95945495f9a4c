// Batch Emacs with Eglot (Debian's emacs-nox 28 + elpa-eglot 1.9 + elpa-rust-mode)
// runs the server end to end on a real ICE file (see emacs/test.el): the action
// through Eglot's own commands and request timeout, a job longer than that timeout
// (the compiler slowed down by a wrapper), initializationOptions honoured after
// Eglot's empty didChangeConfiguration, the bug report, Cancel offered during the
// job, a rerun cancelled from the menu (the earlier result kept), the original
// untouched.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverBin, workspaceWith, compile, expectedIce, tempDir } from './client.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ICE = 'tests/ices/gce_bool_mul_const_eval.rs';

test('emacs + eglot: a long job through the code action, no timeout, settings kept, report, cancel offered and working', () => {
  const which = spawnSync('emacs', ['--version'], { encoding: 'utf8' });
  assert.equal(which.status, 0, 'emacs is not installed: run scripts/install-test-deps.sh');
  const { dir, file } = workspaceWith(ICE, 'repro.rs');
  const original = fs.readFileSync(file);
  const logFile = path.join(dir, 'emacs.log');
  const events = path.join(dir, 'eglot-events.log');
  const cache = path.join(dir, 'cache');
  // A compiler that takes 0.5 s longer per check: with one job the reduction
  // lasts well beyond Eglot's 10 s request timeout.
  const bin = tempDir('cm-emacs-rustc-');
  const rustc = path.join(bin, 'rustc');
  fs.writeFileSync(rustc, '#!/bin/sh\nsleep 0.5\nexec rustc "$@"\n', { mode: 0o755 });
  const home = tempDir('cm-emacs-home-');
  const r = spawnSync('emacs', ['--batch', '-l', path.join(here, 'emacs', 'test.el')], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 600000,
    env: {
      ...process.env,
      // Emacs's own files go to a fresh home; rustup and cargo keep theirs.
      HOME: home,
      RUSTUP_HOME: process.env.RUSTUP_HOME ?? path.join(os.homedir(), '.rustup'),
      CARGO_HOME: process.env.CARGO_HOME ?? path.join(os.homedir(), '.cargo'),
      RUSTC: rustc,
      RUSTC_ICE: '0',
      CARGO_MINIMIZE_BIN: serverBin,
      CM_CASE: file,
      CM_CACHE_DIR: cache,
      CM_EMACS_LOG: logFile,
      CM_EVENTS: events,
    },
  });
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '(no log)';
  const traffic = () => (fs.existsSync(events) ? fs.readFileSync(events, 'utf8').slice(-20000) : '(no events)');
  assert.equal(r.status, 0, `emacs failed:\n${log}\n${r.stderr.slice(-5000)}\n${traffic()}`);
  assert.match(log, /PASS/);
  console.log(log);
  assert.match(log, /jsonrpc-default-request-timeout 10 s/);
  assert.match(log, /cancelled in [\d.]+ s/);
  const lasted = Number(/first job: ([\d.]+) s/.exec(log)[1]);
  assert.ok(lasted > 10, `the job lasted ${lasted} s`);
  // Eglot sent its empty settings, and the initializationOptions held: the cache
  // is where they said.
  assert.match(fs.readFileSync(events, 'utf8'), /workspace\/didChangeConfiguration/);
  assert.ok(fs.existsSync(cache) && fs.readdirSync(cache).length > 0, 'cacheDir from initializationOptions unused');
  const min = path.join(dir, 'repro_min.rs');
  assert.ok(fs.statSync(min).size < original.length);
  assert.ok(compile(min, ICE).includes(expectedIce(ICE)), 'the result shows the same ICE');
  assert.ok(fs.existsSync(path.join(dir, 'repro_min.report.md')));
  assert.deepEqual(fs.readFileSync(file), original);
});
